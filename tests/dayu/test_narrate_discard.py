"""History's line for a Da Yu discard names each card with its article and where the cards go, in
both languages."""

from __future__ import annotations

import random

from random_play import play_until

from companion.core import Table
from companion.games.dayu.narrate import narrate
from companion.i18n import restates


def test_a_discard_names_each_card_with_its_article():
    for seed in range(40):  # the first random game that discards
        table = Table.new("dayu", ["Ana", "Ben", "Carla"])
        play_until(
            table,
            random.Random(seed),
            lambda t: t.prompt is None or (bool(t.entries) and t.entries[-1].kind == "discard"),
        )
        if table.entries and table.entries[-1].kind == "discard":
            break
    entry = table.entries[-1]
    assert entry.kind == "discard" and len(entry.cards) >= 1
    table.undo()  # the state the discard was entered at
    said = {lang: narrate(table.state, entry).render(lang) for lang in ("en", "es")}
    n = len(entry.cards)
    assert said["en"].count(" the ") == n + 1 and said["en"].startswith(
        " discards the ", said["en"].index(" ")
    )
    assert said["es"].count("la carta") == n and " descarta la carta" in said["es"]
    # where the cards go, as the discard's own line says it: that line then only gives its rule
    # under the entry ("Last: ..."; it said the whole discard a second time)
    assert said["en"].endswith(" to the bottom of their piles") and said["es"].endswith(
        " al fondo de sus mazos"
    )
    table.redo()
    line = table.last[2][0]
    assert line.rule_id == "dayu.discard"
    assert all(restates(said[lang], line.msg.render(lang)) for lang in ("en", "es"))
