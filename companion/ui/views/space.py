"""A hosted server's space screens (ui/hosted.py): "Your space" (its recovery link as text and
QR code, Copy, "Sign out other devices"), and the screen a device sees when its key was not
accepted (a new space, or nothing while its address is locked out).

The status line (``SpaceStatus``) is an observable given to the recovery card: a Copy or a new
key draws that card again (with the new link), not the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.ui.i18n import Tr, translator
from companion.ui.palette import seed_theme
from companion.ui.services import Services, Session
from companion.ui.views.share import CopyRow, qr_image
from companion.ui.widgets import button, card, heading, scroll_column, selectable_text, small

if TYPE_CHECKING:
    from companion.ui.dialogs import Dialogs
    from companion.ui.hosted import Hosted, SpaceSession, Start

ROUTE = "/settings/space"


@ft.observable
@dataclass
class SpaceStatus:
    """The line beside the recovery link's Copy button ("Copied", "Other devices signed out"),
    and how many new keys this session made (each one changes the recovery link shown)."""

    text: str = ""
    keys: int = 0

    def new_key(self, text: str) -> None:
        self.text, self.keys = text, self.keys + 1

    def beside(self, row: str) -> str:  # one Copy button on the screen: the line is its own
        return self.text

    def copied(self, row: str, text: str) -> None:
        self.text = text


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    space = services.space
    body: list[ft.Control] = []
    if space is not None and space.own:
        said = session.drafts.keep(SpaceStatus)
        body = [
            RecoveryCard(tr, space, said, services.device.clipboard, key="space-recovery-part"),
            sign_out_card(tr, space, said, services),
        ]
    else:  # a guest on another space's link, or a local server: there is no space of its own here
        body = [small(tr("space.none"), key="space-none")]
    return ft.View(
        route=ROUTE,
        appbar=ft.AppBar(title=ft.Text(tr("space.title"))),
        controls=[scroll_column(body, key="space-body")],
        padding=12,
    )


@ft.component
def RecoveryCard(
    tr: Tr, space: SpaceSession, said: SpaceStatus, clipboard: ft.Clipboard, key: str | None = None
) -> ft.Control:
    """The recovery link (QR code and text) with Copy, and what it is for; drawn again when
    ``said`` changes (a new key is a new link)."""
    url = space.recovery_url()
    return card(
        heading(tr("space.recovery")),
        small(tr("space.recovery_hint")),
        qr_image(url, key="space-qr", name=tr("space.qr")),
        selectable_text(url, key="space-url", size=12),
        CopyRow(tr, tr("space.copy"), "space", clipboard, url, said, key="space-copy-row"),
        key="space-recovery",
    )


def sign_out_card(tr: Tr, space: SpaceSession, said: SpaceStatus, services: Services) -> ft.Control:
    """ "Sign out other devices": a new key for the space (asked first); this device keeps it."""

    async def rotate() -> None:
        await space.rotate(services.prefs)
        said.new_key(tr("space.signed_out"))  # the recovery card, given it, shows the new link

    def ask(_: Any = None) -> None:
        _confirm(services.dialogs, tr, rotate)

    return card(
        heading(tr("space.sign_out")),
        small(tr("space.sign_out_hint")),
        button(tr("space.sign_out"), "space-rotate", ask, icon=ft.Icons.LOGOUT),
        key="space-sign-out",
    )


def _confirm(dialogs: Dialogs, tr: Tr, rotate: Callable[[], Any]) -> None:
    dialogs.dialog(
        tr("space.sign_out"),
        lambda: [small(tr("space.sign_out_confirm"))],
        key="space-rotate-dialog",
        actions=lambda: [
            dialogs.dialog_button(tr("space.sign_out"), "space-rotate-confirm", rotate, danger=True)
        ],
    )


# ---- a key that was not accepted --------------------------------------------------------------
@ft.component
def Refused(tr: Tr, refusal: str, start_new: Callable[[Any], Any] | None) -> list[ft.View]:
    """What a device whose space key was not accepted sees: why, and (unless its address is
    locked out) a button starting a new space."""
    items: list[ft.Control] = [ft.Text(tr(refusal), key="space-refused")]
    if start_new is not None:
        items += [
            small(tr("space.new_hint")),
            button(tr("space.new"), "space-new", start_new, icon=ft.Icons.ADD, filled=True),
        ]
    return [
        ft.View(
            route="/",
            appbar=ft.AppBar(title=ft.Text(tr("space.refused_title"))),
            controls=[scroll_column(items, key="space-refused-body")],
            padding=12,
        )
    ]


async def show_refusal(
    page: ft.Page, prefs: ft.SharedPreferences, hosted: Hosted, refusal: str, start: Start
) -> None:
    """Draw the refusal on ``page`` in the device's language; "Start a new space" keeps a new
    key on the device and opens the app afresh on it (``start``: the peer's address and the
    address phones open). No new space while the address is locked out or made too many."""
    from companion.ui import settings as prefs_io
    from companion.ui.hosted import may_start_over, start_over

    settings = await prefs_io.load(prefs)
    page.title = "Table Companion"
    page.theme = page.dark_theme = seed_theme()  # the app's own look
    page.theme_mode = settings.theme_mode
    address, base = start
    made: list[bool] = []

    async def start_new(_: Any = None) -> None:
        if made:  # a second tap while the page reopens: one new space
            return
        made.append(True)
        await start_over(hosted, prefs, address)
        await ft.UrlLauncher().launch_url(f"{base}/", web_only_window_name=ft.UrlTarget.SELF.value)

    if refusal == "space.refused" and not may_start_over(hosted, address):
        refusal = "space.too_many_new"
    offer = start_new if refusal == "space.refused" else None
    page.render_views(Refused, translator(settings.lang), refusal, offer)
