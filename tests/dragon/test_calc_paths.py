"""The final-scoring calculator's two ways to read its input (issue 27): plain checks for input
that is plainly valid, the pydantic model for everything else. On many random inputs, good and
bad, the calculator gives the same result, or the same error, as with the model alone."""

import random

import pytest

from companion.core.calc import CalcInputError
from companion.games.dragon import calc
from companion.games.dragon.tables import TILE_IDS

COUNTS = ["vp", "track", "yuan", "rice", "fireworks"]
# Ways input goes wrong, one at a time: (where, what it becomes).
FAULTS = [
    ("name", ""),
    ("name", 7),
    ("name", None),
    ("count", -1),
    ("count", True),
    ("count", 2.0),
    ("count", "3"),
    ("count", None),
    ("palaces", None),
    ("palaces", {"floors": 2}),
    ("palace", "tall"),
    ("floors", 0),
    ("floors", 9),
    ("floors", "2"),
    ("floors", False),
    ("no floors", None),
    ("persons", "monk:young"),
    ("persons", [3]),
    ("persons", ["dragon:old"]),
    ("persons", ["monk:young"] * 4),
    ("extra", 1),
    ("palace extra", 1),
    ("player", "Ana"),
    ("root", "players empty"),
    ("root", "extra"),
    ("root", "list"),
    ("same name", None),
]


def random_input(rng: random.Random) -> dict:
    players = []
    for i in range(rng.randint(1, 5)):
        p: dict = {"name": rng.choice(["Ana", "Ben", "Cy", "Dee", "Eli"]) + str(i)}
        for field in COUNTS:
            if rng.random() < 0.7:
                p[field] = rng.randint(0, 30)
        if rng.random() < 0.8:
            palaces = []
            for _ in range(rng.randint(0, 4)):
                floors = rng.randint(1, 3)
                palace: dict = {"floors": floors}
                if rng.random() < 0.9:
                    palace["persons"] = rng.sample(TILE_IDS, rng.randint(0, floors))
                palaces.append(palace)
            p["palaces"] = palaces
        players.append(p)
    return {"players": players}


def spoil(data: dict, rng: random.Random) -> object:
    where, value = rng.choice(FAULTS)
    players = data["players"]
    p = rng.choice(players)
    palaces = p.setdefault("palaces", [])
    if not palaces:
        palaces.append({"floors": 2})
    palace = rng.choice(palaces)
    if where == "root":
        return {"players empty": {"players": []}, "extra": {**data, "month": 12}, "list": players}[value]
    if where == "count":
        p[rng.choice(COUNTS)] = value
    elif where == "palace":
        palaces[0] = value
    elif where == "no floors":
        palace.pop("floors")
    elif where in ("floors", "persons"):
        palace[where] = value
    elif where == "extra":
        p["colour"] = value
    elif where == "palace extra":
        palace["colour"] = value
    elif where == "player":
        players[0] = value
    elif where == "same name":
        players.append({"name": p["name"].upper()})
    else:
        p[where] = value
    return data


def outcome(data: object) -> tuple[str, object]:
    try:
        return "result", calc.dragon_final(data)
    except CalcInputError as exc:
        return "error", (exc.msg.key, exc.msg.render("en"), exc.msg.render("es"))


@pytest.mark.parametrize("seed", range(8))
def test_plain_checks_give_what_the_model_gives(seed, monkeypatch):
    rng = random.Random(seed)
    kinds = set()
    for _ in range(150):
        data = random_input(rng)
        if rng.random() < 0.5:
            data = spoil(data, rng)
        fast = outcome(data)
        with monkeypatch.context() as patch:
            patch.setattr(calc, "plain_players", lambda data: None)  # the model reads every input
            assert fast == outcome(data), data
        kinds.add(fast[0] if fast[0] == "result" else fast[1][0])
    assert {"result", "dragon.calc.bad_input"} <= kinds


def test_plain_checks_take_only_what_the_model_takes():
    rng = random.Random(7)
    taken = 0
    for _ in range(400):
        data = random_input(rng)
        if rng.random() < 0.5:
            data = spoil(data, rng)
        plain = calc.plain_players(data)
        if plain is not None:
            taken += 1
            assert plain == calc.model_players(data)
    assert taken > 100
