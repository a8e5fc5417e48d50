"""Flet's diff without its debug lines (companion/ui/quiet_diff.py) against Flet's own.

A played session's messages are not the same from one run to the next (the update scheduler's
batching follows the loop's tasks), so the two diffs are run beside each other on control trees
built twice alike from a seed: keyed and unkeyed lists that grow, shrink and reorder, controls
kept from one tree to the next and changed in place, value objects (borders, paddings, styles),
handlers. Each step diffs the last tree against the next with Flet's builder on one copy and the
quiet one on the other: the same patch (the controls' ids read as the order in which each first
appears), the same controls added and removed, left in the same state.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.controls import object_patch
from flet.controls.base_control import BaseControl
from flet_harness import wire

from companion.ui import diff_walk, quiet_diff

WORDS = ("Ana", "Ben", "Carla", "3 yuan", "Rice", "", "Drought", "Year of the Dragon")
COLORS = (ft.Colors.RED, ft.Colors.PRIMARY, ft.Colors.OUTLINE, None)


class Trees:
    """One copy of a seeded sequence of trees: ``next(rng)`` draws the next tree, keeping some
    controls of the last one (as the app's parts do) and changing some of those in place."""

    def __init__(self) -> None:
        self.kept: dict[str, Any] = {}  # the last tree's controls by place

    def control(self, rng: random.Random, place: str, depth: int) -> Any:
        old = self.kept.get(place)
        roll = rng.random()
        if old is not None and roll < 0.35:  # kept, the same object
            if isinstance(old, ft.Text) and rng.random() < 0.4:
                old.value = rng.choice(WORDS)  # and changed in place
            made = old
        else:
            made = self.fresh(rng, place, depth)
        self.kept[place] = made
        return made

    def fresh(self, rng: random.Random, place: str, depth: int) -> Any:
        kind = rng.randrange(5) if depth > 0 else 0
        key = rng.choice([None, f"k{rng.randrange(6)}"])
        if kind == 0:
            return ft.Text(
                rng.choice(WORDS), key=key, size=rng.choice([None, 12, 14]), color=rng.choice(COLORS)
            )
        if kind == 1:
            return ft.Container(
                self.control(rng, f"{place}/c", depth - 1),
                key=key,
                padding=rng.choice([None, ft.Padding.all(4), ft.Padding.symmetric(horizontal=6)]),
                border=rng.choice([None, ft.Border.all(1, rng.choice(COLORS) or ft.Colors.OUTLINE)]),
                on_click=rng.choice([None, lambda _: None]),
            )
        if kind == 4:
            return ft.OutlinedButton(
                content=ft.Text(rng.choice(WORDS)),
                key=key,
                tooltip=rng.choice([None, "tip"]),
                style=rng.choice([None, ft.ButtonStyle(padding=0)]),
                on_click=lambda _: None,
            )
        children = [self.control(rng, f"{place}/{i}", depth - 1) for i in range(rng.randrange(6))]
        if rng.random() < 0.5:  # keyed children, as the app's lists are, some reordered
            rng.shuffle(children)
        seen: set[Any] = set()
        children = [c for c in children if id(c) not in seen and not seen.add(id(c))]
        box = ft.Row if kind == 2 else ft.Column
        return box(children, key=key, spacing=rng.choice([None, 0, 4]))


def state(c: Any) -> tuple[Any, ...]:
    parent = c._parent() if getattr(c, "_parent", None) else None
    return (type(parent).__name__, getattr(c, "_frozen", None), getattr(c, "_initialized", None))


def normalised(value: Any, ids: dict[int, int]) -> Any:
    if isinstance(value, dict):
        return {k: ids.setdefault(v, len(ids)) if k == "_i" else normalised(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [normalised(v, ids) for v in value]
    return value


def diffed(builder_is_quiet: bool, seed: int, steps: int) -> list[Any]:
    """What each step's diff gave: the patch as sent, the controls added and removed."""
    (quiet_diff.install if builder_is_quiet else quiet_diff.uninstall)()
    rng, trees, ids = random.Random(seed), Trees(), {}
    page = ft.Column([trees.control(rng, "root", 4)])
    out: list[Any] = []
    for _ in range(steps):
        last = page.controls[0]
        nxt = trees.control(rng, "root", 4)
        page.controls[0] = nxt
        patch, added, removed = object_patch.ObjectPatch.from_diff(last, nxt, control_cls=BaseControl)
        message = msgpack.unpackb(wire(patch.to_message()), strict_map_key=False)
        out.append(
            (
                normalised(message, ids),
                [(type(c).__name__, ids.setdefault(c._i, len(ids)), state(c)) for c in added],
                [(type(c).__name__, ids.setdefault(c._i, len(ids))) for c in removed],
            )
        )
    return out


@pytest.fixture(autouse=True)
def _installed():
    assert diff_walk.install()
    yield
    quiet_diff.install()


@pytest.mark.parametrize("seed", range(12))
def test_seeded_trees_diff_alike_under_flets_builder_and_the_quiet_one(seed):
    flets = diffed(False, seed, steps=25)
    quiet = diffed(True, seed, steps=25)
    assert sum(len(a) + len(r) for _, a, r in flets) > 25  # the steps added and removed controls
    assert quiet == flets


def test_the_quiet_builder_is_flets_without_its_debug_lines():
    """Each rebuilt method has Flet's names and arguments, but no call into the log."""
    assert quiet_diff.DROPPED >= 15  # Flet 1.0.5's builder, but for diff_walk's walks
    for name in quiet_diff.logged_methods():
        ours = getattr(quiet_diff.QuietBuilder, name)
        flets = getattr(object_patch.DiffBuilder, name)
        assert ours is not flets and ours.__code__.co_varnames == flets.__code__.co_varnames
        assert "debug" not in ours.__code__.co_names and "debug" in flets.__code__.co_names


def test_a_diff_calls_no_debug_line_and_flets_log_still_gets_them(monkeypatch, caplog):
    """Off: not one call into the log; on, Flet's own builder runs and writes its lines."""
    assert quiet_diff.install()
    calls: list[str] = []
    monkeypatch.setattr(object_patch.logger, "debug", lambda msg, *args: calls.append(msg))
    old, new = ft.Column([ft.Text("a")]), ft.Column([ft.Text("b"), ft.Text("c")])
    object_patch.ObjectPatch.from_diff(old, new, control_cls=BaseControl)
    assert calls == []
    monkeypatch.undo()
    old, new = ft.Column([ft.Text("a")]), ft.Column([ft.Text("b"), ft.Text("c")])
    caplog.set_level(logging.DEBUG, logger=object_patch.logger.name)
    object_patch.ObjectPatch.from_diff(old, new, control_cls=BaseControl)
    assert any("_compare_" in r.getMessage() for r in caplog.records)


def test_another_flet_keeps_its_own_diff(monkeypatch):
    quiet_diff.uninstall()
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    assert not quiet_diff.install()
    assert object_patch.ObjectPatch.__dict__["from_diff"] is quiet_diff.FLET_FROM_DIFF


def test_without_flets_source_the_app_keeps_flets_diff(monkeypatch):
    """A packaged app may ship Flet compiled only: building the quiet builder fails, nothing breaks."""

    def no_source(obj: Any) -> str:
        raise OSError("could not get source code")

    monkeypatch.setattr(quiet_diff.inspect, "getsource", no_source)
    assert quiet_diff._built() == (None, 0)
    monkeypatch.setattr(quiet_diff, "QuietBuilder", None)
    quiet_diff.uninstall()
    assert not quiet_diff.install()
    assert object_patch.ObjectPatch.__dict__["from_diff"] is quiet_diff.FLET_FROM_DIFF
