"""Issue 25, "the game at a glance": the strip under the Play screen's banner shows each game's
table as the state holds it (compared count by count), never a secret of another seat, is
drawn again only when what it shows changed, and opens the last round's summary."""

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest
from dragon_helpers import NAMES, step_random
from flet.pubsub.pubsub_hub import PubSubHub
from flet_harness import Harness, sent_strings
from ui_testkit import hover, keys_in_order, new_hub, started

from companion.core import Table
from companion.core.foresight import table_history
from companion.games import dragon
from companion.games.chinatown.entries import Give, Trade, TradingDone
from companion.games.chinatown.public import DATA as CHINATOWN
from companion.games.dayu.public import DATA as DAYU
from companion.games.dayu.public import POINTS_KIND
from companion.games.dragon.data import RULES
from companion.games.dragon.public import SeatForecast
from companion.i18n import translate
from companion.ui import live, peer, symbols
from companion.ui.app import make_main
from companion.ui.games.dragon.strip import worst_hit
from companion.ui.settings import PREFIX

harm = SeatForecast.harm  # how hard an event hits a player, as the engine compares them
# the end of an event's line when other players are hit as hard: the one other by name, every
# other player, or how many of them
ALSO = {
    "en": (" ({names} too)", " (everyone too)", " ({n} players too)"),
    "es": (" ({names} también)", " (todos igual)", " (otros {n} igual)"),
}
EACH = {"en": "Each player", "es": "Cada uno"}  # the tile's line when the event does the same to all


def same_to_all(f) -> bool:
    """The event does the very same to every player ("{player}: {parts}", the same parts)."""
    lines = [sf.line.msg for sf in f.seats]
    return all(m.key == "foresight.dragon.line" and m.args["parts"] == lines[0].args["parts"] for m in lines)


def also_said(lang: str, others: list[SeatForecast], players: int) -> str:
    """How the tile's line ends for ``others`` hit as hard as its player (of ``players``)."""
    if len(others) == players - 1 > 1:
        return ALSO[lang][1]
    if len(others) > 1:
        return ALSO[lang][2].format(n=len(others))
    return ALSO[lang][0].format(names=others[0].line.msg.args["player"])


def played(table: Table, rng: random.Random, until) -> Table:
    """Random legal entries (each year's first trade moves money, then trading is done)."""
    while not until(table):
        p = table.prompt
        if p.auto:
            table.auto(rng)
        elif p.kind == "trade":
            traded = any(isinstance(e, Trade) for _, e, _ in table.history[-3:])
            table.submit(TradingDone() if traded else Trade(gives=(Give(giver=0, receiver=1, money=10000),)))
        else:
            table.submit(rng.choice(p.choices))
    return table


def shown(h, key: str) -> str:
    return h.by_key(key).value


# ---- Dragon ---------------------------------------------------------------------------------


def dragon_counts(state, seat: int) -> dict[str, str]:
    """Each column of a seat's row, counted here from the state (not with the strip's code)."""
    p = state.players[seat]
    persons = [t for pal in p.palaces for t in pal.persons]

    def symbols_of(kind: str) -> int:
        return sum(RULES.faces[t].symbols for t in persons if t.startswith(kind + ":"))

    return {
        "yuan": str(p.yuan),
        "rice": str(p.rice),
        "fireworks": str(p.fireworks),
        "helmets": str(symbols_of("warrior")),
        "mortars": str(symbols_of("healer")),
        "privileges": f"{p.small_privileges}/{p.large_privileges}",
        "persons": str(len(persons)),
        "palaces": str(len(p.palaces)),
    }


def assert_dragon_strip(h, table: Table) -> None:
    state = table.state
    for seat in range(len(state.players)):
        for column, value in dragon_counts(state, seat).items():
            assert shown(h, f"glance-{column}-{seat}") == value, (column, seat)
    now = state.phase == "event"  # an event's questions open: its tile first, in play
    assert h.has("glance-event-now") == now
    coming = [f for f in dragon.coming_events(state) if not f.super][: 2 - now]
    assert len(h.keys("glance-event-name-")) == len(coming)
    for i, f in enumerate(coming):
        name = translate(f"dragon.event.{f.event}", "en")
        assert shown(h, f"glance-event-name-{i}") == name  # the whole line for the name
        assert shown(h, f"glance-event-month-{i}") == f"Month {f.month}"  # under its symbol
        line = shown(h, f"glance-event-line-{i}")
        worst = max(harm(sf) for sf in f.seats)
        if worst > (0, 0, 0):  # the line of a player hit hardest, whoever it is on a tie
            hardest = [sf for sf in f.seats if harm(sf) == worst]
            if len(hardest) == len(f.seats) > 2 and same_to_all(f):  # said once, for each player
                parts = f.seats[0].line.msg.render("en").split(": ", 1)[1]
                assert line == f"{EACH['en']}: {parts}", line
                continue
            assert any(line.startswith(sf.line.msg.render("en")) for sf in hardest), line
            # the others named, not counted as more of what the line counts
            assert (
                line.endswith(also_said("en", hardest[1:], len(f.seats)))
                if len(hardest) > 1
                else not line.endswith(("too)", "players)", "también)", "igual)", "jugadores)"))
            )


def dragon_table(hub, month: int, players: int = 5, seed: int = 1) -> Table:
    table = hub.create(Table.new("dragon", NAMES[:players], {}))
    rng = random.Random(seed)
    while not (table.state.month == month and table.state.phase == "actions"):
        step_random(table, rng)
    return table


async def test_dragon_strip_counts_and_events_follow_every_tap(tmp_path):
    """After every tap the strip says what the state holds; the strip, and each seat's row in it,
    keeps its very controls while what it shows stays the same."""
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3, players=5, seed=2)
    h = await started(hub, route=f"/table/{table.id}")
    rng = random.Random(5)
    kept = redrawn = rows_kept = rows_redrawn = 0
    for _ in range(40):
        assert_dragon_strip(h, table)
        before = h.by_key("glance")
        seats = range(len(table.players))
        rows = {s: (h.by_key(f"glance-seat-{s}"), dragon_counts(table.state, s)) for s in seats}
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(len([k for k in h.keys('choice-') if k.count('-') == 1]))}")
        if table.prompt is None:
            break
        if h.by_key("glance") is before:
            kept += 1
        else:
            redrawn += 1
        for s, (row, counted) in rows.items():
            if dragon_counts(table.state, s) == counted:
                assert h.by_key(f"glance-seat-{s}") is row, f"seat {s}: its row drawn again unchanged"
                rows_kept += 1
            else:
                assert h.by_key(f"glance-seat-{s}") is not row
                rows_redrawn += 1
    assert_dragon_strip(h, table)
    assert kept and redrawn and rows_kept and rows_redrawn
    h.close()


async def test_dragon_worst_hit_is_the_hardest_hit_player(tmp_path):
    """Over a whole game: each forecast line the strip would show is of a player no other
    player would lose more persons, floors or goods than (in that order)."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", NAMES[:4], {"super_events": True}))
    rng = random.Random(11)
    checked = 0
    while table.prompt is not None:
        for f in dragon.coming_events(table.state):
            worst = worst_hit(f)
            top = max(harm(sf) for sf in f.seats)
            if top > (0, 0, 0):
                assert worst is not None and harm(worst) == top
                checked += 1
            elif worst is not None:  # nobody loses anything: the one it brings the most VP
                assert worst.vp == max(sf.vp for sf in f.seats) > 0
        step_random(table, rng)
    assert checked > 20


async def test_dragon_event_tile_opens_the_worst_hit_forecast(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=4, players=4, seed=5)
    h = await started(hub, route=f"/table/{table.id}")
    f = dragon.coming_events(table.state)[0]
    worst = worst_hit(f)
    hit = [sf for sf in f.seats if harm(sf) > (0, 0, 0)]
    assert len(hit) > 1  # the case the tile used to hide: more than one player hit
    await h.click("glance-event-0")
    assert h.open_dialogs() == ["forecast-dialog"]
    seat = worst.seat if worst is not None else 0
    # every player is in the detail, the one hit hardest first, each line as the engine says it
    lines = keys_in_order(h, "forecast-dialog", "forecast-detail-line-")
    assert lines[0] == f"forecast-detail-line-{seat}"
    assert sorted(lines) == sorted(f"forecast-detail-line-{sf.seat}" for sf in f.seats)
    harms = [harm(f.seats[int(k.rsplit("-", 1)[1])]) for k in lines]
    assert harms == sorted(harms, reverse=True)
    for sf in f.seats:
        assert shown(h, f"forecast-detail-line-{sf.seat}") == sf.line.msg.render("en")
        assert len(h.keys(f"forecast-detail-{sf.seat}-")) == len(sf.detail)
    h.close()


async def test_the_month_summary_opens_from_the_strip_and_comes_first_when_a_month_ends(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=1, players=4, seed=3)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    assert not h.has("glance-summary")  # no month has ended yet
    rng = random.Random(4)
    while table.state.month == 1:  # play to the end of month 1, tap by tap
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(len([k for k in h.keys('choice-') if k.count('-') == 1]))}")
    last = dragon.round_summaries(*table_history(table))[-1]
    assert last.round == 1 and table.version == last.entries[1] + 1  # the month has just ended
    strip = h.by_key("glance").content.controls
    assert strip[0] is h.by_key("glance-buttons")  # first, right after the month ended
    assert strip[0].controls[0] is h.by_key("glance-summary")
    assert isinstance(h.by_key("glance-summary"), ft.FilledTonalButton)  # and filled
    assert h.by_key("glance-summary").content.value == last.title.msg.render("es")
    # "Mes 1 (Paz): cómo fue" beside "Palacios": the words that say what the tap opens come last,
    # so the title wraps to a second line rather than ending in "c…" at 412 px
    assert h.by_key("glance-summary-title").max_lines == 2
    await h.click("glance-summary")
    assert h.open_dialogs() == ["glance-summary-dialog"]
    for sr in last.seats:
        assert shown(h, f"glance-round-seat-{sr.seat}") == sr.line.msg.render("es")
    await h.click("glance-summary-dialog-close")
    await h.click("auto")  # the next month's first entry: the summary goes to the strip's end
    assert h.by_key("glance").content.controls[-1] is h.by_key("glance-buttons")
    assert isinstance(h.by_key("glance-summary"), ft.TextButton)
    assert h.by_key("glance-summary").content.value == last.title.msg.render("es")
    await h.click("glance-summary")
    await h.click("glance-summary-history")  # and on to History, that month's entries first
    assert h.route() == f"/table/{table.id}/history" and h.has("history-showing")
    h.close()


async def test_dragon_palaces_floor_by_floor_from_the_strip(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=5, players=4, seed=6)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    await h.click("glance-palaces")
    assert h.open_dialogs() == ["glance-palaces-dialog"]
    for seat, p in enumerate(table.state.players):
        for k, pal in enumerate(p.palaces):
            for f in range(pal.floors):
                if f < len(pal.persons):
                    tile = pal.persons[f]
                    kind, age = tile.split(":")
                    said = translate(f"dragon.tile.{kind}.{age}", "es")
                    assert h.by_key(f"glance-person-{seat}-{k}-{f}").tooltip == said
                else:
                    assert h.has(f"glance-room-{seat}-{k}-{f}")
            assert not h.has(f"glance-person-{seat}-{k}-{pal.floors}")
        assert not h.has(f"glance-palace-{seat}-{len(p.palaces)}")
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_key_of_the_seats_table_names_every_column(tmp_path, lang):
    """A new player cannot read eight symbols over counts: the heading's first cell opens the key,
    each column's symbol and what it counts ("0/1" privileges: small / large)."""
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=5, players=4, seed=6)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
    assert hover(h.by_key("glance-legend")) == translate("ui.glance.legend", lang)
    await h.click("glance-legend")
    assert h.open_dialogs() == ["glance-legend-dialog"]
    lines = {
        k.removeprefix("glance-legend-"): h.by_key(k)
        for k in h.keys("glance-legend-")
        if not k.startswith("glance-legend-dialog")
    }
    assert sorted(lines) == sorted(
        ["yuan", "rice", "fireworks", "helmets", "mortars", "privileges", "persons", "palaces"]
    )
    said = {c: next(t.value for t in row.controls if isinstance(t, ft.Text)) for c, row in lines.items()}
    assert said["privileges"] == translate("ui.glance.dragon.privileges_key", lang)
    assert said["yuan"] == translate("ui.dragon.yuan", lang)
    h.close()


# ---- Chinatown ------------------------------------------------------------------------------


def chinatown_table(hub) -> Table:
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla", "Dai"]))
    return played(table, random.Random(2), lambda t: t.state.year == 2 and t.prompt.kind == "trade")


def assert_chinatown_strip(h, table: Table) -> None:
    state = table.state
    assert shown(h, "glance-year") == str(CHINATOWN.years[state.year])
    assert shown(h, "glance-phase") == translate(f"chinatown.phase.{state.phase}", "en")
    for seat in range(state.n):
        owned = sorted(b for b, s in state.owner.items() if s == seat)
        assert shown(h, f"glance-buildings-{seat}") == str(len(owned))
        assert shown(h, f"glance-placed-{seat}") == str(sum(1 for b in owned if b in state.shop))
        assert shown(h, f"glance-hand-{seat}") == str(sum(state.hands[seat].values()))


async def test_chinatown_strip_year_phase_counts_and_the_tiles_dialog(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_table(hub)
    h = await started(hub, route=f"/table/{table.id}")
    assert_chinatown_strip(h, table)
    await h.click("glance-hands")
    assert h.open_dialogs() == ["glance-hands-dialog"]
    for seat, hand in enumerate(table.state.hands):
        for shop, k in hand.items():
            assert h.by_key(f"glance-hand-{seat}-{shop}").tooltip.endswith(f"×{k}")
    await h.click("glance-hands-dialog-close")
    await h.click("ct-trading-done")  # on to placing: the map and the question take the screen
    assert table.state.phase == "place"
    assert not h.has("glance") and h.has("prompt")
    played(table, random.Random(5), lambda t: t.state.phase != "place")  # the next year's cards
    await h.goto(f"/table/{table.id}/history")
    await h.goto(f"/table/{table.id}")
    assert_chinatown_strip(h, table)
    h.close()


def received(h: Harness) -> str:
    return "\n".join(s for m in h.conn.messages for s in sent_strings(m))


async def test_chinatown_strip_shows_no_money_to_a_seat_or_a_viewer(tmp_path):
    """On a seat's phone and a viewer's, the strip counts what lies open and nothing of anyone's
    money: no amount of any seat reaches those phones."""
    hub = new_hub(tmp_path)
    table = chinatown_table(hub)
    money = table.state.money
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    viewer, _, ben, *_ = live.links_for(hub).links(table.id, len(table.players))
    phones = []
    for link in (viewer, ben):
        g = Harness(hub=bus)
        peer.record(g.conn, "192.168.1.77")
        await g.start(make_main(hub), route=f"/join/{link.token}")
        await g.goto(f"/table/{table.id}")
        assert g.has("glance")
        assert_chinatown_strip(g, table)
        phones.append(g)
    for g in phones:
        sent = received(g)
        for amount in money:
            assert translate("ui.chinatown.money", "en", amount=amount) not in sent
            assert str(amount) not in sent.splitlines()  # nor the bare number as a text
        assert not g.keys("glance-money")
        g.close()


# ---- Da Yu ----------------------------------------------------------------------------------


async def test_dayu_strip_ring_markers_turn_and_counts(tmp_path):
    """The ring with its water and markers, whose turn it is, each seat's counts; while the ring
    is the question itself (the actions), the strip leaves the ring and the points to it."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla", "Dai"]))
    played(table, random.Random(3), lambda t: t.state.round == 3 and t.prompt.kind != "action")
    h = await started(hub, route=f"/table/{table.id}")
    state = table.state
    spaces = DAYU.spaces_per_flood_card
    for i, place in enumerate(state.ring):
        text = "–" if place.card is None else f"{place.tokens}/{spaces}"
        assert shown(h, f"glance-place-{i}") == text
        said = h.by_key(f"glance-place-box-{i}").tooltip
        for s, seat in enumerate(state.players):  # the markers on it, by name
            assert (table.players[s].name in said) == (seat.marker == i)
    assert_dayu_seats(h, table)
    current = table.players[state.current].name
    assert h.by_key("glance-turn").tooltip.startswith(f"{current}: {state.points_left}\u00a0action point")
    h.close()
    played(table, random.Random(4), lambda t: t.prompt.kind == "action")
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("glance") and not h.has("glance-ring") and not h.has("glance-turn")
    assert h.has("dy-place-0")  # the ring is in the question
    assert_dayu_seats(h, table)
    h.close()


def assert_dayu_seats(h, table: Table) -> None:
    for s, seat in enumerate(table.state.players):
        assert shown(h, f"glance-marker-{s}") == str(seat.marker + 1)
        assert shown(h, f"glance-hand-{s}") == str(len(seat.hand))
        assert shown(h, f"glance-vp-{s}") == str(len(seat.vp_cards))
        assert len(h.by_key(f"glance-flood-{s}").controls) == min(len(seat.flood), 4) + (len(seat.flood) > 4)


# ---- the symbols ----------------------------------------------------------------------------


def test_every_piece_of_the_rules_data_has_its_colour_and_symbol():
    assert set(symbols.PERSONS) == set(RULES.type_ids)
    assert set(RULES.events.tiles) | set(RULES.super_events.events) <= set(symbols.EVENTS)
    assert {s.id for s in CHINATOWN.shop_types} == set(symbols.SHOPS)
    assert set(DAYU.flood_kinds) | {POINTS_KIND} == set(symbols.FLOOD)
    looks = [*symbols.PERSONS.values(), *symbols.SHOPS.values()]
    assert len({(k.color, k.icon) for k in looks}) == len(looks)  # no two pieces drawn alike


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_an_event_hitting_two_players_as_hard_names_the_other(tmp_path, lang):
    """ "Carla: must release 2 persons (and 1 more)" read as a third person to release; then
    "(+1 player)" left the table asking who (issue 25): the other hit as hard is named, as a
    player at the table says it, "(Dai too)" / "(Dai también)"."""
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=4, players=4, seed=1)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
    coming = [f for f in dragon.coming_events(table.state) if not f.super]
    worst = max(harm(sf) for sf in coming[0].seats)
    assert worst > (0, 0, 0) and sum(harm(sf) == worst for sf in coming[0].seats) == 2  # the game it needs
    other = [sf for sf in coming[0].seats if harm(sf) == worst][1]
    name = other.line.msg.args["player"]
    assert shown(h, "glance-event-line-0").endswith(ALSO[lang][0].format(names=name))
    h.close()


@pytest.mark.parametrize(
    ("lang", "players", "ends"),
    [
        ("en", 2, ("(Ben too)", "(Ben too)")),
        ("es", 2, ("(Ben también)", "(Ben también)")),
        ("en", 4, ("(2 players too)", "(Ben and Carla too)")),
        ("es", 4, ("(otros 2 igual)", "(Ben y Carla también)")),
    ],
)
def test_an_event_tile_says_who_else_it_hits_as_hard(lang, players, ends):
    """Issue 25: "(+1 player)" left the table asking who. The one other hit as hard is named,
    and some of them are counted on the tile (two names took a third line at 412 px), in words
    that cannot read as more persons to release ("(y 2 jugadores)" did), and named to a screen
    reader."""
    from companion.core import Effect, msg
    from companion.games.dragon.public import EventForecast
    from companion.ui.games.dragon.strip import with_others
    from companion.ui.i18n import Tr

    def seat(i: int, releases: int) -> SeatForecast:
        name = NAMES[i]
        line = msg("foresight.dragon.line", player=name, parts=[msg("foresight.dragon.part.releases", n=2)])
        return SeatForecast(seat=i, line=Effect("dragon.event.drought", line), detail=[], releases=releases)

    seats = [seat(i, 2 if i < 3 else 0) for i in range(players)]
    f = EventForecast(
        month=4,
        event="drought",
        rule_id="dragon.event.drought",
        headline=seats[0].line,
        table=[],
        seats=seats,
    )
    tr = Tr(lang)
    line = tr.msg(seats[0].line.msg)
    shown, said = with_others(tr, f, worst_hit(f), line), with_others(tr, f, worst_hit(f), line, said=True)
    assert shown.startswith(f"{NAMES[0]}:") and (shown[len(line) + 1 :], said[len(line) + 1 :]) == ends


@pytest.mark.parametrize(
    ("lang", "each", "everyone"),
    [("en", "Each player", "(everyone too)"), ("es", "Cada uno", "(todos igual)")],
)
@pytest.mark.parametrize("same", [True, False])
def test_an_event_doing_the_same_to_all_says_each_player_on_its_tile(lang, each, everyone, same):
    """Issue 25: "Ana: −1 rice and must release 1 person (everyone too)" did not fit the tile's
    two lines at 412 px and its ellipsis cut "(every…". When the event does the very same to
    every player the tile says it once, "Each player: …", complete; the screen reader (and the
    detail) still has Ana's whole line. When it hits all as hard but not alike, "(everyone too)"."""
    from companion.core import Effect, msg
    from companion.games.dragon.public import EventForecast
    from companion.ui.games.dragon.strip import with_others
    from companion.ui.i18n import Tr

    def seat(i: int) -> SeatForecast:
        paid = "rice" if same or i else "yuan"  # not alike, as hard: Ana pays a yuan, the others rice
        parts = [msg(f"foresight.dragon.part.{paid}", n=1), msg("foresight.dragon.part.releases", n=1)]
        line = msg("foresight.dragon.line", player=NAMES[i], parts=parts)
        return SeatForecast(seat=i, line=Effect("dragon.event.drought", line), detail=[], releases=1)

    seats = [seat(i) for i in range(3)]
    f = EventForecast(
        month=3,
        event="drought",
        rule_id="dragon.event.drought",
        headline=seats[0].line,
        table=[],
        seats=seats,
    )
    tr = Tr(lang)
    worst = worst_hit(f)
    line = tr.msg(worst.line.msg)
    shown, said = with_others(tr, f, worst, line), with_others(tr, f, worst, line, said=True)
    assert said == f"{line} {everyone}"
    if same:
        assert shown == f"{each}: {line.split(': ', 1)[1]}" and len(shown) < len(said)
    else:
        assert shown == said
