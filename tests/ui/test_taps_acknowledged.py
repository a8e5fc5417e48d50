"""Every tap acknowledged (issue 25): the pressed choice shows it is on its way before the entry
runs, a second tap while it runs does nothing, a refusal shows under the choice tapped, and a tap
that reaches a control redrawn away is reported, never silently dropped nor given to another choice."""

import asyncio
import json

import msgpack
from flet.messaging.protocol import MessageAction
from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started

from companion.i18n import translate
from companion.share.budget import DEFAULT_LIMITS
from companion.ui import guard


async def at_bens_turn(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.type_text("entry-json", json.dumps({"kind": "start", "first": 1}))
    await h.click("entry-submit")
    return hub, h, hub.get(hub.store.list()[0].id)


async def test_the_tapped_choice_is_busy_before_the_entry_runs(tmp_path):
    hub, h, table = await at_bens_turn(tmp_path)
    seen_when_running = []
    change = hub.change

    def watched(table_id, action):
        seen_when_running.append(h.has("busy"))  # the ring the client was sent before the work
        return change(table_id, action)

    hub.change = watched
    await h.click("choice-2")
    assert seen_when_running == [True]
    assert table.version == 2 and not h.has("busy")
    h.close()


async def test_a_second_tap_while_the_first_runs_does_nothing(tmp_path):
    _hub, h, table = await at_bens_turn(tmp_path)
    button = h.by_key("choice-2")
    await asyncio.gather(
        h.session.dispatch_event(button._i, "click", None), h.session.dispatch_event(button._i, "click", None)
    )
    await h.flush()
    assert table.version == 2  # one entry, not two
    h.close()


async def test_a_refusal_shows_under_the_choice_tapped(tmp_path):
    hub, h, table = await at_bens_turn(tmp_path)
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))  # another phone moved the table on
    await h.click("choice-2")  # this screen still shows Ben's question
    keys = h.keys()
    assert "error" in keys and keys.index("error-card") == keys.index("choice-2") + 1, keys
    assert table.version == 2  # the other phone's entry only
    h.close()


class _Connection:
    """What FrameGuard reads of Flet's connection handler: its session."""

    def __init__(self, session) -> None:
        self.session = session
        self.peer = "127.0.0.1"


def click_frame(control_id: int) -> bytes:
    """A tap as the browser sends it: a msgpack CONTROL_EVENT frame."""
    return b"\x00" + msgpack.packb(
        [MessageAction.CONTROL_EVENT.value, {"target": control_id, "name": "click", "data": None}]
    )


async def test_a_tap_on_a_control_redrawn_away_is_reported_not_given_to_another(tmp_path):
    _hub, h, table = await at_bens_turn(tmp_path)
    frames = guard.FrameGuard(_Connection(h.session), DEFAULT_LIMITS)  # every served frame passes it
    frames.registered = True
    old = h.by_key("choice-0")._i
    assert frames.admit(click_frame(old), 0.0)  # on screen: passed on to Flet
    await h.click("choice-2")  # the table moves on: Carla's question, with its own choice-0
    assert h.has("choice-0") and not h.has("error")
    version = table.version
    assert not frames.admit(click_frame(old), 1.0)  # a tap sent from the screen drawn before
    await h.flush()
    assert table.version == version  # nothing entered: not Carla's first choice
    assert h.by_key("error").value == translate("ui.play.tap_lost", "en")
    h.close()


async def test_undo_shows_it_is_running_before_it_runs_and_runs_once(tmp_path):
    hub, h, table = await at_bens_turn(tmp_path)
    await h.click("choice-2")
    version = table.version
    seen_when_running = []
    change = hub.change

    def watched(table_id, action):
        seen_when_running.append(h.has("busy"))
        return change(table_id, action)

    hub.change = watched
    undo = h.by_key("undo")
    await asyncio.gather(
        h.session.dispatch_event(undo._i, "click", None), h.session.dispatch_event(undo._i, "click", None)
    )
    await h.flush()
    assert seen_when_running == [True]  # one undo, with the ring already sent
    assert table.version == version - 1 and not h.has("busy")
    h.close()


async def test_a_confirm_closes_its_dialog_on_the_phone_before_the_action_runs(tmp_path):
    hub, h, table = await at_bens_turn(tmp_path)
    await h.click("choice-2")
    await h.click("choice-0")
    await h.goto(f"/table/{table.id}/history")
    await h.click("entry-1")  # two steps back: asks first
    assert "confirm-undo" in h.open_dialogs()
    dialog_open_when_running = []
    change = hub.change

    def watched(table_id, action):
        dialog_open_when_running.append("confirm-undo" in h.open_dialogs())
        return change(table_id, action)

    hub.change = watched
    await h.click("confirm-undo-yes")
    assert dialog_open_when_running == [False]
    assert table.version == 1
    h.close()


async def test_a_busy_button_keeps_its_content_only_its_icon_turns(tmp_path):
    """The busy render changes the button's icon alone: its content is the very control shown
    before the tap (drawn again, Flet would reconcile it control by control on every tap)."""
    hub, h, table = await at_bens_turn(tmp_path)
    shown = h.by_key("choice-2").content
    seen_when_running = []
    change = hub.change

    def watched(table_id, action):
        button = h.by_key("choice-2")
        seen_when_running.append((h.has("busy"), button.content is shown))
        return change(table_id, action)

    hub.change = watched
    await h.click("choice-2")
    assert seen_when_running == [(True, True)]
    assert table.version == 2
    h.close()
