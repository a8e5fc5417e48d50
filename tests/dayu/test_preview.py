"""The marker preview agrees with what the engine then accepts: the tools that fit, the tokens
still needed before a card is taken, and what taking it adds to the score."""

from __future__ import annotations

import random

import pytest
from dayu_helpers import new_table, with_flood

from companion.core import RuleViolation, Table
from companion.games.dayu import GAME, capture_worth, marker_preview
from companion.games.dayu.data import DATA, POINTS_KIND
from companion.games.dayu.entries import CancelDrain, Drain, DrainTools, Exchange, FloodBonus
from companion.games.dayu.preview import tokens_needed
from companion.games.dayu.ring import SPACES
from companion.games.dayu.state import DayuState, VPCard


def random_states(games: int, seed: int):
    """Every state of a few random games played through the prompt, with the entry that follows it."""
    rng = random.Random(seed)
    for _ in range(games):
        table = new_table(rng.randint(2, 4), markers=None)
        while (prompt := table.prompt) is not None:
            entry = rng.choice(prompt.choices)
            yield table.state, entry, rng
            table.submit(entry)


def total(state: DayuState, seat: int) -> int:
    return GAME.score(state).rows[seat].total


def test_the_tools_that_fit_are_exactly_those_the_engine_accepts():
    checked = 0
    for state, _, _ in random_states(6, seed=1):
        if state.phase != "actions":
            continue
        preview = marker_preview(state)
        drains = [e for e in GAME.prompt(state).choices if isinstance(e, Drain)]
        assert bool(drains) == preview.can_drain
        if not drains:
            continue
        started, _ = GAME.apply(state, drains[0])
        fit = next(f for f in preview.fits if f.card == drains[0].card)
        for n in DATA.tools_per_face.values():
            try:
                GAME.apply(started, DrainTools(seat=state.current, tools=n))
                accepted = True
            except RuleViolation as exc:
                assert exc.rule_id in ("dayu.drain.fit", "dayu.drain.supply")
                accepted = False
            assert accepted == (n <= fit.max_tools), (n, fit.max_tools)
        offered = {e.tools for e in GAME.prompt(started).choices if isinstance(e, DrainTools)}
        assert offered == set(range(1, fit.max_tools + 1))
        GAME.apply(started, CancelDrain(seat=state.current))
        checked += 1
    assert checked > 100


def test_a_card_is_taken_exactly_when_no_token_is_still_needed():
    captures = 0
    for state, entry, _ in random_states(6, seed=2):
        after, _ = GAME.apply(state, entry)
        if after.phase == "bonus" and state.phase != "bonus":
            full = [
                i
                for i, place in enumerate(state.ring)
                if place.card is not None and tokens_needed(after, i) == 0
            ]
            assert after.captures == full
            captures += 1
    assert captures > 10


def test_capture_worth_equals_the_score_the_engine_then_gives():
    checked = 0
    for state, _, _ in random_states(8, seed=3):
        if state.phase != "bonus":
            continue
        seat = state.current
        worth = {w.kind: w.gain for w in capture_worth(state, seat)}
        assert worth[POINTS_KIND] is None
        for kind, gain in worth.items():
            if kind == POINTS_KIND:
                continue
            taken, _ = GAME.apply(state, FloodBonus(bonus=kind))
            if taken.phase == "exchange":  # keep it: the worth is the card's own
                taken, _ = GAME.apply(taken, Exchange(seat=seat))
            assert total(taken, seat) - total(state, seat) == gain, kind
            checked += 1
    assert checked > 50


def test_frame_bonus_worth_counts_the_vp_cards_of_that_frame():
    t = new_table(2)
    s = with_flood(t.state, 0, "red_bonus")
    s.players[0].vp_cards = [
        VPCard(frame="red", vp=2),
        VPCard(frame="red", vp=0),
        VPCard(frame="green", vp=4),
    ]
    worth = {w.kind: w for w in capture_worth(s, 0)}
    assert worth["red_bonus"].gain == 2 and worth["green_bonus"].gain == 1 and worth["silver_bonus"].gain == 0
    assert worth["free_move"].gain == DATA.flood_kinds["free_move"].points
    assert worth["red_bonus"].effect.rule_id == "dayu.flood.frame_bonus"
    assert "one for each red-frame VP card you hold (2)" in worth["red_bonus"].effect.msg.render("en")
    # a privilege card's minus points say where they come from (was a bare "If it is Free move: −2")
    assert worth["free_move"].effect.msg.render("en").endswith(": −2, what the card is worth")
    assert (
        worth["free_move"].effect.msg.render("es") == "Si es un Movimiento gratis: −2, lo que vale la carta"
    )


@pytest.mark.parametrize(
    ("lang", "red", "exchange"),
    [
        ("en", "If it is a Red frame bonus: +", "If it is an Exchange: "),
        ("es", "Si es una Bonificación de marco rojo: +", "Si es un Intercambio: "),
    ],
)
def test_what_a_card_would_be_worth_names_it_with_its_article(lang, red, exchange):
    """ "If it is Red frame bonus: +0…" / "Si es Bonificación de marco rojo…" put a card's name
    mid-sentence with no article (issue 25): each kind is said as a player would, "a Red frame
    bonus", "an Exchange", "una Bonificación de marco rojo", "un Intercambio"."""
    worth = {w.kind: w.effect.msg.render(lang) for w in capture_worth(new_table(2).state, 0)}
    assert worth["red_bonus"].startswith(red) and worth["exchange"].startswith(exchange)
    start, articles = ("If it is ", {"a", "an"}) if lang == "en" else ("Si es ", {"un", "una"})
    for kind, line in worth.items():
        if kind != POINTS_KIND:
            assert line.startswith(start) and line.removeprefix(start).split()[0] in articles, line


def test_line_and_fits_at_the_start():
    t = new_table(3)
    p = marker_preview(t.state)
    assert (p.tokens, p.needed, p.room) == (0, DATA.spaces_per_flood_card, DATA.spaces_per_flood_card)
    assert all(f.max_tools == DATA.tools_per_face.high for f in p.fits)
    assert p.line.msg.render("en") == (
        "P0's marker on place 1: 0 of 10\u00a0tokens, still to place: 10; one drain can place up to 4 now"
    )
    s = t.state.clone()
    s.ring[0].tokens = 8
    p = marker_preview(s)
    assert p.needed == 2 and all(f.max_tools == 2 for f in p.fits)
    # one line for the whole hand: the app cannot tell its cards apart by what fits
    assert p.fit is not None and p.fit.msg.render("en") == (
        "Any card in hand: room for a face of up to 2\u00a0tools;"
        " it fits if each tool finds a free space of its colour"
    )
    s.ring[0].tokens = 10 - 1
    p = marker_preview(s)
    assert p.fit.msg.render("es") == (
        "Cualquier carta en mano: hay sitio para una cara de hasta 1\u00a0herramienta;"
        " cabe si cada herramienta encuentra un espacio libre de su color"
    )
    s.players[s.current].hand.clear()
    assert marker_preview(s).fit is None  # nothing in hand: no line


def every_state(games: int, seed: int):
    """Every state of random games from the empty table (markers still to place) to the end."""
    rng = random.Random(seed)
    for _ in range(games):
        table = Table.new("dayu", [f"P{i}" for i in range(rng.randint(2, 4))])
        while (prompt := table.prompt) is not None:
            yield table.state
            table.submit(rng.choice(prompt.choices))
        yield table.state


def drains_accepted(state: DayuState) -> set[int]:
    """The tool counts the engine accepts for a drain started now (empty: none can start)."""
    drains = [e for e in GAME.prompt(state).choices if isinstance(e, Drain)]
    if not drains:
        return set()
    started, _ = GAME.apply(state, drains[0])
    out = set()
    for n in DATA.tools_per_face.values():
        try:
            GAME.apply(started, DrainTools(seat=state.current, tools=n))
            out.add(n)
        except RuleViolation:
            pass
    return out


def test_every_marker_card_statement_is_true_of_the_state():
    """On every state of random games: the line says what the state is (markers not placed yet,
    an empty place, a card and its tokens, the game over) and claims a drain only when the engine
    accepts one, of exactly the tools it says; each fit says what the engine's counts allow and,
    when it allows something, that the colours must match too (the app cannot check them)."""
    high = DATA.tools_per_face.high
    seen: set[str] = set()
    for state in every_state(6, seed=24):
        preview = marker_preview(state)
        p = state.players[state.current]
        line = preview.line.msg
        seen.add(line.key)
        accepted = drains_accepted(state) if state.phase == "actions" else set()
        if state.phase == "over":
            assert line.key == "foresight.dayu.line_over" and GAME.prompt(state) is None
            assert "over" in line.render("en") and "terminado" in line.render("es")
            room = 0
        elif p.marker is None:
            assert line.key == "foresight.dayu.line_unplaced" and state.phase == "markers"
            room = 0
        elif state.ring[p.marker].card is None:
            assert line.key == "foresight.dayu.line_empty" and not accepted
            room = 0
        else:
            tokens = state.ring[p.marker].tokens
            room = min(SPACES - tokens, state.supply, high)
            assert (line.args["tokens"], line.args["needed"]) == (tokens, SPACES - tokens)
            if line.key == "foresight.dayu.line":  # "one drain can place up to {room} now"
                assert accepted == set(range(1, line.args["room"] + 1)), (accepted, line.args)
            else:
                assert line.key == "foresight.dayu.line_no_drain" and not accepted
        assert preview.can_drain == bool(accepted)
        assert all(fit.max_tools == room for fit in preview.fits)
        assert (preview.fit is None) == (not state.players[state.current].hand)
        if preview.fit is not None:  # the hand's one line
            key = preview.fit.msg.key.removeprefix("foresight.dayu.")
            assert key == ("hand_fits" if room >= high else "hand_fits_up_to" if room else "hand_no_fit")
            if room:
                assert "colour" in preview.fit.msg.render("en") and "color" in preview.fit.msg.render("es")
    assert seen >= {
        f"foresight.dayu.{k}" for k in ("line", "line_no_drain", "line_unplaced", "line_empty", "line_over")
    }, seen
