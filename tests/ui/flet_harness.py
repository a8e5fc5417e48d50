"""A headless Flet client for view tests (reference/flet.md §2.2).

A real ``flet.messaging.session.Session`` is driven by a fake connection: ``main(page)`` runs,
page patches are msgpack-encoded like the websocket transport does (that records the diff
snapshots), ``push_route`` and ``SharedPreferences`` round-trips are answered, and controls are
found by ``key`` and sent click/change events exactly as the browser client would.
"""

from __future__ import annotations

import asyncio
import inspect
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.controls.value_types import Prop
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_encode = configure_encode_object_for_msgpack(BaseControl)
_KEY_PROPS: dict[type, Prop | None] = {}  # per control class: Flet's descriptor for ``key``


def key_of(control: Any) -> Any:
    """``control.key``, read as Flet's descriptor reads it (the control's stored values, else the
    field's default) without calling it: a test's ``find`` reads the key of every control on the
    page, and the descriptor's call was most of a find's CPU (over half a tap-by-tap test's)."""
    cls = type(control)
    if cls not in _KEY_PROPS:
        found = next((vars(k)["key"] for k in cls.__mro__ if "key" in vars(k)), None)
        _KEY_PROPS[cls] = found if isinstance(found, Prop) else None
    prop = _KEY_PROPS[cls]
    if prop is None:
        return getattr(control, "key", None)
    return control._values.get("key", prop.default)


def wire(obj: Any) -> bytes:
    """Encode like the websocket transport (this records the snapshots later diffs use)."""
    return msgpack.packb(obj, default=_encode)


def strings_in(value: object) -> list[str]:
    """Every string in a decoded message (its keys and values, at any depth), in order: what a
    test looks for in what a phone was sent. Not ``repr`` of the message: it writes a no-break
    space or a word joiner as an escape ("+\\u2060$10,000"), so a text holding one is never found."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings_in(k) + strings_in(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    return []


def sent_strings(message: Any) -> list[str]:
    """The strings of one message as it goes out (encoded now: a patch names live controls)."""
    return strings_in(msgpack.unpackb(wire([message.action, message.body]), strict_map_key=False))


class FakeClient(Connection):
    def __init__(self, prefs: dict[str, Any] | None = None) -> None:
        super().__init__()
        # what flet's web server gives every connection (FletApp): the loop and the executor that
        # page.run_task and page.run_thread schedule on (construct inside the running loop)
        self.loop = asyncio.get_running_loop()
        self.executor = ThreadPoolExecutor(2)
        self.page_url = "http://127.0.0.1:8550"
        self.messages: list[Any] = []
        self.wire_bytes = 0
        self.session: Session | None = None
        self.prefs: dict[str, Any] = {} if prefs is None else prefs
        self.calls: list[tuple[str, dict[str, Any]]] = []  # service methods the app invoked
        self.answers: dict[str, Any] = {}  # canned results for other methods (e.g. pick_files)

    def send_message(self, message: Any) -> None:
        self.messages.append(message)
        self.wire_bytes += len(wire([message.action, message.body]))
        if message.action == MessageAction.INVOKE_METHOD:
            b = message.body
            asyncio.get_running_loop().create_task(
                self._answer(b.control_id, b.call_id, b.name, b.args or {})
            )

    async def _answer(self, control_id: int, call_id: str, name: str, args: dict[str, Any]) -> None:
        s, result = self.session, None
        self.calls.append((name, args))
        if name == "push_route":  # emulate the browser changing route
            s.page.route = args["route"]
            await s.dispatch_event(s.page._i, "route_change", {"route": args["route"]})
        elif name == "set" and "key" in args:  # SharedPreferences (the clipboard's "set" has data)
            self.prefs[args["key"]] = args["value"]
            result = True
        elif name == "get":
            result = self.prefs.get(args["key"])
        elif name == "contains_key":
            result = args["key"] in self.prefs
        elif name == "remove":
            result = self.prefs.pop(args["key"], None) is not None
        elif name == "get_keys":
            result = [k for k in self.prefs if k.startswith(args.get("key_prefix", ""))]
        elif name == "clear":
            self.prefs.clear()
            result = True
        else:
            result = self.answers.get(name)
        s.handle_invoke_method_results(control_id, call_id, result, None)


class Harness:
    """One fake browser tab; construct inside a running event loop."""

    def __init__(self, hub: PubSubHub | None = None, prefs: dict[str, Any] | None = None) -> None:
        self.conn = FakeClient(prefs)
        self.conn.pubsubhub = hub or PubSubHub(
            loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2)
        )
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.page = self.session.page
        self._token = _context_page.set(self.page)

    async def start(
        self,
        main: Any,
        route: str = "/",
        width: int = 412,
        height: int = 915,
        web: bool = True,
        platform: str = "linux",
    ) -> None:
        # the same order as flet's server on REGISTER_CLIENT (a browser tab sends web and platform)
        self.session.apply_page_patch(
            {"route": route, "width": width, "height": height, "web": web, "platform": platform}
        )
        wire(self.session.get_page_patch())
        _context_page.set(self.page)
        context.reset_auto_update()
        if inspect.iscoroutinefunction(main):
            await main(self.page)
        else:
            main(self.page)
        await self.session.after_event(self.page)  # flet auto-updates after main()
        await self.flush()

    async def flush(self, turns: int = 25, pause: float = 0.0) -> None:
        """Let the loop run the tasks an event started (route changes, service answers).

        ``pause`` > 0 also waits for work in other threads (pubsub subscribers run in a pool)."""
        for _ in range(turns):
            await asyncio.sleep(pause)
            await self._dismiss_closed_dialogs()

    async def _dismiss_closed_dialogs(self) -> None:
        """What the client does once a dialog's closing animation ends: report it dismissed."""
        for d in list(self.page._dialogs.controls):
            if not d.open and d.on_dismiss is not None and d._i in self.session.index:
                await self.session.dispatch_event(d._i, "dismiss", None)

    async def dismiss_on_client(self, key: str) -> None:
        """Escape, the back button or a tap outside: the client closes the dialog itself, then
        reports its ``open`` property and the dismiss event, before the server knows."""
        d = next(d for d in self.page._dialogs.controls if d.open and d.key == key)
        self.session.apply_patch(d._i, {"open": False})
        await self.session.dispatch_event(d._i, "dismiss", None)
        await self.flush()

    def open_dialogs(self) -> list[Any]:
        """The dialogs on screen (open), by key."""
        return [d.key for d in self.page._dialogs.controls if d.open]

    def controls(self) -> list[Any]:
        """The session's live controls, in its index's order (its weak references read at once:
        the index's own iterator costs a find about a third of its time)."""
        return [c for ref in self.session.index.valuerefs() if (c := ref()) is not None]

    def find(self, key: str) -> list[Any]:
        return [c for c in self.controls() if key_of(c) == key]

    def has(self, key: str) -> bool:
        return bool(self.find(key))

    def by_key(self, key: str) -> Any:
        hits = self.find(key)
        assert len(hits) == 1, f"{key!r}: {len(hits)} matches"
        return hits[0]

    def keys(self, prefix: str = "") -> list[str]:
        found = (key_of(c) for c in self.controls())
        return [k for k in found if isinstance(k, str) and k.startswith(prefix)]

    def texts(self) -> list[str]:
        return [c.value for c in self.controls() if isinstance(c, ft.Text) and isinstance(c.value, str)]

    def all_text(self) -> str:
        return "\n".join(self.texts())

    async def fire(self, key: str, event: str = "click", data: Any = None) -> None:
        await self.session.dispatch_event(self.by_key(key)._i, event, data)
        await self.flush()

    async def click(self, key: str) -> None:
        """A tap: "select" for a selectable chip (what the client sends), else "click"."""
        c = self.by_key(key)
        if getattr(c, "on_select", None) is not None and getattr(c, "on_click", None) is None:
            await self.fire(key, "select", not bool(getattr(c, "selected", False)))
        else:
            await self.fire(key, "click")

    async def type_text(self, key: str, text: str) -> None:
        """What the client does for a TextField: set the value, then send a change event."""
        c = self.by_key(key)
        self.session.apply_patch(c._i, {"value": text})
        await self.fire(key, "change", text)

    async def select(self, key: str, value: str) -> None:
        """Pick an option of a Dropdown (or any control with a value and on_select/on_change)."""
        c = self.by_key(key)
        self.session.apply_patch(c._i, {"value": value})
        event = "select" if getattr(c, "on_select", None) is not None else "change"
        await self.fire(key, event, value)

    async def goto(self, route: str) -> None:
        """The browser's address changes (typed, or a link opened)."""
        self.page.route = route
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})
        await self.flush()

    def route(self) -> str:
        return self.page.route

    def close(self) -> None:
        self.session.close()
        _context_page.reset(self._token)


def views_of(page: ft.Page) -> list[Any]:
    """page.views, unwrapping components (render_views)."""
    out: list[Any] = []

    def walk(x: Any) -> None:
        x = ft.unwrap_component(x)
        if isinstance(x, list | tuple):
            for i in x:
                walk(i)
        elif x is not None:
            out.append(x)

    walk(page.views)
    return out
