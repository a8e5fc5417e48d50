"""Chinatown through the UI's own handlers: the map, kept buildings and drawn tiles entered by
tapping, a multi-party trade reviewed then confirmed, placement by tapping a tile then a
building, secret money, a whole game to the end, and the Quick income screen."""

import gc
import random
import sqlite3
from pathlib import Path

import pytest
from chinatown_helpers import play_random
from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.core.protocol import player_view
from companion.ui.i18n import Tr
from companion.ui.views.play import preview_lines


async def new_chinatown(h, names=("Ana", "Ben", "Carla")):
    await new_table_by_taps(h, "chinatown", names)


async def first_year_by_hand(h, table):
    """Ana is first; the table enters its kept buildings and drawn tiles by tapping."""
    await h.click("choice-0")  # Ana holds the First Player card
    assert h.has("ct-keep-form") and h.has("ct-map") and h.has("ct-b-85")
    for n in (16, 17, 19, 20, 1):
        await h.click(f"ct-card-{n}")
    await h.click("ct-keep-submit")
    assert table.state.owner[16] == 0
    for seat, cards in ((1, (52, 53, 55, 56, 2)), (2, (71, 72, 75, 80, 81))):
        await h.click(f"ct-keep-seat-{seat}")
        for n in cards:
            await h.click(f"ct-card-{n}")
        await h.click("ct-keep-submit")
    assert table.state.phase == "tiles" and h.has("ct-draw-form")
    for shop in ["tea_house"] * 3 + ["florist"] * 4:
        await h.click(f"ct-draw-{shop}")
    await h.click("ct-draw-submit")
    await h.click("auto")  # the app draws Ben's tiles
    await h.click("auto")  # and Carla's
    assert table.state.phase == "trade" and h.has("ct-trade-form")


async def year_into(folder: Path, lang: str) -> None:
    """A store in ``folder`` whose one table has had its first year entered by taps on a host's
    screen in ``lang`` (``first_year_by_hand``), its journal moved into its file."""
    hub = new_hub(folder)
    h = await started(hub, prefs={"table_companion.lang": lang})
    await new_chinatown(h)
    await first_year_by_hand(h, only_table(hub))
    h.close()
    hub.store.close()
    gc.collect()
    db = sqlite3.connect(folder / "tables.sqlite3")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


async def test_a_year_by_hand_with_a_trade_and_placing_by_taps(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h)
    table = only_table(hub)
    await first_year_by_hand(h, table)

    # Ana gives building 1 and $20,000 to Carla; Carla gives Ana one tile: reviewed, then confirmed.
    await h.click("ct-party-b-2")  # Ana (the default) with Carla
    await h.click("ct-give-a-b-1")
    await h.click("ct-money-a-plus")
    await h.click("ct-money-a-plus")
    carla_tile = sorted(table.state.hands[2])[0]
    await h.click(f"ct-give-b-t-{carla_tile}")
    assert h.has("ct-trade-so-far")
    await h.click("ct-trade-review")
    assert h.has("ct-trade-dialog") and h.has("ct-trade-line-1")
    assert table.version == 7  # not entered yet
    await h.click("ct-trade-confirm")
    assert table.state.owner[1] == 2 and table.state.money[:3] == [30000, 50000, 70000]
    assert table.state.hands[0].get(carla_tile, 0) >= 1

    await h.click("ct-trading-done")
    assert h.has("ct-place-hint")
    await h.click("ct-hand-tea_house")
    for n in (16, 17, 19):
        await h.click(f"ct-b-{n}")
    assert [table.state.shop.get(n) for n in (16, 17, 19)] == ["tea_house"] * 3
    assert "+\u2060$50,000: Tea House 16, 17, and 19, complete (3/3)" in h.all_text()  # the income card

    # A building that is not Ana's is not a target: the tap shows the building instead.
    await h.click("ct-hand-florist")
    await h.click("ct-b-52")
    assert h.has("ct-building-dialog") and "Ben" in h.by_key("ct-building-text").value
    assert 52 not in table.state.shop
    h.close()


async def test_money_is_secret_until_the_end_and_a_whole_game(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h, names=("Ana", "Ben", "Carla", "Dai"))
    table = only_table(hub)
    assert h.has("ct-money-1") and not h.has("ct-money-value-1")
    assert "$50,000" not in h.all_text()
    await h.click("ct-money-1")
    assert h.by_key("ct-secret-money").value == "$50,000"
    await h.click("ct-money-dialog-close")
    rng = random.Random(2)

    def stop_at_the_last_trade(t):
        if t.state.year == 5 and t.state.phase == "trade":
            raise StopIteration

    # Five years straight through the engine (the same shared table), the last one by taps.
    with pytest.raises(StopIteration):
        play_random(table, rng, trades=1, on_step=stop_at_the_last_trade)
    taps = 0
    while not h.has("finished-card"):
        assert taps < 3000
        if h.has("auto"):
            await h.click("auto")
        elif h.has("ct-trading-done"):
            await h.click("ct-trading-done")
        else:
            choices = [k for k in h.keys("choice-") if k.count("-") == 1]
            await h.click(rng.choice(choices))
        taps += 1
    assert table.state.phase == "over" and taps > 3
    for seat, money in enumerate(table.state.money):
        assert h.by_key(f"ct-money-value-{seat}").value == f"${money:,}"
    # the finished card itself says every player's money, best first, a line each (the banner
    # says it is revealed)
    board = table.scoreboard
    for place, name in enumerate(board.ranking, 1):
        row = h.by_key(f"final-place-{place}")
        assert row.controls[2].value == name
        assert row.controls[3].value == f"${board.row(name).total:,}"
    h.close()


async def test_quick_income_by_tapping_the_map(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, route="/quick/chinatown")
    await h.click("ct-q-mode-income")  # final scores is the first tab
    await h.type_text("ct-q-name-0", "Ana")
    await h.click("ct-q-shop-tea_house")
    for n in (16, 17, 19):
        await h.click(f"ct-q-b-{n}")
    await h.click("ct-q-owner-1")
    await h.click("ct-q-shop-photo")
    for n in (43, 44, 45, 46, 47):
        await h.click(f"ct-q-b-{n}")
    assert h.by_key("ct-q-income-0").value == "Ana: $50,000"
    assert h.by_key("ct-q-income-1").value == "Player 2: $70,000"  # 3 complete + 2
    assert h.by_key("ct-q-next").value == "Next tap on the map: Player 2, Photo"  # in words too
    await h.click("ct-q-shop-clear")
    assert h.by_key("ct-q-next").value == "Next tap on the map: clear that building"
    await h.click("ct-q-b-47")
    assert h.by_key("ct-q-income-1").value == "Player 2: $60,000"  # 3 complete + 1
    h.close()


async def test_quick_income_says_the_next_tap_in_spanish(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown", prefs={"table_companion.lang": "es"})
    await h.click("ct-q-mode-income")
    assert h.by_key("ct-q-next").value == "Próximo toque en el mapa: Jugador 1, Solo dueño"
    await h.click("ct-q-owner-1")
    await h.click("ct-q-shop-tea_house")
    assert h.by_key("ct-q-next").value == "Próximo toque en el mapa: Jugador 2, Casa de té"
    h.close()


async def fill_final(h, players):
    """Type each player's name, money and shop tiles into Quick score's final form."""
    rows = len(h.keys("ct-f-player-"))
    while rows < len(players):
        await h.click("ct-f-add")
        rows += 1
    for i, (name, money, shops) in enumerate(players):
        await h.type_text(f"ct-f-name-{i}", name)
        await h.type_text(f"ct-f-money-{i}", str(money))
        await h.type_text(f"ct-f-shops-{i}", str(shops))


async def test_quick_final_scores_rank_by_money_then_tiles(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    assert h.has("ct-f-hint") and not h.has("ct-q-board")  # final scores first
    assert len(h.keys("ct-f-player-")) == 3 and h.by_key("ct-f-remove-0").disabled  # 3 to 5 players
    await fill_final(h, [("Ana", 760000, 7), ("Ben", 760000, 9), ("Carla", 500000, 1)])
    await h.click("ct-f-score")
    assert h.by_key("ct-f-winner").value == "Winner: Ben"
    assert h.by_key("ct-f-place-0").value == "1. Ben: $760,000 (9 shop tiles on the board)"
    assert h.by_key("ct-f-place-2").value == "3. Carla: $500,000 (1 shop tile on the board)"
    # the tie on money, decided by the tiles: each tied player's count
    assert (
        h.by_key("ct-f-tie-detail").value == "Ben wins the tie: 9 shop tiles on the board, ahead of Ana (7)."
    )
    assert "chinatown." not in h.all_text()
    await h.type_text("ct-f-shops-1", "7")  # equal money and tiles: a shared victory
    await h.click("ct-f-score")
    assert h.by_key("ct-f-winner").value == "Shared victory: Ana, Ben"
    assert (
        h.by_key("ct-f-tie-detail").value == "Ana and Ben share the victory: 7 shop tiles on the board each."
    )
    await h.type_text("ct-f-money-1", "750000")  # no tie on money: no tie line
    await h.click("ct-f-score")
    assert h.by_key("ct-f-winner").value == "Winner: Ana" and not h.has("ct-f-tie-detail")
    h.close()


async def test_quick_final_form_adds_and_removes_players_within_three_to_five(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.click("ct-f-add")
    await h.click("ct-f-add")
    assert len(h.keys("ct-f-player-")) == 5 and h.by_key("ct-f-add").disabled
    await h.type_text("ct-f-name-4", "Eli")
    await h.click("ct-f-remove-0")
    assert len(h.keys("ct-f-player-")) == 4 and not h.by_key("ct-f-add").disabled
    assert h.by_key("ct-f-name-3").value == "Eli"  # the others move up
    await h.click("ct-f-remove-0")
    assert len(h.keys("ct-f-player-")) == 3 and h.by_key("ct-f-remove-1").disabled
    h.close()


async def test_quick_final_refuses_money_that_is_not_whole_bills_in_spanish(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown", prefs={"table_companion.lang": "es"})
    await fill_final(h, [("Ana", 765000, 7), ("Ben", 0, 0), ("Carla", 0, 0)])
    await h.click("ct-f-score")
    error = h.by_key("ct-f-error").value
    assert error.startswith("Jugador 1: el dinero debe ser un múltiplo de 10.000\xa0$") and "765000" in error
    assert not h.has("ct-f-result") and not h.has("quick-log-play")
    h.close()


def done_placing(t) -> int | None:
    return next((i for i, c in enumerate(t.prompt.choices or []) if c.kind == "done_placing"), None)


async def at_a_last_placers_done(tmp_path, stop_here):
    """A Chinatown table played at random until ``stop_here(table, own_effects, effects)`` holds
    at the last placer's "done placing", shown on the Play screen: (harness, table, seat, choice
    index, the choice's effects)."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h)
    table = only_table(hub)

    def stop(t):
        i = done_placing(t)
        if t.state.phase == "place" and i is not None:
            effects = t.check(t.prompt.choices[i])[2]
            if stop_here(t, [fx for fx in effects if fx.seat == t.prompt.seat], effects):
                raise StopIteration

    with pytest.raises(StopIteration):
        play_random(table, random.Random(5), trades=0, on_step=stop)
    await h.goto(f"/table/{table.id}/scores")  # the engine's entries reach the screen when it is drawn
    await h.goto(f"/table/{table.id}")
    i = done_placing(table)
    return h, table, table.prompt.seat, i, table.check(table.prompt.choices[i])[2]


async def test_the_last_placers_done_button_shows_their_own_income_and_says_whose_the_rest_is(tmp_path):
    """The last placer's "done placing" pays every player's businesses: the button shows that
    player's own lines first, their year's total before the businesses making it (the button
    showed two of the businesses, and the total was cut off), and a line about another player
    names them (Ben's button listed Carla's restaurants, unnamed)."""

    def another_seat_paid_first(t, own, effects):
        paid = [fx.seat for fx in effects if fx.seat is not None]
        return bool(paid) and paid[0] != t.prompt.seat

    h, table, seat, i, effects = await at_a_last_placers_done(tmp_path, another_seat_paid_first)
    lines = [t.value for t in h.by_key(f"choice-{i}").content.controls]
    name = table.players[seat].name
    assert lines[0] == f"{name}: done placing"
    total = next(fx for fx in effects if fx.seat == seat and fx.msg.key == "chinatown.fx.income_total")
    assert lines[1] == total.msg.render()  # their year's total first (see the next test)
    unnamed = {fx.msg.render() for fx in effects if fx.seat not in (seat, None)}
    assert unnamed and not unnamed & set(lines)
    # Every line of the preview, in both languages: another player's lines say whose they are
    # (the engine's income lines name their earner, as History's do: walk4, shots 068/069).
    other = next(fx.seat for fx in effects if fx.seat not in (seat, None))
    theirs = table.players[other].name
    for lang in ("en", "es"):
        said = preview_lines(Tr(lang), player_view(table.game, table.state, None), table, seat, effects)
        lines_of_theirs = [fx.msg.render(lang) for fx in effects if fx.seat == other]
        assert lines_of_theirs and all(text in said and text.startswith(theirs) for text in lines_of_theirs)
        assert said[0] == total.msg.render(lang)
    h.close()


async def test_the_last_placers_done_button_says_their_years_income_before_its_businesses(tmp_path):
    """A player with several businesses: the button's two lines were their first two businesses,
    and the year's total, which the engine tells after them, was cut off."""
    h, table, seat, i, effects = await at_a_last_placers_done(
        tmp_path,
        lambda t, own, effects: len(own) >= 3,  # two businesses (at least) and the total
    )
    total = next(fx for fx in effects if fx.seat == seat and fx.msg.key == "chinatown.fx.income_total")
    first = next(fx for fx in effects if fx.seat == seat)
    lines = [t.value for t in h.by_key(f"choice-{i}").content.controls]
    name = table.players[seat].name
    # their business line without their name again under the button that says it
    business = first.msg.render().removeprefix(f"{name}: ")
    assert first.msg.render().startswith(f"{name}: ") and business[0] == "+"
    assert lines == [f"{name}: done placing", total.msg.render(), business]
    h.close()


def test_each_shop_has_a_short_name_of_its_own_on_the_map():
    """A map cell (29 px on a phone) shows a shop's short name: three letters at most, one per shop
    in each language, not the shop's first letters ("DIS" for Dim Sum)."""
    from companion.games.chinatown.public import DATA
    from companion.i18n import LANGUAGES
    from companion.ui.games.chinatown.board import abbreviation
    from companion.ui.i18n import Tr

    for lang in LANGUAGES:
        short = [abbreviation(Tr(lang), s) for s in DATA.shops]
        assert all(1 <= len(a) <= 3 and a == a.upper() for a in short), short
        assert len(set(short)) == len(short), short
    assert abbreviation(Tr("en"), "dim_sum") == "DIM" and abbreviation(Tr("es"), "tea_house") == "TÉ"


async def test_the_final_breakdown_writes_money_as_the_totals_do(tmp_path):
    """Each line of a player's final money says its amount as the total does ("+$50,000",
    "+50.000 $"), whole on one line (a narrow column broke it mid-number)."""
    import random

    from random_play import play_until

    from companion.core import Table
    from companion.i18n import format_score

    hub = new_hub(tmp_path)
    table = hub.create(
        play_until(
            Table.new("chinatown", ["Ana", "Ben", "Carla"]), random.Random(4), lambda t: t.prompt is None
        )
    )
    board = table.scoreboard
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}/scores", prefs={"table_companion.lang": lang})
        for r in board.rows:
            for k, line in enumerate(r.breakdown):
                shown = h.by_key(f"line-{r.seat}-{k}")
                assert shown.value == format_score(line.points, "money", lang, change=True)  # "±$0" for none
                assert shown.no_wrap
        h.close()


def test_a_preview_line_counts_as_naming_a_player_only_by_the_whole_name():
    """Another player's line is prefixed with their name unless it already says it: a player
    called Jo is not named by a Spanish income line about a jewellery shop ("Joyería")."""
    from companion.ui.views.play import mentions

    assert not mentions("Joyería 3 / 6: +20.000 $", "Jo")
    assert not mentions("Anabel da a Ben: 10.000 $.", "Ana")
    assert mentions("Anabel da a Ana: 10.000 $.", "Ana")
    assert mentions("Jo robó 2 fichas.", "Jo")
    assert mentions("O'Neil (2) draws 3 tiles.", "O'Neil (2)")


def test_the_income_card_says_a_players_businesses_in_one_paragraph():
    """Complete businesses in full, the others grouped by what each pays, the best first: a line
    per business took 25 lines by the third year and pushed the year's summary off the screen."""
    from companion.games.chinatown.public import Business
    from companion.ui.games.chinatown.businesses import businesses_text

    mine = [
        Business(0, "photo", (3,), 1, False, 10_000, False),
        Business(0, "tea_house", (16, 17, 19), 3, True, 50_000, False),
        Business(0, "laundry", (39, 40), 2, False, 20_000, False),
        Business(0, "take_out", (53,), 1, False, 10_000, False),
    ]
    assert businesses_text(Tr("en"), mine) == (
        "+\u2060$50,000: Tea House 16, 17, and 19, complete (3/3) · $20,000: Laundry 39 and 40 (2/5)"
        " · $10,000 each: Photo 3 (1/3), Take Out 53 (1/5)"
    )
    assert businesses_text(Tr("es"), mine) == (
        "+50.000\xa0$: Casa de té en 16, 17 y 19, negocio completo (3/3) · 20.000\xa0$: Lavandería en"
        " 39 y 40 (2/5) · 10.000\xa0$ cada uno: Fotografía en 3 (1/3), Comida para llevar en 53 (1/5)"
    )


def test_a_years_summary_groups_the_businesses_as_the_income_card_does():
    """Every business of a seat's year is said once, the complete ones in full and the rest in
    their groups; the trades follow as the engine says them."""
    from chinatown_helpers import new_table

    from companion.core.foresight import table_history
    from companion.games.chinatown.public import business_of, round_summaries
    from companion.ui.games.chinatown.businesses import COMPLETE, INCOMPLETE, year_detail

    table = new_table(4)
    play_random(table, random.Random(11), trades=3)
    grouped = 0
    for summary in round_summaries(*table_history(table)):
        for sr in summary.seats:
            effects = [*sr.gained, *sr.lost]
            for lang in ("en", "es"):
                said = year_detail(Tr(lang), effects)
                for fx in effects:
                    line = business_of(fx.msg)  # History's line names the earner; the seat's summary need not
                    a = line.args
                    if line.key == COMPLETE:
                        assert line.render(lang) in said and fx.msg.render(lang) not in said
                    elif line.key == INCOMPLETE:
                        short = f"{Tr(lang).msg(a['shop'])}{' en' if lang == 'es' else ''} {a['buildings']} ({a['size']}/{a['max']})"
                        assert short in said and line.render(lang) not in said
                    else:
                        assert fx.msg.render(lang) in said
            grouped += " each: " in year_detail(Tr("en"), effects)
    assert grouped > 0  # the game had years where a seat had several businesses paying the same


@pytest.mark.parametrize(
    ("lang", "stale", "said"),
    [
        ("en", "paid at the end of the year", "Income of the final board (paid at the end of 1970)"),
        ("es", "se cobran al final del año", "Ingresos del tablero final (cobrados al final de 1970)"),
    ],
)
async def test_the_income_card_of_a_finished_game_says_the_last_year_paid_it(tmp_path, lang, stale, said):
    """The walk's game over screen still titled the income card "Income of the board as it stands
    (paid at the end of the year)" (walk58, ct-es-light-91-end.png): no year end was to come. At
    the end it names the figures for what they are, the final board's, paid at the end of 1970."""
    from random_play import play_until

    from companion.core import Table

    hub = new_hub(tmp_path)
    table = hub.create(
        play_until(
            Table.new("chinatown", ["Ana", "Ben", "Carla"]), random.Random(4), lambda t: t.prompt is None
        )
    )
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
    assert h.has("ct-income") and h.has("finished-card")
    text = h.all_text()
    assert said in text and stale not in text
    h.close()
