"""Da Yu through the UI's own handlers: setup with the opening option, the ring with tokens and
markers, moving by tapping a card, a drain tapped number by number, a refused entry, the end of
a game by taps, and the Quick score screen."""

import random

import flet as ft
from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.core import Table
from companion.games.dayu.entries import Drain, DrainTools, DrainVP


async def new_dayu(h, names=("Ana", "Ben", "Carla"), opening=None):
    await new_table_by_taps(h, "dayu", names, opening=opening)


def index_of(table, entry) -> int:
    return table.prompt.choices.index(entry)


async def test_setup_ring_move_by_tap_and_a_drain_by_numbers(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dayu(h)
    table = only_table(hub)
    assert table.game_id == "dayu" and h.has("dy-ring") and h.has("dy-piles")
    assert [h.by_key(f"dy-tokens-{i}").value for i in range(4)] == ["0/10"] * 4
    assert h.by_key("dy-flood-pile").value == "Flood pile: 11"
    assert h.by_key("dy-pile-green").value == "green 27"
    # Each place's answer is one line: its effect ("Ana's marker lies on place 3.") only says it again
    marker = h.by_key("choice-3")
    assert isinstance(marker.content, ft.Text) and marker.content.value == "Ana's marker on place 4"
    # Markers entered by tapping a place, then the app places the rest and picks the start player.
    await h.click(f"choice-{index_of(table, table.prompt.choices[3])}")
    assert table.state.players[0].marker == 3 and h.has("dy-marker-3-0")
    for _ in range(3):
        await h.click("auto")
    assert table.state.phase == "actions" and h.has("dy-turn")
    seat = table.state.current
    assert h.by_key("dy-points").value == "Action points: 3"

    # Tap a neighbouring flood card: a paid move.
    at = table.state.players[seat].marker
    target = (at + 1) % 4
    await h.click(f"dy-place-{target}")
    assert table.state.players[seat].marker == target and table.state.points_left == 2
    assert h.has(f"dy-marker-{target}-{seat}")
    # A card that is not a neighbour is not tappable: nothing happens.
    far = (target + 2) % 4
    await h.click(f"dy-place-{far}")
    assert table.state.players[seat].marker == target

    # Drain: the card, then the number of tools, then the VP number, each one tap.
    await h.click(f"choice-{index_of(table, Drain(seat=seat, card=2))}")
    assert table.state.phase == "drain_tools"
    await h.click(f"choice-{index_of(table, DrainTools(seat=seat, tools=3))}")
    await h.click(f"choice-{index_of(table, DrainVP(seat=seat, vp=4))}")
    assert h.by_key(f"dy-tokens-{target}").value == "3/10"
    assert h.by_key("dy-supply").value == "Drainage supply: 42/45"
    assert h.by_key(f"total-{seat}").value == "4\u00a0VP"
    assert "red (4\u00a0VP)" in h.by_key(f"dy-vp-{seat}").value
    h.close()


async def test_a_refused_move_shows_its_rule_and_changes_nothing(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dayu(h, names=("Ana", "Ben", "Carla", "Dai"))
    table = only_table(hub)
    for i, place in enumerate((0, 0, 1, 1)):
        await h.click(f"choice-{index_of(table, table.prompt.choices[place])}")
        assert table.state.players[i].marker == place
    await h.click(f"choice-{index_of(table, table.prompt.choices[0])}")  # Ana starts
    version = table.version
    await h.click("dy-place-2")  # two places away on a circle of five
    assert table.version == version and table.state.players[0].marker == 0
    assert h.has("error-card") and h.has("error-rule")
    assert h.by_key("error").value == "Place 3 is not next to place 1."
    await h.click("error-rule")
    assert h.has("rule-dialog") and "neighbour" in h.by_key("rule-dialog-text").value
    h.close()


async def test_the_end_of_a_game_by_taps(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben"]))
    rng = random.Random(4)
    # Most of the game straight through the engine; the last round by taps.
    while not (table.state.flood_pile == 0 and table.state.phase == "actions"):
        prompt = table.prompt
        table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
    h = await started(hub, route=f"/table/{table.id}")
    assert h.by_key("dy-flood-pile").value == "Flood pile: 0"
    taps = 0
    while not h.has("finished-card"):
        assert taps < 500
        choices = [k for k in h.keys("choice-") if k.count("-") == 1]
        await h.click(rng.choice(choices))
        taps += 1
    assert table.state.phase == "over" and h.has("winner")
    board = table.scoreboard
    assert h.by_key("winner").value.endswith(", ".join(board.shared or board.ranking[:1]))
    totals = [r.total for r in board.rows]
    assert h.has("tie-break") == (len(set(totals)) < len(totals))  # only when a tie was broken
    h.close()


async def test_quick_score_by_taps(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, route="/quick/dayu")
    await h.type_text("dy-q-name-0", "Ana")
    await h.type_text("dy-q-name-1", "Ben")
    await h.click("dy-q-0-frame-red")
    await h.click("dy-q-0-vp-3")
    await h.click("dy-q-0-vp-2")
    await h.click("dy-q-0-flood-red_bonus")
    await h.click("dy-q-0-flood-red_bonus")
    await h.click("dy-q-0-flood-free_move")
    await h.click("dy-q-1-vp-5")
    await h.click("dy-q-1-flood-exchange")
    await h.click("dy-q-1-pts-2")
    # Ana: 5 VP + red bonus 2 cards x 2 VP cards = 4, free move -2 -> 7. Ben: 5 + 5 + 2 = 12.
    assert h.by_key("dy-q-total-0").value == "Ana: 7"
    assert h.by_key("dy-q-total-1").value == "Ben: 12"
    assert h.by_key("dy-q-winner").value == "Winner: Ben" and not h.has("dy-q-tie-detail")
    await h.click("dy-q-1-fc-0")  # remove Ben's Exchange card: 7 all, Ana has more flood cards
    assert h.by_key("dy-q-total-1").value == "Ben: 7"
    assert h.by_key("dy-q-winner").value == "Winner: Ana"
    assert h.by_key("dy-q-tie-detail").value == "Ana wins the tie: 3 flood cards, ahead of Ben (1)."
    await h.click("dy-q-0-fc-2")  # remove Ana's free move: 9 against 7
    assert not h.has("dy-q-tie-detail")
    await h.click("dy-q-add")
    assert h.has("dy-q-player-2")
    h.close()


async def test_setup_option_lets_players_name_the_opening_piles(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dayu(h, names=("Ana", "Ben"), opening="chosen")
    table = only_table(hub)
    assert table.options.opening == "chosen"
    assert all(not p.hand for p in table.state.players)
    for _ in range(3):
        await h.click("auto")
    assert table.state.phase == "opening"
    await h.click("choice-2")  # the red pile
    assert [c.frame for c in table.state.players[table.state.current].hand] == ["red"]
    assert h.by_key("dy-pile-red").value == "red 35"
    h.close()


async def test_an_answer_reads_once_not_again_with_the_players_name(tmp_path):
    """ "Draw from the silver pile (32 left)" had a second line "Dai draws from the silver pile.":
    the answer said twice, the second time with the player's name (seen at 412 px, both
    languages). A line that tells something more stays."""
    hub = new_hub(tmp_path)
    table = Table.new("dayu", ["Ana", "Ben", "Carla", "Dai"])
    rng = random.Random(4)
    while table.prompt.kind != "draw":
        prompt = table.prompt
        table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
    table = hub.create(table)
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        for k in range(len(table.prompt.choices)):
            content = h.by_key(f"choice-{k}").content
            assert isinstance(content, ft.Text), f"{lang}: {content}"  # one line, its label
        h.close()


async def test_each_tool_card_beside_its_actions_is_named_by_its_frame(tmp_path):
    # Walkthrough 2026-12-06: a screen reader read the hand's cards as "runes, runes, runes": the
    # frame is the chip's colour. Each card's text is named in full ("red card (rune side up)").
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    rng = random.Random(3)
    while table.state.phase != "actions":
        table.auto(rng)
    h = await started(hub, route=f"/table/{table.id}")
    hand = table.state.players[table.state.current].hand
    for k, c in enumerate(hand):  # all dealt rune side up
        said = h.by_key(f"dy-act-card-{k}").content.semantics_label
        assert said == f"{c.frame} card (rune side up)", said
    h.close()


def test_a_line_with_other_players_names_is_news_not_the_answer_again():
    """Review 2026-12-06: with every player's name left out of the count, "Order: Ben, Carla, Ana"
    under "Fireworks: +1" read as the answer said again and was dropped."""
    from companion.ui.views.play import shown_lines

    assert shown_lines("Fireworks: +1", ["Order: Ben, Carla, Ana"], "Ana") == [
        "Fireworks: +1",
        "Order: Ben, Carla, Ana",
    ]
    assert shown_lines("Draw from the silver pile (32 left)", ["Dai draws from the silver pile."], "Dai") == [
        "Draw from the silver pile (32 left)"
    ]
