"""Controls inside a part that is drawn again (a changed count, a new dragon, another seat's
question) keep their very object while what they show is the same, and show the new value
when it changed: the month and symbol of an event tile on the strip, the strip's buttons row,
a group's name and actions, a counter's symbol, a seat's place in turn order, the question's
line, a seat's dot in the last month's summary, a month's number, symbol and event on the
board. Played through a Dragon game by random legal taps; each control is found by where it
sits (not by a key of its own), so the same checks run against a tree that draws them afresh
(where they fail: drawn again unchanged)."""

import random
from collections.abc import Callable
from typing import Any

from flet_harness import key_of
from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.games.dragon.public import DragonState, action_msg
from companion.ui.i18n import Tr

NAMES = ("Ana", "Ben", "Carla", "Dai")
STATS = ("yuan", "rice", "fireworks", "track", "privileges")


def keyed(h) -> Callable[[str], Any]:
    """``one(key)``: the one control under ``key`` on the page, else None (two or none). The page's
    controls are read once for all the keys a probe looks up (a find each read them 50 times a tap)."""
    by_key: dict[Any, list[Any]] = {}
    for c in h.controls():
        by_key.setdefault(key_of(c), []).append(c)

    def one(key: str) -> Any:
        found = by_key.get(key, [])
        return found[0] if len(found) == 1 else None

    return one


def probes(h, seats: int) -> dict[str, tuple[Any, Any]]:
    """Each control checked, by a name, with what it shows: (control, shown)."""
    one = keyed(h)
    out: dict[str, tuple[Any, Any]] = {}
    for i in ("now", 0, 1, 2):
        tile = one(f"glance-event-{i}")
        if tile is not None:
            face = tile.content.controls[0]  # the symbol over the month
            out[f"tile-month-{i}"] = (face, (face.controls[1].value, face.controls[0].content.icon))
    for m in range(1, 13):
        tile = one(f"month-{m}")  # the board's months, in the fold
        if tile is not None:
            number, icon, name = tile.content.controls
            out[f"month-number-{m}"] = (number, number.value)
            out[f"month-icon-{m}"] = (icon, icon.icon)
            out[f"month-name-{m}"] = (name, name.value)
    row = one("glance-buttons")
    if row is not None:
        out["glance-buttons"] = (row, tuple(map(id, row.controls)))
    for g in range(6):
        group = one(f"group-{g}")
        if group is not None:
            out[f"group-name-{g}"] = (group.controls[0], group.controls[0].value)
            out[f"group-actions-{g}"] = (group.controls[1], group.controls[1].value)
    for s in range(seats):
        for stat in STATS:
            box = one(f"{stat}-{s}-part")
            if box is not None:
                icon = box.content.controls[0]
                out[f"{stat}-icon-{s}"] = (icon, icon.icon)
        head = one(f"head-part-{s}")
        if head is not None and one(f"head-place-{s}") is not None:  # no place once the game is over
            out[f"place-{s}"] = (head.controls[2], head.controls[2].value)
        said = one(f"hindsight-seat-{s}")
        if said is not None:
            dot = said.parent.parent.controls[0]  # the line's row: the seat's dot, its texts
            out[f"summary-dot-{s}"] = (dot, dot.bgcolor)
    prompt = one("prompt")
    if prompt is not None:
        out["prompt"] = (prompt, prompt.value)
    return out


def family(name: str) -> str:
    return name.rstrip("0123456789-").removesuffix("-now")


def shows_the_state(h, state: DragonState, tr: Tr) -> None:
    """What the checked controls say is the state's, whether kept or drawn again."""
    one = keyed(h)
    order = state.track_order()
    for s in range(len(state.players)):
        head = one(f"head-part-{s}")
        if head is not None and state.final:  # the turn order is over with the game
            assert one(f"head-place-{s}") is None and len(head.controls) == 3
        elif head is not None:
            assert head.controls[2].value == tr("dragon.order", n=order.index(s) + 1)
    for g, cards in enumerate(state.groups if state.phase == "actions" else []):
        group = one(f"group-{g}")
        if group is not None:
            assert group.controls[0].value == tr("dragon.group", n=g + 1)
            assert group.controls[1].value == ", ".join(tr.msg(action_msg(c)) for c in cards)


async def test_unchanged_controls_inside_a_redrawn_part_are_kept(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon", NAMES)
    table = only_table(hub)
    tr = Tr("en")
    rng = random.Random(11)
    kept: dict[str, int] = {}
    changed: dict[str, int] = {}
    for _ in range(150):
        if table.prompt is None:
            break
        before = probes(h, len(NAMES))
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(rng.choice([k for k in h.keys("choice-") if k.count("-") == 1]))
        after = probes(h, len(NAMES))
        assert isinstance(table.state, DragonState)
        shows_the_state(h, table.state, tr)
        for name, (control, shown) in after.items():
            if name not in before:
                continue
            old, was = before[name]
            if shown == was:
                assert control is old, f"{name}: drawn again, showing the same {shown!r}"
                kept[family(name)] = kept.get(family(name), 0) + 1
            else:
                changed[family(name)] = changed.get(family(name), 0) + 1
    h.close()
    # every control checked was kept at least once; those whose value changes did change
    expected = {"tile-month", "glance-buttons", "group-name", "group-actions", "yuan-icon", "place", "prompt"}
    expected |= {"summary-dot", "month-number", "month-icon", "month-name"}
    assert expected <= set(kept), (kept, changed)
    assert {"tile-month", "place", "prompt"} <= set(changed), changed  # a new month deals new groups


async def test_kept_texts_follow_the_language(tmp_path):
    """A language change draws them again: the place, a group's line, the question, the months."""
    hub = new_hub(tmp_path)
    prefs: dict = {}
    h = await started(hub, prefs=prefs)
    await new_table_by_taps(h, "dragon", NAMES)
    table = only_table(hub)
    rng = random.Random(3)
    while not h.has("group-0") or table.state.month < 2:  # a month in: the strip's events show
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(rng.choice([k for k in h.keys("choice-") if k.count("-") == 1]))
    english = {k: c for k, (c, _) in probes(h, len(NAMES)).items()}
    await h.goto("/settings")
    await h.click("lang-es")
    await h.goto(f"/table/{table.id}")
    spanish = probes(h, len(NAMES))
    tr = Tr("es")
    assert isinstance(table.state, DragonState)
    shows_the_state(h, table.state, tr)
    assert spanish["prompt"][1] != english["prompt"].value
    months = {tr("glance.dragon.event_month", month=m) for m in range(1, 13)}
    assert spanish["tile-month-0"][1][0] in months
    h.close()
