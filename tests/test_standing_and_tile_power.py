"""Table.standing (a game's round and phase without names) and Dragon's tile_power_msg (what a
person tile does), in both languages, over random games."""

import random

import pytest

from companion.core import Table
from companion.games.dragon import tile_power_msg
from companion.games.dragon.data import RULES


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
def test_standing_never_names_a_player_and_renders_in_both_languages(game):
    names = ["Ana", "Ben", "Carla"]
    table = Table.new(game, names)
    rng = random.Random(11)
    seen = set()
    while table.prompt is not None:
        for lang in ("en", "es"):
            text = table.standing.render(lang)
            assert text and not any(n in text for n in names), text
            seen.add(text)
        if not table.prompt.auto and table.prompt.choices is None:
            break  # a free-form entry (a Chinatown trade): far enough
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    assert table.standing.render("en") and len(seen) >= 2


def test_every_tile_says_what_it_does_with_its_count_of_symbols():
    for tile in RULES.tile_ids:
        n = RULES.faces[tile].symbols
        for lang in ("en", "es"):
            text = tile_power_msg(tile).render(lang)
            assert f"{n}" in text and "{" not in text, (tile, text)
    assert tile_power_msg("tax_collector:young").render("en") == "Taxes: +3\u00a0yuan"
    assert tile_power_msg("monk:old").render("es") == "Final: 2 Budas × los pisos de su palacio"


def test_fireworks_say_what_they_count():
    """Walkthrough walk57: the Fireworks action's button said "Fireworks: +1" ("Fuegos
    artificiales: +1"), a number without what it counts, beside "Harvest: +1 rice"; the wall's
    bonus and the History said tiles. The button and the pyrotechnist's tile say tiles too."""
    from companion.games.dragon.entries import Act

    assert tile_power_msg("pyrotechnist:old").render("en") == "Fireworks: +2\u00a0tiles"
    assert tile_power_msg("pyrotechnist:young").render("es") == "Fuegos artificiales: +1\u00a0loseta"
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(4)
    while not (table.prompt.kind == "group" and table.state.month == 1):
        table.auto(rng) if table.prompt.auto else table.submit(table.prompt.choices[0])
    act = Act(seat=table.prompt.seat, card="fireworks")
    said = {lang: table.game.describe(table.state, act).render(lang) for lang in ("en", "es")}
    n = 1 + sum(
        RULES.faces[t].symbols for t in table.state.players[act.seat].persons() if t.startswith("pyro")
    )
    assert said == {
        "en": f"Fireworks: +{n}\u00a0{'tile' if n == 1 else 'tiles'}",
        "es": f"Fuegos artificiales: +{n}\u00a0{'loseta' if n == 1 else 'losetas'}",
    }
