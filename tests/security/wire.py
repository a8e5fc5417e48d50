"""A raw Flet websocket client for attacks: exactly the frames a hostile phone could send.

It speaks Flet's wire protocol (``[0x00][msgpack [action, body]]``), answers the server's method
calls the way a browser with empty storage does, and keeps every frame the server sent, so a
test can look for what reached the phone (a table name, a token, a traceback).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import msgpack
import websockets

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
PAGE = 1


def frame(action: int, body: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register(route: str = "/") -> bytes:
    page = {"route": route, "width": 412, "height": 915, "web": True, "platform": "android"}
    return frame(REGISTER, {"session_id": "", "page_name": "", "page": page})


def click(control_id: int, name: str = "click", data: Any = None) -> bytes:
    return frame(EVENT, {"target": control_id, "name": name, "data": data})


def patch(control_id: int, props: dict[str, Any]) -> bytes:
    return frame(UPDATE_PROPS, {"id": control_id, "props": props})


def route_change(route: str) -> bytes:
    return click(PAGE, "route_change", {"route": route})


def _walk(value: Any):
    stack = [value]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


class Phone:
    """One websocket to ``companion serve``; ``headers`` e.g. X-Forwarded-For for a proxied phone."""

    def __init__(self, port: int, headers: dict[str, str] | None = None) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.headers = headers or {}
        self.received: list[Any] = []
        self.raw = b""
        self.closed: int | None = None  # the close code once the server closed the socket
        self.ws: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, timeout: float = 30) -> Phone:
        self.ws = await websockets.connect(
            self.url, additional_headers=self.headers, open_timeout=timeout, max_size=None
        )
        self._reader = asyncio.create_task(self._read())
        return self

    async def send(self, *frames: bytes) -> None:
        for data in frames:
            await self.ws.send(data)

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                self.raw += data
                message = msgpack.unpackb(data[1:], strict_map_key=False)
                self.received.append(message)
                if message[0] == INVOKE:
                    await self._answer(message[1])
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = self.ws.close_code if self.ws.close_code is not None else -1

    async def _answer(self, body: dict[str, Any]) -> None:
        reply = {"control_id": body["control_id"], "call_id": body["call_id"], "result": None, "error": None}
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(frame(INVOKE, reply))
            if body.get("name") == "push_route":  # the browser follows the app's navigation
                route = (body.get("args") or {}).get("route", "/")
                await self.ws.send(patch(PAGE, {"route": route}))
                await self.ws.send(route_change(route))

    def text(self) -> str:
        """Every string the server sent, joined (to look for names, tokens, keys)."""
        return "\n".join(v for v in _walk(self.received) if isinstance(v, str))

    def control_ids(self, key_prefix: str) -> list[int]:
        """Ids of the controls sent so far whose key starts with ``key_prefix``."""
        found = []
        for item in _walk(self.received):
            key = item.get("key") if isinstance(item, dict) else None
            if isinstance(key, str) and key.startswith(key_prefix) and "_i" in item:
                found.append(item["_i"])
        return found

    async def wait_for_key(self, key_prefix: str, timeout: float = 20) -> list[int]:
        """The ids of the controls keyed ``key_prefix``, once the server has sent them."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.closed is None:
            found = self.control_ids(key_prefix)
            if found:
                return found
            await asyncio.sleep(0.05)
        return self.control_ids(key_prefix)

    async def wait_for(self, needle: str, timeout: float = 20) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.text():
                return True
            if self.closed is not None:
                return needle in self.text()
            await asyncio.sleep(0.05)
        return False

    async def wait_for_any(self, needles: tuple[str, ...], timeout: float = 20) -> bool:
        """Whether one of ``needles`` came within ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if any(needle in text for needle in needles):
                return True
            if self.closed is not None:
                return False
            await asyncio.sleep(0.05)
        return False

    async def settle(self, quiet: float = 0.5, timeout: float = 20) -> None:
        """Wait until the server has sent nothing for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        seen, since = len(self.received), time.monotonic()
        while time.monotonic() < end and self.closed is None:
            await asyncio.sleep(0.05)
            if len(self.received) != seen:
                seen, since = len(self.received), time.monotonic()
            elif time.monotonic() - since >= quiet:
                return

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 5)
