"""The main screens in the qps pseudo-locale: every visible text comes from a catalogue.

Each game gets a table played part-way (its Play screen asks a question) and one played to
the end (Scores and History full). Every text a screen shows (Text values, labels, hints) is
checked: in qps a catalogue text has no plain ASCII letter, so one that does was written
somewhere else. Exempt, as data: the players' and tables' names, rule ids shown as references
("dragon.action.build"), the app's name (never translated) and the test-only toy game's title.
"""

from __future__ import annotations

import random
import re

import flet as ft
import pytest
from i18n_games import NAMES, play_collecting
from test_i18n_texts import bypasses
from ui_testkit import new_hub, started

from companion.core import Table
from companion.ui.settings import PREFIX

GAMES = {
    "dragon": {"great_wall": True, "super_events": True},
    "chinatown": {},
    "dayu": {},
}
RULE_ID = re.compile(r"\b[a-z]+(?:\.[a-z0-9_]+)+\b")
DATA = ("Table Companion", "toy.title")
ATTRS = ("label", "hint_text", "helper_text", "text", "title", "content", "tooltip")


def visible_texts(h) -> list[str]:
    out = []
    for c in h.controls():
        if isinstance(c, ft.Text) and isinstance(c.value, str):
            out.append(c.value)
        for attr in ATTRS:
            v = getattr(c, attr, None)
            if isinstance(v, str):
                out.append(v)
    return [t for t in out if t.strip()]


def tables(hub) -> tuple[list[str], list[str]]:
    ids, names = [], list(NAMES)
    for i, (game, options) in enumerate(GAMES.items()):
        done = Table.new(game, NAMES[:3], options, name=f"Z{i}")
        play_collecting(done, random.Random(i))
        going = Table.new(game, NAMES[:3], options, name=f"Y{i}")
        rng = random.Random(i)
        for _ in range(25):  # part-way: a question on the Play screen
            p = going.prompt
            going.auto(rng) if p.auto else going.submit(rng.choice(p.choices)) if p.choices else None
            if not p.auto and not p.choices:
                break
        ids += [hub.create(done).id, hub.create(going).id]
        names += [f"Z{i}", f"Y{i}"]
    return ids, names


@pytest.mark.parametrize("screen", ["home", "tables"])
async def test_main_screens_show_only_catalogue_texts(tmp_path, screen):
    hub = new_hub(tmp_path)
    ids, data = tables(hub)
    if screen == "home":
        routes = ["/", "/new", "/settings", "/rules", "/quick", "/join", "/import"]
    else:
        routes = [f"/table/{i}{tab}" for i in ids for tab in ("", "/scores", "/history", "/rules")]
    problems = []
    for route in routes:
        h = await started(hub, route=route, prefs={PREFIX + "lang": "qps"})
        texts = visible_texts(h)
        assert any(t.startswith("[") for t in texts), (route, texts[:5])  # it is in qps
        problems += [f"{route}: {t!r}" for t in texts if bypasses(RULE_ID.sub("", t), (*DATA, *data))]
        h.close()
    assert not problems, "\n".join(sorted(set(problems))[:40])
