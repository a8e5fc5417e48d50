"""The play log and BG Stats / BoardGameGeek (issue 31, item 2; docs/FORMAT.md, "BG Stats").

A play's "Send to BG Stats" opens BG Stats' createPlay link with that play filled in (a new tab
on a web client; the phone's BG Stats takes it from there). The log exports what its filters
show as BG Stats' push-play JSON or a BoardGameGeek play file, saved as its other exports are
(views/files.py). "Import from BG Stats" picks a file as a backup's restore does, reads it in a
worker, shows what it would add (each play it will not take on its own line, the players it
would remember) and asks once; a file refused whole says why and nothing changes. The plan and
the writing are the repositories' (ui/repos.py), so a second import of the same file adds nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.msg import msg
from companion.i18n import format_when
from companion.plays.models import PlayRecord
from companion.ui.repos import StoreError
from companion.ui.shell import App
from companion.ui.views.backup import LogStatus
from companion.ui.views.files import save_bytes
from companion.ui.widgets import button, small

if TYPE_CHECKING:
    from companion.plays.bgstats import ImportPlan

SHOWN_REFUSED = 200  # refusal lines a preview draws; more are counted on one line


def _say(app: App, text: str) -> None:
    app.drafts.keep(LogStatus).text = text
    app.refresh()


# ---- one play out -------------------------------------------------------------------------
def send_button(app: App, play: PlayRecord, title: str) -> ft.Control:
    """A play's "Send to BG Stats", named for screen readers by its game and day."""

    async def tap(_: Any = None) -> None:
        await send_to_bgstats(app, play)

    day = format_when(play.date, app.tr.lang, time=False)
    return button(
        app.tr("plays.exchange.send"),
        f"play-bgstats-{play.id}",
        tap,
        icon=ft.Icons.SEND,
        name=app.tr("plays.exchange.send_name", game=title, when=day),
    )


async def send_to_bgstats(app: App, play: PlayRecord) -> None:
    """Open BG Stats' createPlay link for ``play``: a new tab on a web client."""
    from companion.plays.bgstats import push_link

    try:
        await app.urls.launch_url(push_link(play), web_only_window_name=ft.UrlTarget.BLANK.value)
    except Exception:  # a platform with nothing to open links with
        _say(app, app.tr("plays.exchange.cannot_open"))


# ---- the log out --------------------------------------------------------------------------
def exchange_actions(app: App, read: Callable[[], list[PlayRecord]]) -> list[ft.Control]:
    """The log's BG Stats and BoardGameGeek buttons; ``read`` gives the plays the filters show."""
    tr = app.tr

    async def bgstats(_: Any = None) -> None:
        await export_for(app, "bgstats", read())

    async def bgg(_: Any = None) -> None:
        await export_for(app, "bgg", read())

    async def pick(_: Any = None) -> None:
        await pick_import(app)

    return [
        button(
            tr("plays.exchange.export_bgstats"), "plays-export-bgstats", bgstats, icon=ft.Icons.UPLOAD_FILE
        ),
        button(tr("plays.exchange.export_bgg"), "plays-export-bgg", bgg, icon=ft.Icons.UPLOAD_FILE),
        button(tr("plays.exchange.import"), "plays-import-bgstats", pick, icon=ft.Icons.DOWNLOAD),
    ]


async def export_for(app: App, kind: str, plays: list[PlayRecord]) -> None:
    """``plays`` as BG Stats' push-play JSON (``bgstats``) or a BoardGameGeek play file (``bgg``)."""
    if kind == "bgg":
        from companion.plays.bgg import plays_xml

        name, extension, text = "play-log-bgg.xml", "xml", plays_xml(plays)
    else:
        from companion.plays.bgstats import push_json

        name, extension, text = "play-log-bgstats.json", "json", push_json(plays)
    saved = await save_bytes(app.files, app.page.web, name, text.encode("utf-8"), extension)
    _say(app, app.tr("plays.saved") if saved else app.tr("plays.save_failed"))


# ---- a file in ----------------------------------------------------------------------------
async def pick_import(app: App) -> None:
    """Pick a BG Stats file; one larger than any BG Stats backup is refused by its size first
    (a desktop reads the picked path itself, at most that much)."""
    from companion.plays.bgstats import MAX_FILE_BYTES

    files = await app.files.pick_files(
        with_data=app.page.web, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"]
    )
    if not files:
        return
    f = files[0]
    if (f.size or 0) > MAX_FILE_BYTES:
        _refuse(app, app.tr.msg(msg("plays.bgstats.too_big", most=MAX_FILE_BYTES // 1_000_000)))
        return
    try:
        data = f.bytes if f.bytes is not None else _read_at_most(f.path or "", MAX_FILE_BYTES + 1)
    except OSError as exc:
        _refuse(app, app.tr("plays.exchange.unreadable", detail=str(exc)[:120]))
        return
    await ask_import(app, data)


def _read_at_most(path: str, limit: int) -> bytes:
    with Path(path).open("rb") as f:
        return f.read(limit)  # a file grown past the limit is refused as too big when read


def _refuse(app: App, reason: str) -> None:
    """One line: why this file is not brought in (nothing changed)."""
    line = app.tr("plays.exchange.file_refused", reason=reason)
    app.dialog(
        app.tr("plays.exchange.import"), lambda: [ft.Text(line, key="import-refused-file")], key="import"
    )
    app.refresh()


async def ask_import(app: App, data: bytes) -> None:
    """Read the file in a worker, then show what it would add and ask once."""
    from companion.plays.bgstats import ExchangeError

    tr = app.tr
    reading = app.dialog(
        tr("plays.exchange.import"),
        lambda: [
            ft.ProgressRing(key="import-reading", semantics_label=tr("plays.exchange.reading")),
            small(tr("plays.exchange.reading")),
        ],
        key="import",
    )
    app.refresh()
    try:
        plan = await asyncio.to_thread(app.repos.plays.plan_import, data)
    except ExchangeError as exc:
        _refuse(app, tr.msg(exc.msg))
        return
    if app.state.dialog is not reading:
        return  # closed while the file was read: the player changed their mind
    _preview(app, plan)
    app.refresh()


def _preview(app: App, plan: ImportPlan) -> None:
    """What the file holds for the log, and the one confirm (none when nothing is new)."""
    tr = app.tr

    def body() -> list[ft.Control]:
        out: list[ft.Control] = [
            ft.Text(
                tr(
                    "plays.exchange.summary",
                    new=len(plan.plays),
                    already=plan.already,
                    refused=len(plan.refused),
                ),
                key="import-summary",
            )
        ]
        out += [
            small(tr.msg(r.line()), key=f"import-refused-{i}")
            for i, r in enumerate(plan.refused[:SHOWN_REFUSED])
        ]
        if len(plan.refused) > SHOWN_REFUSED:
            out.append(small(tr("plays.exchange.more_refused", n=len(plan.refused) - SHOWN_REFUSED)))
        if plan.names:
            names = ", ".join(plan.names.values())
            out.append(ft.Text(tr("plays.exchange.new_players", names=names), key="import-players"))
        if not plan.plays:
            out.append(ft.Text(tr("plays.exchange.nothing"), key="import-nothing"))
        return out

    def actions() -> list[ft.Control]:
        if not plan.plays:
            return []
        label = tr("plays.exchange.add", n=len(plan.plays))
        return [app.dialog_button(label, "import-confirm", lambda: _add(app, plan), filled=True)]

    app.dialog(tr("plays.exchange.preview_title"), body, key="import", actions=actions)


async def _add(app: App, plan: ImportPlan) -> None:
    try:
        added, created = await asyncio.to_thread(app.repos.plays.add_imported, plan)
    except StoreError as exc:
        _say(app, app.tr.msg(exc.msg))
        return
    _say(app, app.tr("plays.exchange.added", n=added, created=created))
