"""Sharing screens: the host's Share screen (live links with QR codes, revoking, the snapshot
code), the guests' join screen (type a short code), and importing a snapshot (code, image, URL).

What a tap changes is drawn by the component given it, not the screen: the live card draws its
links again after one is revoked or the app starts serving the network; a status line or an
error line is an observable (``Copied``, ``live.JoinNotice``, ``ImportDraft``) given to
the line that shows it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol, cast

import flet as ft

from companion.core import Table, TableError
from companion.share import SnapshotError, decode, encode
from companion.ui import live
from companion.ui.dialogs import Dialogs
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr
from companion.ui.repos import Link, TablesRepo
from companion.ui.scanned import SCANNED, ImportDraft
from companion.ui.services import Services, Session
from companion.ui.views.play_edit import offer_links
from companion.ui.widgets import (
    BAR_ROOMY,
    bar_title,
    button,
    card,
    heading,
    icon_button,
    own_node,
    scroll_column,
    selectable_text,
    small,
)

QR_SIZE = 260


@ft.observable
@dataclass
class Copied:
    """The Share screen's "Copied" line: beside the one Copy button tapped last (``row``: the
    snapshot's, or a link's by its token), on this visit of the screen (``visit``, the session's
    count of arrivals): another Copy moves it, and the screen left and opened again has none."""

    visit: int = 0
    row: str = ""
    text: str = ""

    def beside(self, row: str) -> str:
        return self.text if row == self.row else ""

    def copied(self, row: str, text: str) -> None:
        self.row, self.text = row, text


def copied_line(session: Session) -> Copied:
    """The "Copied" line of this visit of the Share screen: a new visit starts without one."""
    visit = session.state.visits
    held = session.drafts.get(Copied)
    if held is None or held.visit != visit:
        held = session.drafts.put(Copied(visit))
    return held


@dataclass
class JoinCode:
    """The short code as typed on the join screen."""

    text: str = ""


def qr_image(text: str, key: str, name: str, size: int = QR_SIZE) -> ft.Control:
    """A QR code of ``text``, named ``name`` for a screen reader (an image with no name is read
    as "image" alone: which code is it?)."""
    # a white frame keeps the quiet zone light in the dark theme too, so cameras read it
    from companion.share.qr import qr_png  # loads qrcode and Pillow on first use

    return ft.Container(
        ft.Image(src=qr_png(text, box_size=8), width=size, height=size, key=key, semantics_label=name),
        bgcolor=ft.Colors.WHITE,
        padding=8,
        border_radius=8,
        alignment=ft.Alignment.CENTER,
    )


# ---- the host's Share screen -------------------------------------------------------------
def view(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    tr = session.tr
    snapshot = snapshot_card(tr, copied_line(session), services.device.clipboard, table)
    live_card = LiveCard(services, session, table, key="live-card-part")
    body: list[ft.Control] = [live_card, snapshot]
    return ft.View(
        route=f"/table/{id}/share",
        appbar=ft.AppBar(
            title=bar_title(tr("live.title", name=table.name), key="share-title", room=BAR_ROOMY)
        ),
        controls=[scroll_column(body, key="share-body")],
        padding=12,
    )


@ft.component
def LiveCard(services: Services, session: Session, table: Table, key: str | None = None) -> ft.Control:
    """The table's live links (the viewers' and each seat's) with their QR codes, each link's
    text and Copy link, and the way to serve them on the local network. Revoking a link or
    starting to serve changes the store or the listener, not the table: this card alone is drawn
    again (its own count goes up)."""
    tr, fail = session.tr, session.fail
    _, draw = ft.use_state(0)  # a count of its own: raising it draws this card again
    # whose link was revoked last (a seat, or "viewer" for the table's link): its row says so
    replaced, set_replaced = ft.use_state(cast(int | str | None, None))

    def revoke(link: Link) -> None:
        _revoke(services.hub, services.pubsub, table, link)
        set_replaced(link.seat if link.seat is not None else "viewer")
        draw(lambda n: n + 1)

    def ask_revoke(link: Link) -> None:  # a mis-tap would throw a player off the table: ask first
        seat = link.seat
        name = table.players[seat].name if seat is not None and 0 <= seat < len(table.players) else None
        revoke_dialog(services.dialogs, tr, name, partial(revoke, link))

    async def start_lan(_: Any = None) -> None:  # the handler itself: Flet awaits it
        if await _start_lan(tr, services.main, fail):
            draw(lambda n: n + 1)

    space = services.space.space_id if services.space is not None else None  # a hosted server's
    reach = live.lan_base_url(services.page_url(), services.lan_url, hosted=space is not None)
    base, on_lan = reach.base, reach.reachable
    links = live.links_for(services.hub).links(table.id, len(table.players))
    viewer = links[0]
    items: list[ft.Control] = [
        heading(tr("live.heading_hosted" if space else "live.heading"), key="live-heading")
    ]
    if not on_lan:
        items += not_reachable(tr, start_lan, serving=reach.serving)
    viewer_url = live.join_url(base, viewer, space)
    viewer_copy = link_copy(tr, session, services.device.clipboard, viewer_url, viewer.token, "live-link")
    items += viewer_items(tr, viewer_url, viewer.code or "", live.join_at(base, space), on_lan, viewer_copy)
    items += [heading(tr("live.seats")), small(tr("live.seats_hint"))]
    for link in links[1:]:
        name = table.players[link.seat or 0].name
        url = live.join_url(base, link, space)
        copy = partial(link_copy, tr, session, services.device.clipboard, url, link.token, "seat-link", name)
        show = partial(seat_dialog, services.dialogs, tr, name, url, copy, on_lan)
        items.append(
            seat_row(tr, table, link, show, partial(ask_revoke, link), replaced=replaced == link.seat)
        )
    items.append(
        button(
            tr("live.revoke_viewer"),
            "revoke-viewer",
            lambda _: ask_revoke(viewer),
            icon=ft.Icons.BLOCK,
        )
    )
    if replaced == "viewer":  # else the button's tap seemed to do nothing: the new link is above
        items.append(small(tr("live.revoked_viewer"), key="revoked-viewer"))
    return card(*items, key="live-card")


def not_reachable(tr: Tr, start_lan: Callable[[Any], Any], *, serving: bool) -> list[ft.Control]:
    """Why other phones cannot open the table, said plainly, in the body's size and the error
    colour, with what to tap right under it (it was a small grey line over a QR code that no
    other phone can open): served on this device only (a loopback address), or served on the
    network but this device has no network address (``serving``: look again once it has one)."""
    said, key, tap, tap_key = (
        (tr("live.no_address"), "live-no-address", tr("live.look_again"), "live-look-again")
        if serving
        else (tr("live.local_only"), "live-local-only", tr("live.start_lan"), "live-start-lan")
    )
    return [
        ft.Row(
            [
                ft.Icon(ft.Icons.WIFI_OFF, color=ft.Colors.ERROR),
                ft.Text(said, key=key, color=ft.Colors.ERROR, expand=True),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        button(tap, tap_key, start_lan, icon=ft.Icons.WIFI_TETHERING, filled=True),
    ]


def viewer_items(
    tr: Tr, url: str, code: str, join_at: str, reachable: bool, copy: ft.Control
) -> list[ft.Control]:
    """The viewers' link: its QR code only once other devices can reach it; before that its
    address and short code, marked as this device's only. ``copy``: Copy link, under the address."""
    shown: list[ft.Control] = (
        [small(tr("live.viewer_hint")), qr_image(url, key="live-qr", name=tr("live.qr_viewer"))]
        if reachable
        else [small(tr("live.device_only"), key="live-device-only")]
    )
    return [
        *shown,
        # selectable text reaches screen readers as an unnamed text area: its label says it
        selectable_text(url, key="live-url", size=13),
        copy,
        selectable_text(tr("live.short_code", code=code), key="live-code", size=18),
        small(tr("live.join_at", url=join_at), key="live-join-at"),
    ]


def seat_row(
    tr: Tr,
    table: Table,
    link: Link,
    show: Callable[[], None],
    revoke: Callable[[], None],
    replaced: bool = False,
) -> ft.Control:
    """A seat's link: its player, a button showing its QR code (``show``), one revoking it; once
    revoked (``replaced``), a line saying the old link is dead and the new one is to be shown
    (the row looks the same otherwise: the tap seemed to do nothing)."""
    seat = link.seat if link.seat is not None else 0
    name = table.players[seat].name
    row = ft.Row(
        [
            ft.Text(name, expand=True, weight=ft.FontWeight.BOLD),
            button(
                tr("live.show_qr"),
                f"seat-qr-{seat}",
                lambda _: show(),
                icon=ft.Icons.QR_CODE,
                name=tr("live.show_qr_of", name=name),
            ),
            icon_button(
                ft.Icons.BLOCK,
                f"revoke-{seat}",
                tr("live.revoke", name=name),
                lambda _: revoke(),
            ),
        ],
    )
    said = [small(tr("live.revoked_seat", name=name), key=f"revoked-{seat}")] if replaced else []
    return ft.Column([row, *said], spacing=2, key=f"seat-link-{seat}")


def link_copy(
    tr: Tr, session: Session, clipboard: ft.Clipboard, url: str, token: str, name: str, seat: str = ""
) -> ft.Control:
    """Copy link for ``url``, named for whose link it is (``seat``: a player's name; else the
    table's viewer link), and its "Copied" line (said while this link is the one copied last)."""
    said = copied_line(session)
    spoken = tr("live.copy_link_of", name=seat) if seat else tr("live.copy_viewer_link")
    row = f"link:{token}"
    return CopyRow(
        tr, tr("live.copy_link"), name, clipboard, url, said, spoken=spoken, row=row, key=f"{name}-row"
    )


def seat_dialog(
    dialogs: Dialogs, tr: Tr, name: str, url: str, copy: Callable[[], ft.Control], reachable: bool = True
) -> None:
    """A seat link's QR code, address (``url``) and Copy link (``copy`` makes it); while the app
    is served on this device only (not ``reachable``), marked as such over the code."""
    dialogs.dialog(
        tr("live.seat_title", name=name),
        lambda: [
            small(tr("live.seat_hint", name=name)),
            *(
                []
                if reachable
                else [ft.Text(tr("live.seat_device_only"), key="seat-device-only", color=ft.Colors.ERROR)]
            ),
            qr_image(url, key="seat-qr", name=tr("live.qr_seat", name=name), size=240),
            selectable_text(url, key="seat-url", size=12),
            copy(),
        ],
        key="seat-dialog",
    )


def revoke_dialog(dialogs: Dialogs, tr: Tr, name: str | None, revoke: Callable[[], None]) -> None:
    """Ask before revoking a link (``name``: the seat's player; None: the table's link): the
    phone on it leaves the table at once, so a mis-tap beside Show QR must not do it."""
    title, body = (
        (tr("live.revoke_seat_title", name=name), tr("live.revoke_seat_body", name=name))
        if name is not None
        else (tr("live.revoke_viewer_title"), tr("live.revoke_viewer_body"))
    )
    dialogs.dialog(
        title,
        lambda: [ft.Text(body, key="revoke-body")],
        key="revoke-dialog",
        actions=lambda: [
            dialogs.dialog_button(
                tr("live.revoke_confirm"), "revoke-confirm", revoke, filled=True, danger=True
            )
        ],
    )


def _revoke(hub: TableHub, pubsub: ft.PubSubClient, table: Table, link: Link) -> None:
    live.links_for(hub).revoke(link.token)
    pubsub.send_all_on_topic(hub.topic(table.id), table.version)  # guests re-check their link
    hub.changed(table.id)  # and those on other workers (ui/relay.py)


async def _start_lan(tr: Tr, main: Any, fail: Callable[[str], None]) -> bool:
    """Serve this app (``main``) on the local network too; ``fail`` says why it could not."""
    try:
        await live.start_listener(main)
    except OSError as exc:  # the port is taken, or no permission to listen
        fail(tr("live.lan_failed", detail=str(exc)))
        return False
    return True


class Said(Protocol):
    """A screen's status line beside its Copy buttons ("Copied", or empty), an observable
    (``@ft.observable``): the rows given it are drawn again when it changes."""

    def beside(self, row: str) -> str:
        """What the line beside the Copy button ``row`` says."""
        ...

    def copied(self, row: str, text: str) -> None:
        """``row``'s Copy was tapped: the line beside it says ``text``."""
        ...


@ft.component
def CopyRow(
    tr: Tr,
    label: str,
    name: str,
    clipboard: ft.Clipboard,
    text: str,
    said: Said,
    spoken: str | None = None,
    row: str = "",
    key: str | None = None,
) -> ft.Control:
    """A Copy button (``<name>-copy``) putting ``text`` on the clipboard, and the line beside it
    (``<name>-status``, ``said``) that says it was copied; ``spoken``: the button's name for a
    screen reader where its label is shared ("Copy Ana's link"); ``row``: which of the screen's
    Copy buttons this is (``said`` speaks beside one), else ``name``."""
    row = row or name

    async def copy(_: Any = None) -> None:
        await clipboard.set(text)
        said.copied(row, tr("live.copied"))

    return ft.Row(
        [
            button(label, f"{name}-copy", copy, icon=ft.Icons.COPY, name=spoken),
            ft.Text(said.beside(row), key=f"{name}-status"),
        ],
        wrap=True,
    )


def snapshot_card(tr: Tr, said: Copied, clipboard: ft.Clipboard, table: Table) -> ft.Control:
    """The table as a snapshot code (QR and text) and its Copy button; ``said`` is the line
    beside it ("Copied")."""
    try:
        code = encode(table)
    except SnapshotError as exc:
        return card(
            heading(tr("live.snapshot")), ft.Text(tr.msg(exc.msg), key="snapshot-error"), key="snapshot-card"
        )
    return card(
        # nodes of their own: merged, the title and the hint named the code's field too
        own_node(heading(tr("live.snapshot"))),
        own_node(small(tr("live.snapshot_hint"))),
        qr_image(code, key="snapshot-qr", name=tr("live.qr_snapshot")),
        ft.Row(  # as wide as the card and its code, not a field's default width
            [
                ft.TextField(
                    label=tr("live.snapshot"),
                    value=code,
                    key="snapshot-text",
                    read_only=True,
                    multiline=True,
                    text_size=12,
                    expand=True,
                )
            ]
        ),
        CopyRow(tr, tr("live.copy"), "snapshot", clipboard, code, said, key="snapshot-row"),
        key="snapshot-card",
    )


# ---- guests: the join screen ---------------------------------------------------------------
def join_view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    draft = session.drafts.keep(JoinCode)

    def typed(e: Any) -> None:
        draft.text = e.control.value or ""

    async def join(_: Any = None) -> None:
        link = live.grant(services.hub, session.state, session.drafts, services.attempt_keys(), draft.text)
        if link is None:  # the error line, given this notice, says so
            session.drafts.keep(live.JoinNotice).unknown(draft.text.strip())
            return
        session.drafts.drop(live.JoinNotice)
        space = services.space.space_id if services.space is not None else None
        await live.remember(services.prefs, session.state.access, space)
        session.go(f"/table/{link.table_id}")

    field = ft.TextField(
        label=tr("live.code_label"),
        value=draft.text,
        key="join-code",
        autofocus=True,
        capitalization=ft.TextCapitalization.CHARACTERS,
        max_length=100,
        on_change=typed,
        on_submit=join,
    )
    error = JoinError(tr, session.drafts.keep(live.JoinNotice), key="join-error-line")
    submit: ft.Control = button(tr("live.join"), "join-submit", join, icon=ft.Icons.LOGIN, filled=True)
    if services.space is not None and not services.space.own:  # a hosted guest: its own space is a tap away
        submit = ft.Column([submit, my_space_button(tr, services)], tight=True)
    return _code_form(
        tr, "/join", "join", "live.join_title", "live.join_hint", field, submit, error, back=False
    )


@ft.component
def JoinError(tr: Tr, said: live.JoinNotice, key: str | None = None) -> ft.Control:
    """Why the last code or link opened nothing (``said``); drawn again when it changes."""
    refused = tr.msg(said.refusal)  # e.g. locked out after wrong codes
    notice = said.notice
    if notice == "live.unknown_code":
        again = said.tries > 1
        told = (
            tr("live.unknown_code_again", code=said.code, n=said.tries)
            if again
            else tr(notice, code=said.code)
        )
    else:
        told = tr(notice) if notice else ""
    return ft.Text(refused or told, key="join-error", color=ft.Colors.ERROR)


def my_space_button(tr: Tr, services: Services) -> ft.Control:
    """Back to this device's own space (a hosted server): the app opened afresh on it."""
    space = services.space

    async def leave(_: Any = None) -> None:
        if space is not None:
            await services.device.urls.launch_url(
                space.home_url, web_only_window_name=ft.UrlTarget.SELF.value
            )

    return button(tr("space.back_home"), "my-space", leave, icon=ft.Icons.HOME)


def _code_form(
    tr: Tr,
    route: str,
    key: str,
    title_key: str,
    hint_key: str,
    field: ft.TextField,
    submit: ft.Control,
    error: ft.Control,
    *,
    back: bool = True,
) -> ft.View:
    """A screen with one code to type or paste: hint, field, submit button, and the error under it."""
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(tr(title_key)), automatically_imply_leading=back),
        controls=[scroll_column([small(tr(hint_key)), field, submit, error], key=f"{key}-body")],
        padding=12,
    )


# ---- importing a snapshot --------------------------------------------------------------------
def already_stored(hub: TableHub, tables: TablesRepo, table: Table) -> Table | None:
    """The stored table this import is a copy of (same id, game, players and entries), if any:
    importing it again opens it instead of making a twin."""
    if not tables.exists(table.id):
        return None
    stored = hub.get(table.id)
    same = (
        stored.game_id == table.game_id
        and [p.name for p in stored.players] == [p.name for p in table.players]
        and [e.model_dump() for e in stored.entries] == [e.model_dump() for e in table.entries]
    )
    return stored if same else None


def store_table(hub: TableHub, tables: TablesRepo, table: Table) -> Table:
    """Keep an imported table. The same table already stored: that one (no twin). Another table
    under the same id (it went on elsewhere): kept beside it under a new id."""
    existing = already_stored(hub, tables, table)
    if existing is not None:
        return existing
    if tables.exists(table.id):
        table.id = uuid.uuid4().hex
    return hub.create(table)


def import_text(hub: TableHub, tables: TablesRepo, text: str | bytes) -> Table:
    """A snapshot code, an import URL, or a table file (JSON). Raises TableError/SnapshotError."""
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    # A table file is JSON; anything else is a code (a long file is no code too long).
    if not raw.lstrip().startswith(("{", "[")):
        return store_table(hub, tables, decode(raw))
    existing = already_stored(hub, tables, Table.from_json(text))
    return existing if existing is not None else hub.import_json(raw)


def import_image(hub: TableHub, tables: TablesRepo, data: bytes) -> Table:
    from companion.share.qr import read_snapshot_image

    return store_table(hub, tables, read_snapshot_image(data))


def error_text(tr: Tr, exc: Exception) -> str:
    if isinstance(exc, SnapshotError | TableError):
        return tr.msg(exc.msg)
    return str(exc)


async def pick_image(picker: ft.FilePicker) -> bytes | None:
    """A photo or screenshot of a QR code (on a phone the picker offers the camera)."""
    files = await picker.pick_files(with_data=True, file_type=ft.FilePickerFileType.IMAGE)
    if not files:
        return None
    f = files[0]
    return f.bytes if f.bytes is not None else Path(f.path).read_bytes() if f.path else b""


def import_view(services: Services, session: Session, code: str | None = None) -> ft.View:
    """``/import#<code>`` (a scanned import link) or ``/import/<code>``: check, then import."""
    tr = session.tr
    first = "" if code == SCANNED else code or _fragment(services.page_url())
    draft = session.drafts.keep(ImportDraft, code, lambda: ImportDraft(first))

    def typed(e: Any) -> None:
        draft.text = e.control.value or ""

    field = ft.TextField(
        label=tr("live.paste"),
        value=draft.text,
        key="import-code",
        multiline=True,
        text_size=12,
        on_change=typed,
    )
    error = ImportRefusal(draft, key="import-code-error-line")

    def go(_: Any = None) -> None:
        try:
            table = import_text(services.hub, services.repos.tables, draft.text)
        except (SnapshotError, TableError) as exc:
            draft.refuse(error_text(tr, exc))  # the error line, given this draft, says why
            return
        offer_links(
            services.dialogs, tr, services.repos.players, table, lambda: session.go(f"/table/{table.id}")
        )

    submit = button(tr("live.import"), "import-code-submit", go, icon=ft.Icons.DOWNLOAD, filled=True)
    return _code_form(tr, "/import", "import", "live.import_title", "live.import_hint", field, submit, error)


@ft.component
def ImportRefusal(draft: ImportDraft, key: str | None = None) -> ft.Control:
    """Why the code could not be imported (``draft.error``); drawn again when it changes."""
    return ft.Text(draft.error, key="import-code-error", color=ft.Colors.ERROR)


def _fragment(url: str | None) -> str:
    """What follows ``#`` in the page's address (a scanned import link's code), else ""."""
    url = url or ""
    return url.split("#", 1)[1] if "#" in url else ""
