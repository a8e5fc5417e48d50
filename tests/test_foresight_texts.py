"""Every text the previews and summaries produce exists in English and Spanish (no key shown raw)."""

from __future__ import annotations

import random
import re

from chinatown_helpers import new_table as chinatown_table
from chinatown_helpers import play_random as play_chinatown
from chinatown_helpers import random_trade
from dayu_helpers import new_table as dayu_table
from dragon_expansion_helpers import random_x_table
from dragon_helpers import step_random
from pydantic import BaseModel

from companion.core import Effect, Msg
from companion.core.foresight import table_history
from companion.games import chinatown, dayu, dragon
from companion.i18n import LANGUAGES, catalog


def keys_in(obj: object) -> set[str]:
    """Every catalogue key inside a result: its Effects, their Msgs and the Msgs in their arguments."""
    if isinstance(obj, Msg):
        return {obj.key} | {k for v in obj.args.values() for k in keys_in(v)}
    if isinstance(obj, Effect):
        return keys_in(obj.msg)
    if isinstance(obj, BaseModel):
        return {k for name in type(obj).model_fields for k in keys_in(getattr(obj, name))}
    if isinstance(obj, list | tuple):
        return {k for v in obj for k in keys_in(v)}
    return set()


def assert_translated(keys: set[str]) -> None:
    assert any(k.startswith("foresight.") for k in keys)
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if k not in catalog(lang))
        assert not missing, f"{lang}: {missing}"


def test_dragon_texts():
    keys: set[str] = set()
    for seed in range(6):
        table, rng = random_x_table(seed, wall=seed % 2 == 0, super_events=True)
        while table.prompt is not None:
            if rng.random() < 0.1:
                keys |= keys_in(dragon.coming_events(table.state))
            step_random(table, rng)
        keys |= keys_in(dragon.round_summaries(*table_history(table)))
    assert_translated(keys)


def test_chinatown_texts():
    keys: set[str] = set()
    rng = random.Random(3)
    for _ in range(3):
        table = chinatown_table(5)

        def look(t, keys=keys):
            s = t.state
            if s.phase == "trade" and (trade := random_trade(s, rng)) is not None:
                keys |= keys_in(chinatown.trade_preview(s, trade))
            if s.phase == "place":
                for b in s.vacant_of(s.order()[s.placer])[:1]:
                    keys |= keys_in(chinatown.building_preview(s, b))

        play_chinatown(table, rng, on_step=look)
        keys |= keys_in(chinatown.round_summaries(*table_history(table)))
    assert_translated(keys)


def msgs_in(obj: object) -> list[Msg]:
    """The top-level Msgs of a result (the lines a screen shows)."""
    if isinstance(obj, Msg):
        return [obj]
    if isinstance(obj, Effect):
        return [obj.msg]
    if isinstance(obj, BaseModel):
        return [m for name in type(obj).model_fields for m in msgs_in(getattr(obj, name))]
    if isinstance(obj, list | tuple):
        return [m for v in obj for m in msgs_in(v)]
    return []


def test_chinatown_money_in_the_readers_format():
    """Income and money in the previews and summaries are written as the money chips write them:
    "$10,000" in English, "10.000 $" in Spanish (they were "10,000" in both)."""
    rng = random.Random(5)
    table = chinatown_table(4)
    shown: list[Msg] = []

    def look(t):
        s = t.state
        if s.phase == "trade" and (trade := random_trade(s, rng)) is not None:
            shown.extend(msgs_in(chinatown.trade_preview(s, trade)))

    play_chinatown(table, rng, on_step=look)
    shown.extend(msgs_in(chinatown.round_summaries(*table_history(table))))
    english = [m.render("en") for m in shown]
    spanish = [m.render("es") for m in shown]
    assert any(re.search(r"\$\d{1,3}(,\d{3})+", text) for text in english), english[:5]
    assert any(re.search(r"\d{1,3}(\.\d{3})+\xa0\$", text) for text in spanish), spanish[:5]
    assert not any(re.search(r"\d,\d{3}", text) for text in spanish), [t for t in spanish if "," in t][:3]
    assert not any("$$" in text or "$ $" in text for text in english + spanish)


def test_dayu_texts():
    keys: set[str] = set()
    rng = random.Random(4)
    table = dayu_table(3)
    while (prompt := table.prompt) is not None:
        if rng.random() < 0.2:
            keys |= keys_in(dayu.marker_preview(table.state))
        table.submit(rng.choice(prompt.choices))
    keys |= keys_in(dayu.round_summaries(*table_history(table)))
    assert_translated(keys)
