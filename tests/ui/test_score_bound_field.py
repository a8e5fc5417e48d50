"""The Edit dialog says a score no game allows under that seat's own field, before anything is
stored (docs/DECISIONS.md, "Scores the rules cannot give")."""

from __future__ import annotations

import pytest

from companion.plays.models import PlayRecord, PlaySeat
from companion.ui.views.play_edit import SeatRefused, _typed_scores


def _play() -> PlayRecord:
    seats = [
        PlaySeat(seat=0, name="Ana", score=None, place=1, winner=True),
        PlaySeat(seat=1, name="Ben", score=None, place=2, winner=False),
    ]
    return PlayRecord(id="p", source="bgg", game="dragon", date="2026-03-25T12:00:00+00:00", seats=seats)


def test_the_seat_with_a_digit_too_many_is_the_one_refused() -> None:
    with pytest.raises(SeatRefused) as refused:
        _typed_scores(_play(), ["44", "3800"])
    assert refused.value.seat == 1 and refused.value.msg.key == "plays.score.over"
    assert "Ben" in refused.value.msg.render("es")
    assert _typed_scores(_play(), ["44", "38"]) == [44, 38]
