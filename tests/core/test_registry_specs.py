"""The registry's specs give each game's own figures: the player counts of its rules, its title,
options and entries; and the calculators are found by their names, after their game."""

from __future__ import annotations

import pytest

from companion.core import registry
from companion.core.registry import UnknownGame


@pytest.mark.parametrize(
    ("game_id", "players", "title"),
    [
        ("dragon", (2, 5), "In the Year of the Dragon"),  # rulebook: 2 to 5
        ("chinatown", (3, 5), "Chinatown"),  # the Z-Man rules cover 3 to 5 players only
        ("dayu", (2, 4), "Da Yu: The Flood Conqueror"),  # the publisher's 2 to 4
    ],
)
def test_a_spec_gives_its_games_player_counts_title_options_and_entries(game_id, players, title) -> None:
    found = registry.spec(game_id)
    game = registry.get(game_id)
    assert found.id == game_id and found.game is game
    assert (found.min_players, found.max_players) == players
    assert found.title.render("en") == title
    assert found.options_model is game.options_model
    assert found.options_model() == found.options_model.model_validate({})  # every option has a default
    state = game.setup(found.options_model(), [f"P{i}" for i in range(players[0])])
    prompt = game.prompt(state)
    if prompt.choices:  # the first entry read back through the spec's entry adapter
        first = prompt.choices[0]
        assert found.entries.validate_python(first.model_dump()) == first


def test_a_game_not_installed_is_unknown() -> None:
    with pytest.raises(UnknownGame):
        registry.spec("go")


def test_calculators_are_named_after_their_game_and_found_by_name() -> None:
    every = registry.calculators()
    assert set(every) == {"dragon-final", "chinatown-income", "chinatown-final", "dayu-final"}
    for name, calc in every.items():
        game_id = name.split("-")[0]
        assert registry.spec(game_id).calculators[name] is calc
        assert registry.calculator_named(name) is calc
    assert registry.calculator_named("dragon-income") is None  # Dragon has no income calculator
    assert registry.calculator_named("income") is None
    # money is Chinatown's score; the others count victory points
    assert [registry.spec(g).score_unit for g in ("dragon", "chinatown", "dayu")] == ["vp", "money", "vp"]
