"""The whole store as one backup file, and a restore from one that asks before replacing anything.

The file is checked in full first (the backup repository, ui/repos.py): a damaged or foreign
file is refused with its reason and nothing changes. The check (every table replayed) and the
restore run in a worker thread, once each, while a dialog shows how far they are: the screen
keeps answering, and a restore checks nothing a second time. Each dialog is drawn as it opens
(the session's open dialog is observable); the result goes to the play log's status line
(``LogStatus``, observable too: the log follows it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import flet as ft

from companion.core import TableError
from companion.ui.command import command_button
from companion.ui.device import Device
from companion.ui.dialogs import Dialogs
from companion.ui.hub import TableHub
from companion.ui.repos import BackupRepo, TablesRepo
from companion.ui.state import Drafts
from companion.ui.views.files import save_bytes
from companion.ui.widgets import small
from companion.ui.worker import Progress, ProgressLine, in_worker

if TYPE_CHECKING:
    from companion.core import Table
    from companion.ui.i18n import Tr
    from companion.ui.repos import Backup

Say = Callable[[str], None]  # a line on the play log's status line (``LogStatus.say``)


def backup_actions(
    tr: Tr, save: Callable[[], Awaitable[None]], restore: Callable[[], Awaitable[None]]
) -> list[ft.Control]:
    """Save a backup, restore one: commands, busy from the tap until they have ended."""
    return [
        command_button(tr("backup.save"), "backup-save", save, icon=ft.Icons.SAVE_ALT),
        command_button(tr("backup.restore"), "backup-restore", restore, icon=ft.Icons.RESTORE),
    ]


@ft.observable
@dataclass
class LogStatus:
    """The status line of the play log's screen (views/plays.py): "Saved", a backup restored,
    a refusal. Here, under the log, since the backup's actions write it too. The log follows
    it (views/plays.py ``PlayLog``), and reads its plays again when it changes: a line may
    follow an import or a restore."""

    text: str = ""
    said: int = 0  # lines said so far: the same line said again (a second import) still redraws

    def say(self, text: str) -> None:
        self.text, self.said = text, self.said + 1


def status_line(drafts: Drafts) -> Say:
    """What writes the play log's status line (kept in the session's drafts)."""
    return drafts.keep(LogStatus).say


@dataclass(eq=False)
class Backups:
    """A backup saved to a file, and one restored from a file: the store's backup and tables,
    the hub whose open tables a restore replaces, the dialogs it asks in, the status line."""

    dialogs: Dialogs
    tr: Tr
    backup: BackupRepo
    tables: TablesRepo
    hub: TableHub
    device: Device  # the file picker
    say: Say

    async def save(self) -> None:
        day = datetime.now(UTC).date().isoformat()
        data = self.backup.save_json().encode("utf-8")
        saved = await save_bytes(self.device, f"table-companion-backup-{day}.json", data, "json")
        self.say(self.tr("backup.saved") if saved else self.tr("plays.save_failed"))

    async def pick_restore(self) -> None:
        """Pick a backup; one larger than a backup can be is refused by its size, before it is
        read (a desktop reads it from its path, at most the limit)."""
        files = await self.device.files.pick_files(
            with_data=self.device.web,  # a desktop gets the path and reads it itself (bounded)
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"],
        )
        if not files:
            return
        f = files[0]
        try:
            self.backup.check_size(f.size or 0)
            data = f.bytes if f.bytes is not None else self.backup.read_file(f.path) if f.path else b""
        except TableError as exc:
            self.refuse(self.tr.msg(exc.msg))
            return
        await self.ask_restore(data)

    async def ask_restore(self, data: bytes) -> None:
        """Check the backup once, then ask before it replaces what the app holds."""
        checked = await self.check(data)
        if checked is not None:
            _ask_replace(self.dialogs, self.tr, Restore(self, *checked))

    def refuse(self, refused: str) -> None:
        """The Restore dialog saying why this file is refused (nothing changed)."""
        self.dialogs.dialog(
            self.tr("backup.restore"), lambda: [ft.Text(refused, key="restore-refused")], key="restore"
        )

    async def check(self, data: bytes) -> tuple[Backup, list[Table]] | None:
        """The backup and its tables, checked in the worker under a progress dialog; None when
        it is refused (said) or the dialog was closed meanwhile (the player changed their mind)."""
        tr = self.tr
        progress = Progress()
        opened = self.dialogs.dialog(
            tr("backup.checking_title"), lambda: [_checking(tr, progress)], key="restore-check"
        )
        try:
            checked = await in_worker(lambda: self.backup.check(data, progress.told), progress)
        except TableError as exc:
            self.refuse(tr.msg(exc.msg))
            return None
        if self.dialogs.open_dialog is not opened:
            return None
        return checked


def _checking(tr: Tr, progress: Progress) -> ft.Control:
    """How far the check is: a bar and "Table 2 of 3 checked…", drawn again as it moves."""
    said = lambda done, of: tr("backup.checking", done=done, n=of)  # noqa: E731
    return ProgressLine(progress, said, "restore-progress", key="restore-progress-line")


@dataclass(eq=False)
class Restore:
    """A checked backup waiting for the player's confirm, restored once however often tapped."""

    flow: Backups
    backup: Backup
    tables: list[Table]
    busy: bool = False  # restoring: a second tap does nothing

    @property
    def plays(self) -> int:
        """The plays it holds: those logged, and the finished tables not logged yet."""
        logged = {p.table_id for p in self.backup.plays}
        return len(self.backup.plays) + len([t for t in self.tables if t.finished and t.id not in logged])

    async def replace(self) -> None:
        flow, tr, dialogs = self.flow, self.flow.tr, self.flow.dialogs
        if self.busy:
            return  # a second tap while it restores
        self.busy = True
        dialogs.dialog_note(tr("backup.restoring"))
        held: list[str] = []

        def restore() -> tuple[int, int, int]:  # in the worker: nothing here holds up the event loop
            held.extend(flow.tables.ids())
            return flow.backup.restore(self.backup, self.tables)

        try:
            counts = await in_worker(restore)
        except TableError as exc:
            self.busy = False
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        for table_id in held + [t.id for t in self.tables]:
            flow.hub.forget(table_id)  # a table open before holds the old entries
            flow.hub.changed(table_id)  # other workers' hubs too (ui/relay.py)
        dialogs.close_dialog()
        flow.say(tr("backup.restored", tables=counts[0], plays=counts[1], players=counts[2]))


def _ask_replace(dialogs: Dialogs, tr: Tr, restore: Restore) -> None:
    """What the backup holds, the warning, and the one button that replaces everything."""
    dialogs.dialog(
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
            dialogs.dialog_button(
                tr("backup.replace"),
                "restore-confirm",
                restore.replace,
                filled=True,
                danger=True,
                closes=False,
            )
        ],
    )
