"""The whole store as one backup file, and a restore from one that asks before replacing anything.

The file is checked in full first (companion.store.backup.read_backup): a damaged or foreign
file is refused with its reason and nothing changes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import flet as ft

from companion.core import TableError
from companion.ui.shell import App
from companion.ui.views.files import pick_bytes, save_bytes
from companion.ui.widgets import button, small


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


def _say(app: App, text: str) -> None:
    app.memo.setdefault("plays", {})["status"] = text
    app.refresh()


async def save_backup(app: App) -> None:
    from companion.store.backup import backup_json

    day = datetime.now(UTC).date().isoformat()
    data = backup_json(app.hub.store).encode("utf-8")
    saved = await save_bytes(app, f"table-companion-backup-{day}.json", data, "json")
    _say(app, app.tr("backup.saved") if saved else app.tr("plays.save_failed"))


async def pick_restore(app: App) -> None:
    data = await pick_bytes(app, "json")
    if data is not None:
        ask_restore(app, data)


def ask_restore(app: App, data: bytes) -> None:
    """Check the backup, then ask once before it replaces what the app holds."""
    from companion.store.backup import read_backup, restore

    tr = app.tr
    try:
        backup, tables = read_backup(data)
    except TableError as exc:
        refused = tr.msg(exc.msg)
        app.dialog(tr("backup.restore"), lambda: [ft.Text(refused, key="restore-refused")], key="restore")
        return
    logged = {p.table_id for p in backup.plays}
    plays = len(backup.plays) + len([t for t in tables if t.finished and t.id not in logged])

    def replace() -> None:
        held = [info.id for info in app.hub.store.list()]
        try:
            counts = restore(app.hub.store, data, replace=True)
        except TableError as exc:
            app.dialog_note(tr.msg(exc.msg))
            return
        for table_id in held + [t.id for t in tables]:
            app.hub.forget(table_id)  # a table open before holds the old entries
        app.close_dialog()
        _say(app, tr("backup.restored", tables=counts[0], plays=counts[1], players=counts[2]))

    app.dialog(
        tr("backup.restore_title"),
        lambda: [
            ft.Text(
                tr("backup.restore_body", tables=len(tables), plays=plays, players=len(backup.players)),
                key="restore-what",
            ),
            small(tr("backup.restore_warning")),
        ],
        key="restore",
        actions=lambda: [
            app.dialog_button(
                tr("backup.replace"), "restore-confirm", replace, filled=True, danger=True, closes=False
            )
        ],
    )
