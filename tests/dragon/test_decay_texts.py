"""What a table reads about decay: the palaces a player loses floors of are named together
("Ana: empty palaces 1 and 2 lose a floor"), each line citing the decay rule; and before the first
persons are placed, the forecast does not tell the decay of palaces that are only empty because
nobody has recruited yet."""

from __future__ import annotations

from dragon_helpers import ROW, fresh, play, realm, run_event

from companion.games.dragon import forecast_event
from companion.games.dragon.entries import EventRow, Pick, Place, StartPlayer
from companion.games.dragon.forecast import coming_events


def _decay_lines(fx: list, seat: int, lang: str = "en") -> list[str]:
    return [e.msg.render(lang) for e in fx if e.rule_id == "dragon.decay" and e.seat == seat]


def test_palaces_that_lose_a_floor_together_are_one_line():
    s = fresh(2)
    realm(s, 0, (2, []), (2, []), (3, ["monk:young"]), (2, []), rice=9)
    s, fx = run_event(s, "peace")
    assert [p.floors for p in s.players[0].palaces] == [1, 1, 3, 1]
    assert _decay_lines(fx, 0) == ["Ana: empty palaces 1, 2, and 4 lose a floor (1 left in each)"]
    assert _decay_lines(fx, 0, "es") == [
        "Ana: los palacios 1, 2 y 4, vacíos, pierden un piso y se quedan con 1 cada uno"
    ]


def test_palaces_left_with_different_floors_and_palaces_gone_are_told_apart():
    """Each line stays true of every palace it names: those left with 2 floors, those left with 1,
    and the one-floor palaces that disappear."""
    s = fresh(2)
    realm(s, 0, (3, []), (1, []), (2, []), (1, []), (3, []), rice=9)
    s, fx = run_event(s, "peace")
    assert [p.floors for p in s.players[0].palaces] == [2, 1, 2]
    assert _decay_lines(fx, 0) == [
        "Ana: empty palaces 1 and 5 lose a floor (2 left in each)",
        "Ana: empty palace 3 loses a floor (1 left)",
        "Ana: empty palaces 2 and 4 had a single floor each and disappear",
    ]
    assert _decay_lines(fx, 0, "es")[2] == ("Ana: los palacios 2 y 4, vacíos y de un solo piso, desaparecen")


def test_the_forecast_names_the_decaying_palaces_once():
    s = fresh(2)
    realm(s, 0, (2, []), (2, []), (1, []), (2, ["monk:young"]), rice=9, yuan=9)
    realm(s, 1, (2, ["warrior:young"]), rice=9, yuan=9)
    s.events = ["peace"] * 12
    s.month, s.phase, s.order = 2, "actions", [0, 1]
    ana = forecast_event(s, 2).seats[0]
    assert (ana.decay, ana.gone) == ((1, 2, 3), (3,))
    assert ana.line.msg.render("en") == "Ana: palaces 1 and 2 lose a floor; palace 3 disappears"
    assert ana.line.msg.render("es") == "Ana: los palacios 1 y 2 pierden un piso; el palacio 3 desaparece"
    hints = [d for d in ana.detail if d.msg.key.startswith("foresight.dragon.hint.")]
    assert [d.msg.render("en") for d in hints] == [
        "With a person in each of palaces 1 and 2, they would keep their floors",
        "A person in palace 3 would save it",
    ]
    assert {d.rule_id for d in hints} == {"dragon.decay"}


def _at_recruitment():
    s, _ = play(fresh(3), EventRow(months=ROW), StartPlayer(player=1))
    return s


def test_before_the_first_persons_the_forecast_tells_no_decay():
    """At setup every palace is empty, but nobody has placed a person yet: month 1's forecast
    does not say that every palace loses a floor; it says when decay will count."""
    s = _at_recruitment()
    for f in coming_events(s):
        for sf in f.seats:
            assert (sf.decay, sf.gone) == ((), ())
            line = sf.line.msg.render("en")
            assert "palace" not in line and "palacio" not in sf.line.msg.render("es")
            assert not any(d.msg.key.startswith("dragon.fx.decay") for d in sf.detail)
            said = [d for d in sf.detail if d.msg.key == "foresight.dragon.hint.decay_setup"]
            assert len(said) == 1 and said[0].rule_id == "dragon.decay"
    ben = forecast_event(s, 1).seats[1]  # month 1 is Peace: decay alone could touch anyone
    assert ben.line.msg.render("en") == "Ben: decay counted once the first persons are placed"
    assert ben.line.msg.render("es") == "Ben: el deterioro cuenta cuando coloque sus primeras personas"
    name = s.players[1].name
    assert coming_events(s)[0].seats[1].detail[-1].msg.render("en") == (
        f"Decay is not counted yet: {name} has still to place their first persons."
        " After that, each palace left empty loses a floor."
    )


def test_before_the_oldest_player_is_named_no_seat_is_told_decay():
    s, _ = play(fresh(3), EventRow(months=ROW))
    assert s.phase == "start_player"
    seats = forecast_event(s, 1).seats
    assert [sf.decay for sf in seats] == [(), (), ()]
    assert all(sf.detail[-1].msg.key == "foresight.dragon.hint.decay_setup" for sf in seats)


def test_a_player_who_has_placed_the_first_persons_sees_the_decay_of_a_palace_left_empty():
    """Ben recruits first and puts both persons in palace 1: palace 2 stays empty and would lose
    a floor, which his forecast says; the players still to recruit get no decay yet."""
    s = _at_recruitment()
    s, _ = play(s, Pick(seat=1, tile="tax_collector:young"), Place(seat=1, palace=0))
    assert forecast_event(s, 1).seats[1].decay == ()  # half done: his second person is still to come
    s, _ = play(s, Pick(seat=1, tile="scholar:young"), Place(seat=1, palace=0))
    f = forecast_event(s, 1)
    assert f.seats[1].decay == (2,)
    assert f.seats[1].line.msg.render("en") == "Ben: palace 2 loses a floor"
    assert all(f.seats[seat].decay == () for seat in (0, 2))


def test_once_every_player_has_recruited_the_forecast_tells_decay_again():
    s = _at_recruitment()
    for seat, tiles in (
        (1, ("tax_collector", "scholar")),
        (2, ("scholar", "healer")),
        (0, ("healer", "monk")),
    ):
        for tile in tiles:
            s, _ = play(s, Pick(seat=seat, tile=f"{tile}:young"), Place(seat=seat, palace=0))
    assert s.phase != "recruit"
    f = forecast_event(s, s.month if s.month else 1)
    assert [sf.decay for sf in f.seats] == [(2,), (2,), (2,)]
    assert not any(d.msg.key == "foresight.dragon.hint.decay_setup" for sf in f.seats for d in sf.detail)
