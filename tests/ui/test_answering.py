"""The web server counts its HTTP answers (companion/ui/answering.py): the warm-up waits for a
pause in them before taking the GIL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from companion.ui.answering import Answers
from companion.ui.app import make_main
from companion.ui.webserver import build_app


def test_every_http_answer_is_counted_and_the_count_says_when_it_ended():
    answers = Answers()
    assert answers.quiet_for() == 0.0  # nothing answered yet: no pause to start in
    client = TestClient(build_app(make_main(), answers=answers))
    assert client.get("/").status_code == 200
    assert client.get("/no-such-file.js").status_code in (200, 404)
    assert answers.answered == 2 and answers.busy == 0
    assert answers.quiet_for() > 0.0


def test_while_answering_there_is_no_pause():
    answers = Answers()
    answers.answered, answers.busy = 3, 1
    assert answers.quiet_for() == 0.0
