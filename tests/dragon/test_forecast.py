"""The event forecast is the rule: on random positions, what it says equals what then happens.

Each position comes from a random game (base, Great Wall, Super Events) stopped before a
month's event. The month's event is set to each event type in turn, forecast, then resolved
by the engine with random release choices and no other change in between.
"""

from __future__ import annotations

import random

import pytest
from dragon_expansion_helpers import random_x_table
from dragon_helpers import fresh, random_table, realm, step_random

from companion.core import Table
from companion.games.dragon import GAME, forecast_event
from companion.games.dragon.data import RULES
from companion.games.dragon.flow import advance
from companion.games.dragon.forecast import (
    BEFORE_EVENT,
    _decay_effects,
    coming_events,
    coming_months,
    forecast_super,
    strike,
)
from companion.games.dragon.state import DragonState

EVENTS = ("peace", "tribute", "drought", "festival", "mongol", "contagion")
POSITIONS = 200
EVENT_SOURCES = {"festival", "mongol", "wall"}


def _quiet(s: DragonState) -> bool:
    """A position between decisions: nothing half done (a tile in hand, floors to place, releases)."""
    return (
        s.phase in BEFORE_EVENT
        and s.tile is None
        and s.card is None
        and not s.floors_left
        and not s.tasks
        and s.super_step is None
    )


def random_positions(count: int, seed: int, *, super_events: bool | None = None) -> list[DragonState]:
    """``count`` positions from random games, a few from each game, at random points of play."""
    rng = random.Random(seed)
    out: list[DragonState] = []
    game = 0
    while len(out) < count:
        game += 1
        kind = game % 4
        if super_events is not None:
            table, play_rng = random_x_table(
                seed * 1000 + game, wall=game % 2 == 0, super_events=super_events
            )
        elif kind == 0:
            table, play_rng = random_table(seed * 1000 + game)
        else:
            wall, sup = [(True, False), (False, True), (True, True)][kind - 1]
            table, play_rng = random_x_table(seed * 1000 + game, wall, sup)
        stops = sorted(rng.sample(range(30, 400), 6))
        steps = 0
        while table.prompt is not None and stops and len(out) < count:
            step_random(table, play_rng)
            steps += 1
            if steps >= stops[0] and _quiet(table.state):
                out.append(table.state)
                stops.pop(0)
    return out


def _with_event(state: DragonState, event: str) -> DragonState:
    s = state.clone()
    s.events = list(s.events)
    s.events[s.month - 1] = event
    if s.options.super_events and s.month == RULES.super_events.month:
        s.super_event = None  # the super event is forecast on its own
    return s


def resolve(state: DragonState, rng: random.Random) -> tuple[DragonState, list]:
    """Jump to the end of the person phase, run the event, make the releases at random, until the month is over."""
    s = state.clone()
    s.phase = "persons"
    s.order = s.track_order()
    s.turn = len(s.order)
    fx: list = []
    advance(s, fx)
    while s.phase == "event" and s.month == state.month:
        prompt = GAME.prompt(s)
        assert prompt is not None and prompt.choices, prompt
        s, more = GAME.apply(s, rng.choice(prompt.choices))
        fx.extend(more)
    return s, fx


def check(before: DragonState, rng: random.Random) -> None:
    f = forecast_event(before, before.month)
    after, fx = resolve(before, rng)
    released = [
        len(new.released) - len(old.released) for old, new in zip(before.players, after.players, strict=True)
    ]
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        sf = f.seats[seat]
        assert sf.seat == seat and sf.line.seat == seat and sf.line.rule_id == f.rule_id
        assert old.yuan - new.yuan == sf.yuan, ("yuan", f.event, seat)
        assert old.rice - new.rice == sf.rice, ("rice", f.event, seat)
        assert old.fireworks - new.fireworks == sf.fireworks, ("fireworks", f.event, seat)
        scored = sum(
            i.points
            for i in new.ledger[len(old.ledger) :]
            if i.month == before.month and i.source in EVENT_SOURCES
        )
        assert scored == sf.vp, ("vp", f.event, seat)
        assert released[seat] == sf.releases, ("releases", f.event, seat)
        mine = [e for e in fx if e.rule_id == "dragon.decay" and e.seat == seat]
        decayed = tuple(sorted(n for e in mine for n in e.msg.args["palaces"]))
        gone = tuple(
            sorted(n for e in mine if e.msg.key == "dragon.fx.decay_lost" for n in e.msg.args["palaces"])
        )
        if not released[seat]:
            assert (decayed, gone) == (sf.decay, sf.gone), ("decay", f.event, seat)
        else:
            assert set(sf.decay) <= set(decayed) and set(sf.gone) <= set(gone), ("decay", f.event, seat)
        assert_decay_said_as_the_engine_says_it(sf)
        assert sf.helmets == old.symbols(RULES.types["warrior"].symbol)
    if f.event in ("festival", "mongol"):  # the ranking's VP are those the engine then gives
        ranking = {r.args["player"]: r.args["vp"] for r in f.table[0].msg.args["ranking"]}
        for old, new in zip(before.players, after.players, strict=True):
            got = sum(i.points for i in new.ledger[len(old.ledger) :] if i.source == f.event)
            assert ranking[old.name] == got


def assert_decay_said_as_the_engine_says_it(sf) -> None:
    """The compact line says of each decaying palace what decay itself says: one with a single
    floor disappears, a taller one loses a floor (never "loses a floor" for a palace then gone),
    each group once ("palaces 1 and 2 lose a floor")."""
    parts = sf.line.msg.args.get("parts", [])
    said = {n: p.key.rsplit(".", 1)[1] for p in parts if "palaces" in p.args for n in p.args["palaces"]}
    assert said == {n: "decay_lost" if n in sf.gone else "decay_floors" for n in sf.decay}
    keys = [p.key for p in parts if "palaces" in p.args]
    assert len(keys) == len(set(keys))
    assert set(sf.gone) <= set(sf.decay)


@pytest.fixture(scope="module")
def positions() -> list[DragonState]:
    return random_positions(POSITIONS, seed=15)


@pytest.mark.parametrize("event", EVENTS)
def test_forecast_equals_what_the_event_then_does(positions, event):
    rng = random.Random(event)
    for before in positions:
        check(_with_event(before, event), rng)


def test_next_months_forecast_equals_what_its_event_then_does(positions):
    """The Play screen also shows next month's event as if it struck now: the row's own event,
    with the Great Wall's checks when it is in play (month 12's last check included)."""
    rng = random.Random(24)
    for before in positions:
        if before.month < RULES.setup.months:
            s = before.clone()
            s.month += 1
            if s.month == RULES.super_events.month:
                s.super_event = None  # the super event is forecast on its own
            check(s, rng)


def test_the_positions_reach_every_kind_of_outcome(positions):
    """The 200 positions are not all alike: shortfalls, releases, wall checks and decay all occur."""
    seen = set()
    for before in positions:
        for event in EVENTS:
            f = forecast_event(_with_event(before, event), before.month)
            for sf in f.seats:
                seen |= {
                    k
                    for k in ("yuan", "rice", "fireworks", "vp", "releases", "decay", "gone")
                    if getattr(sf, k)
                }
            seen |= {e.rule_id for e in f.table}
    assert {"yuan", "rice", "fireworks", "vp", "releases", "decay", "gone", "dragon.wall.check"} <= seen
    # the event forecasts are compared with and without the Great Wall (and the Super Events)
    assert {(p.options.great_wall, p.options.super_events) for p in positions} == {
        (False, False),
        (True, False),
        (False, True),
        (True, True),
    }


def test_the_forecasts_leave_the_state_as_it_was(positions):
    """The forecasts work on one private copy (decay undone on it, the releases made on it last):
    the state the screen shows is never touched, month 7's super event included."""
    for before in positions[:60]:
        for event in EVENTS:
            s = _with_event(before, event)
            dump = s.model_dump()
            assert coming_events(s)
            assert s.model_dump() == dump
            struck, _ = strike(s, s.month)  # the releases then count on it: decay must be undone
            dump = struck.model_dump()
            _decay_effects(struck)
            assert struck.model_dump() == dump


def test_tribute_hint_and_lines():
    s = fresh(2)
    realm(s, 0, (2, ["monk:young", "monk:old"]), yuan=1)
    realm(s, 1, (2, ["warrior:young"]), yuan=9)
    s.events = ["peace"] * 12
    s.events[3] = "tribute"
    s.month, s.phase, s.order = 4, "actions", [0, 1]
    f = forecast_event(s, 4)
    ana, ben = f.seats
    assert (ana.yuan, ana.releases, ben.yuan, ben.releases) == (1, 2, 4, 0)
    assert ana.line.msg.render("en") == "Ana: −1\u00a0yuan and must release 2 persons"
    assert ana.line.msg.render("es") == "Ana: −1\u00a0yuan y debe liberar 2 personas"  # the count first
    assert any(d.msg.render("en") == "Ana is 3\u00a0yuan short of paying in full" for d in ana.detail)
    assert ben.line.msg.render("en") == "Ben: −4\u00a0yuan"
    assert ben.line.msg.render("es") == "Ben: −4\u00a0yuanes"
    # The hint is right: with 3 more yuan, Ana keeps everyone.
    s.players[0].yuan += 3
    assert forecast_event(s, 4).seats[0].releases == 0


def test_a_one_floor_palace_that_decays_is_said_to_disappear():
    """The forecast's line and its hint agree with decay's own effect: palace 2 (one floor,
    empty) is gone, palace 3 (two floors, empty) loses a floor."""
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (1, []), (2, []), rice=9, yuan=9)
    realm(s, 1, (2, ["warrior:young"]), rice=9, yuan=9)
    s.events = ["peace"] * 12
    s.month, s.phase, s.order = 2, "actions", [0, 1]
    ana = forecast_event(s, 2).seats[0]
    assert (ana.decay, ana.gone) == ((2, 3), (2,))
    assert ana.line.msg.render("en") == "Ana: palace 3 loses a floor; palace 2 disappears"
    assert ana.line.msg.render("es") == "Ana: el palacio 3 pierde un piso; el palacio 2 desaparece"
    said = [d.msg.render("en") for d in ana.detail]
    assert "Ana: empty palace 2 had a single floor and disappears" in said
    assert "A person in palace 2 would save it" in said
    assert "A person in palace 3 would save its floor" in said


def test_coming_months_this_one_and_the_next():
    s = fresh(3)
    s.events = ["peace"] * 12
    s.month, s.phase = 5, "actions"
    assert coming_months(s) == [5, 6]
    s.phase = "event"
    assert coming_months(s) == [6, 7]
    s.month = 12
    assert coming_months(s) == []
    s.phase = "persons"
    assert coming_months(s) == [12]


@pytest.mark.parametrize("event", ["lantern", "buddha", "assassination", "volcano"])
def test_super_forecast_equals_what_the_super_event_then_does(event):
    rng = random.Random(event)
    month = RULES.super_events.month
    for before in random_positions(40, seed=7, super_events=True):
        s = before.clone()
        s.events = list(s.events)
        s.month, s.super_event = month, event
        s.events[month - 1] = "peace"  # nothing else happens in the month: the super event alone
        f = forecast_super(s)
        assert f is not None and f.super
        after, _ = resolve(s, rng)
        for seat, (old, new) in enumerate(zip(s.players, after.players, strict=True)):
            sf = f.seats[seat]
            gained = sum(i.points for i in new.ledger[len(old.ledger) :] if i.source == event)
            assert gained == sf.vp
            if event == "volcano":
                assert sf.track == new.track == 0
            if event == "assassination":
                assert new.small_privileges == new.large_privileges == 0
                had = old.small_privileges or old.large_privileges
                assert bool(had) == any(e.msg.key == "dragon.fx.assassination" for e in sf.detail)


@pytest.mark.parametrize("event", ["earthquake", "flood", "tornado", "charter", "sunrise"])
def test_super_forecast_asks_exactly_who_the_engine_asks(event):
    rng = random.Random(event)
    month = RULES.super_events.month
    for before in random_positions(40, seed=8, super_events=True):
        s = before.clone()
        s.events = list(s.events)
        s.month, s.super_event = month, event
        s.events[month - 1] = "peace"
        f = forecast_super(s)
        assert f is not None
        _, fx = resolve(s, rng)
        passed = {e.seat for e in fx if e.msg.key == "dragon.fx.super_nothing"}
        for sf in f.seats:
            asked = any(d.msg.key.startswith("foresight.dragon.ask.") for d in sf.detail)
            assert asked == (sf.seat not in passed), (event, sf.seat)
        if event == "flood":
            for sf in f.seats:
                asks = [d for d in sf.detail if d.msg.key == "foresight.dragon.ask.flood"]
                p = s.players[sf.seat]
                half = (p.yuan + p.rice + p.fireworks) // RULES.super_events.flood_divisor
                assert [d.msg.args["n"] for d in asks] == ([half] if half else [])


def test_coming_events_includes_the_super_event_until_it_strikes():
    table, rng = random_x_table(3, wall=True, super_events=True)
    while table.prompt is not None and not (table.state.month == 3 and table.state.phase == "actions"):
        step_random(table, rng)
    forecasts = coming_events(table.state)
    assert [f.month for f in forecasts] == [3, 4, RULES.super_events.month]
    assert forecasts[-1].super and forecasts[-1].event == table.state.super_event
    for f in forecasts:
        assert len(f.seats) == len(table.players)
        for sf in f.seats:
            assert sf.line.msg.render("en") and sf.line.msg.render("es")
            assert "{" not in sf.line.msg.render("es")


def test_the_super_event_is_still_to_come_while_the_months_releases_are_made():
    month = RULES.super_events.month
    s = random_positions(1, seed=9, super_events=True)[0].clone()
    s.month, s.super_event, s.phase = month, "lantern", "event"
    s.after = ["super"]
    assert forecast_super(s) is not None
    s.after = []
    assert forecast_super(s) is None
    s.super_step, s.phase = None, "groups"
    s.month = month + 1
    assert forecast_super(s) is None


# ---- month 7's super event against the engine, with and without the Great Wall ------------

SUPER_NOW = ("lantern", "buddha", "assassination", "volcano")  # act at once
SUPER_ASKS = ("earthquake", "flood", "tornado", "charter", "sunrise")  # ask each player
ROW_EVENTS = ("tribute", "drought", "festival", "mongol", "contagion")  # what an eclipse can repeat
ROUND_SOURCES = {"palaces", "ladies", "privileges"}  # the month's end, after the super event


def _before_super(position: DragonState, wall: bool, super_event: str, event: str) -> DragonState:
    """The state the engine stands in when month 7's super event comes: the month's event
    (``event``), its wall check and its releases done, the super event next in ``after``."""
    s = position.clone()
    s.options = s.options.model_copy(update={"great_wall": wall, "super_events": True})
    s.events = list(s.events)
    s.events[RULES.super_events.month - 1] = event
    s.month, s.super_event, s.phase = RULES.super_events.month, super_event, "event"
    s.order, s.turn = s.track_order(), 0
    s.after, s.tasks, s.super_step = ["super"], [], None
    return s


def _engine_super(s: DragonState, rng: random.Random) -> tuple[DragonState, list]:
    """What the engine then does: the super event, the steps after it, each decision at random, to month 8."""
    fx: list = []
    s = s.clone()
    advance(s, fx)
    while s.month == RULES.super_events.month:
        prompt = GAME.prompt(s)
        assert prompt is not None and prompt.choices, prompt
        s, more = GAME.apply(s, rng.choice(prompt.choices))
        fx.extend(more)
    return s, fx


def check_super(before: DragonState, rng: random.Random) -> None:
    f = forecast_super(before)
    assert f is not None and f.super and f.event == before.super_event
    after, fx = _engine_super(before, rng)
    event = before.super_event
    # every wall check the engine runs (an eclipse on a Mongol invasion) is in the forecast, word for word
    engine_wall = [e.msg.render("en") for e in fx if e.rule_id == "dragon.wall.check" and e.seat is None]
    assert [e.msg.render("en") for e in f.table if e.rule_id == "dragon.wall.check"] == engine_wall
    passed = {e.seat for e in fx if e.msg.key == "dragon.fx.super_nothing"}
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        sf = f.seats[seat]
        what = (event, before.events[6], before.options.great_wall, seat)
        asked = any(d.msg.key.startswith("foresight.dragon.ask.") for d in sf.detail)
        if event in SUPER_ASKS:  # the outcome is the players' choice: who is asked is the forecast
            assert asked == (seat not in passed), what
            continue
        assert not asked, what
        assert old.yuan - new.yuan == sf.yuan, ("yuan", *what)
        assert old.rice - new.rice == sf.rice, ("rice", *what)
        assert old.fireworks - new.fireworks == sf.fireworks, ("fireworks", *what)
        scored = sum(i.points for i in new.ledger[len(old.ledger) :] if i.source not in ROUND_SOURCES)
        assert scored == sf.vp, ("vp", *what)
        assert len(new.released) - len(old.released) == sf.releases, ("releases", *what)
        assert sf.track == (new.track if event == "volcano" else None), ("track", *what)
        if event == "assassination":
            assert new.small_privileges == new.large_privileges == 0


@pytest.fixture(scope="module")
def super_positions() -> list[DragonState]:
    return random_positions(150, seed=24, super_events=True)


@pytest.mark.parametrize("wall", [True, False], ids=["wall", "no_wall"])
@pytest.mark.parametrize("event", [*SUPER_NOW, *SUPER_ASKS])
def test_super_forecast_equals_what_the_engine_then_does(super_positions, event, wall):
    rng = random.Random(f"{event}{wall}")
    for position in super_positions:
        check_super(_before_super(position, wall, event, rng.choice(ROW_EVENTS)), rng)


@pytest.mark.parametrize("wall", [True, False], ids=["wall", "no_wall"])
@pytest.mark.parametrize("repeated", ROW_EVENTS)
def test_eclipse_forecast_equals_what_the_engine_then_does(super_positions, repeated, wall):
    """The eclipse runs the month's event again and, after a Mongol invasion with the Great
    Wall, a second wall check: its forecast counts both."""
    rng = random.Random(f"{repeated}{wall}")
    for position in super_positions:
        check_super(_before_super(position, wall, "eclipse", repeated), rng)


def test_eclipse_on_a_mongol_invasion_forecasts_the_second_wall_check():
    """The issue's case: both expansions, an eclipse, month 7 a Mongol invasion, nobody with
    helmets or wall; at month 1 the month-7 event costs each player a person for the Mongols
    and one for the short wall, and the eclipse as much again."""
    table = Table.new("dragon", ["Ana", "Ben"], {"great_wall": True, "super_events": True})
    row = ["tribute", "drought", "festival", "contagion", "mongol"] * 2  # months 3 to 12
    table.submit({"kind": "event_row", "months": row})
    table.submit({"kind": "super_event", "event": "eclipse"})
    while not (table.state.month == 1 and table.state.phase == "groups"):
        table.submit(table.prompt.choices[0])
    s = table.state
    assert s.events[6] == "mongol"
    assert [sf.releases for sf in forecast_event(s, 7).seats] == [2, 2]
    sup = forecast_super(s)
    assert [sf.releases for sf in sup.seats] == [2, 2]
    assert any(e.rule_id == "dragon.wall.check" for e in sup.table)
    assert [sf.line.msg.render("en") for sf in sup.seats] == [
        "Ana: must release 2 persons",
        "Ben: must release 2 persons",
    ]


def test_festival_hint_with_no_fireworks_names_both_places_the_engine_then_gives():
    """With no fireworks anywhere the hint names the VP for the most and the next most; give two
    players different counts and the engine pays exactly those two."""
    s = fresh(3)
    s.events = ["peace"] * 12
    s.events[4] = "festival"
    s.month, s.phase, s.order = 5, "actions", [0, 1, 2]
    for p in s.players:
        p.fireworks = 0
    hints = [d for d in forecast_event(s, 5).seats[0].detail if d.msg.key.endswith("festival_any")]
    assert len(hints) == 1
    first, second = hints[0].msg.args["first"], hints[0].msg.args["second"]
    assert hints[0].msg.render("en") == (
        f"Nobody has fireworks yet: whoever gets the most scores {first}\u00a0VP, the next most {second}"
    )
    s.players[0].fireworks, s.players[1].fireworks = 2, 1
    after, _ = resolve(s, random.Random(0))
    festival = [sum(i.points for i in p.ledger if i.source == "festival") for p in after.players]
    assert festival == [first, second, 0]
