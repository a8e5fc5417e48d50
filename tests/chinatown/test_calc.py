import pytest

from companion.core.calc import CalcInputError
from companion.games.chinatown import calc_model  # noqa: F401  (see the note below the imports)
from companion.games.chinatown.calc import chinatown_income, render_chinatown_income

# calc.py loads its pydantic model only for input its plain checks refuse. Imported here, at
# collection, which the coverage tracer follows in every worker, its class lines are counted
# whichever test first needs the model: an untraced test (the command line's) that loaded it
# first in every worker left it at 0 % (docs/PERFORMANCE.md, make test on 3.11 and 3.12).


def owned(owner, shop, *numbers):
    return {str(n): {"owner": owner, "shop": shop} for n in numbers}


def test_the_brief_example():
    result = chinatown_income({"buildings": owned("Ana", "tea_house", 16, 17, 19)})
    assert result == {
        "income": {"Ana": 50000},
        "businesses": [
            {
                "owner": "Ana",
                "shop": "tea_house",
                "buildings": [16, 17, 19],
                "size": 3,
                "complete": True,
                "income": 50000,
            }
        ],
    }


def test_rulebook_examples_together_and_owner_only_buildings():
    buildings = {
        **owned("Ana", "factory", 52, 53, 56),
        **owned("Ben", "seafood", 71, 72, 75),
        **owned("Ben", "laundry", 80, 81, 85),
        **owned("Carla", "photo", 6, 7, 8, 9, 5),
        "55": {"owner": "Ana"},
        "1": {"owner": "Dai"},
    }
    result = chinatown_income({"buildings": buildings})
    assert result["income"] == {"Ana": 30000, "Ben": 90000, "Carla": 70000, "Dai": 0}
    carla = [b for b in result["businesses"] if b["owner"] == "Carla"]
    assert sorted((b["size"], b["complete"]) for b in carla) == [(2, False), (3, True)]
    # Filling 55 joins the two factory businesses into one of four.
    buildings["55"] = {"owner": "Ana", "shop": "factory"}
    assert chinatown_income({"buildings": buildings})["income"]["Ana"] == 60000


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"buildings": {"86": {"owner": "Ana"}}}, "chinatown.calc.bad_building"),
        ({"buildings": {"0": {"owner": "Ana"}}}, "chinatown.calc.bad_building"),
        ({"buildings": {"x": {"owner": "Ana"}}}, "chinatown.calc.bad_building"),
        ({"buildings": {"3": {"owner": "Ana", "shop": "pizza"}}}, "chinatown.calc.unknown_shop"),
        ({"buildings": {"3": {"shop": "photo"}}}, "chinatown.calc.bad_input"),
        ({"buildings": [1, 2]}, "chinatown.calc.bad_input"),
        ({"board": {}}, "chinatown.calc.bad_input"),
        ("nonsense", "chinatown.calc.bad_input"),
        ({"buildings": {"3": {"owner": "Ana", "colour": "red"}}}, "chinatown.calc.bad_input"),
    ],
)
def test_bad_input_raises_one_clear_message(data, key):
    with pytest.raises(CalcInputError) as info:
        chinatown_income(data)
    assert info.value.msg.key == key
    assert "{" not in info.value.msg.render("es")


def test_render_in_both_languages():
    result = chinatown_income({"buildings": owned("Ana", "tea_house", 16, 17, 19)})
    en = render_chinatown_income(result, "en")
    assert "Ana: $50,000" in en and "+\u2060$50,000: Tea House 16, 17, and 19, complete (3/3)" in en
    es = render_chinatown_income(result, "es")
    assert "Casa de té en 16, 17 y 19, negocio completo (3/3)" in es
    assert "Ana: 50.000\xa0$" in es and "+50.000\xa0$: Casa de té" in es  # Spanish grouping, sign after


def test_registered_for_the_cli():
    from companion.core.registry import calculators

    found = calculators()["chinatown-income"]
    assert (found.run, found.render) == (chinatown_income, render_chinatown_income)


@pytest.mark.parametrize(("shop", "n", "box"), [("restaurant", 12, 9), ("photo", 7, 6)])
def test_more_tiles_of_a_type_than_the_box_holds_are_refused(shop, n, box):
    with pytest.raises(CalcInputError) as err:
        chinatown_income({"buildings": owned("Ana", shop, *range(1, n + 1))})
    assert err.value.msg.key == "contract.chinatown.calc.too_many_tiles"
    assert str(box) in err.value.msg.render("en") and str(box) in err.value.msg.render("es")
    # The box's count itself is fine.
    assert chinatown_income({"buildings": owned("Ana", shop, *range(1, box + 1))})["income"]["Ana"] > 0


def test_six_owners_are_refused_for_a_three_to_five_player_game():
    five = {str(n): {"owner": f"P{n}"} for n in range(1, 6)}
    assert len(chinatown_income({"buildings": five})["income"]) == 5
    six = {**five, "6": {"owner": "P6", "shop": "photo"}}
    with pytest.raises(CalcInputError) as err:
        chinatown_income({"buildings": six})
    assert err.value.msg.key == "chinatown.calc.too_many_owners"
    assert "6 owners" in err.value.msg.render("en") and "3 to 5 players" in err.value.msg.render("en")
    assert "6 propietarios" in err.value.msg.render("es")
