"""BG Stats writes ``"score": null`` for a player whose score nobody typed (and null for a rank,
a seat order or a winner mark it has nothing for): read as "no score" / not given, never as a
damaged entry. A play where some players have a score and one has none comes in with who won
alone, said in the import's notes (docs/DECISIONS.md, "Scores the rules cannot give, and four
play-log gaps", item 2)."""

from __future__ import annotations

from companion.plays.bgstats import plan_import


def _backup(scores: list[dict]) -> dict:
    return {
        "games": [{"id": 1, "name": "In the Year of the Dragon", "bggId": 31594}],
        "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cai"}],
        "locations": [],
        "plays": [{"uuid": "u-1", "gameRefId": 1, "playDate": "2026-11-02 20:00:00", "playerScores": scores}],
    }


def _at(ref: int, score: object, winner: object = False) -> dict:
    return {"playerRefId": ref, "score": score, "winner": winner, "rank": None, "seatOrder": ref}


def test_null_scores_and_ranks_are_read_as_not_given() -> None:
    plan = plan_import(_backup([_at(1, None, True), _at(2, None, None), _at(3, None)]), set(), set())
    assert plan.refused == [] and plan.notes == []
    [(play, _links)] = plan.plays
    assert [(s.name, s.score, s.place, s.winner) for s in play.seats] == [
        ("Ana", None, 1, True),
        ("Ben", None, 2, False),
        ("Cai", None, 2, False),
    ]


def test_a_play_where_one_player_has_no_score_comes_in_with_who_won() -> None:
    plan = plan_import(_backup([_at(1, "40", True), _at(2, None), _at(3, 30)]), set(), set())
    assert plan.refused == []
    [(play, _links)] = plan.plays
    assert not play.scored and play.winners == ["Ana"]
    [note] = plan.notes
    assert note.line("en").render("en") == (
        "Brought in with who won only: 2 Nov 2026, In the Year of the Dragon: Ben has no score in the"
        " file, so the play came in without its scores: type them with Edit."
    )
    assert "Ben no tiene puntuación en el archivo" in note.line("es").render("es")


def test_without_a_winner_marked_the_player_without_a_score_is_named() -> None:
    plan = plan_import(_backup([_at(1, "40"), _at(2, None), _at(3, 30)]), set(), set())
    assert plan.plays == [] and plan.notes == []
    [refused] = plan.refused
    assert refused.reason.key == "plays.bgstats.why.no_score" and refused.reason.args["name"] == "Ben"
