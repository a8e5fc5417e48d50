"""Home cards: the game, the table's name, where it stands (round and phase, or who won), and
the players once (a table named after its players does not list them again)."""

import random

from ui_testkit import new_hub, started

from companion.core import Table


def play(table: Table, rng: random.Random, entries: int | None = None) -> Table:
    n = 0
    while table.prompt is not None and (entries is None or n < entries):
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        n += 1
    return table


async def test_cards_say_the_game_where_it_stands_and_the_players_once(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(3)
    going = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    hub.change(going.id, lambda t: play(t, rng, 40))
    named = hub.create(Table.new("dragon", ["Eva", "Fer"], name="Sunday"))
    done = hub.create(Table.new("dragon", ["Gil", "Hana"]))
    hub.change(done.id, lambda t: play(t, rng))
    for lang, month, won in (("en", "Month", "won by"), ("es", "Mes", "ganó")):
        h = await started(hub, prefs={"table_companion.lang": lang})
        line = h.by_key(f"table-standing-{going.id}").value
        assert line.startswith(going.game.title.render(lang)) and f"{month} {going.state.month}" in line
        assert not any(name in line for name in ("Ana", "Ben", "Carla"))  # no turn order in it
        # named after its players: the names are the title only, not repeated under it
        text = h.all_text()
        assert text.count("Ana, Ben, Carla") == 1
        assert "Eva, Fer" in h.by_key(f"table-more-{named.id}").value
        winner = done.scoreboard.ranking[0]
        assert f"{won} {winner}" in h.by_key(f"table-standing-{done.id}").value
        h.close()


async def test_chinatown_and_dayu_cards_give_the_year_or_round(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(2)
    ct = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    dy = hub.create(Table.new("dayu", ["Ana", "Ben"]))
    hub.change(dy.id, lambda t: play(t, rng, 12))
    h = await started(hub)
    assert "(year 1 of 6)" in h.by_key(f"table-standing-{ct.id}").value
    line = h.by_key(f"table-standing-{dy.id}").value
    assert line.startswith("Da Yu") and "Ana" not in line and "Ben" not in line
    h.close()
