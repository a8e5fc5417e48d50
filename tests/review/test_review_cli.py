"""``companion review FILE``: text in English and Spanish, each line with its rule; JSON; --seat."""

from __future__ import annotations

import json
import random

from random_play import play_to_end

from companion import cli
from companion.core import Table


def _file(tmp_path, game: str = "dragon") -> str:
    table = Table.new(game, ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(2))
    path = tmp_path / "table.json"
    path.write_text(table.to_json(), encoding="utf-8")
    return str(path)


def test_review_text_in_both_languages(tmp_path, capsys) -> None:
    path = _file(tmp_path)
    assert "review" in cli.COMMANDS
    assert cli.main(["review", path, "--seat", "ana", "--alternatives", "40"]) == 0
    en = capsys.readouterr().out
    assert "Ana: " in en and "[core.review]" in en and "against the table's average" in en
    assert "Ben:" in en  # Dragon has no secrets: everyone's points by source
    assert cli.main(["review", path, "--seat", "Ana", "--alternatives", "40", "--lang", "es"]) == 0
    es = capsys.readouterr().out
    assert "respecto a la media de la mesa" in es and "[core.review]" in es
    lines = [line for line in es.splitlines() if line.strip().startswith(("+", "−"))]
    assert all(line.rstrip().endswith("]") for line in lines)  # each effect with its rule


def test_review_json_and_an_unknown_seat(tmp_path, capsys) -> None:
    path = _file(tmp_path, "chinatown")
    assert cli.main(["review", path, "--json", "--alternatives", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "chinatown" and data["unit"] == "money" and data["cut"] is True
    assert data["evaluated"] == 30 and all("text" in n for n in data["notes"])
    labels = [
        a["label"]["text"] for p in data["players"] for d in p["turning_points"] for a in d["alternatives"]
    ]
    assert labels and not any("{'key'" in text for text in labels)  # messages inside messages rendered
    assert cli.main(["review", path, "--seat", "Zoe"]) == 2
    assert "Zoe" in capsys.readouterr().err
