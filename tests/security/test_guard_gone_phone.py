"""A frame sent to a phone whose socket has closed under the send (the server stopping with
phones connected, a phone off the Wi-Fi) is dropped quietly: it raised out of Flet's send loop,
so the server logged "Exception in ASGI application" with a traceback (seen under load in
tests/security/test_serve_cli.py's stop test) and Flet never disconnected that session."""

from types import SimpleNamespace

from fastapi import WebSocketDisconnect
from starlette.websockets import WebSocketState

from companion.ui.guard import _GuardedSocket


class ClosingSocket:
    """A websocket whose peer has gone: the first send fails as Starlette's does (code 1006)."""

    def __init__(self) -> None:
        self.application_state = WebSocketState.CONNECTED
        self.sends = 0

    async def send_bytes(self, data: bytes) -> None:
        self.sends += 1
        if self.application_state == WebSocketState.DISCONNECTED:
            raise RuntimeError('Cannot call "send" once a close message has been sent.')
        self.application_state = WebSocketState.DISCONNECTED
        raise WebSocketDisconnect(code=1006)


class OpenSocket(ClosingSocket):
    async def send_bytes(self, data: bytes) -> None:
        self.sends += 1


def guarded(ws) -> _GuardedSocket:
    return _GuardedSocket(ws, SimpleNamespace(app=SimpleNamespace(peer="192.0.2.7")))  # type: ignore[arg-type]


async def test_a_frame_to_a_phone_that_has_gone_is_dropped_and_the_next_not_tried():
    ws = ClosingSocket()
    sock = guarded(ws)
    await sock.send_bytes(b"\x00frame")  # the socket closes under this send: no error out of it
    await sock.send_bytes(b"\x00another")  # nothing to send it to: not even tried
    assert ws.sends == 1


async def test_a_phone_still_there_gets_every_frame():
    ws = OpenSocket()
    sock = guarded(ws)
    for _ in range(3):
        await sock.send_bytes(b"\x00frame")
    assert ws.sends == 3
