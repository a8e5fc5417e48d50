"""The server side of every websocket: peer recording and per-connection budgets, applied to
each frame before Flet dispatches it.

``GuardedFletApp`` is Flet's own websocket handler (``flet_web``'s ``FletApp``) with the socket
wrapped: every frame the client sends passes ``FrameGuard.admit`` first. A frame is dropped
quietly when it is harmless but useless (an event for a control id this session does not have:
Flet would walk the whole page looking for it), and the connection is dropped when it goes past
its budget (``companion.share.budget``). A failing or forged event never sends a traceback to
the client: it is logged here and the user sees a short notice.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import flet as ft
import msgpack
from fastapi import WebSocket, WebSocketDisconnect
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import (
    Message,
    MessageAction,
    SessionCrashedBody,
    configure_encode_object_for_msgpack,
    decode_ext_from_msgpack,
)
from flet_web.fastapi.flet_app import FletApp
from starlette.websockets import WebSocketState

from companion.i18n import DEFAULT_LANGUAGE, translate
from companion.share.attempts import AttemptLimits, Attempts
from companion.share.budget import DEFAULT_LIMITS, BudgetExceeded, Limits, SessionBudget, check_shape
from companion.ui import peer, sent_settings

log = logging.getLogger("companion.guard")
TRANSPORT_LOG = logging.getLogger("flet_transport")  # Flet's log of every message sent and heard
ENCODE = configure_encode_object_for_msgpack(BaseControl)  # controls as Flet's client reads them

POLICY_VIOLATION = 1008  # websocket close code: the client broke the rules
SERVER_ONLY = frozenset({"client_ip", "client_user_agent"})  # page properties only the server sets
PAGE_ID = 1
NOTICE_KEY = "sec-live.guard.failed"


# A phone dropped 3 times within a minute is refused at the handshake for 30 s (never this
# machine): reconnecting to flood again would otherwise cost a new session each time.
DROPS = Attempts(AttemptLimits(connection_failures=3, address_failures=3, window=60.0, lockout=30.0))


class _Dropped(BaseException):
    """Raised out of Flet's receive loop to end a connection that has no session yet."""


# Headers a reverse proxy adds. uvicorn believes X-Forwarded-For only from a proxy named with
# --trusted-proxy (it then puts the forwarded client in place of the proxy's address).
PROXY_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")
PROXIED = "proxied:"  # an address that is no IP: never this machine (share.netinfo.is_local_client)
TRUSTED_PROXIES: set[str] = set()  # what the server was started with (webserver.make_server)


def peer_address(websocket: WebSocket) -> str:
    """The socket's peer (uvicorn replaced it only if the peer is a configured trusted proxy).

    A request that carries a proxy's headers is believed only as uvicorn rewrote it for a trusted
    proxy: with no trusted proxy, or an address that is neither the forwarded client nor a
    trusted proxy, or one on this machine that no trusted proxy vouched for, it came through a
    proxy nobody named. A proxy on this machine would otherwise make every visitor look like the
    host; such a visitor is remote ("proxied:<proxy>"), whatever flag was forgotten."""
    client = websocket.client
    address = client.host if client and client.host else "unknown"
    headers = websocket.headers
    if any(h in headers for h in PROXY_HEADERS) and address not in TRUSTED_PROXIES:
        forwarded = [a.strip() for a in headers.get("x-forwarded-for", "").split(",")]
        if not TRUSTED_PROXIES or address not in forwarded or peer.Peer(address).local:
            log.warning(
                "a proxy at %s sent forwarding headers but is not trusted: its visitors are remote "
                "(start with --trusted-proxy %s if it is yours)",
                address,
                address,
            )
            return PROXIED + address
    return address


class FrameGuard:
    """Checks one connection's frames; ``admit`` says whether to pass a frame on to Flet."""

    def __init__(self, app: GuardedFletApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.budget = SessionBudget(limits)
        self.registered = False
        self.typed_into: Any = None  # the field whose value patch was just charged: its change is paid

    def _decode(self, data: bytes) -> Any:
        if len(data) > self.limits.result_frame_bytes:
            raise BudgetExceeded("frame size")
        try:
            frame = msgpack.unpackb(
                data[1:],
                ext_hook=decode_ext_from_msgpack,
                max_str_len=self.limits.result_frame_bytes,
                max_bin_len=self.limits.result_frame_bytes,
            )
        except Exception as exc:  # not msgpack, or a hostile one (too deep, bad extension value)
            raise BudgetExceeded("malformed frame") from exc
        check_shape(frame, self.limits)
        if not (isinstance(frame, list) and len(frame) == 2 and isinstance(frame[1], dict)):
            raise BudgetExceeded("malformed frame")
        try:
            action = MessageAction(frame[0])
        except (ValueError, TypeError) as exc:
            raise BudgetExceeded("unknown action") from exc
        if action != MessageAction.INVOKE_METHOD and len(data) > self.limits.frame_bytes:
            raise BudgetExceeded("frame size")
        return action, frame[1]

    def admit(self, data: bytes, now: float) -> bool:
        if not data:
            return False
        if data[0] != 0x00:  # data-channel frames: this app opens none
            self.budget.event(now)
            return False
        action, body = self._decode(data)
        if action == MessageAction.REGISTER_CLIENT:
            if self.registered:
                raise BudgetExceeded("second register")
            self.registered = True
            return True
        session = self.app.session
        if not self.registered or session is None:
            raise BudgetExceeded("frame before register")
        typed_into, self.typed_into = self.typed_into, None
        if action == MessageAction.CONTROL_EVENT:
            name = body.get("name")
            paid = name == "change" and typed_into is not None and body.get("target") == typed_into
            self.budget.event(now, route=name == "route_change", paid=paid)
            if self._known(session, body.get("target")):
                return True
            if body.get("name") == "click":  # a tap on a control redrawn away since the phone drew it
                tap_lost(session)
            return False
        if action == MessageAction.UPDATE_CONTROL_PROPS:
            props = body.get("props")
            target = body.get("id")
            self.budget.event(now)  # a route patch comes with a route_change event, charged there
            if isinstance(props, dict) and props.keys() == {"value"}:
                self.typed_into = target  # a keystroke: one charge, not two (its change event follows)
            if target == PAGE_ID and isinstance(props, dict) and SERVER_ONLY & props.keys():
                log.warning("dropped a patch of server-only page properties from %s", self.app.peer)
                return False
            return self._known(session, target)
        if action == MessageAction.INVOKE_METHOD:
            self.budget.event(now)
            return self._known(session, body.get("control_id"))
        raise BudgetExceeded("unexpected action")

    @staticmethod
    def _known(session: Any, control_id: Any) -> bool:
        """Is ``control_id`` one of this session's controls? A dict lookup, not a page walk."""
        return isinstance(control_id, int) and control_id in session.index


def tap_lost(session: Any) -> None:
    """Say at the question that a tap reached a screen that had already changed (Flet would
    drop it without a word: nothing on the phone would show that it was not taken)."""
    app = session.store.get("companion.app")
    if app is not None:
        app.tap_lost()


class _GuardedSocket:
    """The websocket as Flet sees it: only frames the guard admits come out of it."""

    def __init__(self, websocket: WebSocket, guard: FrameGuard) -> None:
        self._ws = websocket
        self._guard = guard

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)

    async def receive_bytes(self) -> bytes:
        while True:
            try:
                data = await self._ws.receive_bytes()
            except WebSocketDisconnect:
                if self._guard.app.session is None:  # gone before registering (or server stopping)
                    raise _Dropped("closed before register") from None
                raise
            try:
                if self._guard.admit(data, time.monotonic()):
                    return data
            except BudgetExceeded as exc:
                await self._drop(exc.reason)

    async def send_bytes(self, data: bytes) -> None:
        """A frame to a phone that has gone is dropped: its socket closed under the send (the
        server stopping with phones connected, a phone off the Wi-Fi). Flet's send loop would end
        with the error, the server log a traceback, and the session never be disconnected (Flet
        disconnects it after the loop); the receive loop, which hears the close too, ends the
        send loop as usual."""
        if self._ws.application_state == WebSocketState.DISCONNECTED:
            return
        try:
            await self._ws.send_bytes(data)
        except WebSocketDisconnect:
            log.debug("a frame to %s after it had gone, dropped", self._guard.app.peer)

    async def _drop(self, reason: str) -> None:
        app = self._guard.app
        app.dropped = True
        log.warning("dropped the connection of %s: over its budget (%s)", app.peer, reason)
        if not peer.Peer(app.peer).local:
            DROPS.failed([f"addr:{app.peer}"], time.monotonic())
        try:
            await self._ws.close(code=POLICY_VIOLATION)
        except Exception:  # already closing: nothing more to say to that client
            log.debug("close after a budget drop failed", exc_info=True)
        if app.session is None:
            raise _Dropped(reason)
        raise WebSocketDisconnect(POLICY_VIOLATION, reason)


class GuardedFletApp(FletApp):
    """Flet's websocket handler with the peer recorded and every frame checked first."""

    limits: Limits = DEFAULT_LIMITS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.peer = "unknown"
        self.dropped = False
        self._guard = FrameGuard(self, self.limits)
        self._patched: Any = None

    @property
    def session(self) -> Any:
        """Flet's session of this connection (None until the client registered)."""
        found = getattr(self, "_FletApp__session", None)
        if found is not None and found is not self._patched:
            self._patched = found
            _watch(found, self._guard.budget, self.peer)
        return found

    def send_message(self, message: Message) -> None:
        """Send as Flet does, without formatting the whole message for a debug line nobody reads.

        Flet 1.0.5's ``send_message`` builds ``f"send_message: {message}"`` for its transport log
        before the log is asked whether it wants it: the repr of every control sent whole, every
        field of each (0.75 ms of a late Dragon tap's 10.5, docs/PERFORMANCE.md). With that log
        on, Flet's own method runs; else the same frame is queued here: one packet per message,
        a zero byte then the msgpack body (Flet's wire format, checked byte for byte against
        Flet's by tests/security/test_guard_send.py)."""
        _ = self.session  # the register reply goes out first: the session is watched from then on
        queue = getattr(self, "_FletApp__send_queue", None)
        if queue is None or TRANSPORT_LOG.isEnabledFor(logging.DEBUG):
            super().send_message(message)
            return
        queue.put_nowait(b"\x00" + msgpack.packb([message.action, message.body], default=ENCODE))

    async def handle(self, websocket: WebSocket) -> None:
        self.peer = peer_address(websocket)
        peer.record(self, self.peer)
        sent_settings.record(self, websocket.query_params.get(sent_settings.PARAM))
        if DROPS.locked([f"addr:{self.peer}"], time.monotonic()):
            log.warning("refused a connection from %s: dropped too often, cooling down", self.peer)
            await websocket.close(code=POLICY_VIOLATION)  # before accepting: costs no session
            return
        try:
            await super().handle(_GuardedSocket(websocket, self._guard))
        except _Dropped:
            queue = getattr(self, "_FletApp__send_queue", None)
            if queue is not None:  # end Flet's send loop, which waits for a session that never came
                queue.put_nowait(None)
        except Exception:
            if not self.dropped:
                raise
            # Flet's send loop writing to the socket this guard closed: expected, nothing to report
            log.debug("send after a budget drop", exc_info=True)


def _watch(session: Any, budget: SessionBudget, address: str) -> None:
    """Count the session's running event handlers, and replace its crash report (which
    carries a Python traceback) with a log line here and a short notice on the phone."""
    dispatch = session.dispatch_event

    async def counted(control_id: int, name: str, data: Any) -> None:
        budget.started()
        try:
            await dispatch(control_id, name, data)
        finally:
            budget.finished()

    def error(message: str) -> None:
        first = message.splitlines()[0] if message else ""
        log.error("an event of %s failed: %s (traceback above)", address, first[:200])
        notify_failure(session)

    session.dispatch_event = counted
    session.error = error


def notify_failure(session: Any) -> None:
    """Tell the user, in a few words, that what they did failed (no detail, no traceback)."""
    app = session.store.get("companion.app")
    lang = getattr(getattr(app, "tr", None), "lang", DEFAULT_LANGUAGE)
    text = translate(NOTICE_KEY, lang)
    try:
        session.page.show_dialog(ft.SnackBar(ft.Text(text), key="guard-notice"))
        session.page.update()
    except Exception:  # the page itself is broken: say it the way Flet ends a session
        log.debug("could not show the failure notice", exc_info=True)
        conn = session.connection
        if conn is not None:
            conn.send_message(Message(MessageAction.SESSION_CRASHED, SessionCrashedBody(text)))


def make_handler(main: Any, before_main: Any = None) -> Any:
    """The websocket endpoint for ``main`` (FastAPI's route function)."""
    from flet_web.fastapi.flet_app_manager import app_manager

    async def handler(websocket: WebSocket) -> None:
        await GuardedFletApp(
            loop=asyncio.get_running_loop(),
            executor=app_manager.executor,
            main=main,
            before_main=before_main,
        ).handle(websocket)

    return handler
