"""UI benchmark: taps for one full 5-player Dragon month, and the server-side time from a tap to
the updated screen late in a game, measured with the headless harness (tests/ui/flet_harness.py).

Run: python benchmarks/ui_bench.py [--games N] [--root TREE] [--breakdown] [--controls] [--props]
    [--profile N]
The time of a tap is the session's dispatch_event: the handler, Flet's page diff and the patch
sent through the measured tree's websocket handler (``GuardedFletApp.send_message``, as served;
the harness's fake client records the messages off the clock), i.e. all the work the server
does before the browser can repaint.
Game N picks its answers and deals its groups from seed N, so every run (and every tree) plays
the same games. ``--root`` runs another checkout's app with this file (a side-by-side
comparison); ``--breakdown`` says where the bytes of a late tap go: by the nearest key above
what each patch operation changes, and by the type of the controls sent whole; ``--controls``
counts the controls each late tap makes Flet configure: new (sent whole), reconciled (drawn
again as a new Python object standing for a control already shown) and gone, by nearest key,
and among the reconciled those unchanged (equal to the control replaced, sub-tree included);
``--props`` adds to the breakdown the bytes by control type and property name (a property's name
and value as encoded, in the controls sent whole and in the values patched in place);
``--profile N`` runs cProfile over the late taps (the harness's recording of each message left
out) and prints the top N functions by own time and by cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import dataclasses
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui")]

import re  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Any  # noqa: E402

import msgpack  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.messaging.protocol import MessageAction  # noqa: E402
from flet_harness import Harness, wire  # noqa: E402

from companion.core.memory import tune  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402
from companion.ui.shell import SessionShell  # noqa: E402

NAMES = ("Ana", "Ben", "Carla", "Dai", "Eva")


async def _never(page: object) -> None:  # the served app below only sends
    pass


def served_sender() -> tuple[Any, asyncio.Queue]:
    """The measured tree's websocket handler (``GuardedFletApp``, ui/guard.py) with the queue its
    send loop would read: a served phone's messages go through its ``send_message`` (Flet's
    own before 4c9ec14, which also formatted each message for its debug log), not through the
    harness's fake client."""
    from companion.ui.guard import GuardedFletApp

    app = GuardedFletApp(asyncio.get_running_loop(), None, _never, None)
    app._FletApp__send_queue = asyncio.Queue()  # what FletApp.handle makes on a socket's accept
    return app, app._FletApp__send_queue


async def timed_click(
    h: Harness,
    key: str,
    times: list[float],
    sizes: list[int],
    firsts: list[tuple[float, int]] | None = None,
    breakdown: Breakdown | None = None,
    controls: Controls | None = None,
    profile: Any = None,
) -> None:
    """One tap: the time until the last message it caused was sent, and the bytes sent; with
    ``firsts``, also the time to the first message and its size (the pressed state, issue 25).

    The declarative screens re-render in Flet's update scheduler after the handler returns, so
    the clock stops at the last message sent to the client, not when the handler returns. The
    clock is this process's CPU time: the server's work, not other programs sharing the cores."""
    control = h.by_key(key)
    sent = len(h.conn.messages)
    before = h.conn.wire_bytes
    stamps: list[float] = []
    first_size: list[int] = []
    send = h.conn.send_message

    spent = 0.0  # the fake client's and the breakdown's own time, off the clock
    served, frames = served_sender()

    def stamped(message: object) -> None:
        nonlocal spent
        served.send_message(message)  # on the clock: what sending costs a served phone's session
        frames.get_nowait()
        if profile is not None:
            profile.disable()
        t = time.process_time()
        was = h.conn.wire_bytes
        send(message)  # the harness's record of it (it encodes it again to count the bytes)
        first_size.append(h.conn.wire_bytes - was)
        if breakdown is not None:  # while the controls it names are on the page
            breakdown.add(h, message)
        spent += time.process_time() - t
        stamps.append(time.process_time() - spent)
        if profile is not None:
            profile.enable()

    h.conn.send_message = stamped  # type: ignore[method-assign]
    if controls is not None:
        controls.arm()
        controls.on = True
    if profile is not None:
        profile.enable()
    start = time.process_time()
    await h.session.dispatch_event(control._i, "click", None)
    await h.flush()
    if profile is not None:
        profile.disable()
    h.conn.send_message = send  # type: ignore[method-assign]
    if controls is not None:
        controls.on = False
        controls.tap_done()
    if breakdown is not None:
        breakdown.taps += 1
    assert len(h.conn.messages) > sent, f"tap on {key} sent nothing"
    times.append(stamps[-1] - start)
    sizes.append(h.conn.wire_bytes - before)
    if firsts is not None:
        firsts.append((stamps[0] - start, first_size[0]))


class Breakdown:
    """Bytes of the late taps' patches: by where (the nearest key above the object an operation
    changes, numbers and stamps blanked) and what (a value, or the type of a control sent whole),
    and by control type inside the controls sent whole (each control's own bytes)."""

    def __init__(self) -> None:
        self.where: Counter[tuple[str, str]] = Counter()
        self.types: Counter[str] = Counter()
        self.props: Counter[tuple[str, str]] = Counter()
        self.taps = 0

    def add(self, h: Harness, message: Any) -> None:
        if message.action != MessageAction.PATCH_CONTROL:
            self.where[(f"({message.action.name})", "")] += len(wire([message.action, message.body]))
            return
        root = h.session.index.get(message.body.id) or _component(h, message.body.id)
        paths: dict[int, list[Any]] = {}

        def walk(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            for part, sub in (node[1] if len(node) > 1 else {}).items():
                walk(sub, [*path, part])

        walk(message.body.patch[0], [])
        for op in message.body.patch[1:]:
            obj = owner = root
            for part in paths.get(op[1], []):
                try:
                    obj = obj[part] if isinstance(part, int) else getattr(obj, part)
                except (AttributeError, IndexError, KeyError, TypeError):
                    break
                if not isinstance(obj, list):
                    owner = obj
            value = op[3] if len(op) > 3 else None
            what = type(value).__name__ if isinstance(value, BaseControl) else "value"
            size = len(wire(value)) if value is not None else 4
            self.where[(_place(owner), what)] += size
            if isinstance(value, BaseControl):
                self._own(value)
                self._props(msgpack.unpackb(wire(value), strict_map_key=False), "")
            elif len(op) > 2:  # a value patched in place: the property's name and the value
                name = op[2] if isinstance(op[2], str) else "[item]"
                self.props[(f"{type(obj).__name__} (patched)", name)] += size + len(wire(op[2]))

    def _props(self, c: Any, held_by: str) -> None:
        """Bytes of a control sent whole by (its type, property): each property's name and value
        as encoded, a value holding controls counted by its name and list framing alone (the
        controls inside are counted under their own types)."""
        ctype = c.get("_c", "?") if isinstance(c, dict) else "?"
        self.props[(ctype, "(map header)")] += 1 if len(c) < 16 else 3
        for name, v in c.items():
            items = v if isinstance(v, list) else [v]
            if items and all(isinstance(x, dict) and "_c" in x for x in items):
                self.props[(ctype, name)] += len(msgpack.packb(name)) + (1 if isinstance(v, list) else 0)
                for x in items:
                    self._props(x, ctype)
            else:
                self.props[(ctype, name)] += len(msgpack.packb(name)) + len(msgpack.packb(v))

    def _own(self, c: Any) -> int:
        total = len(wire(c))
        inner = 0
        for name in getattr(c, "__dataclass_fields__", {}):
            v = getattr(c, name, None)
            for sub in v if isinstance(v, list) else [v]:
                if isinstance(sub, BaseControl):
                    inner += self._own(sub)
        self.types[type(c).__name__] += total - inner
        return total

    def report(self) -> None:
        n = max(self.taps, 1)
        print(f"where the bytes of a late tap go (mean bytes per tap over {self.taps} taps):")
        for (place, what), b in self.where.most_common(18):
            print(f"  {b / n:7.0f}  {place}: {what}")
        print("  by type, inside controls sent whole:")
        for t, b in self.types.most_common(10):
            print(f"  {b / n:7.0f}  {t}")

    def report_props(self) -> None:
        n = max(self.taps, 1)
        print("  by control type and property (name and value as encoded; a value patched in place")
        print("  counted with its path's last part, the encoded op's framing left out):")
        for (t, name), b in self.props.most_common(40):
            print(f"  {b / n:7.0f}  {t}.{name}")


class Controls:
    """What Flet's diff does with the controls of the late taps' patches: a control added and
    not removed is new (configured field by field, sent whole), one in both lists is reconciled
    (a new object taking over a shown control's id: the app drew it again), one removed only is
    gone. Counted by the nearest key above it (numbers and stamps blanked). A reconciled control
    equal to the one it replaced in every field and sub-tree is also counted "unchanged": drawn
    again although nothing it shows changed (a part could have kept it)."""

    def __init__(self) -> None:
        kinds = ("new", "reconciled", "gone", "unchanged")
        self.kinds: dict[str, Counter[str]] = {k: Counter() for k in kinds}
        self.per_tap: list[tuple[int, int, int]] = []
        self.on = False
        self._tap = [0, 0, 0]
        self._diff: Any = None

        def counted(cls: Any, *args: Any, **kwargs: Any) -> Any:
            patch, added, removed = self._diff(cls, *args, **kwargs)
            if self.on:
                self._count(added, removed)
            return patch, added, removed

        self._counted = counted

    def arm(self) -> None:
        """Count through the ``from_diff`` installed now: the app installs its own when it starts
        (ui/quiet_diff.py), after this object was made."""
        current = object_patch.ObjectPatch.__dict__["from_diff"].__func__
        if current is not self._counted:
            self._diff = current
            object_patch.ObjectPatch.from_diff = classmethod(self._counted)  # type: ignore[method-assign]

    def _count(self, added: list[Any], removed: list[Any]) -> None:
        gone_ids = {c._i: c for c in removed}
        added_ids = {c._i for c in added}
        for c in added:
            kind = 1 if c._i in gone_ids else 0
            self.kinds["reconciled" if kind else "new"][_place(c, up="_parent")] += 1
            self._tap[kind] += 1
            if kind and _unchanged(gone_ids[c._i], c):
                self.kinds["unchanged"][_place(c, up="_parent")] += 1
        for c in removed:
            if c._i not in added_ids:
                self.kinds["gone"][_place(c, up="_parent")] += 1
                self._tap[2] += 1

    def tap_done(self) -> None:
        self.per_tap.append((self._tap[0], self._tap[1], self._tap[2]))
        self._tap = [0, 0, 0]

    def report(self) -> None:
        n = max(len(self.per_tap), 1)
        med = [statistics.median(t[i] for t in self.per_tap) for i in range(3)]
        print(
            f"controls per late tap ({len(self.per_tap)} taps), median: new {med[0]}, reconciled {med[1]}, gone {med[2]}"
        )
        unchanged = sum(self.kinds["unchanged"].values()) / n
        print(
            f"  of the reconciled, unchanged (equal in every field and sub-tree): mean {unchanged:.1f} per tap"
        )
        for kind in ("new", "reconciled", "unchanged"):
            print(f"  {kind}, mean per tap by nearest key:")
            for place, count in self.kinds[kind].most_common(12):
                print(f"  {count / n:7.1f}  {place}")


def _fields(c: Any) -> tuple[dict[str, Any], list[Any]]:
    """A control's own values (a handler only as "a handler") and the controls it holds."""
    own: dict[str, Any] = {}
    held: list[Any] = []
    for f in dataclasses.fields(c):
        if f.name.startswith("_") or f.name in ("parent", "page"):
            continue
        v = getattr(c, f.name, None)
        if isinstance(v, BaseControl):
            held.append(v)
        elif isinstance(v, list) and any(isinstance(x, BaseControl) for x in v):
            held += [x for x in v if isinstance(x, BaseControl)]
        else:
            own[f.name] = "handler" if callable(v) and not isinstance(v, type) else v
    return own, held


def _unchanged(old: Any, new: Any) -> bool:
    """``new`` (reconciled over ``old``) equal to it in every field, and each control it holds
    the very same object or itself reconciled and unchanged."""
    (own_old, held_old), (own_new, held_new) = _fields(old), _fields(new)
    if own_old != own_new or len(held_old) != len(held_new):
        return False
    return all(a is b or (a._i == b._i and _unchanged(a, b)) for a, b in zip(held_old, held_new, strict=True))


def _component(h: Harness, id: int) -> Any:
    """A component (the session indexes only controls): found among its parent's children."""
    for c in h.controls():
        for name in getattr(c, "__dataclass_fields__", {}):
            v = getattr(c, name, None)
            for sub in v if isinstance(v, list) else [v]:
                if isinstance(sub, BaseControl) and sub._i == id:
                    return sub
    return None


def _place(c: Any, up: str = "parent") -> str:
    """The nearest key above ``c``, numbers and stamps blanked; ``up`` the way up (``parent``, or
    ``_parent``, the weak reference Flet's diff sets, for a control not yet on the page)."""
    x, hops = c, 0
    while x is not None and hops < 80:
        k = getattr(x, "key", None)
        k = getattr(k, "value", k)
        if isinstance(k, str):
            k = re.sub(r"^[0-9a-f]+:\w+/", "<stamp>/", re.sub(r"^answers-.*", "answers-<stamp>", k))
            return re.sub(r"\d+", "#", re.sub(r"^screen:/.*", "screen:<route>", k))
        x, hops = getattr(x, up, None), hops + 1
        if up == "_parent" and x is not None:
            x = x()
    return "(no key)"


def choices(h: Harness) -> int:
    return len([k for k in h.keys("choice-") if k.count("-") == 1])


async def one_game(
    folder: Path,
    seed: int,
    breakdown: Breakdown | None = None,
    controls: Controls | None = None,
    profile: Any = None,
) -> dict:
    hub = TableHub(Store(folder / "tables.sqlite3"))
    h = Harness()
    init = SessionShell.__init__

    def seeded(self: SessionShell, *args: Any, **kwargs: Any) -> None:  # "Deal for me" deals alike every run
        init(self, *args, **kwargs)
        self.open.rng = random.Random(seed)

    SessionShell.__init__ = seeded  # type: ignore[method-assign]
    try:
        await h.start(make_main(hub))
    finally:
        SessionShell.__init__ = init  # type: ignore[method-assign]
    await h.click("new-table")
    await h.click("game-dragon")
    while len(h.keys("player-name-")) < len(NAMES):
        await h.click("player-add")
    for i, n in enumerate(NAMES):
        await h.type_text(f"player-name-{i}", n)
    await h.click("setup-start")
    table = hub.get(hub.store.list()[0].id)
    rng = random.Random(seed)
    taps_by_month: dict[int, int] = {}
    late: list[float] = []
    times: list[float] = []
    late_bytes: list[int] = []
    other_bytes: list[int] = []
    firsts: list[tuple[float, int]] = []
    while not h.has("finished-card"):
        month = table.state.month
        key = "auto" if h.has("auto") else f"choice-{rng.randrange(choices(h))}"
        if month >= 10:
            await timed_click(h, key, late, late_bytes, firsts, breakdown, controls, profile)
        else:
            await timed_click(h, key, times, other_bytes)
        taps_by_month[month] = taps_by_month.get(month, 0) + 1
    h.close()
    hub.store.close()
    return {
        "taps": taps_by_month,
        "late": late,
        "late_bytes": late_bytes,
        "firsts": firsts,
        "entries": table.version,
    }


async def main(
    games: int,
    breakdown: bool = False,
    count_controls: bool = False,
    props: bool = False,
    profile_lines: int = 0,
) -> None:
    months, late, late_bytes, entries, firsts = [], [], [], [], []
    where = Breakdown() if breakdown or props else None
    controls = Controls() if count_controls else None
    profile = cProfile.Profile(time.process_time) if profile_lines else None  # CPU, as the clock
    tune()  # the collector as `companion serve` sets it before serving (core/memory.py); was Python's
    for seed in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            r = await one_game(Path(tmp), seed, where, controls, profile)
        # a full month = its action, person and event phases: months 2..11 (1 includes setup, 12 has no persons)
        months += [r["taps"][m] for m in range(2, 12)]
        late += r["late"]
        late_bytes += r["late_bytes"]
        firsts += r["firsts"]
        entries.append(r["entries"])
    print(f"tree: {ROOT}")
    print(f"games: {games} (5 players, random legal choices, the app deals groups; seeds 0-{games - 1})")
    print(f"entries per game: median {statistics.median(entries)}")
    print(
        f"taps per full month (months 2-11): median {statistics.median(months)}, min {min(months)}, "
        f"max {max(months)}"
    )
    print(
        f"tap -> updated screen, months 10-12 (server CPU): median {statistics.median(late) * 1000:.1f} ms, "
        f"p90 {sorted(late)[int(len(late) * 0.9)] * 1000:.1f} ms over {len(late)} taps"
    )
    print(
        f"update sent per tap, months 10-12: median {statistics.median(late_bytes) / 1024:.1f} KB, "
        f"mean {statistics.mean(late_bytes):.0f} B, max {max(late_bytes) / 1024:.1f} KB"
    )
    first_ms = [t * 1000 for t, _ in firsts]
    first_kb = [b / 1024 for _, b in firsts]
    print(
        f"tap -> first patch (the pressed choice), months 10-12: median {statistics.median(first_ms):.2f} ms, "
        f"{statistics.median(first_kb):.2f} KB"
    )
    if where is not None:
        where.report()
        if props:
            where.report_props()
    if controls is not None:
        controls.report()
        print("  (the counting runs on the clock: read the times from a run without --controls)")
    if profile is not None:
        print(f"profile of the {len(late)} late taps (the harness's own recording left out):")
        for order in ("tottime", "cumulative"):
            pstats.Stats(profile, stream=sys.stdout).sort_stats(order).print_stats(profile_lines)
        print("  (the profiler runs on the clock: read the times from a run without --profile)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--root", help="the checkout to measure (default: this file's)")
    parser.add_argument("--breakdown", action="store_true", help="where a late tap's bytes go")
    parser.add_argument("--controls", action="store_true", help="the controls a late tap makes new")
    parser.add_argument(
        "--props", action="store_true", help="a late tap's bytes by control type and property"
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="cProfile the late taps; print the top N functions by own and by cumulative time",
    )
    args = parser.parse_args()
    asyncio.run(main(args.games, args.breakdown, args.controls, args.props, args.profile))
