"""History grouped by round: each finished round under a header that unfolds its summary, the
setting up and the round being played under their own; "See this round in History" shows that
round alone until "Show the whole game"."""

import random

from test_foresight_ui import dragon_table
from ui_testkit import new_hub, started

from companion.core.foresight import table_history
from companion.games import dragon
from companion.ui.settings import PREFIX
from companion.ui.views.history_rounds import round_groups


def first_key(c) -> str | None:
    """A row's key: its own, or the first key inside it (an entry's card holds its tile)."""
    if isinstance(getattr(c, "key", None), str):
        return c.key
    inner = getattr(c, "content", None)
    inner = inner.controls if hasattr(inner, "controls") else [inner] if inner is not None else []
    return next((k for k in map(first_key, inner) if k), None)


def body_keys(h) -> list[str]:
    """The History screen's rows, top to bottom, by key (the rounds' rows are in their own
    column, a component: "Show the whole game" redraws it alone)."""
    rows = []
    for c in h.by_key("history-body").controls:
        rows += h.by_key("history-rows").controls if c.key == "history-rounds" else [c]
    return [k for k in map(first_key, rows) if k]


async def test_rounds_newest_first_each_entry_once_under_its_round(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=4, players=3)
    done = dragon.round_summaries(*table_history(table))
    assert [s.round for s in done] == [1, 2, 3]
    h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": "es"})
    rows = [k for k in body_keys(h) if k.startswith(("round-", "entry-"))]
    entries = [int(k.split("-")[1]) for k in rows if k.startswith("entry-")]
    assert entries == list(range(len(table.history) - 1, -1, -1))  # every entry once, newest first
    headers = [k for k in rows if k.startswith("round-")]
    first_of = {s.entries[0]: s for s in done}
    now = done[-1].entries[1] + 1
    assert headers == [f"round-{now}", *[f"round-{s.entries[0]}" for s in reversed(done)], "round-0"]
    # each header stands right above its newest entry
    for key in headers:
        first = int(key.split("-")[1])
        last = next((s.entries[1] for s in done if s.entries[0] == first), None)
        if key == "round-0":
            last = done[0].entries[0] - 1
        elif key == f"round-{now}":
            last = len(table.history) - 1
        assert rows[rows.index(key) + 1] == f"entry-{last}"
    assert h.by_key(f"round-{now}-title").value == "Este mes, hasta ahora"  # Dragon plays months
    assert h.by_key("round-0-title").value == "Preparación"
    for first, s in first_of.items():
        assert h.by_key(f"round-{first}-title").value == s.title.msg.render("es")
        for seat in s.seats:  # the summary folded in the header, without its title said twice
            assert h.by_key(f"round-{first}-summary-seat-{seat.seat}").value == seat.line.msg.render("es")
        assert not h.has(f"round-{first}-summary-title")
        assert not h.has(f"round-{first}-summary-open")  # no "See in History" inside History
    h.close()


async def test_see_this_round_shows_it_alone_until_the_whole_game(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3, players=4)
    last = dragon.round_summaries(*table_history(table))[-1]
    h = await started(hub, route=f"/table/{table.id}")
    await h.click("hindsight-open")
    assert h.route() == f"/table/{table.id}/history"
    first, end = last.entries
    assert h.by_key("history-showing").value == f"Only {last.title.msg.render('en')}"
    shown = [k for k in body_keys(h) if k.startswith("entry-")]
    assert shown == [f"entry-{i}" for i in range(end, first - 1, -1)]
    assert h.by_key(f"round-{first}").expanded  # its summary is open over its entries
    await h.goto(f"/table/{table.id}")  # elsewhere and back: still that round
    await h.goto(f"/table/{table.id}/history")
    assert h.has("history-showing")
    await h.click("history-show-all")
    assert not h.has("history-showing")
    assert len([k for k in body_keys(h) if k.startswith("entry-")]) == len(table.history)
    h.close()


async def test_a_game_before_its_first_round_ends_has_no_headers(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=1)
    assert [g.kind for g in round_groups(table)] == ["now"]
    h = await started(hub, route=f"/table/{table.id}/history")
    assert not h.keys("round-")
    assert len(h.keys("entry-")) >= len(table.history)
    h.close()


def test_groups_cover_every_entry_once_in_every_game():
    """Every game: the groups tile the timeline of a complete random game without gap or
    overlap, with a round header for each finished round."""
    from conformance_hooks import HOOKS

    for game_id, hooks in HOOKS.items():
        table, rng = hooks.new_table(hooks.cases[0])
        move = hooks.player(table, rng)
        while table.prompt is not None:
            entry = move(table)
            table.auto(rng) if entry is None else table.submit(entry)
        groups = round_groups(table)
        covered = [i for g in groups for i in range(g.first, g.last + 1)]
        assert covered == list(range(len(table.history))), game_id
        assert sum(g.kind == "round" for g in groups) >= 2, game_id


async def test_the_round_being_played_is_named_as_the_game_counts_it(tmp_path):
    # Walkthrough 2026-12-06: a Chinatown table's History said "Esta ronda, hasta ahora" over the
    # year being played; Chinatown plays years, Dragon months, Da Yu rounds.
    from test_foresight_ui import chinatown_table

    from companion.core import Table

    hub = new_hub(tmp_path)
    ct = chinatown_table(hub, year=1, phase="trade")
    dy = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    rng = random.Random(2)
    while len(dy.state.round_totals) < 1 or dy.state.phase != "actions":
        dy.auto(rng) if dy.prompt.auto else dy.submit(rng.choice(dy.prompt.choices))
    dy.submit(rng.choice(dy.prompt.choices))  # the second round's first entry: its header shows
    for table, said in (
        (ct, ["This year so far", "Este año, hasta ahora"]),
        (dy, ["This round so far", "Esta ronda, hasta ahora"]),
    ):
        for lang, title in zip(("en", "es"), said, strict=True):
            h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": lang})
            group = round_groups(table)[-1]
            assert group.kind == "now"
            now = group.first
            assert h.by_key(f"round-{now}-title").value == title
            h.close()
