"""Issue 10, item 1: a phone without a link must not become the host by writing page properties.

Against a real ``companion serve``: the phone comes "from the local network" through a proxy
the server was told to trust (X-Forwarded-For), registers, and in the same burst patches the
page's ``client_ip`` to 127.0.0.1 (Flet lets a client write page properties). On the old code
that made it the host: Home with every table, a Share screen with every seat's token, entries.
"""

from __future__ import annotations

import asyncio

from served import TABLE_NAME, seed_table
from wire import PAGE, Phone, click, patch, register, route_change

PHONE = {"X-Forwarded-For": "192.168.77.7"}


async def attack(port: int, headers: dict[str, str], table_id: str) -> Phone:
    phone = await Phone(port, headers).connect()
    await phone.send(register("/"), patch(PAGE, {"client_ip": "127.0.0.1"}))
    # its first screen, whichever it is (a host's Home has "home-" keys), before the routes: a
    # quiet half second was not always enough for it to come on a loaded machine
    assert await phone.wait_for_any(("join-code", "home-")), "no first screen"
    await phone.settle()
    for route in (f"/table/{table_id}/share", f"/table/{table_id}", "/"):
        await phone.send(patch(PAGE, {"route": route}), route_change(route))
        await phone.settle()
    return phone


async def test_a_guest_that_patches_client_ip_sees_only_the_join_screen(server):
    before = server.entries()
    phone = await attack(server.port, PHONE, server.table_id)
    try:
        text = phone.text()
        assert phone.control_ids("join-code"), "the join screen was not shown"
        assert TABLE_NAME not in text  # no table list
        assert not any(token in text for token in server.seat_tokens)  # no seat token
        assert server.viewer_token not in text and server.viewer_code not in text
        assert "home-" not in text
        # tap everything it was sent: nothing lands on the table
        for control_id in {i for i in phone.control_ids("") if i != PAGE}:
            await phone.send(click(control_id))
        await phone.settle()
    finally:
        await phone.close()
    assert server.entries() == before


async def test_forwarded_for_is_believed_only_from_a_trusted_proxy(tmp_path):
    """Without --trusted-proxy the header is not believed, and a proxy on this machine does not
    make its visitors the host (issue 28): a request carrying a proxy's headers from an address
    nobody named as trusted is remote, and the log says which flag would trust it. The browser on
    this machine itself, without such headers, is still the host."""
    served = seed_table(tmp_path).start(trust_proxy=False)
    try:
        for headers in (
            {"X-Forwarded-For": "192.168.77.7"},
            {"X-Forwarded-For": "127.0.0.1"},
            {"X-Real-IP": "::1"},
        ):
            phone = await attack(served.port, headers, served.table_id)
            try:
                assert phone.control_ids("join-code") and TABLE_NAME not in phone.text(), headers
            finally:
                await phone.close()
        host = await Phone(served.port, {}).connect()
        await host.send(register("/"))
        assert await host.wait_for(TABLE_NAME), "the host on 127.0.0.1 did not see its tables"
        await host.close()
    finally:
        served.stop()
    log = served.log()
    assert "192.168.77.7" not in log  # the header's claim is never taken, nor repeated
    assert "--trusted-proxy 127.0.0.1" in log


async def test_a_proxied_phone_cannot_claim_loopback_in_the_header(server):
    """Through the trusted proxy, a phone's own X-Forwarded-For: 127.0.0.1 is the untrusted part
    of the chain; the proxy's entry (the real peer) decides."""
    phone = await attack(server.port, {"X-Forwarded-For": "127.0.0.1, 192.168.77.8"}, server.table_id)
    try:
        assert phone.control_ids("join-code") and TABLE_NAME not in phone.text()
    finally:
        await phone.close()


async def test_two_guests_at_once_neither_becomes_host(server):
    phones = await asyncio.gather(
        *(attack(server.port, {"X-Forwarded-For": f"192.168.77.{20 + i}"}, server.table_id) for i in range(3))
    )
    try:
        for phone in phones:
            assert phone.control_ids("join-code") and TABLE_NAME not in phone.text()
    finally:
        for phone in phones:
            await phone.close()
