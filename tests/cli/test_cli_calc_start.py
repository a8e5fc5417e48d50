"""`companion calc` as a short process (issue 27): once its cache folder is prepared, a calculator
given good input loads neither pydantic, Babel, the games' registry nor the engine; the rules
data it reads without pydantic is still validated whenever the file changes."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.data import rules_data_dir

PROBE = """
import contextlib, io, json, sys
from companion.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
    code = main(json.loads(sys.argv[1]))
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""
HEAVY = ("pydantic", "pydantic_core", "babel", "flet", "importlib.metadata", "companion.core.registry")
INCOME = {
    "buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "17": {"owner": "Ana", "shop": "tea_house"}}
}
FINAL = {
    "players": [
        {"name": "Ana", "money": 760000, "shops": 7},
        {"name": "Ben", "money": 500000, "shops": 9},
        {"name": "Cy", "money": 500000, "shops": 4},
    ]
}


def run(args: list[str], env: dict[str, str]) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "COMPANION_CACHE": str(tmp_path / "cache")}


DAYU = {
    "players": [
        {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}], "flood_cards": ["red_bonus", {"points": 2}]},
        {"name": "Ben", "vp_cards": [], "flood_cards": ["free_move"]},
    ]
}


DRAGON = {
    "players": [
        {"name": "Ana", "vp": 41, "track": 9, "palaces": [{"floors": 2, "persons": ["monk:young"]}]},
        {"name": "Ben", "vp": 38, "track": 7, "palaces": [], "yuan": 4, "rice": 1},
    ]
}


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("chinatown-income", INCOME),
        ("chinatown-final", FINAL),
        ("dayu-final", DAYU),
        ("dragon-final", DRAGON),
    ],
)
def test_once_prepared_a_calculator_loads_nothing_heavy(tmp_path, env, name, data):
    given = tmp_path / "in.json"
    given.write_text(json.dumps(data))
    first = run(["calc", name, str(given)], env)  # prepares: validates the data, learns the money pattern
    for lang in ("en", "es"):
        run(["calc", name, str(given), "--lang", lang], env)
        again = run(["calc", name, str(given), "--lang", lang], env)
        assert again["code"] == 0
        heavy = {m for m in again["modules"] if m.startswith(HEAVY)}
        assert not heavy, heavy
        assert not {f"companion.games.{g}.game" for g in ("chinatown", "dayu", "dragon")} & set(
            again["modules"]
        )
        if lang == "en":
            assert again["out"] == first["out"]
    assert first["code"] == 0 and first["out"]


def test_bad_input_is_worded_by_the_model(tmp_path, env):
    given = tmp_path / "in.json"
    given.write_text(json.dumps({"buildings": {"16": {"owner": ""}}}))
    done = run(["calc", "chinatown-income", str(given)], env)
    assert done["code"] == 2 and "buildings.16.owner" in done["out"] and "pydantic" in done["modules"]


def test_rules_data_changed_since_it_validated_is_validated_again(tmp_path, env):
    rules = tmp_path / "rules"
    shutil.copytree(rules_data_dir(), rules)
    env = {**env, "COMPANION_RULES_DATA": str(rules)}
    given = tmp_path / "in.json"
    given.write_text(json.dumps(INCOME))
    assert run(["calc", "chinatown-income", str(given)], env)["code"] == 0  # validated, noted
    assert run(["calc", "chinatown-income", str(given)], env)["code"] == 0  # the note trusted
    game = rules / "chinatown" / "game.json"
    damaged = json.loads(game.read_text())
    damaged["income"]["complete"]["3"] = "fifty thousand"
    game.write_text(json.dumps(damaged))
    done = run(["calc", "chinatown-income", str(given)], env)
    assert done["code"] == 2 and "game.json" in done["out"], done["out"]
