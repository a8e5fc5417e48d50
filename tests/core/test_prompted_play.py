"""The prompt a game hands back with a played entry (PromptedPlay, PromptedApply) is the one
``prompt`` gives."""

import random

from companion.core import Table
from companion.core.offers import offer
from companion.games.dragon.entries import Act, Place


def test_the_prompt_handed_on_by_play_is_the_prompt_of_the_new_state(monkeypatch):
    asked = []
    table = Table.new("dragon", ["Ana", "Ben", "Carla", "Dan"], {"great_wall": True, "super_events": True})
    game_prompt = type(table.game).prompt
    monkeypatch.setattr(
        type(table.game), "prompt", lambda self, state: asked.append(1) or game_prompt(self, state)
    )
    rng = random.Random(5)
    while (prompt := table.prompt) is not None:
        assert prompt == game_prompt(table.game, table.state)
        table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
    # Only the setup asks the game for its prompt: a played choice (play_prompted) and a table
    # fact (a deal, the event row: apply_prompted) hand on the prompt of the state they lead to.
    assert len(asked) == 1


def test_an_offered_entry_is_one_frozen_instance_equal_to_a_new_one():
    first = offer(Act, seat=2, card="taxes")
    assert offer(Act, seat=2, card="taxes") is first
    assert first == Act(seat=2, card="taxes") and first.model_dump() == Act(seat=2, card="taxes").model_dump()
    assert offer(Place, seat=1, palace=None) is not offer(Place, seat=1, palace=0)
