"""Issue 15 on the screens: the coming events (Dragon), the trade review and a tapped empty
building (Chinatown), the card under the marker (Da Yu), and the round summary card."""

import random

import flet as ft
from dragon_helpers import NAMES, step_random
from ui_testkit import keys_in_order, new_hub, started

from companion.core import Table
from companion.core.foresight import table_history
from companion.games import chinatown, dayu, dragon
from companion.games.dragon.forecast import BEFORE_EVENT
from companion.ui import foresight as fs
from companion.ui.i18n import Tr
from companion.ui.rule_links import rule_title
from companion.ui.settings import PREFIX


def dragon_table(hub, *, month: int, players: int = 3, seed: int = 1, **options) -> Table:
    """A Dragon table played at random up to the actions of ``month`` (before its event)."""
    table = hub.create(Table.new("dragon", NAMES[:players], options))
    rng = random.Random(seed)
    while not (table.state.month == month and table.state.phase == "actions"):
        step_random(table, rng)
    return table


async def test_dragon_coming_events_line_per_player_and_detail(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3)
    h = await started(hub, route=f"/table/{table.id}")
    found = dragon.coming_events(table.state)
    assert [f.month for f in found] == [3, 4]
    for i, f in enumerate(found):
        assert h.by_key(f"forecast-{i}").value == f.headline.msg.render("en")
        for sf in f.seats:
            assert h.has(f"forecast-{i}-{sf.seat}")
            assert h.by_key(f"forecast-{i}-{sf.seat}").content.value == sf.line.msg.render("en")
    # a tap opens the detail: the engine's effects for that player first, with their rules,
    # then every other player's (the event does not hit the tapped player alone)
    await h.click("forecast-0-1")
    assert h.has("forecast-dialog")
    assert keys_in_order(h, "forecast-dialog", "forecast-detail-line-")[0] == "forecast-detail-line-1"
    for sf in found[0].seats:
        assert h.by_key(f"forecast-detail-line-{sf.seat}").value == sf.line.msg.render("en")
        assert len(h.keys(f"forecast-detail-{sf.seat}-")) == len(sf.detail)
    # the event's rule is named once, under every line; a line citing another rule names that one
    inside = ("forecast-detail", "forecast-table")
    links = [c for c in h.controls() if isinstance(c, ft.TextButton) and str(c.key).startswith(inside)]
    event = [c.key for c in links if c.content.value == rule_title(Tr("en"), found[0].rule_id)]
    assert event == ["forecast-detail-rule"]
    # heard as what it does (its hover text is not heard: widgets.quiet)
    title = rule_title(Tr("en"), found[0].rule_id)
    assert h.by_key("forecast-detail-rule").content.semantics_label == f"Read the rule: {title}"
    cited = [fx for sf in found[0].seats for fx in sf.detail if fx.rule_id != found[0].rule_id]
    assert len(links) == 1 + len(cited)
    h.close()


async def test_dragon_coming_events_lines_follow_every_tap(tmp_path):
    """The card is kept while its lines stay the same: after each tap every line on the screen is
    still the one the engine forecasts for the table as it now stands."""
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=4, players=4, seed=5)
    h = await started(hub, route=f"/table/{table.id}")
    rng = random.Random(7)
    changed = 0
    shown = None
    while table.state.month == 4 and table.state.phase in BEFORE_EVENT:
        found = dragon.coming_events(table.state)
        lines = [sf.line.msg.render("en") for f in found for sf in f.seats]
        for i, f in enumerate(found):
            for sf in f.seats:
                assert h.by_key(f"forecast-{i}-{sf.seat}").content.value == sf.line.msg.render("en")
        changed += shown is not None and lines != shown
        shown = lines
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(len([k for k in h.keys('choice-') if k.count('-') == 1]))}")
    assert changed  # the taps moved some line: the check above saw the card drawn again


async def test_dragon_forecast_follows_the_table_and_the_language(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=2)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    before = h.by_key("forecast-0").value
    assert before == dragon.coming_events(table.state)[0].headline.msg.render("es")
    rng = random.Random(3)
    while table.state.month == 2:  # the month's event strikes: the forecast moves on
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(len([k for k in h.keys('choice-') if k.count('-') == 1]))}")
    now = dragon.coming_events(table.state)
    assert h.by_key("forecast-0").value == now[0].headline.msg.render("es") != before
    h.close()


async def test_dragon_super_event_forecast_and_rules_moment(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=6, players=4, great_wall=True, super_events=True)
    h = await started(hub, route=f"/table/{table.id}")
    found = dragon.coming_events(table.state)
    assert found[-1].super and found[-1].month == 7
    assert h.by_key(f"forecast-{len(found) - 1}").value == found[-1].headline.msg.render("en")
    await h.goto(f"/table/{table.id}/rules")
    assert h.has("coming-rules")
    for i, f in enumerate(found):
        assert h.has(f"coming-rules-{i}")
        for sf in f.seats:
            assert h.by_key(f"coming-rules-{i}-{sf.seat}").value == sf.line.msg.render("en")
    h.close()


# ---- hindsight ------------------------------------------------------------------------------


async def test_round_summary_card_after_a_month_and_history_link(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3, players=4)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    last = dragon.round_summaries(*table_history(table))[-1]
    assert last.round == 2
    assert h.by_key("hindsight-title").value == last.title.msg.render("es")
    for sr in last.seats:
        assert h.by_key(f"hindsight-seat-{sr.seat}").value == sr.line.msg.render("es")
    if last.order_line is not None:
        assert h.by_key("hindsight-order").value == last.order_line.msg.render("es")
    await h.click("hindsight-open")
    assert h.route() == f"/table/{table.id}/history"
    assert h.has("history-showing")  # History shows that round (tests/ui/test_history_rounds.py)
    h.close()


async def test_no_summary_card_before_the_first_round_ends(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=1)
    h = await started(hub, route=f"/table/{table.id}")
    assert not h.has("hindsight") and h.has("forecast")
    h.close()


def test_summaries_are_kept_until_a_round_ends(tmp_path):
    """The summaries read the whole log: kept while a round goes on, computed again when one
    ends, and after an undo that rewrites an earlier round (the same count, another history)."""
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3)
    rng = random.Random(9)

    def fresh():
        return dragon.round_summaries(*table_history(table))

    first = fs.summaries(table)
    assert len(first) == 2 and first == fresh()
    step_random(table, rng)  # a tap inside month 3: nothing computed again
    assert fs.summaries(table) is first
    # back into month 1, then a different game up to month 3: two months done again, not the same
    table.undo(table.version - first[0].entries[1])
    other = random.Random(77)
    while not (table.state.month == 3 and table.state.phase == "actions"):
        step_random(table, other)
    assert fs.summaries(table) == fresh() != first
    while len(table.state.by_round) == 2:  # month 3 ends: its summary comes
        step_random(table, rng)
    assert len(fs.summaries(table)) == 3 and fs.summaries(table) == fresh()


# ---- Chinatown ----------------------------------------------------------------------------


def chinatown_table(hub, *, year: int, phase: str, seed: int = 2) -> Table:
    """A 4-player Chinatown table played at random (no trades) up to ``phase`` of ``year``."""
    table = hub.create(Table.new("chinatown", NAMES[:4]))
    rng = random.Random(seed)
    while not (table.state.year == year and table.state.phase == phase):
        prompt = table.prompt
        if prompt.auto:
            table.auto(rng)
        elif prompt.kind == "trade":
            table.submit(chinatown.GAME.entry_adapter.validate_python({"kind": "trading_done"}))
        else:
            table.submit(rng.choice(prompt.choices))
    return table


async def test_chinatown_trade_review_shows_income_before_and_after(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_table(hub, year=2, phase="trade")
    state = table.state
    giver = 0
    given = sorted(b for b, s in state.owner.items() if s == giver)[0]
    h = await started(hub, route=f"/table/{table.id}")
    await h.click(f"ct-give-a-b-{given}")  # Ana with Ben, the default pair
    await h.click("ct-money-a-plus")
    await h.click("ct-trade-review")
    assert h.has("ct-trade-dialog") and h.has("ct-preview-heading")
    from companion.games.chinatown.entries import Give, Trade

    trade = Trade(
        gives=(Give(giver=0, receiver=1, buildings=(given,), money=chinatown.data.DATA.money_unit),)
    )
    preview = chinatown.trade_preview(state, trade)
    assert [p.seat for p in preview.parties] == [0, 1]
    for party in preview.parties:
        assert h.by_key(f"ct-preview-{party.seat}").value == party.line.msg.render("en")
        for k, _ in enumerate(party.changes):
            assert h.has(f"ct-preview-{party.seat}-{k}")
    await h.click("ct-trade-confirm")
    # what the review said is what the board now pays
    from companion.games.chinatown.income import find_businesses, income_by_owner

    paid = income_by_owner(find_businesses(table.state.owner, table.state.shop))
    assert [paid.get(p.seat, 0) for p in preview.parties] == [p.income_after for p in preview.parties]
    h.close()


async def test_chinatown_year_summary_tells_each_trade_once(tmp_path):
    # Walkthrough 2026-12-06: "1965: how the year went" gave the giver's side of each trade under
    # the player's line, then both sides again under "What happened".
    from companion.games.chinatown.entries import Give, Trade

    hub = new_hub(tmp_path)
    table = chinatown_table(hub, year=0, phase="trade")
    state = table.state
    given = sorted(b for b, s in state.owner.items() if s == 0)[0]
    unit = chinatown.data.DATA.money_unit
    gives = (Give(giver=0, receiver=1, buildings=(given,)), Give(giver=1, receiver=0, money=2 * unit))
    said = [fx.msg.render("en") for fx in table.submit(Trade(gives=gives)) if fx.rule_id == "chinatown.trade"]
    assert len(said) == 2
    rng = random.Random(3)
    table.submit(chinatown.GAME.entry_adapter.validate_python({"kind": "trading_done"}))
    while table.state.year == 0:
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    h = await started(hub, route=f"/table/{table.id}")
    shown = [c.value for k in h.keys("hindsight-") if isinstance(c := h.by_key(k), ft.Text)]
    for line in said:  # in the giver's detail, and nowhere else on the card
        assert sum(line in t for t in shown) == 1, (line, shown)
    assert not h.has("hindsight-happened")  # nothing else happened
    h.close()


async def test_chinatown_year_summary_says_years_and_money_as_a_table_would(tmp_path):
    # Walkthrough 2026-12-06: the summary of a year offered "See this round in History" / "Ver esta
    # ronda en el historial" (Chinatown has years), and a Spanish line without money read "no
    # cambia dinero de manos", which nobody at a table says.
    hub = new_hub(tmp_path)
    table = chinatown_table(hub, year=1, phase="trade")
    for lang, round_word in (("en", "round"), ("es", "ronda")):
        h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
        button = h.by_key("hindsight-open")
        label = button.content if isinstance(button.content, str) else button.content.value
        assert round_word not in label.lower(), label
        if lang == "es":  # no trades in this table: no money changed hands
            assert h.by_key("hindsight-seat-0").value.endswith("; tratos: 0; sin dinero de por medio")
        h.close()


async def test_chinatown_tapped_empty_building_says_what_a_tile_would_add(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_table(hub, year=3, phase="trade")
    state = table.state
    empty = sorted(b for b in state.owner if b not in state.shop)
    assert empty
    h = await started(hub, route=f"/table/{table.id}")
    n = empty[0]
    await h.click(f"ct-b-{n}")
    preview = chinatown.building_preview(state, n)
    assert h.by_key("ct-building-preview").value == preview.line.msg.render("en")
    for o in preview.options:
        assert h.has(f"ct-building-option-{o.shop}")
    # an unowned building: no preview, only what the map says of it
    free = next(b for b in range(1, 86) if b not in state.owner)
    await h.click(f"ct-b-{free}")
    assert h.has("ct-building-text") and not h.has("ct-building-preview")
    h.close()


# ---- Da Yu --------------------------------------------------------------------------------


async def test_dayu_marker_card_for_the_current_player(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", NAMES[:3]))
    rng = random.Random(5)
    seen = 0
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    for _ in range(400):
        state = table.state
        if state.phase == "actions" and state.players[state.current].marker is not None:
            preview = dayu.marker_preview(state)
            assert h.by_key("dy-marker-line").value == preview.line.msg.render("es")
            if preview.fit is not None:  # the hand's one line
                assert h.by_key("dy-fit-text").value == preview.fit.msg.render("es")
            linked = [h.has(f"dy-worth-{w.kind}-rule") for w in preview.worth]
            for w in preview.worth:
                assert h.by_key(f"dy-worth-{w.kind}-text").value == w.effect.msg.render("es")
            # each rule once, at the end of the last line citing it: the three frame bonuses share one
            assert sum(linked) == len({w.effect.rule_id for w in preview.worth}) == len(preview.worth) - 2
            assert linked[:3] == [False, False, True]
            seen += 1
            if seen == 6:  # enough turns looked at; the rest of the game cost 8 s of taps
                break
        else:
            assert not h.has("dy-marker")
        if table.prompt is None:
            break
        if h.has("auto"):
            await h.click("auto")
        else:
            choices = [k for k in h.keys("choice-") if k.count("-") == 1]
            if not choices:  # the ring is the question: enter a choice straight away
                choice = rng.choice(table.prompt.choices)
                hub.change(table.id, lambda t, c=choice: t.submit(c))
                await h.goto(f"/table/{table.id}")
            else:
                await h.click(rng.choice(choices))
    assert seen == 6
    h.close()
