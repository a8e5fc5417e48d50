"""The play log and BG Stats / BoardGameGeek (issue 31, item 2; docs/FORMAT.md, "BG Stats").

A play's "Send to BG Stats" opens BG Stats' createPlay link with that play filled in (a new tab
on a web client; the phone's BG Stats takes it from there). The log exports what its filters
show as BG Stats' push-play JSON or a BoardGameGeek play file, saved as its other exports are
(views/files.py). "Import from BG Stats" (and "Import from BoardGameGeek", BGG's plays XML) picks
a file as a backup's restore does, reads it in a worker, shows what it would add (each play it
will not take on its own line, the players it would remember) and asks once; a file refused whole says why and nothing changes. The plan and
the writing are the repositories' (ui/repos.py), so a second import of the same file adds nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from companion.core.msg import msg
from companion.i18n import format_when
from companion.plays.models import PlayRecord
from companion.ui.command import command_button
from companion.ui.device import Device
from companion.ui.dialogs import Dialogs
from companion.ui.i18n import Tr
from companion.ui.repos import PlaysRepo, StoreError
from companion.ui.views.backup import Say
from companion.ui.views.files import save_bytes
from companion.ui.widgets import small

if TYPE_CHECKING:
    from companion.plays.bgstats import ImportPlan

SHOWN_REFUSED = 200  # refusal lines a preview draws; more are counted on one line


# ---- one play out -------------------------------------------------------------------------
def send_button(tr: Tr, send: Callable[[], Awaitable[None]], play: PlayRecord, title: str) -> ft.Control:
    """A play's "Send to BG Stats" (a command: busy until the link is handed over), named for
    screen readers by its game and day."""
    day = format_when(play.date, tr.lang, time=False, day_only=play.day_only)
    return command_button(
        tr("plays.exchange.send"),
        f"play-bgstats-{play.id}",
        send,
        icon=ft.Icons.SEND,
        name=tr("plays.exchange.send_name", game=title, when=day),
    )


async def send_to_bgstats(device: Device, tr: Tr, say: Say, play: PlayRecord) -> None:
    """Open BG Stats' createPlay link for ``play``: a new tab on a web client."""
    from companion.plays.bgstats import push_link

    try:
        await device.urls.launch_url(push_link(play), web_only_window_name=ft.UrlTarget.BLANK.value)
    except Exception:  # a platform with nothing to open links with
        say(tr("plays.exchange.cannot_open"))


# ---- the log out --------------------------------------------------------------------------
def exchange_actions(
    tr: Tr,
    export: Callable[[str], Awaitable[None]],
    pick: Callable[[], Awaitable[None]],
    pick_bgg: Callable[[], Awaitable[None]],
) -> list[ft.Control]:
    """The log's BG Stats and BoardGameGeek exports (``export("bgstats" | "bgg")``) and imports
    (``pick``, ``pick_bgg``), each a command: busy from the tap until it has ended."""
    return [
        command_button(
            tr("plays.exchange.export_bgstats"),
            "plays-export-bgstats",
            lambda: export("bgstats"),
            icon=ft.Icons.UPLOAD_FILE,
        ),
        command_button(
            tr("plays.exchange.export_bgg"),
            "plays-export-bgg",
            lambda: export("bgg"),
            icon=ft.Icons.UPLOAD_FILE,
        ),
        command_button(tr("plays.exchange.import"), "plays-import-bgstats", pick, icon=ft.Icons.DOWNLOAD),
        command_button(tr("plays.exchange.import_bgg"), "plays-import-bgg", pick_bgg, icon=ft.Icons.DOWNLOAD),
    ]


async def export_for(device: Device, tr: Tr, say: Say, kind: str, plays: list[PlayRecord]) -> None:
    """``plays`` as BG Stats' push-play JSON (``bgstats``) or a BoardGameGeek play file (``bgg``)."""
    if kind == "bgg":
        from companion.plays.bgg import plays_xml

        name, extension, text = "play-log-bgg.xml", "xml", plays_xml(plays)
    else:
        from companion.plays.bgstats import push_json

        name, extension, text = "play-log-bgstats.json", "json", push_json(plays)
    saved = await save_bytes(device, name, text.encode("utf-8"), extension)
    say(tr("plays.saved") if saved else tr("plays.save_failed"))


# ---- a file in ----------------------------------------------------------------------------
@dataclass(frozen=True)
class ImportSource:
    """Another play logger's file: the import's title (a catalogue key), the file's extension,
    and how the log plans it (the repository's, nothing written)."""

    title: str
    extension: str
    plan: Callable[[PlaysRepo, bytes], ImportPlan]


BG_STATS = ImportSource("plays.exchange.import", "json", lambda plays, data: plays.plan_import(data))
BGG = ImportSource("plays.exchange.import_bgg", "xml", lambda plays, data: plays.plan_bgg_import(data))


@dataclass(eq=False)
class PlaysImport:
    """An import from another logger (``source``: BG Stats, BoardGameGeek): the file picked, read
    in a worker, previewed in a dialog and added once confirmed; the result is said on the log's
    status line (which redraws the log). Each dialog is drawn as it opens: the session's open
    dialog is observable."""

    dialogs: Dialogs
    tr: Tr
    plays: PlaysRepo
    device: Device  # the file picker
    say: Say
    source: ImportSource = BG_STATS

    @property
    def title(self) -> str:
        return self.tr(self.source.title)

    async def pick(self) -> None:
        """Pick a BG Stats file (a BGG plays XML); one larger than any backup is refused by its size
        first (a desktop reads the picked path itself, at most that much)."""
        from companion.plays.bgstats import MAX_FILE_BYTES

        files = await self.device.files.pick_files(
            with_data=self.device.web,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=[self.source.extension],
        )
        if not files:
            return
        f = files[0]
        if (f.size or 0) > MAX_FILE_BYTES:
            self.refuse(self.tr.msg(msg("plays.bgstats.too_big", most=MAX_FILE_BYTES // 1_000_000)))
            return
        try:
            data = f.bytes if f.bytes is not None else _read_at_most(f.path or "", MAX_FILE_BYTES + 1)
        except OSError as exc:
            self.refuse(self.tr("plays.exchange.unreadable", detail=str(exc)[:120]))
            return
        await self.ask(data)

    def refuse(self, reason: str) -> None:
        """One line: why this file is not brought in (nothing changed)."""
        tr = self.tr
        line = tr("plays.exchange.file_refused", reason=reason)
        self.dialogs.dialog(self.title, lambda: [ft.Text(line, key="import-refused-file")], key="import")

    async def ask(self, data: bytes) -> None:
        """Read the file in a worker, then show what it would add and ask once."""
        from companion.plays.bgstats import ExchangeError

        tr = self.tr
        reading = self.dialogs.dialog(
            self.title,
            lambda: [
                ft.ProgressRing(key="import-reading", semantics_label=tr("plays.exchange.reading")),
                small(tr("plays.exchange.reading")),
            ],
            key="import",
        )
        try:
            plan = await asyncio.to_thread(self.source.plan, self.plays, data)
        except ExchangeError as exc:
            self.refuse(tr.msg(exc.msg))
            return
        if self.dialogs.open_dialog is not reading:
            return  # closed while the file was read: the player changed their mind
        self.preview(plan)

    def preview(self, plan: ImportPlan) -> None:
        """What the file holds for the log, and the one confirm (none when nothing is new)."""
        tr = self.tr

        def actions() -> list[ft.Control]:
            if not plan.plays:
                return []
            label = tr("plays.exchange.add", n=len(plan.plays))
            return [self.dialogs.dialog_button(label, "import-confirm", lambda: self.add(plan), filled=True)]

        self.dialogs.dialog(
            tr("plays.exchange.preview_title"), lambda: _preview_body(tr, plan), key="import", actions=actions
        )

    async def add(self, plan: ImportPlan) -> None:
        try:
            added, created = await asyncio.to_thread(self.plays.add_imported, plan)
        except StoreError as exc:
            self.say(self.tr.msg(exc.msg))
            return
        self.say(self.tr("plays.exchange.added", n=added, created=created))


def _read_at_most(path: str, limit: int) -> bytes:
    with Path(path).open("rb") as f:
        return f.read(limit)  # a file grown past the limit is refused as too big when read


def _preview_body(tr: Tr, plan: ImportPlan) -> list[ft.Control]:
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
        small(tr.msg(r.line(tr.lang)), key=f"import-refused-{i}")
        for i, r in enumerate(plan.refused[:SHOWN_REFUSED])
    ]
    if len(plan.refused) > SHOWN_REFUSED:
        out.append(small(tr("plays.exchange.more_refused", n=len(plan.refused) - SHOWN_REFUSED)))
    out += [  # coming in with who won alone: a player without a score in the file
        small(tr.msg(r.line(tr.lang)), key=f"import-kept-{i}")
        for i, r in enumerate(plan.notes[:SHOWN_REFUSED])
    ]
    if plan.names:
        names = ", ".join(plan.names.values())
        out.append(ft.Text(tr("plays.exchange.new_players", names=names), key="import-players"))
    if not plan.plays:
        out.append(ft.Text(tr("plays.exchange.nothing"), key="import-nothing"))
    return out
