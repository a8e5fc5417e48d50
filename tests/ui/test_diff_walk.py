"""The app's walk of the controls a diff adds and removes (companion/ui/diff_walk.py) against
Flet's own, on the app's real screens: for every diff of a played session, the same controls in
the same order, left in the same state.

Flet's removal walk only reads, so both run on each diff. Its adding walk builds controls and
renders components on the way; after ours has run, Flet's is run again over the same diff with
building and rendering held (the rest of what it does is idempotent), so it lists what it would
have visited: a control ours skipped or added shows up as a difference.
"""

from __future__ import annotations

import logging
import random
from contextlib import contextmanager
from typing import Any

import flet
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from ui_testkit import new_hub, new_table_by_taps, started

from companion.ui import diff_walk

DiffBuilder: Any = object_patch.DiffBuilder


@contextmanager
def held() -> Any:
    """Building and rendering do nothing while Flet's walk is run again over a diff."""
    build, before = BaseControl.build, BaseControl._before_update_safe
    BaseControl.build = BaseControl._before_update_safe = lambda self: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        BaseControl.build, BaseControl._before_update_safe = build, before  # type: ignore[method-assign]


def state(c: Any) -> tuple[Any, ...]:
    parent = c._parent() if getattr(c, "_parent", None) else None
    return (id(parent), getattr(c, "_frozen", None), getattr(c, "_initialized", None), dict(c._dirty))


class Compared:
    """Counts what was compared (so the test cannot pass on a session that diffed nothing)."""

    def __init__(self) -> None:
        self.added = self.removed = 0
        self.added_walk = DiffBuilder.get_added_controls
        self.removed_walk = DiffBuilder.get_removed_controls

    def added_controls(self, builder: Any) -> Any:
        ours = list(self.added_walk(builder))
        after = [state(c) for c in ours]
        with held():
            flets = [
                c
                for key, dc in builder._added_dataclasses.items()
                for c in diff_walk.FLET_CONFIGURE(
                    builder, dc, None, False, key in builder._removed_dataclasses
                )
            ]
        assert [id(c) for c in ours] == [id(c) for c in flets]
        assert after == [state(c) for c in flets]
        self.added += len(ours)
        return iter(ours)

    def removed_controls(self, builder: Any) -> Any:
        ours = list(self.removed_walk(builder))
        flets = [
            c
            for key, dc in builder._removed_dataclasses.items()
            for c in diff_walk.FLET_REMOVED(builder, dc, key not in builder._added_dataclasses)
        ]
        assert [id(c) for c in ours] == [id(c) for c in flets]
        self.removed += len(ours)
        return iter(ours)


@pytest.fixture
def compared(monkeypatch) -> Compared:
    assert diff_walk.install(), "written against this Flet version"
    seen = Compared()
    monkeypatch.setattr(DiffBuilder, "get_added_controls", lambda builder: seen.added_controls(builder))
    monkeypatch.setattr(DiffBuilder, "get_removed_controls", lambda builder: seen.removed_controls(builder))
    return seen


async def play(h: Any, taps: int, seed: int) -> None:
    """Seeded taps on the question's choices, "let the app", undo and redo."""
    rng = random.Random(seed)
    for _ in range(taps):
        keys = [k for k in h.keys("choice-") if k.count("-") == 1]
        keys += [k for k in ("auto", "undo", "redo") if h.has(k)]
        if not keys:
            return
        await h.click(rng.choice(keys))


@pytest.mark.parametrize(
    ("game", "names", "taps"),
    [
        ("dragon", ("Ana", "Ben", "Carla", "Dai", "Eva"), 160),
        ("chinatown", ("Ana", "Ben", "Carla"), 60),
        ("dayu", ("Ana", "Ben", "Carla"), 60),
    ],
)
async def test_a_played_table_diffs_alike_under_both_walks(tmp_path, compared, game, names, taps):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, game, names=names)
    await play(h, taps, seed=len(names))
    h.close()
    for route in ("/", "/stats", "/plays", "/players", "/rules", "/settings"):
        h = await started(hub, route=route)
        h.close()
    hub.store.close()
    assert compared.added > 1000 and compared.removed > 200, (compared.added, compared.removed)


def test_another_flet_keeps_its_own_walk(monkeypatch):
    diff_walk.uninstall()
    monkeypatch.setattr(flet, "__version__", "1.0.6")
    assert not diff_walk.install()
    assert DiffBuilder._configure_dataclass is diff_walk.FLET_CONFIGURE
    assert DiffBuilder._removed_controls is diff_walk.FLET_REMOVED


def test_flets_debug_log_still_gets_its_lines(caplog):
    """With Flet's diff log on, its own walk runs (and writes what it walked). The level is set
    and put back through ``setLevel`` (caplog), which also clears the logger's cache: left on,
    every later diff in the worker would format whole trees for the log."""
    assert diff_walk.install()
    caplog.set_level(logging.DEBUG, logger=object_patch.logger.name)
    column = flet.Column([flet.Text("a")])
    object_patch.ObjectPatch.from_diff(None, column, control_cls=BaseControl)
    assert any("_configure_dataclass" in r.getMessage() for r in caplog.records)


def test_flets_diff_log_is_off_again_after_the_test_that_turned_it_on():
    """The test above ran first in this file: the log it turned on is off for the next diff."""
    assert not object_patch.logger.isEnabledFor(logging.DEBUG)
