"""Issue 10, item 8: the viewer's short code cannot be guessed by brute force.

Wrong codes count against the connection and against its network address; past the limit
(5 per connection, 20 per address within a minute) that connection or address is locked out for
five minutes, even for the right code, so a guess cannot be confirmed. On the old code a phone
could try 100-800 codes a second and the right one always worked.
"""

from __future__ import annotations

from served import TABLE_NAME
from wire import Phone, click, patch, register


async def join_screen(port: int, address: str) -> tuple[Phone, int, int]:
    phone = await Phone(port, {"X-Forwarded-For": address}).connect()
    await phone.send(register("/"))
    [field] = await phone.wait_for_key("join-code")
    [submit] = await phone.wait_for_key("join-submit")
    return phone, field, submit


async def try_code(phone: Phone, field: int, submit: int, code: str) -> None:
    """Type ``code`` and tap Join; back once the server has answered that try: a wrong code is
    said back ("No table has the code WRONG3"), so each try is counted before the next is sent
    or the connection closes (a fixed wait lost tries on a loaded machine), else the lock-out or
    the table."""
    await phone.send(patch(field, {"value": code}), click(field, "change", code), click(submit))
    answers = (f"the code {code}:", "Too many wrong codes", TABLE_NAME)
    assert await phone.wait_for_any(answers), f"no answer to the code {code}"


async def test_one_connection_is_locked_out_after_five_wrong_codes(server):
    phone, field, submit = await join_screen(server.port, "192.168.80.1")
    try:
        for i in range(5):
            await try_code(phone, field, submit, f"WRONG{i}")
        await try_code(phone, field, submit, server.viewer_code)
        assert await phone.wait_for("Too many wrong codes")
        assert TABLE_NAME not in phone.text()
    finally:
        await phone.close()


async def test_an_address_is_locked_out_across_connections(server):
    address = "192.168.80.2"
    for n in range(5):  # a new connection for every 4 guesses stays under the per-connection limit
        phone, field, submit = await join_screen(server.port, address)
        for i in range(4):
            await try_code(phone, field, submit, f"WRONG{n}{i}")
        await phone.close()
    phone, field, submit = await join_screen(server.port, address)
    await try_code(phone, field, submit, server.viewer_code)
    assert await phone.wait_for("Too many wrong codes")
    assert TABLE_NAME not in phone.text()
    await phone.close()
    # another phone at the table is not locked out by this one
    other, field, submit = await join_screen(server.port, "192.168.80.3")
    await try_code(other, field, submit, server.viewer_code)
    assert await other.wait_for(TABLE_NAME)
    await other.close()
