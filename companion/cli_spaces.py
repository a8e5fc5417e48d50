"""``companion spaces``: an operator's look after a hosted server's spaces (store/space_admin.py).

``spaces list`` prints what each space holds (counts and sizes; ids only, never a key);
``spaces prune --older-than DAYS`` deletes the spaces that hold nothing and that no server used
for DAYS days (``--dry-run``: only lists them). Run daily by deploy/companion-prune.timer.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from companion.i18n import format_number, translate


def _spaces(args: argparse.Namespace) -> Any:
    """The spaces of ``--database`` (a postgresql:// URL), else of ``--data`` (a data folder),
    else where ``companion serve --hosted`` keeps them by default."""
    from companion.store.spaces import Spaces

    return Spaces(args.database or args.data)


def _day(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


def list_cmd(args: argparse.Namespace) -> None:
    from companion.store.space_admin import space_rows

    spaces = _spaces(args)
    try:
        rows = space_rows(spaces)
    finally:
        spaces.close()
    lang = args.lang
    for row in rows:
        print(
            translate(
                "cli.spaces.row",
                lang,
                id=row.id,
                created=_day(row.created),
                used=_day(row.last_used),
                tables=row.tables,
                players=row.players,
                plays=row.plays,
                kb=format_number(round(row.bytes / 1024), lang),
            )
        )
    print(
        translate(
            "cli.spaces.total",
            lang,
            n=len(rows),
            empty=sum(row.empty for row in rows),
            kb=format_number(round(sum(row.bytes for row in rows) / 1024), lang),
        )
    )


def prune_cmd(args: argparse.Namespace) -> None:
    from companion.cli import CliError
    from companion.store.space_admin import LEAST_DAYS, prune

    if args.older_than < LEAST_DAYS:
        raise CliError(translate("cli.spaces.too_recent", args.lang, least=f"{LEAST_DAYS:g}"))
    spaces = _spaces(args)
    try:
        gone = prune(spaces, args.older_than, dry_run=args.dry_run)
    finally:
        spaces.close()
    for space_id in gone:
        print(space_id)
    key = "cli.spaces.would_prune" if args.dry_run else "cli.spaces.pruned"
    print(translate(key, args.lang, n=len(gone), days=f"{args.older_than:g}"))


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    from companion.cli import DATABASE_HELP

    where = argparse.ArgumentParser(add_help=False)
    where.add_argument("--database", default=None, help=DATABASE_HELP)
    where.add_argument(
        "--data", default=None, help="the data folder of a hosted server on SQLite (default: the app's)"
    )
    p = sub.add_parser("spaces", help="a hosted server's spaces: list them, prune the abandoned ones")
    actions = p.add_subparsers(dest="action", required=True)
    shown = actions.add_parser(
        "list", parents=[common, where], help="every space: when made and last used, what it holds"
    )
    shown.set_defaults(run=list_cmd)
    pruned = actions.add_parser(
        "prune", parents=[common, where], help="delete the spaces holding nothing, unused for DAYS days"
    )
    pruned.add_argument("--older-than", type=float, required=True, metavar="DAYS", help="at least 1")
    pruned.add_argument("--dry-run", action="store_true", help="only list the spaces it would delete")
    pruned.set_defaults(run=prune_cmd)
