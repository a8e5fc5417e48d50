import json
import random

import pytest
from toy_game import GAME

from companion.cli import main
from companion.core import Table
from companion.games import register

register(GAME)


@pytest.fixture
def finished_file(tmp_path):
    t = Table.new("toy", ["Ana", "Ben"])
    rng = random.Random(3)
    while t.prompt is not None:
        t.auto(rng) if t.prompt.auto else t.submit(rng.choice(t.prompt.choices))
    path = tmp_path / "table.json"
    path.write_text(t.to_json())
    return path, t


def test_replay_json(finished_file, capsys):
    path, table = finished_file
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["prompt"] is None
    assert out["scoreboard"]["ranking"] == table.scoreboard.ranking
    assert out["scoreboard"]["final"] is True
    assert out["entries"] == table.version


def test_replay_text_mid_game(tmp_path, capsys):
    t = Table.new("toy", ["Ana", "Ben"])
    t.submit({"kind": "start", "first": 1})
    path = tmp_path / "mid.json"
    path.write_text(t.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. " in out and "Ben" in out


@pytest.mark.parametrize(
    "content, needle",
    [(None, "no such file"), ("{oops", "not JSON"), ('{"format": "x"}', "damaged")],
)
def test_replay_bad_input_is_one_line_and_exit_2(tmp_path, capsys, content, needle):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_errors_in_spanish(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nada.json"), "--lang", "es"]) == 2
    assert "no existe el archivo" in capsys.readouterr().err


def test_unknown_calculator(capsys):
    assert main(["calc", "chess-final", "-"]) == 2
    assert "unknown calculator" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Ben wins the tie: 1st on the person track, ahead of Carla (3rd)."),
        ("es", "Ben gana el desempate: 1.º en el marcador de personas, por delante de Carla (3.º)."),
    ],
)
def test_replay_says_how_a_tie_on_the_best_total_was_decided(tmp_path, capsys, lang, line):
    t = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(5)  # a game that ends with Ben and Carla on the best VP
    while t.prompt is not None:
        t.auto(rng) if t.prompt.auto else t.submit(rng.choice(t.prompt.choices))
    path = tmp_path / "tied.json"
    path.write_text(t.to_json())
    assert main(["replay", str(path), "--lang", lang]) == 0
    assert line in capsys.readouterr().out.splitlines()
    assert main(["replay", str(path), "--json", "--lang", lang]) == 0
    assert json.loads(capsys.readouterr().out)["scoreboard"]["tie_detail"] == line
