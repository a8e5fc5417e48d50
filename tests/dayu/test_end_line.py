"""The game's last effect names the winner and the winning points, as the final scores decide it:
a tie on points goes to the most flood cards, a tie on both is a shared victory (History's last
line in Da Yu only said why the game ended: walk4, shot 128)."""

from __future__ import annotations

from dayu_helpers import new_table

from companion.core import Effect
from companion.games.dayu import GAME
from companion.games.dayu.rules import apply
from companion.games.dayu.state import FloodCard, VPCard


def ending(vp: list[int], floods: list[int]) -> list[Effect]:
    """Each seat of a two- or three-player game holds one red VP card of ``vp`` and ``floods``
    0-point flood cards; the flood pile is empty, and everyone rests until the game ends."""
    t = new_table(len(vp), start=1)
    state = t.state.model_copy(deep=True)
    for p, points, n in zip(state.players, vp, floods, strict=True):
        p.vp_cards = [VPCard(frame="red", vp=points)]
        p.flood = [FloodCard(kind="points", points=0)] * n
    state.flood_pile = 0
    fx: list[Effect] = []
    while state.phase != "over":
        state, fx = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": state.current}))
    assert state.end_reason == "flood_conquered"
    return fx


def test_the_last_line_names_the_winner_and_the_points() -> None:
    fx = ending([7, 6], [0, 3])
    assert fx[-2].rule_id == "dayu.end.condition" and fx[-1].rule_id == "dayu.score.tie_break"
    assert fx[-1].msg.render("en") == "P0 wins with 7\xa0VP."
    assert fx[-1].msg.render("es") == "Gana P0 con 7\xa0PV."


def test_a_tie_on_points_names_the_one_the_flood_cards_chose() -> None:
    fx = ending([6, 6, 6], [1, 3, 2])
    assert fx[-1].msg.render("en") == (
        "P1 wins with 6\xa0VP, on the tie-break: 3 flood cards, ahead of P2 (2) and P0 (1)."
    )
    assert fx[-1].msg.render("es") == (
        "Gana P1 con 6\xa0PV, por desempate: 3 cartas de inundación, por delante de P2 (2) y P0 (1)."
    )


def test_a_tie_on_points_and_flood_cards_names_every_winner() -> None:
    fx = ending([6, 6, 2], [1, 1, 4])
    assert fx[-1].msg.render("en") == "P0 and P1 share the victory with 6\xa0VP and 1 flood card each."
    assert fx[-1].msg.render("es") == (
        "P0 y P1 comparten la victoria con 6\xa0PV y 1 carta de inundación cada cual."
    )
