"""A made entry is told as who did what, true after it: History's headers, the Play screen's
"Last:" line.

A walkthrough read "Palace 1 (3 floors, 2 inside)" as a History header (the tapped answer, not
what happened) and "Last: Draw from the silver pile (28 left)" with the count from before the
draw: both came from the choice's label (``describe``) with the state before the entry."""

from __future__ import annotations

import random

import pytest
from random_play import play_to_end, play_until
from ui_testkit import new_hub, started

from companion.core import Table
from companion.games.dayu.entries import Draw
from companion.ui.rule_links import SPAN_STYLE
from companion.ui.settings import PREFIX

NAMES = ["Ana", "Ben", "Carla"]
SUBJECT = {"en": "The table", "es": "La mesa"}  # a fact the table enters (a deal, the event row)


def played(hub, game: str, seed: int) -> Table:
    table = hub.create(Table.new(game, NAMES))
    rng = random.Random(seed)
    if game == "chinatown":  # trades too: a whole game (its helper enters them)
        play_to_end(table, rng)
    else:
        play_until(table, rng, lambda t: t.version >= 120 or t.prompt is None)
    return table


def told_by_whom(header: str, entry, lang: str) -> bool:
    """The header names who acted: the entry's seat, or (a table fact) a player or the table."""
    seat = getattr(entry, "seat", None)
    if seat is not None:
        return NAMES[seat] in header
    return any(name in header for name in NAMES) or header.startswith(SUBJECT[lang])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("game", "seed"), [("dragon", 3), ("chinatown", 5), ("dayu", 7)])
async def test_every_history_header_says_who_did_what(tmp_path, game, seed, lang):
    hub = new_hub(tmp_path)
    table = played(hub, game, seed)
    h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": lang})
    shown = [i for i in range(len(table.history)) if h.has(f"entry-{i}")]
    assert len(shown) >= 20, shown
    unnamed = []
    for i in shown:
        header = h.by_key(f"entry-{i}").title.value
        if not told_by_whom(header, table.history[i][1], lang) or "." in header.split(" ")[0]:
            unnamed.append((i, header))  # no one named, or a raw key
    assert unnamed == []
    h.close()


async def test_the_last_line_after_a_draw_holds_no_count_from_before_it(tmp_path):
    """ "Last: Draw from the silver pile (28 left)" right after the draw that left 27."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", NAMES))
    play_until(table, random.Random(2), lambda t: bool(t.history) and isinstance(t.history[-1][1], Draw))
    i, draw, _ = table.history[-1]
    who = NAMES[table.state_at(i).current]
    h = await started(hub, route=f"/table/{table.id}")
    pile = draw.pile  # the frames' English names are their ids
    assert h.by_key("last-entry").value == f"Last: {who} draws from the {pile} pile"
    h.close()
    h = await started(hub, route=f"/table/{table.id}/history")
    assert h.by_key(f"entry-{i}").title.value == f"{who} draws from the {pile} pile"
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_consequence_that_says_the_header_again_keeps_only_its_rule(tmp_path, lang):
    """A History card read "Ana releases the young farmer from palace 2" twice: as its header and
    as its first consequence (which cites Drought). The repeat is left out; its rule link stays."""
    hub = new_hub(tmp_path)
    table = played(hub, "dragon", 3)
    h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": lang})
    repeats, kept = [], 0
    for i in [i for i in range(len(table.history)) if h.has(f"entry-{i}")]:
        header = h.by_key(f"entry-{i}").title.value
        for k in range(len(table.history[i][2])):
            line = f"entry-{i}-fx-{k}"
            assert h.has(line), line  # every consequence keeps its rule link
            if h.has(f"{line}-text"):
                said = h.by_key(f"{line}-text").value
                repeats += [(header, said)] if said.rstrip(".").lower() == header.rstrip(".").lower() else []
            else:
                only = h.by_key(f"{line}-rule-only")
                assert only.value in ("Rule:", "Regla:")
                # its link upright, as every other rule link: a span takes its Text's italic
                assert not only.italic and [s.style for s in only.spans] == [SPAN_STYLE]
                kept += 1
    assert repeats == [] and kept > 0, (repeats, kept)
    h.close()


async def test_the_play_screens_last_line_is_not_said_again_under_it(tmp_path):
    """The Play screen's "Last: Ben takes the young warrior" had the same sentence under it."""
    from companion.ui.i18n import Tr
    from companion.ui.rule_links import restates
    from companion.ui.views.history import entry_label

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", NAMES))
    tr = Tr("en")

    def repeated(t: Table) -> bool:  # the last entry's first consequence says its header again
        if not t.history or not t.history[-1][2]:
            return False
        i, entry, effects = t.history[-1]
        return restates(entry_label(tr, t, i, entry), tr.msg(effects[0].msg))

    play_until(table, random.Random(4), repeated)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "en"})
    assert h.has("why-0") and not h.has("why-0-text") and h.has("why-0-rule-only"), h.by_key(
        "last-entry"
    ).value
    h.close()


async def test_a_trades_gives_make_one_rule_line(tmp_path):
    # Walkthrough 2026-12-06: a Chinatown trade's entry in History had "Rule: Trading" twice, one
    # under the other (each give's effect says the trade again); one line, with no player's dot.
    from test_foresight_ui import chinatown_table

    from companion.games import chinatown
    from companion.games.chinatown.entries import Give, Trade

    hub = new_hub(tmp_path)
    table = chinatown_table(hub, year=0, phase="trade")
    given = sorted(b for b, s in table.state.owner.items() if s == 0)[0]
    unit = chinatown.data.DATA.money_unit
    table.submit(
        Trade(gives=(Give(giver=0, receiver=1, buildings=(given,)), Give(giver=1, receiver=0, money=unit)))
    )
    i = table.version - 1
    h = await started(hub, route=f"/table/{table.id}/history")
    only = [k for k in h.keys(f"entry-{i}-fx-") if k.endswith("-rule-only")]
    assert len(only) == 1, only
    assert not [k for k in h.keys(f"entry-{i}-fx-") if k.endswith("-dot")]
    h.close()


async def test_what_an_entry_set_off_keeps_its_line_even_in_the_headers_words(tmp_path):
    """Review 2026-12-06: "Ben releases the old monk from palace 1 to make room for the young
    monk" set off the Mongol invasion, which released that young monk: "Ben releases the young
    monk from palace 1" has only the header's words, and was drawn as "Rule: Mongol invasion"
    with no dot. Only the entry's own step can say its header again; what it set off is news."""
    from companion.i18n import restates
    from companion.ui.i18n import Tr
    from companion.ui.views.history import entry_label

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"]))
    tr = Tr("en")

    def set_off_in_the_headers_words(t: Table) -> bool:
        if not t.history or len(t.history[-1][2]) < 2:
            return False
        i, entry, effects = t.history[-1]
        label = entry_label(tr, t, i, entry)
        return any(fx.rule_id != effects[0].rule_id and restates(label, tr.msg(fx.msg)) for fx in effects[1:])

    play_until(table, random.Random(3), set_off_in_the_headers_words)
    i, _, effects = table.history[-1]
    news = [k for k, fx in enumerate(effects) if fx.rule_id != effects[0].rule_id]
    h = await started(hub, route=f"/table/{table.id}/history", prefs={PREFIX + "lang": "en"})
    for k in news:
        assert h.by_key(f"entry-{i}-fx-{k}-text").value == tr.msg(effects[k].msg)
        assert h.has(f"entry-{i}-fx-{k}-dot") == (effects[k].seat is not None)  # whose it is
    h.close()
