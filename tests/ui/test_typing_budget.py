"""A question typed fast stays within a connection's budget (companion.ui.guard): the browser
sends each keystroke as the field's value patch then its change event, and the two are charged
as one event. Charged twice, a 50-letter question sent in one burst (a busy phone delivers the
keys it held up together) went past the burst of 60 and the connection was dropped: the letters
after the drop were lost (Chromium: "...en la s" for "...en la sequía")."""

from __future__ import annotations

import msgpack
import pytest
from flet.messaging.protocol import MessageAction
from test_taps_acknowledged import _Connection
from ui_testkit import new_hub, started

from companion.share.budget import DEFAULT_LIMITS, BudgetExceeded
from companion.ui import guard

QUESTION = "qué pasa si no tengo arroz suficiente en la sequía"


def frame(action: MessageAction, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action.value, body])


def keystroke(field: int, text: str) -> list[bytes]:
    """What the browser sends for one key: the field's new value, then a change event."""
    return [
        frame(MessageAction.UPDATE_CONTROL_PROPS, {"id": field, "props": {"value": text}}),
        frame(MessageAction.CONTROL_EVENT, {"target": field, "name": "change", "data": text}),
    ]


async def guarded(tmp_path):
    h = await started(new_hub(tmp_path), route="/rules")
    frames = guard.FrameGuard(_Connection(h.session), DEFAULT_LIMITS)
    frames.registered = True
    return h, frames, h.by_key("rules-search")._i


async def test_a_question_typed_in_one_burst_is_within_budget(tmp_path):
    h, frames, field = await guarded(tmp_path)
    # 50 keys at once, 100 frames: within the burst of 60 only if a key is charged once
    sent = [f for n in range(1, len(QUESTION) + 1) for f in keystroke(field, QUESTION[:n])]
    assert all(frames.admit(f, 0.0) for f in sent)
    h.close()


async def test_patches_without_their_change_are_each_charged(tmp_path):
    h, frames, field = await guarded(tmp_path)
    patches = [keystroke(field, str(n))[0] for n in range(DEFAULT_LIMITS.event_burst)]
    assert all(frames.admit(p, 0.0) for p in patches)
    with pytest.raises(BudgetExceeded, match="events per second"):
        frames.admit(patches[0], 0.0)  # a flood of patches is still a flood
    h.close()


async def test_a_change_after_another_controls_patch_is_charged(tmp_path):
    h, frames, field = await guarded(tmp_path)
    other = h.session.page._i  # a patch of another control does not pay for the field's change
    for n in range(DEFAULT_LIMITS.event_burst // 2):
        assert frames.admit(
            frame(MessageAction.UPDATE_CONTROL_PROPS, {"id": other, "props": {"value": "x"}}), 0.0
        )
        frames.admit(keystroke(field, str(n))[1], 0.0)
    with pytest.raises(BudgetExceeded, match="events per second"):
        frames.admit(keystroke(field, "again")[1], 0.0)
    h.close()
