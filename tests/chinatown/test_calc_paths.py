"""The income calculator's two ways to read its input (issue 27): plain checks for input that is
plainly valid, the pydantic model for everything else. On many random inputs, good and bad, the
calculator gives the same result, or the same error, as with the model alone."""

import random

import pytest

from companion.core.calc import CalcInputError
from companion.games.chinatown import calc
from companion.games.chinatown.tables import BUILDINGS, SHOP_IDS

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]
# Ways input goes wrong, one at a time: (where, what it becomes).
FAULTS = [
    ("owner", ""),
    ("owner", 3),
    ("owner", None),
    ("owner", True),
    ("owner", ["Ana"]),
    ("shop", 7),
    ("shop", False),
    ("shop", ""),
    ("shop", {"id": "photo"}),
    ("building", None),
    ("building", "Ana"),
    ("building", []),
    ("extra", "red"),
    ("no owner", None),
    ("key", "x"),
    ("key", "0"),
    ("key", " 7"),
    ("key", "07"),
    ("key", str(BUILDINGS + 1)),
    ("root", "list"),
    ("root", "extra"),
    ("root", "none"),
]


def random_board(rng: random.Random) -> dict:
    """A board as a player writes one: some buildings owned, most with a shop tile."""
    owners = rng.sample(NAMES, rng.randint(1, 5))
    buildings = {}
    for n in rng.sample(range(1, BUILDINGS + 1), rng.randint(0, 40)):
        b: dict = {"owner": rng.choice(owners)}
        roll = rng.random()
        if roll < 0.7:
            b["shop"] = rng.choice(SHOP_IDS[:4])  # few types: businesses form, boxes overflow
        elif roll < 0.8:
            b["shop"] = None
        buildings[str(n)] = b
    return {"buildings": buildings}


def spoil(data: dict, rng: random.Random) -> object:
    """The board with one random fault."""
    where, value = rng.choice(FAULTS)
    buildings = data["buildings"]
    if where == "root":
        return {"list": [data], "extra": {**data, "year": 1970}, "none": None}[value]
    if not buildings:
        return {"buildings": []}
    key = rng.choice(list(buildings))
    if where == "key":
        buildings[value] = buildings.pop(key)
    elif where == "building":
        buildings[key] = value
    elif where == "extra":
        buildings[key]["colour"] = value
    elif where == "no owner":
        buildings[key].pop("owner")
    else:
        buildings[key][where] = value
    return data


def outcome(data: object) -> tuple[str, object]:
    try:
        return "result", calc.chinatown_income(data)
    except CalcInputError as exc:
        return "error", (exc.msg.key, exc.msg.render("en"), exc.msg.render("es"))


def model_only(data: object, monkeypatch: pytest.MonkeyPatch) -> tuple[str, object]:
    """The calculator as before the plain checks: the model reads every input."""
    with monkeypatch.context() as patch:
        patch.setattr(calc, "plain_buildings", lambda data: None)
        return outcome(data)


@pytest.mark.parametrize("seed", range(8))
def test_plain_checks_give_what_the_model_gives(seed, monkeypatch):
    rng = random.Random(seed)
    kinds = set()
    for _ in range(150):
        data = random_board(rng)
        if rng.random() < 0.5:
            data = spoil(data, rng)
        fast = outcome(data)
        assert fast == model_only(data, monkeypatch), data
        kinds.add(fast[0] if fast[0] == "result" else fast[1][0])
    assert {"result", "chinatown.calc.bad_input", "chinatown.calc.bad_building"} <= kinds


def test_plain_checks_take_only_what_the_model_takes():
    """Whatever the plain checks take, the model takes too, as the same buildings."""
    rng = random.Random(99)
    taken = 0
    for _ in range(400):
        data = random_board(rng)
        if rng.random() < 0.5:
            data = spoil(data, rng)
        plain = calc.plain_buildings(data)
        if plain is not None:
            taken += 1
            assert plain == calc.model_buildings(data)
    assert taken > 100


def test_plainly_valid_input_loads_no_pydantic_model():
    """The common case never reaches the model: it would cost the command its start time."""
    data = {"buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "20": {"owner": "Ben"}}}
    assert calc.plain_buildings(data) == {"16": ("Ana", "tea_house"), "20": ("Ben", None)}
