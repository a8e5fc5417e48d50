"""The commands under a question are new controls after every entry (the stale-tap guarantee),
so whatever each one builds is built again on every tap. Their button styles are built once and
shared (issue 25, branch tapcut): a style, its shape and its padding cost more to build than the
button holding them. Each kind of command keeps its look: text at the left, corners of 8 px, its
own padding."""

import random
import re

import flet as ft
from ui_testkit import new_hub, started

from companion.core import Table
from companion.ui.games.dragon import actions, answers, tiles
from companion.ui.rule_links import LINK_STYLE, SPAN_STYLE

WHY = re.compile(r"why-\d+-rule$")  # the rule link ending a "why" line
NAMES = ["Ana", "Ben", "Carla", "Dai", "Eva"]


def commands(h) -> list[ft.OutlinedButton]:
    return [h.by_key(k) for k in h.keys("choice-") if k.count("-") == 1]


async def test_every_command_and_rule_link_of_a_kind_holds_one_style_built_once(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(3)
    table = Table.new("dragon", NAMES, {"large_privilege_cost": 7})
    while table.state.month < 3:  # into the second month: actions, persons, palaces and a release
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    table = hub.create(table)
    h = await started(hub, route=f"/table/{table.id}")
    seen: dict[str, set[int]] = {"group": set(), "tile": set(), "line": set(), "link": set()}
    themes: dict[str, set[int]] = {"group": set(), "tile": set()}
    for _ in range(60):
        if h.has("finished-card") or table.state.month > 4:
            break
        if h.has("auto"):
            await h.click("auto")
            continue
        kind = "group" if h.has("action-grid") else "tile" if h.has("tile-grid") else "line"
        for b in commands(h):
            line = kind == "group" and b.col != 1  # Skip, under the action tiles (a tile takes one column)
            seen["line" if line else kind].add(id(b.style))
        if kind != "line":  # a tile has no style of its own: its grid's theme gives it (widgets.themed)
            box = h.by_key(f"{'action' if kind == 'group' else kind}-grid-theme")
            themes[kind].add(id(box.theme.outlined_button_theme.style))
            assert box.dark_theme is box.theme
        seen["link"] |= {
            id(span.style)
            for c in h.controls()
            if isinstance(c, ft.Text)
            for span in c.spans or ()
            if WHY.match(str(span.key))
        }
        await h.click(f"choice-{rng.randrange(len(commands(h)))}")
        table = hub.get(table.id)
    assert seen["group"] == seen["tile"] == {id(None)}
    assert themes == {"group": {id(actions.TILE_STYLE)}, "tile": {id(tiles.TILE_STYLE)}}
    assert seen["line"] <= {id(answers.LINE_STYLE), id(answers.LONG_LINE_STYLE)} and seen["line"]
    assert seen["link"] == {id(SPAN_STYLE)}
    h.close()


def test_each_shared_style_keeps_the_look_it_had():
    for style in (actions.TILE_STYLE, tiles.TILE_STYLE, answers.LINE_STYLE, answers.LONG_LINE_STYLE):
        assert style.alignment == ft.Alignment.CENTER_LEFT
        assert style.shape == ft.RoundedRectangleBorder(radius=8)
    assert (
        actions.TILE_STYLE.padding == ft.Padding.only(left=8, right=6) and actions.TILE_STYLE.icon_size == 20
    )
    assert tiles.TILE_STYLE.padding == ft.Padding.only(left=6, right=10)
    assert answers.LINE_STYLE.padding == ft.Padding.symmetric(horizontal=14)
    assert answers.LONG_LINE_STYLE.padding == ft.Padding.symmetric(horizontal=14, vertical=8)
    assert LINK_STYLE.padding == ft.Padding.symmetric(horizontal=6) and LINK_STYLE.text_style == ft.TextStyle(
        size=12
    )
    assert SPAN_STYLE.size == 12 and SPAN_STYLE.color == ft.Colors.PRIMARY
