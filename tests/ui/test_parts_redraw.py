"""The parts of the Play screen (companion/ui/parts.py) are drawn again exactly when what they
show changed: an unchanged part keeps its very controls, a changed one shows the new state.
Played through a Dragon game with random legal taps, checked after every tap."""

import random

from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.games.dragon.public import DragonState

NAMES = ("Ana", "Ben", "Carla", "Dai")


def shown(h, key: str) -> str:
    return h.by_key(key).value


def counters(state: DragonState, seat: int) -> tuple:
    """What the counters line of a seat card shows: its place, money, rice, fireworks, track, privileges."""
    p = state.players[seat]
    fields = (p.yuan, p.rice, p.fireworks, p.track, p.small_privileges, p.large_privileges)
    return (state.track_order().index(seat), *fields)


def seat_controls(h, seat: int) -> dict[str, object]:
    """The controls of one seat card's parts, by the key of a text inside each."""
    return {k: h.by_key(k) for k in (f"total-{seat}", f"yuan-{seat}", f"cards-{seat}")}


async def test_seat_cards_and_the_bar_follow_the_state_and_nothing_else(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon", NAMES)
    table = only_table(hub)
    rng = random.Random(7)
    kept = redrawn = 0
    for _ in range(160):
        if table.prompt is None:  # a tap can make several entries: the game may end first
            break
        before = {s: seat_controls(h, s) for s in range(len(NAMES))} if h.has("yuan-0") else None
        old = table.state
        if h.has("auto"):
            await h.click("auto")
        else:
            choices = [k for k in h.keys("choice-") if k.count("-") == 1]
            await h.click(rng.choice(choices))
        new = table.state
        assert isinstance(new, DragonState)
        if before is None or not h.has("yuan-0"):
            continue
        for s, p in enumerate(new.players):
            # what each card says is the state's, whether drawn again or not
            assert shown(h, f"yuan-{s}") == str(p.yuan)
            assert shown(h, f"total-{s}").startswith(str(p.vp))
            cards = shown(h, f"cards-{s}")  # an empty hand is said, not counted
            assert cards.startswith(str(len(p.cards))) if p.cards else cards == "No person cards left"
            now = seat_controls(h, s)
            if counters(old, s) == counters(new, s):
                assert now[f"yuan-{s}"] is before[s][f"yuan-{s}"], f"seat {s}: counters drawn again unchanged"
                kept += 1
            elif now[f"yuan-{s}"] is not before[s][f"yuan-{s}"]:
                redrawn += 1
        # the bar's undo follows the table too (a part of its own)
        assert h.by_key("undo").disabled is not table.can_undo()
    # both cases were met (the game differs from run to run: the app deals the groups itself)
    assert kept > 0 and redrawn > 0, (kept, redrawn)


async def test_a_viewer_keeps_the_wall_and_the_waiting_line_while_they_are_unchanged(tmp_path):
    """A viewer of a shared table redraws on every host entry (issue 27's fan-out): the Great
    Wall card and the "waiting for ..." line keep their very controls while what they show is
    the same, and show the new state when it changed."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from flet.pubsub.pubsub_hub import PubSubHub
    from flet_harness import Harness

    from companion.core import Table
    from companion.ui import live, peer
    from companion.ui.app import make_main

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", list(NAMES), {"great_wall": True}))
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    viewer = Harness(hub=bus)
    peer.record(viewer.conn, "192.168.1.77")
    await viewer.start(make_main(hub), route=f"/join/{live.links_for(hub).links(table.id, 4)[0].token}")
    rng = random.Random(3)
    wall_kept = wall_redrawn = wait_kept = 0
    for _ in range(400):
        if table.prompt is None or min(wall_kept, wall_redrawn, wait_kept) >= 2:
            break  # each case met twice: enough (a whole game takes a minute on a busy machine)
        wall = viewer.by_key("wall") if viewer.has("wall") else None
        wait = viewer.by_key("waiting") if viewer.has("waiting") else None
        old = table.state
        waited_for = old.players[table.prompt.seat].name if table.prompt.seat is not None else None
        if host.has("auto"):
            await host.click("auto")
        else:
            await host.click(rng.choice([k for k in host.keys("choice-") if k.count("-") == 1]))
        await viewer.flush(pause=0.01)
        new = table.state
        if wall is not None and viewer.has("wall"):
            sections = [k for k in viewer.keys("wall-") if not k.startswith("wall-empty")]
            assert len([k for k in sections if k[5:].isdigit()]) == len(new.wall)  # the state's wall
            if new.wall == old.wall:
                assert viewer.by_key("wall") is wall, "the wall drawn again unchanged"
                wall_kept += 1
            else:
                assert viewer.by_key("wall") is not wall
                wall_redrawn += 1
        prompt = table.prompt
        if wait is not None and prompt is not None and viewer.has("waiting") and prompt.seat is not None:
            assert NAMES[prompt.seat] in viewer.by_key("waiting").value
            if NAMES[prompt.seat] == waited_for:
                assert viewer.by_key("waiting") is wait, "the waiting line drawn again unchanged"
                wait_kept += 1
    assert wall_kept > 0 and wall_redrawn > 0 and wait_kept > 0, (wall_kept, wall_redrawn, wait_kept)
    for h in (host, viewer):
        h.close()


async def test_who_answers_follows_the_prompts_seat_and_nothing_else(tmp_path):
    """The line naming who answers the question is kept while the seat is the same, and names
    the new seat as soon as it changed."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon", NAMES)
    table = only_table(hub)
    rng = random.Random(11)
    kept = redrawn = 0
    for _ in range(120):
        if table.prompt is None:
            break
        before = h.by_key("prompt-seat") if h.has("prompt-seat") else None
        seat_before = table.prompt.seat
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(rng.choice([k for k in h.keys("choice-") if k.count("-") == 1]))
        prompt = table.prompt
        if prompt is None or prompt.seat is None:
            continue
        assert h.by_key("prompt-seat").value == NAMES[prompt.seat]  # never the last seat's name
        if before is None:
            continue
        if prompt.seat == seat_before:
            assert h.by_key("prompt-seat") is before, "who answers drawn again unchanged"
            kept += 1
        else:
            redrawn += 1
    assert kept > 0 and redrawn > 0, (kept, redrawn)


def dayu_seat_shows(h, state, table, seat: int) -> None:
    from companion.ui.games.dayu.panels import PLAYING

    """What a Da Yu seat card says is the state's: its total, its marker, its cards."""
    p = state.players[seat]
    assert h.by_key(f"total-{seat}").value.startswith(str(table.scoreboard.rows[seat].total))
    marker = h.by_key(f"dy-marker-text-{seat}").value
    assert (str(p.marker + 1) in marker) if p.marker is not None else not any(c.isdigit() for c in marker)
    assert ("to play" in marker) == (state.phase in PLAYING and state.current == seat)
    assert len(h.keys(f"dy-hand-{seat}-")) == len(p.hand)
    vp = h.by_key(f"dy-vp-{seat}").value
    for frame in {c.frame for c in p.vp_cards}:
        assert f"({sum(c.vp for c in p.vp_cards if c.frame == frame)}\u00a0VP)" in vp


def dayu_turn_and_ring_show(h, new, old, turn) -> int:
    """The turn card and the ring say what the state says; 1 if the turn card was kept (its
    player, action points and privileges unchanged), else 0."""
    from companion.games.dayu.public import privilege_left

    for i, place in enumerate(new.ring):  # the ring, in the question or beside it
        if place.card is not None and h.has(f"dy-tokens-{i}"):
            assert h.by_key(f"dy-tokens-{i}").value == f"{place.tokens}/10"
    if h.has("dy-ring"):
        for s, p in enumerate(new.players):
            assert p.marker is None or h.has(f"dy-marker-{p.marker}-{s}")
    if turn is None or not h.has("dy-turn"):
        return 0
    assert h.by_key("dy-points").value == f"Action points: {new.points_left}"

    def said(st) -> tuple:
        return (
            st.current,
            st.points_left,
            [privilege_left(st, k) for k in ("free_move", "free_flip", "free_tool")],
        )

    if said(old) != said(new):
        assert h.by_key("dy-turn") is not turn
        return 0
    assert h.by_key("dy-turn") is turn, "the turn card drawn again unchanged"
    return 1


async def test_da_yu_seat_cards_and_piles_follow_the_state_and_nothing_else(tmp_path):
    """A Da Yu seat card is drawn again only when that seat's cards, marker, total or turn changed,
    and the piles only when a count changed; what each shows is the state after every tap."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dayu", NAMES[:3])
    table = only_table(hub)
    rng = random.Random(5)
    seats_kept = seats_redrawn = piles_kept = piles_redrawn = turn_kept = 0
    for _ in range(150):
        if table.prompt is None:
            break
        cards = {s: h.by_key(f"player-{s}") for s in range(3)}
        piles = h.by_key("dy-piles") if h.has("dy-piles") else None
        turn = h.by_key("dy-turn") if h.has("dy-turn") else None
        old = table.state
        old_totals = [r.total for r in table.scoreboard.rows]
        places = [k for k in h.keys("dy-place-") if k.count("-") == 2]
        choices = [k for k in h.keys("choice-") if k.count("-") == 1]
        await h.click("auto" if h.has("auto") else rng.choice(choices or places))
        new = table.state
        for s in range(3):
            dayu_seat_shows(h, new, table, s)
            same = (old.players[s], old_totals[s], old.current == s, old.phase) == (
                new.players[s],
                table.scoreboard.rows[s].total,
                new.current == s,
                new.phase,
            )
            if same:
                assert h.by_key(f"player-{s}") is cards[s], f"seat {s} drawn again unchanged"
                seats_kept += 1
            elif h.by_key(f"player-{s}") is not cards[s]:
                seats_redrawn += 1
        turn_kept += dayu_turn_and_ring_show(h, new, old, turn)
        if piles is None or not h.has("dy-piles"):
            continue
        assert h.by_key("dy-flood-pile").value == f"Flood pile: {new.flood_pile}"
        assert h.by_key("dy-pile-green").value == f"green {new.piles['green']}"
        counts = lambda st: (st.flood_pile, st.supply, dict(st.piles))  # noqa: E731
        if counts(old) == counts(new):
            assert h.by_key("dy-piles") is piles, "the piles drawn again unchanged"
            piles_kept += 1
        else:
            assert h.by_key("dy-piles") is not piles
            piles_redrawn += 1
    assert min(seats_kept, seats_redrawn, piles_kept, piles_redrawn, turn_kept) > 0, (
        turn_kept,
        seats_kept,
        seats_redrawn,
        piles_kept,
        piles_redrawn,
    )
