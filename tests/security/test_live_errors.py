"""Issue 10, item 8: a forged event that makes a handler fail sends no traceback to the phone.

The phone writes a number (not text) into the join screen's code field and sends the field's
change event, which a real client never does, then taps Join: the handler fails. The old code sent the phone a "session crashed"
message with the Python traceback and the server's file paths. Now the server logs it and the
phone gets a short notice, and the session keeps working.
"""

from __future__ import annotations

from wire import CRASHED, Phone, click, patch, register


async def test_a_failing_forged_event_sends_no_traceback(server):
    phone = await Phone(server.port, {"X-Forwarded-For": "192.168.79.1"}).connect()
    try:
        await phone.send(register("/"))
        [field] = await phone.wait_for_key("join-code")
        [submit] = await phone.wait_for_key("join-submit")
        await phone.send(patch(field, {"value": 12345}), click(field, "change", 12345), click(submit))
        assert await phone.wait_for("Sorry, that did not work"), phone.text()[-500:]
        text = phone.text()
        assert "Traceback" not in text and 'File "' not in text and ".py" not in text
        assert str(server.folder) not in text
        assert not any(m[0] == CRASHED and "Error" in str(m[1]) for m in phone.received)
        # the session still works: the right code opens the table
        code = server.viewer_code
        await phone.send(patch(field, {"value": code}), click(field, "change", code), click(submit))
        assert await phone.wait_for("Friday at Marta's")
    finally:
        await phone.close()
