"""The whole store as one backup file, and a restore from one that asks before replacing anything.

The file is checked in full first (the backup repository, ui/repos.py): a damaged or foreign
file is refused with its reason and nothing changes. The check (every table replayed) and the
restore run in a worker thread, once each, while a dialog shows how far they are: the screen
keeps answering, and a restore checks nothing a second time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import TableError
from companion.ui.shell import App
from companion.ui.views.files import save_bytes
from companion.ui.widgets import button, small
from companion.ui.worker import in_worker

if TYPE_CHECKING:
    from companion.core import Table
    from companion.ui.i18n import Tr
    from companion.ui.repos import Backup


def backup_actions(app: App) -> list[ft.Control]:
    tr = app.tr

    async def save(_: Any = None) -> None:
        await save_backup(app)

    async def pick(_: Any = None) -> None:
        await pick_restore(app)

    return [
        button(tr("backup.save"), "backup-save", save, icon=ft.Icons.SAVE_ALT),
        button(tr("backup.restore"), "backup-restore", pick, icon=ft.Icons.RESTORE),
    ]


@dataclass
class LogStatus:
    """The status line of the play log's screen (views/plays.py): "Saved", a backup restored,
    a refusal. Here, under the log, since the backup's actions write it too."""

    text: str = ""


def _say(app: App, text: str) -> None:
    app.drafts.keep(LogStatus).text = text
    app.refresh()


async def save_backup(app: App) -> None:
    day = datetime.now(UTC).date().isoformat()
    data = app.repos.backup.save_json().encode("utf-8")
    saved = await save_bytes(app.files, app.page.web, f"table-companion-backup-{day}.json", data, "json")
    _say(app, app.tr("backup.saved") if saved else app.tr("plays.save_failed"))


async def pick_restore(app: App) -> None:
    """Pick a backup; one larger than a backup can be is refused by its size, before it is read
    (a desktop reads it from its path, at most the limit)."""
    files = await app.files.pick_files(
        with_data=not _reads_paths(app.page),
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
    )
    if not files:
        return
    f = files[0]
    try:
        app.repos.backup.check_size(f.size or 0)
        data = f.bytes if f.bytes is not None else app.repos.backup.read_file(f.path) if f.path else b""
    except TableError as exc:
        _refuse(app, app.tr.msg(exc.msg))
        return
    await ask_restore(app, data)


def _reads_paths(page: ft.Page) -> bool:
    """A desktop app gets the picked file's path and reads it itself (bounded); a browser sends
    the bytes."""
    return not page.web


async def ask_restore(app: App, data: bytes) -> None:
    """Check the backup once, then ask before it replaces what the app holds."""
    checked = await _check(app, data)
    if checked is not None:
        _ask_replace(app, Restore(app, *checked))
        app.refresh()


def _refuse(app: App, refused: str) -> None:
    """The Restore dialog saying why this file is refused (nothing changed)."""
    app.dialog(app.tr("backup.restore"), lambda: [ft.Text(refused, key="restore-refused")], key="restore")
    app.refresh()


@dataclass
class _Progress:
    """How far the check is: two ints written by the worker thread, read by the redraw."""

    done: int = 0
    of: int = 0

    def told(self, done: int, of: int) -> None:
        self.done, self.of = done, of

    def controls(self, tr: Tr) -> list[ft.Control]:
        value = self.done / self.of if self.of else None
        return [
            ft.ProgressBar(value=value, key="restore-progress"),
            small(tr("backup.checking", done=self.done, n=self.of), key="restore-progress-text"),
        ]


async def _check(app: App, data: bytes) -> tuple[Backup, list[Table]] | None:
    """The backup and its tables, checked in the worker under a progress dialog; None when it is
    refused (said) or the dialog was closed meanwhile (the player changed their mind)."""
    tr = app.tr
    progress = _Progress()
    opened = app.dialog(tr("backup.checking_title"), lambda: progress.controls(tr), key="restore-check")
    try:
        checked = await in_worker(app.refresh, lambda: app.repos.backup.check(data, progress.told))
    except TableError as exc:
        _refuse(app, tr.msg(exc.msg))
        return None
    if app.state.dialog is not opened:
        return None
    return checked


@dataclass(eq=False)
class Restore:
    """A checked backup waiting for the player's confirm, restored once however often tapped."""

    app: App
    backup: Backup
    tables: list[Table]
    busy: bool = False  # restoring: a second tap does nothing

    @property
    def plays(self) -> int:
        """The plays it holds: those logged, and the finished tables not logged yet."""
        logged = {p.table_id for p in self.backup.plays}
        return len(self.backup.plays) + len([t for t in self.tables if t.finished and t.id not in logged])

    async def replace(self) -> None:
        app, tr = self.app, self.app.tr
        if self.busy:
            return  # a second tap while it restores
        self.busy = True
        app.dialog_note(tr("backup.restoring"))
        held: list[str] = []

        def restore() -> tuple[int, int, int]:  # in the worker: nothing here holds up the event loop
            held.extend(app.repos.tables.ids())
            return app.repos.backup.restore(self.backup, self.tables)

        try:
            counts = await in_worker(app.refresh, restore)
        except TableError as exc:
            self.busy = False
            app.dialog_note(tr.msg(exc.msg))
            return
        for table_id in held + [t.id for t in self.tables]:
            app.hub.forget(table_id)  # a table open before holds the old entries
        app.close_dialog()
        _say(app, tr("backup.restored", tables=counts[0], plays=counts[1], players=counts[2]))


def _ask_replace(app: App, restore: Restore) -> None:
    """What the backup holds, the warning, and the one button that replaces everything."""
    tr = app.tr
    app.dialog(
        tr("backup.restore_title"),
        lambda: [
            ft.Text(
                tr(
                    "backup.restore_body",
                    tables=len(restore.tables),
                    plays=restore.plays,
                    players=len(restore.backup.players),
                ),
                key="restore-what",
            ),
            small(tr("backup.restore_warning")),
        ],
        key="restore",
        actions=lambda: [
            app.dialog_button(
                tr("backup.replace"),
                "restore-confirm",
                restore.replace,
                filled=True,
                danger=True,
                closes=False,
            )
        ],
    )
