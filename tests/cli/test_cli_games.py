"""The `companion` console script as a user runs it: real subprocesses, real games."""

import json
import random
import subprocess
import sys

import pytest

from companion.core import Table


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


DRAGON = {
    "players": [
        {
            "name": "Ana",
            "vp": 0,
            "track": 9,
            "palaces": [
                {"floors": 2, "persons": ["monk:young", "farmer:old"]},
                {"floors": 3, "persons": ["monk:old", "scholar:young", "healer:young"]},
                {"floors": 2, "persons": ["craftsman:young", "warrior:old"]},
            ],
            "yuan": 4,
            "rice": 1,
            "fireworks": 2,
        },
        {"name": "Ben", "vp": 25, "track": 9, "palaces": [], "yuan": 0, "rice": 0, "fireworks": 0},
    ]
}


def test_dragon_final_rulebook_example_and_stack_tie_break(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DRAGON))
    out = run("calc", "dragon-final", str(path), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {"Ana": 25, "Ben": 25}
    assert result["ranking"] == ["Ana", "Ben"]  # same space: the one listed first is higher in the stack


@pytest.mark.parametrize(
    "name, data",
    [
        (
            "dragon-final",
            {
                "players": [
                    {
                        "name": "A",
                        "vp": 1,
                        "track": 0,
                        "palaces": [{"floors": 1, "persons": ["wizard:young"]}],
                        "yuan": 0,
                        "rice": 0,
                        "fireworks": 0,
                    }
                ]
            },
        ),
        (
            "dragon-final",
            {
                "players": [
                    {
                        "name": "A",
                        "vp": 1,
                        "track": 0,
                        "palaces": [{"floors": 1, "persons": ["monk:young", "monk:old"]}],
                        "yuan": 0,
                        "rice": 0,
                        "fireworks": 0,
                    }
                ]
            },
        ),
        ("chinatown-income", {"buildings": {"86": {"owner": "Ana", "shop": "photo"}}}),
        ("chinatown-income", {"buildings": {"12": {"owner": "Ana", "shop": "bakery"}}}),
        (
            "dayu-final",
            {"players": [{"name": "A", "vp_cards": [{"frame": "gold", "vp": 1}], "flood_cards": []}]},
        ),
        ("dayu-final", {"players": "nobody"}),
    ],
)
def test_bad_calculator_input_is_one_line_exit_2(name, data):
    out = run("calc", name, "-", stdin=json.dumps(data))
    assert out.returncode == 2
    assert out.stderr.startswith("companion: ") and out.stderr.count("\n") == 1
    assert "Traceback" not in out.stderr


def test_damaged_json_is_one_line_exit_2():
    out = run("calc", "chinatown-income", "-", stdin='{"buildings": ')
    assert out.returncode == 2 and "not valid JSON" in out.stderr


def test_chinatown_income_rulebook_example():
    data = {"buildings": {str(n): {"owner": "Ana", "shop": "tea_house"} for n in (16, 17, 19)}}
    data["buildings"]["20"] = {"owner": "Ben"}
    out = run("calc", "chinatown-income", "-", "--json", stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["income"]["Ana"] == 50000
    assert result["businesses"][0]["buildings"] == [16, 17, 19] and result["businesses"][0]["complete"]


def test_dayu_final_shared_victory():
    data = {
        "players": [
            {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}], "flood_cards": [{"points": 2}]},
            {"name": "Ben", "vp_cards": [{"frame": "green", "vp": 5}], "flood_cards": [{"points": 0}]},
        ]
    }
    out = run("calc", "dayu-final", "-", "--json", stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert sorted(result["shared"]) == ["Ana", "Ben"]


def test_chinatown_final_ranks_by_money_then_tiles_and_prints_money():
    data = {
        "players": [
            {"name": "Ana", "money": 760000, "shops": 7},
            {"name": "Ben", "money": 760000, "shops": 9},
            {"name": "Carla", "money": 500000, "shops": 2},
        ]
    }
    out = run("calc", "chinatown-final", "-", "--json", stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ranking"] == ["Ben", "Ana", "Carla"]
    text = run("calc", "chinatown-final", "-", "--lang", "es", stdin=json.dumps(data))
    assert text.returncode == 0 and "1. Ben: 760.000\xa0$ (9 losetas de tienda en el tablero)" in text.stdout
    assert "Gana: Ben" in text.stdout and "chinatown." not in text.stdout
    data["players"].append({"name": "Dai", "money": 1, "shops": 0})
    bad = run("calc", "chinatown-final", "-", stdin=json.dumps(data))
    assert bad.returncode == 2 and "Player 4: money must be a multiple of $10,000" in bad.stderr


def test_rules_search_in_both_languages():
    en = run("rules", "dragon", "drought")
    es = run("rules", "dragon", "sequia", "--lang", "es")
    assert en.returncode == es.returncode == 0
    assert "dragon.event.drought" in en.stdout and "dragon.event.drought" in es.stdout
    assert run("rules", "chess", "x").returncode == 2


def test_replay_a_real_dragon_game(tmp_path):
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(11)
    for _ in range(80):
        p = table.prompt
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    path = tmp_path / "dragon.json"
    path.write_text(table.to_json())
    out = run("replay", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["entries"] == 80 and data["prompt"]["kind"] == table.prompt.kind
    assert data["phase"] == table.banner.render()
    text = run("replay", str(path), "--lang", "es")
    assert text.returncode == 0 and table.banner.render("es") in text.stdout
