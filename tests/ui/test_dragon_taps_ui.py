"""Issue 25, Dragon: one tap per answer. An action card tapped is the group and its action; a
person tile tapped is the card and its tile (and the palace chosen above the grid); a question
whose answers are all interchangeable is never asked; Undo takes back the whole tap; the person
question is a grid of one-line tiles, each named by who plays which card for which tile."""

from __future__ import annotations

import itertools
import random
import statistics

import flet as ft
from ui_testkit import hover, new_hub, started, words

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.public import distinct
from companion.i18n import translate
from companion.ui.games.dragon.looks import PERSONS
from companion.ui.games.dragon.taps import default_room, rooms, table_taps
from companion.ui.palette import TAP

NAMES = ["Ana", "Ben", "Carla", "Dai"]
OPTIONS = {"great_wall": True, "super_events": True}
PICKS = ("card", "recruit_pick", "person_pick", "sunrise_pick")


def chosen(table: Table, rng: random.Random):
    p = table.prompt
    into = default_room(table.state, p.seat) if p.kind in PICKS and p.seat is not None else None
    return rng.choice(table_taps(table, True, into))


def play_until(table: Table, rng: random.Random, until) -> Table:
    while not until(table):
        if table.prompt.auto:
            table.auto(rng)
        else:
            for e in chosen(table, rng).entries:
                table.submit(e)
    return table


def test_a_month_costs_at_most_twelve_taps_at_the_median():
    """Random taps of the tap model over 72 months (4 players, both expansions): the median month
    costs at most 12 taps (one tap per entry, as before, cost 18)."""
    months, before = [], []
    for seed in range(6):
        rng = random.Random(seed)
        table = Table.new("dragon", NAMES, OPTIONS)
        count = {}
        entries_at = {}
        while table.prompt is not None:
            month = table.state.month
            entries_at.setdefault(month, table.version)
            if table.prompt.auto:
                table.auto(rng)
            else:
                for e in chosen(table, rng).entries:
                    table.submit(e)
            count[month] = count.get(month, 0) + 1
        months += [n for m, n in count.items() if m >= 1]
        bounds = [entries_at[m] for m in sorted(entries_at)] + [table.version]
        before += [b - a for a, b in itertools.pairwise(bounds[1:])]  # entries per month
    assert statistics.median(months) <= 12, sorted(months)
    assert statistics.median(before) > statistics.median(months)


def test_palaces_alike_are_one_answer_and_old_logs_still_replay():
    table = Table.new("dragon", NAMES, OPTIONS)
    rng = random.Random(1)
    table.auto(rng)
    table.auto(rng)  # the event row, the super event
    table.submit(table.prompt.choices[0])  # the oldest player
    table.submit(table.prompt.choices[0])  # the first recruit: both palaces empty and alike
    assert table.prompt.kind == "recruit_place" and len(table.prompt.choices) == 2
    assert len(distinct(table.state, table.prompt.choices)) == 1
    # the tap model answers it within the tap that picked the person
    fresh = Table.new("dragon", NAMES, OPTIONS)
    for e in table.entries[:3]:
        fresh.submit(e)
    [tap] = [t for t in table_taps(fresh) if t.entries[0] == table.entries[3]]
    assert [e.kind for e in tap.entries] == ["pick", "place"]
    # an entry naming the other palace is still legal and a stored log holding it replays
    table.submit(table.prompt.choices[1])
    again = Table.from_dict(table.to_dict())
    assert again.entries == table.entries and again.state == table.state
    # palaces that differ are two answers
    table.submit(table.prompt.choices[0])
    assert table.prompt.kind == "recruit_place" and len(distinct(table.state, table.prompt.choices)) == 2


async def test_an_action_card_tapped_is_the_group_and_the_action_and_undo_takes_both(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(4)
    table = hub.create(
        play_until(Table.new("dragon", NAMES, OPTIONS), rng, lambda t: t.prompt.kind == "group")
    )
    found = table_taps(table)
    k, tap = next((k, t) for k, t in enumerate(found) if len(t.entries) >= 2)
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("action-grid")
    assert len(h.keys("act-group-")) == len(table.state.groups)
    before = table.version
    await h.click(f"choice-{k}")
    assert table.entries[before:] == list(tap.entries)
    assert [e.kind for e in tap.entries[:2]] == ["group", "action"]
    await h.click("undo")
    assert table.version == before  # the whole tap
    await h.click("redo")
    assert table.entries[before:] == list(tap.entries)
    h.close()


async def test_a_person_tile_is_the_card_its_tile_and_the_palace_chosen(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(2)

    def two_rooms(t: Table) -> bool:
        p = t.prompt
        return p.kind == "card" and len(rooms(t.state, p.seat)) > 1

    table = hub.create(play_until(Table.new("dragon", NAMES, OPTIONS), rng, two_rooms))
    seat = table.prompt.seat
    first, other = (
        default_room(table.state, seat),
        next(i for i in rooms(table.state, seat) if i != default_room(table.state, seat)),
    )
    h = await started(hub, route=f"/table/{table.id}")
    assert h.by_key(f"into-{first}").selected and not h.by_key(f"into-{other}").selected
    await h.click(f"into-{other}")  # the person goes into the other palace: not an entry
    assert h.by_key(f"into-{other}").selected and table.version == table.version
    found = table_taps(table, True, other)
    k, tap = next(
        (k, t) for k, t in enumerate(found) if [e.kind for e in t.entries[:3]] == ["card", "pick", "place"]
    )
    assert hover(h.by_key(f"choice-{k}")).endswith(f"into palace {other + 1}")
    before = table.version
    await h.click(f"choice-{k}")
    assert table.entries[before:] == list(tap.entries)
    assert tap.entries[2].palace == other
    assert tap.tile in table.state.players[seat].palaces[other].persons
    await h.click("undo")
    assert table.version == before and table.prompt.kind == "card"
    h.close()


async def test_the_person_grid_is_one_line_tiles_each_named_apart(tmp_path):
    hub = new_hub(tmp_path)
    rng = random.Random(3)
    table = hub.create(
        play_until(
            Table.new("dragon", NAMES, OPTIONS), rng, lambda t: t.prompt.kind == "card" and t.state.month == 1
        )
    )
    seat = table.prompt.seat
    for lang, plays in (("en", "plays the"), ("es", "juega la")):
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        assert h.has("tile-grid")
        found = table_taps(table, True, default_room(table.state, seat))
        names = [hover(h.by_key(f"choice-{k}")) for k in range(len(found))]
        assert not h.has(f"choice-{len(found)}")
        assert len(set(names)) == len(names)  # each tile its own name
        assert all(n.startswith(f"{NAMES[seat]} {plays}") for n in names)  # which seat, which card
        assert len(found) <= 16  # the hand's cards, a type's young and old tile each: one screen
        # under the tiles, what a tile's number is and where its power is told
        assert h.by_key("tile-grid-key").value == translate("ui.dragon.grid.key", lang)
        h.close()
    assert set(PERSONS) >= {t.split(":")[0] for t in GAME.setup(table.options, NAMES).supply}


async def test_a_tap_on_a_stale_screen_is_refused_and_enters_nothing(tmp_path):
    """Another phone entered first; this screen still shows the question before it: its tap is
    refused with its reason at the question, and no entry of the tap is made."""
    hub = new_hub(tmp_path)
    rng = random.Random(5)
    table = hub.create(
        play_until(Table.new("dragon", NAMES, OPTIONS), rng, lambda t: t.prompt.kind == "card")
    )
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("choice-0")
    hub.change(table.id, lambda t: [t.submit(e) for e in table_taps(t)[-1].entries])  # another phone
    version = table.version
    await h.click("choice-0")  # drawn for the table before that entry
    assert table.version == version
    assert h.by_key("error").value == translate("live.refused.stale", "en")
    h.close()


def _tappable_under_question(h) -> dict[int, str]:
    """The controls under the question that take a tap or a choice: their ids and keys."""
    out: dict[int, str] = {}
    for c in h.controls():
        if not any(getattr(c, e, None) is not None for e in ("on_click", "on_select", "on_change")):
            continue
        x = c
        while x is not None and getattr(x, "key", None) != "prompt-pad":
            x = x.parent
        if x is not None:
            out[c._i] = str(c.key)
    return out


async def test_after_each_entry_every_answer_that_takes_a_tap_is_a_new_control(tmp_path):
    """The stale-tap guarantee with the answers diffed (docs/DECISIONS.md, issue 25): whatever
    the question (action groups, person tiles and their palaces, the plain lists, a deal), no
    control that took a tap on the last question is still on the page, so a tap sent from it
    reaches a control that is gone, never the answer now standing in its place."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", NAMES, OPTIONS))
    h = await started(hub, route=f"/table/{table.id}")
    rng = random.Random(7)
    kinds = set()
    for _ in range(60):
        before, version = _tappable_under_question(h), table.version
        assert before, table.prompt.kind
        kinds.add(table.prompt.kind)
        choices = [k for k in h.keys("choice-") if k.count("-") == 1]
        await h.click("auto" if h.has("auto") else rng.choice(choices))
        assert table.version > version, (
            table.prompt.kind,
            h.has("error") and h.by_key("error").value,
            choices,
        )
        kept = {i: k for i, k in _tappable_under_question(h).items() if i in before}
        assert not kept, (table.prompt.kind, kept)
    assert {"group", "card"} <= kinds, kinds
    h.close()


async def test_a_long_answer_is_as_tall_as_its_text_never_cut(tmp_path):
    """A label longer than two lines of a 412 px button ("Liberar la nueva ficha de dama de la
    corte joven enseguida (no avanzas en el marcador de personas)") was cut after its second line
    in a button of one tap's height: such a button grows to three lines."""
    from companion.ui.games.dragon.answers import ONE_LINE, TWO_LINES, first_label
    from companion.ui.i18n import Tr

    hub = new_hub(tmp_path)
    rng = random.Random(5)

    def long_answer(t: Table) -> bool:
        return (
            not t.prompt.auto
            and any(len(first_label(Tr("es"), t, tap)) > TWO_LINES for tap in table_taps(t, True, None))
            and t.prompt.kind not in PICKS
        )

    table = hub.create(play_until(Table.new("dragon", NAMES, OPTIONS), rng, long_answer))
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": "es"})
    buttons = [h.by_key(f"choice-{k}") for k in range(len(table_taps(table, True, None)))]
    long = [b for b in buttons if len(words(b)) > TWO_LINES]
    assert long, "no long answer on screen"
    assert all(b.height is None and b.content.max_lines == 3 and hover(b) == words(b) for b in long)
    two = [b for b in buttons if ONE_LINE < len(words(b)) <= TWO_LINES]
    assert all(b.height is not None and b.content.max_lines == 2 and hover(b) == words(b) for b in two)
    h.close()


async def test_a_one_line_answer_is_the_buttons_own_text_with_no_hover_text(tmp_path):
    """A label no phone can cut (one line at 412 px) is the button's own text, in the button's own
    14 px, with no hover text saying it again: a Text control and a tooltip fewer in every answer
    sent after each entry (docs/PERFORMANCE.md, branch tapbytes). Longer ones keep theirs."""
    from companion.ui.games.dragon.answers import ONE_LINE

    hub = new_hub(tmp_path)
    rng = random.Random(3)

    def listed(t: Table) -> bool:  # a plain list of answers (palaces, persons to release)
        return t.prompt.kind in {"floor", "release"} and not t.prompt.auto

    table = hub.create(play_until(Table.new("dragon", NAMES, OPTIONS), rng, listed))
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        buttons = [h.by_key(f"choice-{k}") for k in range(len(table_taps(table, True, None)))]
        short = [b for b in buttons if len(words(b)) <= ONE_LINE]
        assert short, (lang, [words(b) for b in buttons])
        for b in short:
            assert isinstance(b.content, str) and b.tooltip is None and b.height == TAP, words(b)
        for b in buttons:
            if b not in short:
                assert isinstance(b.content, ft.Text) and hover(b) == words(b)
        h.close()


def test_a_group_whose_one_action_the_engine_takes_is_named_by_that_action_once():
    """A seat that can afford only one card of a group gets that action by the group's tap alone:
    the tile says the action ("Fireworks: +1 tile"), and its full name says the group once, not
    "Ben: Group 4, Group 4: Fireworks and Privilege" (the group's cards, one of them out of reach)."""
    from companion.ui.games.dragon.actions import action_label
    from companion.ui.i18n import Tr

    seen = 0
    for seed in (0, 1, 2):
        rng = random.Random(seed)
        table = Table.new("dragon", NAMES, OPTIONS)
        for _ in range(12):
            play_until(table, rng, lambda t: t.prompt is not None and t.prompt.kind == "group")
            single = [
                t for t in table_taps(table, True) if t.entries[0].kind == "group" and len(t.entries) == 1
            ]
            for tap in single:
                for lang, group in (("en", "Group"), ("es", "Grupo")):
                    text, full, _icon = action_label(Tr(lang), table, tap)
                    assert full.count(group) == 1, full
                    assert group not in text and " y " not in text and " and " not in text, text
                    seen += 1
            if single:
                break
            for e in chosen(table, rng).entries:
                table.submit(e)
    assert seen >= 6


def at_a_card_and_tile_tap(tmp_path):
    """A hub whose Dragon table (seeded) asks for a person card, and the answer whose one tap
    enters the card and its tile (two entries and more: what Undo takes back whole)."""
    hub = new_hub(tmp_path)
    rng = random.Random(2)
    table = hub.create(
        play_until(Table.new("dragon", NAMES, OPTIONS), rng, lambda t: t.prompt.kind == "card")
    )
    found = table_taps(table, True, default_room(table.state, table.prompt.seat))
    k = next(k for k, t in enumerate(found) if [e.kind for e in t.entries[:2]] == ["card", "pick"])
    return hub, table, k


async def test_undo_and_redo_say_what_they_took_in_history_words(tmp_path):
    """Issue 25: the host's Undo and Redo say at the question which entry they took back or put
    back, as History tells it, in the host's language; a tap of several entries (the card, its
    tile, its palace) names its first and says "and what followed"."""
    hub, table, k = at_a_card_and_tile_tap(tmp_path)
    before = table.version
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": "es"})
    await h.click(f"choice-{k}")
    assert not h.has("info")
    await h.click("undo")
    assert table.version == before
    said = "Ben juega la carta de pirotécnico (y lo que vino después)"
    assert h.by_key("info").value == f"Deshecho: {said}"
    await h.click("redo")
    assert table.version > before + 1 and h.by_key("info").value == f"Rehecho: {said}"
    await h.click("undo")
    await h.click("undo")  # Ana's palace, one entry: nothing followed it
    assert h.by_key("info").value == "Deshecho: Ana sube el palacio 1 a 3\xa0pisos"  # units joined
    h.close()


async def test_undos_notice_takes_one_line_and_a_tap_shows_it_whole(tmp_path):
    """Issue 25: Undo's notice ran to three lines at 412 px and pushed the Dragon grid below the
    fold. It takes one line, cut short; a tap shows it whole and another folds it; a screen
    reader hears it whole either way; the next notice comes folded."""
    hub, table, k = at_a_card_and_tile_tap(tmp_path)
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": "es"})
    await h.click(f"choice-{k}")
    await h.click("undo")
    said = "Deshecho: Ben juega la carta de pirotécnico (y lo que vino después)"

    def shown() -> tuple[object, object, str | None]:
        text = h.by_key("info")
        card = h.by_key("info-card")
        spoken = [c.label for c in h.controls() if isinstance(c, ft.Semantics) and c.content is card]
        return text.max_lines, text.overflow, spoken[0] if spoken else None

    assert h.by_key("info").value == said
    assert shown() == (1, ft.TextOverflow.ELLIPSIS, said)
    await h.click("info-card")
    await h.flush(pause=0.01)  # a component's state is drawn on the next turns of the loop
    assert shown() == (None, ft.TextOverflow.CLIP, said)
    await h.click("info-card")
    await h.flush(pause=0.01)  # a component's state is drawn on the next turns of the loop
    assert shown() == (1, ft.TextOverflow.ELLIPSIS, said)
    await h.click("info-card")
    await h.flush(pause=0.01)
    await h.click("redo")  # a new notice: folded
    assert h.by_key("info").value.startswith("Rehecho:") and shown()[0] == 1
    h.close()
