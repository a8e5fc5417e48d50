"""Super Events: the tile on month 7 (entered, chosen or drawn) and each of the ten super events."""

from __future__ import annotations

import random

import pytest
from dragon_expansion_helpers import fresh_x, rule_ids
from dragon_helpers import ROW, play, realm, run_event, texts

from companion.core import RuleViolation, Table
from companion.core.codes import entry_code, entry_from_code
from companion.core.rulebook import rules
from companion.games.dragon import GAME
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import (
    Charter,
    Discard,
    EventRow,
    Flood,
    Floor,
    Pick,
    Place,
    PlayCard,
    Quake,
    Release,
    SuperEvent,
)
from companion.games.dragon.public import super_event_resolved


def test_super_event_tile_is_a_table_fact_after_the_event_row() -> None:
    table = Table.new("dragon", ["A", "B"], {"super_events": True})
    table.submit(EventRow(months=ROW))
    prompt = table.prompt
    assert prompt.kind == "super_event" and prompt.auto and prompt.seat is None and prompt.choices is None
    entry = SuperEvent(event="flood")
    assert entry_code(GAME, table.state, entry) == (3, 10)
    assert entry_from_code(GAME, table.state, 3) == entry
    table.submit(entry)
    assert table.state.super_event == "flood" and table.prompt.kind == "start_player"
    drawn = Table.new("dragon", ["A", "B"], {"super_events": True})
    drawn.submit(EventRow(months=ROW))
    drawn.auto(random.Random(5))
    assert drawn.state.super_event in RULES.super_events.events


def test_without_super_events_there_is_no_tile_to_enter() -> None:
    table = Table.new("dragon", ["A", "B"])
    table.submit(EventRow(months=ROW))
    assert table.prompt.kind == "start_player"
    with pytest.raises(RuleViolation):
        table.submit(SuperEvent(event="flood"))


def _pair(**super_attrs):
    s = fresh_x(2, wall=False)
    realm(s, 0, (3, ["monk:old", "farmer:young", "court_lady:young"]), (2, ["monk:young"]))
    realm(s, 1, (2, ["warrior:young", "scholar:old"]))
    s.move(1, 5)
    s.move(0, 3)
    return s


def _ledger(s, seat: int, source: str) -> list[int]:
    return [i.points for i in s.players[seat].ledger if i.source == source]


def test_only_month_7_resolves_it_after_the_event_and_before_decay() -> None:
    _, fx = run_event(_pair(), "peace", month=6, super_event="lantern")
    assert not any(r.startswith("dragon.super") for r in rule_ids(fx))
    _s, fx = run_event(_pair(), "peace", month=7, super_event="lantern")
    ids = rule_ids(fx)
    assert (
        ids.index("dragon.event.peace")
        < ids.index("dragon.super.lantern")
        < ids.index("dragon.scoring.round")
    )


def test_month_7_mongols_wall_check_comes_before_the_super_event() -> None:
    s = fresh_x(2)
    realm(s, 0, (2, ["warrior:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.wall = [(0, "vp")] * 7
    s, fx = run_event(s, "mongol", month=7, super_event="lantern")
    ids = rule_ids(fx)
    assert (
        ids.index("dragon.event.mongol") < ids.index("dragon.wall.check") < ids.index("dragon.super.lantern")
    )


def test_lantern_festival_scores_two_per_person() -> None:
    s, _ = run_event(_pair(), "peace", month=7, super_event="lantern")
    assert _ledger(s, 0, "lantern") == [8] and _ledger(s, 1, "lantern") == [4]


def test_buddha_scores_monks_as_at_the_end() -> None:
    s, _ = run_event(_pair(), "peace", month=7, super_event="buddha")
    assert _ledger(s, 0, "buddha") == [2 * 3 + 1 * 2] and _ledger(s, 1, "buddha") == []


def test_assassination_takes_every_privilege_before_the_round_scoring() -> None:
    s = _pair()
    s.players[0].small_privileges = 2
    s.players[1].large_privileges = 1
    s, _ = run_event(s, "peace", month=7, super_event="assassination")
    assert all(p.small_privileges == p.large_privileges == 0 for p in s.players)
    assert _ledger(s, 0, "privileges") == [] and _ledger(s, 1, "privileges") == []


def test_volcanic_eruption_sends_markers_to_zero_keeping_the_order() -> None:
    s = fresh_x(3, wall=False)
    for seat in range(3):
        realm(s, seat, (2, ["monk:young"]))
    s.move(0, 9)
    s.move(1, 4)
    s.move(2, 4)  # Carla on top of Ben
    before = s.track_order()
    s, fx = run_event(s, "peace", month=7, super_event="volcano")
    assert [p.track for p in s.players] == [0, 0, 0]
    assert s.track_order() == before == [0, 2, 1]
    assert "Ana, Carla, Ben" in texts(fx)[rule_ids(fx).index("dragon.super.volcano") + 1]


def test_solar_eclipse_repeats_a_dragon_festival_with_the_halved_fireworks() -> None:
    s = _pair()
    s.players[0].fireworks = 5
    s.players[1].fireworks = 2
    s, _ = run_event(s, "festival", month=7, super_event="eclipse")
    # first festival: 6 VP and keep 2 of 5; 3 VP and keep 1 of 2. Second: 2 vs 1 -> 6 and 3 again.
    assert _ledger(s, 0, "festival") == [6, 6] and _ledger(s, 1, "festival") == [3, 3]
    assert s.players[0].fireworks == 1 and s.players[1].fireworks == 0


def test_solar_eclipse_on_a_mongol_invasion_brings_a_second_wall_check() -> None:
    s = fresh_x(2)
    realm(s, 0, (2, ["warrior:young", "warrior:young"]))
    realm(s, 1, (3, ["warrior:young"] * 3))
    s.wall = [(0, "vp")] * 7
    s, _fx = run_event(s, "mongol", month=7, super_event="eclipse")
    # Ana has the fewest helmets both times and loses a warrior each time
    assert _ledger(s, 0, "mongol") == [2, 1] and _ledger(s, 1, "mongol") == [3, 3]
    assert _ledger(s, 0, "wall") == [7, 7] and s.players[0].released == ["warrior:young"] * 2


def test_earthquake_removes_two_floors_and_a_fallen_palace_releases_its_persons() -> None:
    s = fresh_x(2, wall=False)
    realm(s, 0, (1, ["monk:old"]), (3, ["farmer:young", "healer:young", "scholar:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.move(0, 5)
    s, fx = run_event(s, "peace", month=7, super_event="earthquake")
    prompt = GAME.prompt(s)
    assert prompt.kind == "quake" and prompt.seat == 0
    assert GAME.describe(s, prompt.choices[0]).render("en").startswith("Palace 1: its last floor falls")
    s, fx = play(s, Quake(seat=0, palace=0))
    assert s.players[0].released == ["monk:old"] and len(s.players[0].palaces) == 1
    # the second floor can only come off the 3-floor palace (taken at once): one of its three
    # persons must go, from that palace only
    assert "Only one possibility" in texts(fx)[1]
    prompt = GAME.prompt(s)
    assert prompt.kind == "release" and "palace 1 has more persons than floors" in prompt.msg.render("en")
    assert {c.tile for c in prompt.choices} == {"farmer:young", "healer:young", "scholar:young"}
    with pytest.raises(RuleViolation):
        GAME.apply(s, Release(seat=0, palace=1, tile="farmer:young"))
    s, fx = play(s, Release(seat=0, palace=0, tile="healer:young"))
    assert s.players[0].palaces[0].persons == ("farmer:young", "scholar:young")
    # Ben: a single 2-floor palace; both floors are taken at once, the palace falls
    assert s.players[1].palaces == [] and s.players[1].released == ["warrior:young"]
    assert s.month == 8


def test_flood_returns_half_in_any_mix() -> None:
    s = _pair()
    s.players[0].yuan, s.players[0].rice, s.players[0].fireworks = 3, 2, 2  # 7 -> give 3
    s.players[1].yuan, s.players[1].rice, s.players[1].fireworks = 1, 0, 0  # 1 -> give 0
    s, fx = run_event(s, "peace", month=7, super_event="flood")
    assert any(e.msg.key == "dragon.fx.super_nothing" and e.seat == 1 for e in fx)  # Ben: half of 1 is 0
    prompt = GAME.prompt(s)
    assert prompt.kind == "flood" and prompt.seat == 0
    mixes = {(c.rice, c.fireworks) for c in prompt.choices}
    assert mixes == {(r, f) for r in range(3) for f in range(3) if r + f <= 3}
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Flood(seat=0, rice=3, fireworks=0))
    assert err.value.rule_id == "dragon.super.flood"
    s, fx = play(s, Flood(seat=0, rice=2, fireworks=0))
    assert (s.players[0].yuan, s.players[0].rice, s.players[0].fireworks) == (2, 0, 2)
    assert s.players[1].yuan == 1 and s.month == 8


def test_tornado_leaves_two_cards_for_months_8_and_9_and_no_person_phase_after() -> None:
    table = Table.new("dragon", ["A", "B"], {"super_events": True})
    table.submit(EventRow(months=ROW))
    table.submit(SuperEvent(event="tornado"))
    rng = random.Random(3)
    while not (table.state.month == 7 and table.prompt.kind == "tornado"):
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    assert all(len(p.cards) == 4 for p in table.state.players)
    while table.prompt.kind in ("tornado", "release"):
        table.submit(table.prompt.choices[0])
    assert all(len(p.cards) == 2 for p in table.state.players)
    cards_by_month = {}
    while table.prompt is not None:
        cards_by_month[table.state.month] = [len(p.cards) for p in table.state.players]
        if table.prompt.kind == "card":
            assert table.state.month in (8, 9)
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    assert cards_by_month[10] == cards_by_month[11] == [0, 0]
    assert table.state.final


def test_sunrise_gives_each_a_young_person_of_a_type_nobody_took_this_sunrise() -> None:
    s = _pair()
    s, _ = run_event(s, "peace", month=7, super_event="sunrise")
    prompt = GAME.prompt(s)
    assert prompt.kind == "sunrise_pick" and prompt.seat == 1
    assert all(c.tile.endswith(":young") for c in prompt.choices)
    s, _ = play(s, Pick(seat=1, tile="healer:young"))
    prompt = GAME.prompt(s)
    assert prompt.kind == "sunrise_place"  # Ben's palace is full: displace or let go
    s, _ = play(s, Place(seat=1, palace=0, displace="scholar:old"))
    assert s.players[1].track == 5 + 4
    assert "healer:young" not in [c.tile for c in GAME.prompt(s).choices]
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Pick(seat=0, tile="healer:young"))
    assert err.value.rule_id == "dragon.super.sunrise"
    s, _ = play(s, Pick(seat=0, tile="craftsman:young"))
    assert "craftsman:young" in s.players[0].persons() and s.month == 8


@pytest.mark.parametrize(
    ("kind", "check"),
    [
        ("farmer", lambda s: s.players[0].rice == 1),
        ("court_lady", lambda s: _ledger(s, 0, "charter") == [1]),
        ("monk", lambda s: _ledger(s, 0, "charter") == [2 * 3 + 1 * 2]),
    ],
)
def test_charter_gives_the_symbols_of_one_type_without_a_card_base(kind: str, check) -> None:
    s, _ = run_event(_pair(), "peace", month=7, super_event="charter")
    # Ben goes first (further ahead): warrior or scholar
    prompt = GAME.prompt(s)
    assert prompt.seat == 1 and {c.type for c in prompt.choices} == {"warrior", "scholar"}
    s, _ = play(s, Charter(seat=1, type="warrior"))
    assert s.players[1].track == 6
    prompt = GAME.prompt(s)
    assert {c.type for c in prompt.choices} == {"monk", "farmer", "court_lady"}
    s, _ = play(s, Charter(seat=0, type=kind))
    assert check(s)


def test_charter_craftsmen_build_floors_and_healers_bring_nothing() -> None:
    s = fresh_x(2, wall=False)
    realm(s, 0, (2, ["craftsman:young", "healer:young"]))
    realm(s, 1, (2, ["healer:young", "healer:old"]))
    s.move(0, 4)
    s, _ = run_event(s, "peace", month=7, super_event="charter")
    s, _ = play(s, Charter(seat=0, type="craftsman"))
    assert GAME.prompt(s).kind == "floor"
    s, fx = play(s, Floor(seat=0, palace=0))
    assert [p.floors for p in s.players[0].palaces] == [3]
    # Ben only has healers: a single choice, taken at once, and nothing comes of it
    assert any(e.msg.key == "dragon.fx.charter_none" for e in fx) and s.month == 8


def test_unverified_readings_are_marked_in_both_languages() -> None:
    for lang in ("en", "es"):
        book = rules("dragon", lang)
        for rid in (
            "dragon.super.sunrise",
            "dragon.super.charter",
            "dragon.super.eclipse",
            "dragon.wall.check",
            "dragon.wall.tiles",
            "dragon.wall.build",
            "dragon.wall.bonus",
        ):
            assert book[rid].status == "unverified"
            assert ("Unverified: " if lang == "en" else "Sin verificar: ") in book[rid].text
        for event in RULES.super_events.events:
            assert f"dragon.super.{event}" in book


def test_a_player_without_a_card_to_discard_or_persons_is_passed_over() -> None:
    s = _pair()
    s.players[0].cards = []
    s, fx = run_event(s, "peace", month=7, super_event="tornado")
    assert GAME.prompt(s).seat == 1
    s, fx = play(s, Discard(seat=1, card="monk"), Discard(seat=1, card="wild"))
    assert any(e.msg.key == "dragon.fx.super_nothing" and e.seat == 0 for e in fx)
    assert s.players[1].cards.count("wild") == 1 and s.month == 8
    with pytest.raises(RuleViolation):
        GAME.apply(s, PlayCard(seat=1, card="monk"))


def test_expansion_games_cite_known_rules_and_render_in_both_languages() -> None:
    from dragon_expansion_helpers import random_x_table
    from dragon_helpers import step_random

    en = rules("dragon", "en")
    cited: set[str] = set()
    for seed in range(12):
        table, rng = random_x_table(seed, True, True)
        while (prompt := table.prompt) is not None:
            cited.update(prompt.rule_ids)
            for lang in ("en", "es"):
                for m in (
                    prompt.msg,
                    table.banner,
                    *(GAME.describe(table.state, c) for c in prompt.choices or []),
                ):
                    text = m.render(lang)
                    assert "{" not in text and not text.startswith("dragon."), text
            for e in step_random(table, rng):
                cited.add(e.rule_id)
                assert "{" not in e.msg.render("es") and not e.msg.render("en").startswith("dragon.")
        cited.update(line.rule_id for row in table.scoreboard.rows for line in row.breakdown)
        for row in table.scoreboard.rows:
            for line in row.breakdown:
                assert not line.label.render("es").startswith("dragon.")
    assert not {r for r in cited if r not in en and not r.startswith("core.")}


def test_the_super_event_is_resolved_once_every_decision_it_asked_is_made() -> None:
    # what the super event card's "Resolved." follows (the screens hold no rule of their own)
    s = fresh_x(2, wall=False)
    realm(s, 0, (1, ["monk:old"]), (3, ["farmer:young", "healer:young", "scholar:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.move(0, 5)
    assert not super_event_resolved(run_event(s, "peace", month=6, super_event="earthquake")[0])
    s, _ = run_event(s, "peace", month=7, super_event="earthquake")
    assert GAME.prompt(s).kind == "quake" and not super_event_resolved(s)
    s, _ = play(s, Quake(seat=0, palace=0))
    assert GAME.prompt(s).kind == "release" and not super_event_resolved(s)  # the quake's own release
    s, _ = play(s, Release(seat=0, palace=0, tile="healer:young"))
    assert s.month == 8 and super_event_resolved(s)
