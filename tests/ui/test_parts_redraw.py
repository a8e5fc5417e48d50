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
            assert shown(h, f"cards-{s}").startswith(str(len(p.cards)))
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
