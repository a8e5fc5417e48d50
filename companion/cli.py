"""The `companion` command: replay a table file, stand-alone calculators, rules lookup, serve the app.

Every error is one clear line on stderr and exit status 2, never a traceback.

A command imports what it uses when it runs (issue 27): ``rules`` loads no game's engine,
``calc`` the one game whose calculator it runs, and none builds the table's pydantic models
unless it reads a table. tests/cli/test_cli_imports.py holds it.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.memory import tune
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, format_score, translate
from companion.i18n.pseudo import pseudo_plain

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.core import PlayerView, Scoreboard, Table

EXIT_BAD_INPUT = 2

# Here, not in companion.store: importing the store loads pydantic, which the CLI's start avoids.
DATABASE_HELP = "the store's database: a postgresql:// URL or an SQLite file (default: $TC_DATABASE, else the data folder's)"


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


def _read(path: str) -> str:
    """The text of a file (or stdin); past the input size limit only enough of it to say so."""
    from companion.core.limits import DEFAULT as DEFAULT_LIMITS

    most = DEFAULT_LIMITS.max_chars + 1  # load_json then refuses it as too big
    try:
        if path == "-":
            return sys.stdin.read(most)
        with Path(path).open(encoding="utf-8") as f:
            return f.read(most)
    except FileNotFoundError as exc:
        raise CliError(translate("cli.no_file", _LANG, path=path)) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(translate("cli.unreadable", _LANG, path=path, detail=str(exc))) from exc


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# ---- replay ------------------------------------------------------------------------------
def scoreboard_json(board: Scoreboard, lang: str) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": row.name,
                "total": row.total,
                "breakdown": [
                    {"label": line.label.render(lang), "points": line.points, "rule_id": line.rule_id}
                    for line in row.breakdown
                ],
            }
            for row in board.rows
        ],
        "ranking": board.ranking,
        "final": board.final,
        "tie_break": board.tie_break.render(lang) if board.tie_break else None,
        "tie_detail": board.tie_detail.render(lang) if board.tie_detail else None,
        "tie_lower": [said.render(lang) for said in board.tie_lower],  # each tie below the best
        "shared": board.shared,
        "hidden": board.hidden,  # seats whose total this view may not see
        "unit": board.unit,  # "money" (Chinatown) or "vp"
    }


def seen_as(table: Table, who: str | None) -> PlayerView | None:
    """The view of ``--view``: a player (by name) or ``public``; None (no option) shows everything,
    which the file's holder can work out anyway (the file holds the whole log)."""
    from companion.core.limits import shown

    if who is None:
        return None
    if who.casefold() == "public":
        return table.view(None)
    names = [p.name for p in table.players]
    found = [s for s, name in enumerate(names) if name.casefold() == who.casefold()]
    if not found:
        raise CliError(translate("cli.no_such_player", _LANG, name=shown(who, 40), names=", ".join(names)))
    return table.view(found[0])


def replay(args: argparse.Namespace) -> None:
    from companion.core import Table
    from companion.core.msg import msg

    table = Table.from_json(_read(args.file))
    lang = args.lang
    view = seen_as(table, args.view)
    prompt = table.prompt
    if view is not None and prompt is not None and prompt.seat not in (None, view.seat):
        # another player's question can name what was dealt to them: only whose turn it is
        prompt = prompt.replace(
            msg=msg("ui.live.waiting", name=table.players[prompt.seat].name), choices=None
        )
    board = scoreboard_json(table.scoreboard if view is None else view.scoreboard, lang)
    data = {
        "game": table.game_id,
        "name": table.name,
        "players": [p.name for p in table.players],
        "entries": table.version,
        "phase": table.banner.render(lang),
        "prompt": None
        if prompt is None
        else {
            "seat": prompt.seat,
            "player": None if prompt.seat is None else table.players[prompt.seat].name,
            "kind": prompt.kind,
            "text": prompt.text_in(lang),
            "choices": None
            if prompt.choices is None
            else [c.model_dump(mode="json") for c in prompt.choices],
        },
        "scoreboard": board,
    }
    if args.json:
        _print_json(data)
        return
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    print(f"{table.name} ({table.game.title.render(lang)}) · {t('cli.entries', n=table.version)}")
    print(data["phase"])
    print(t("cli.game_over") if prompt is None else t("cli.now", text=prompt.text_in(lang)))
    if prompt is not None and prompt.choices:
        for i, choice in enumerate(prompt.choices[:12]):
            print(f"  {i + 1}. {table.game.describe(table.state, choice).render(lang)}")
        if len(prompt.choices) > 12:
            print("  " + t("cli.more_choices", n=len(prompt.choices) - 12))
    print(_render_scoreboard(board, lang))


def _render_scoreboard(board: dict[str, Any], lang: str) -> str:
    out = io.StringIO()
    heading = "cli.final_scores" if board["final"] else "cli.current_scores"
    print(translate(heading, lang), file=out)
    totals = {p["name"]: p for p in board["players"]}
    if board["hidden"]:  # a --view that may not see every total: the rows it may see, unranked
        print(translate("ui.scores.secret", lang), file=out)
    places = board["ranking"] or [p["name"] for p in board["players"]]
    for place, name in enumerate(places, 1):
        row = totals[name]
        total = format_score(row["total"], board["unit"], lang)
        print(f"{place if board['ranking'] else '-'}. {name}: {total}", file=out)
        for line in row["breakdown"]:
            points = format_score(line["points"], board["unit"], lang, change=True)
            print(f"     {points:>9}  {line['label']}", file=out)  # a rule's title, not its id
    if board.get("tie_break"):
        print(board["tie_break"], file=out)
    if board.get("tie_detail"):  # how the tie on the best total was decided, with the figures
        print(board["tie_detail"], file=out)
    for said in board.get("tie_lower", []):  # a tie below it, with the figures that placed it
        print(said, file=out)
    return out.getvalue().rstrip()


# ---- calculators -------------------------------------------------------------------------
def calc(args: argparse.Namespace) -> None:
    from companion.calculators import calculator as calculator_named
    from companion.calculators import names
    from companion.core.calc import load_input

    calculator = calculator_named(args.name)  # its own module only: no registry, no other game
    if calculator is None:
        raise CliError(translate("cli.unknown_calc", _LANG, name=args.name, known=", ".join(names())))
    text = _read(args.file)
    try:
        data = load_input(text)  # CalcInputError past the input limits
    except json.JSONDecodeError as exc:
        raise CliError(translate("cli.not_json", _LANG, path=args.file, detail=str(exc))) from exc
    result = calculator.run(data)
    if args.json:
        _print_json(result)
    else:
        print(calculator.render(result, args.lang))


# ---- rules -------------------------------------------------------------------------------
def rules(args: argparse.Namespace) -> None:
    from dataclasses import asdict

    from companion.lookup.fts import answering  # loaded by the search either way
    from companion.lookup.scope import GAMES

    if args.game == "core" or args.game not in GAMES:  # a game with rules to look up needs no engine
        from companion.core.registry import UnknownGame, get

        try:
            get(args.game)
        except UnknownGame as exc:
            raise CliError(translate("cli.unknown_game", _LANG, game=args.game)) from exc
    query = " ".join(args.query)
    # The qps pseudo-locale reads the English rules and shows them accented, as the Rules screen does.
    read = args.lang if args.lang in LANGUAGES else DEFAULT_LANGUAGE
    said = pseudo_plain if args.lang == PSEUDO else str
    if not args.full:  # all it shows is in the prepared index
        from companion.lookup.prepared import index

        found = index(read)
        hits = found.search(query, args.game, args.limit)

        def status(rule_id: str) -> str:
            return found.texts[rule_id][2]
    else:  # a whole card: the lookup itself
        from companion.lookup import card, search

        hits = search(query, read, args.game, args.limit)

        def status(rule_id: str) -> str:
            return card(rule_id, read).status

    # What the Rules screen shows first: not the looser matches, scoring a sliver of the best,
    # which answer nothing asked; --all shows them, as the screen's button does.
    hits, looser = (hits, []) if args.all else answering(hits)
    if args.json:
        rows = [{**asdict(h), "status": status(h.rule_id)} for h in hits]
        _print_json(
            {"game": args.game, "lang": args.lang, "query": query, "hits": rows, "left_out": len(looser)}
        )
        return
    if not hits:
        print(translate("rules.no_hits", args.lang, query=query))
        return
    if args.full:
        from companion.lookup import card

        print(_render_card(card(hits[0].rule_id, read), args.lang, read, said))
        hits = hits[1:]
    for place, hit in enumerate(hits, 2 if args.full else 1):
        print(f"{place}. {said(hit.title)}{_status(status(hit.rule_id), args.lang)}  [{hit.rule_id}]")
        print(f"   {said(hit.snippet)}\n")
    if looser:
        print(translate("rules.cli.left_out", args.lang, n=len(looser), flag="--all"))


def _status(status: str, lang: str) -> str:
    if status == "official":
        return ""
    return f" ({translate(f'cli.status.{status}', lang)})"


def _render_card(rule: Any, lang: str, read: str, said: Callable[[str], str]) -> str:
    """One rule in full: its text, worked examples, the questions people ask, related rules;
    labels in ``lang``, the rule as read in ``read`` and shown through ``said`` (qps accents it)."""
    from companion.lookup import card

    out = [f"1. {said(rule.title)}{_status(rule.status, lang)}  [{rule.rule_id}]", f"   {said(rule.text)}"]
    out += [f"   {translate('rules.examples', lang)}: {said(example)}" for example in rule.examples]
    if rule.clarifications:
        out.append(f"   {translate('rules.clarifications', lang)}:")
        for c in rule.clarifications:
            decided = f" ({translate('rules.decided', lang)})" if c.decided else ""
            out += [f"   - {said(c.question)}", f"     {said(c.answer)}{decided}"]
    if rule.related:
        titles = ", ".join(f"{said(card(r, read).title)} [{r}]" for r in rule.related)
        out.append(f"   {translate('rules.related', lang)}: {titles}")
    return "\n".join(out) + "\n"


# ---- serve -------------------------------------------------------------------------------
def _minutes(text: str) -> float:
    """A number of minutes above 0 (argparse says what is wrong with anything else)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:  # also NaN
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes above 0")
    return value


def serve(args: argparse.Namespace) -> None:
    from companion.ui.server import prepare
    from companion.ui.server import serve as serve_app
    from companion.ui.stop_signals import StopSignals

    host, lan_url = ("0.0.0.0" if args.lan else args.host), None  # --lan: every interface
    if args.database:  # the hub's store opens it (store/connection.py, store_location)
        from companion.store.connection import DATABASE_ENV

        os.environ[DATABASE_ENV] = args.database
    hosted = bool(getattr(args, "hosted", False))
    ready = prepare(host, args.port, data_dir=args.data, hosted=hosted)  # fails here, before "running"
    port = int(ready[0].getsockname()[1])  # --port 0: the one the system gave
    if args.lan:  # the QR code holds this machine's LAN address
        from companion.ui.live import lan_url as lan_address_url

        lan_url = lan_address_url(port)
        url = f"{lan_url}/"
    else:
        url = f"http://{args.host}:{port}/"
    # From "running" on, a launcher may stop the server (make run-hosted stops a worker the moment
    # another fails to start). uvicorn handles SIGTERM and SIGINT only once it serves, a second or
    # more later; until then SIGTERM ended the process at once (status -15, which failed CI), and a
    # SIGINT was lost where the server was started with it ignored (a shell's background job). Both
    # are now noted until the server takes them (ui/stop_signals.py), which then stops at once.
    stop = StopSignals()
    stop.install()
    try:
        _say_running(args, url, lan_url, hosted)
        tune()  # a long-running process from here on: the collector set for it (core/memory.py)
        serve_app(
            host=host,
            port=port,
            lan_url=lan_url,
            trusted_proxies=args.trusted_proxy,
            prepared=ready,
            hosted=hosted,
            idle_minutes=args.idle_minutes,
            stop=stop,
        )
    finally:
        stop.restore()


def _say_running(args: argparse.Namespace, url: str, lan_url: str | None, hosted: bool) -> None:
    """The address (a launcher reads the port in it), and how a phone reaches it."""
    from companion.share.qr import qr_terminal
    from companion.ui.live import loopback

    print(translate("cli.serving", _LANG, url=url), flush=True)
    if hosted:  # phones reach it through the operator's proxy and address, not this one
        if not args.trusted_proxy:  # behind a proxy already (make run-hosted): nothing to add
            print(translate("cli.hosted.how", _LANG), flush=True)
    elif args.lan and lan_url is not None and loopback(lan_url):  # no network address was found
        print(translate("cli.phone.no_address", _LANG), flush=True)
    elif args.lan or args.host not in ("127.0.0.1", "localhost", "::1"):
        print(translate("cli.phone.scan", _LANG))
        print(qr_terminal(url), flush=True)  # an address a phone on the same network can open
    else:  # 127.0.0.1 opens on this computer only: a QR code of it would mislead a phone
        print(translate("cli.phone.how", _LANG), flush=True)


# ---- review ------------------------------------------------------------------------------
def review(args: argparse.Namespace) -> None:
    from companion.cli_review import run

    def seat_of(table: Table, name: str) -> int:
        view = seen_as(table, name)
        if view is None or view.seat is None:  # "public" names no player
            raise CliError(
                translate(
                    "cli.no_such_player", _LANG, name=name, names=", ".join(p.name for p in table.players)
                )
            )
        return view.seat

    run(args, _read, seat_of)


# ---- main --------------------------------------------------------------------------------
_LANG = DEFAULT_LANGUAGE
COMMANDS = (
    "replay",
    "review",
    "calc",
    "rules",
    "serve",
    "plays",
    "play",
    "link-plays",
    "stats",
    "log",
    "backup",
    "restore",
    "export-plays",
    "bgstats-link",
    "import-bgstats",
    "import-bgg",
    "spaces",
)


def build_parser(help_texts: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The parser; without ``help_texts`` the calculators' names are left out of the help, which
    then cannot be shown, and no game is loaded to find them. With ``only``, the parser of that
    command alone (the one being run): the others' arguments cost time and are never read."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Table Companion: referee and scorekeeper."
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--lang",
        choices=(*LANGUAGES, PSEUDO),
        default=DEFAULT_LANGUAGE,
        help="output language (en, es; qps: the pseudo-locale that shows untranslated text)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    if only in (None, "replay"):
        p = sub.add_parser(
            "replay",
            parents=[common],
            help="load an exported table file, replay it, print phase, prompt and scores",
        )
        p.add_argument("file", help="a table file exported by the app (- for stdin)")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.add_argument(
            "--view",
            metavar="PLAYER",
            default=None,
            help="print only what this player (by name), or 'public', may see (Chinatown money); default: everything",
        )
        p.set_defaults(run=replay)

    if only in (None, "review"):
        p = sub.add_parser(
            "review",
            parents=[common],
            help="after the game: points by source, and the decisions that cost or won the most",
        )
        p.add_argument("file", help="a table file exported by the app (- for stdin)")
        p.add_argument(
            "--seat",
            metavar="PLAYER",
            default=None,
            help="review for this player only (their decisions; what they may see of a game in progress)",
        )
        p.add_argument("--alternatives", type=int, default=None, help="replay at most this many alternatives")
        p.add_argument("--seconds", type=float, default=None, help="stop replaying after this much CPU time")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(run=review)

    if only in (None, "calc"):
        if help_texts:
            from companion.calculators import names as calculator_names

            names = ", ".join(calculator_names())
        else:
            names = "…"
        p = sub.add_parser("calc", parents=[common], help="stand-alone calculators: " + names)
        p.add_argument("name", help="one of: " + names)
        p.add_argument("file", help="the input JSON file (- for stdin)")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(run=calc)

    if only in (None, "rules"):
        p = sub.add_parser(
            "rules",
            parents=[common],
            help="ask a rules question in your own words; prints the rules that answer it",
        )
        p.add_argument("game", help="dragon, chinatown or dayu")
        p.add_argument("query", nargs="+", help='the question, e.g. "what if my palaces are full"')
        p.add_argument("--limit", type=int, default=10, help="how many rules to show (default 10)")
        p.add_argument(
            "--full",
            action="store_true",
            help="the best rule in full: examples, questions people ask, related rules",
        )
        p.add_argument(
            "--all",
            action="store_true",
            help="the looser matches too (scoring under 5%% of the best), which are left out otherwise",
        )
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(run=rules)

    if only in (None, "serve"):
        p = sub.add_parser(
            "serve",
            parents=[common],
            help="serve the app in web mode (offline, no CDN) and print its URL and QR code",
        )
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument(
            "--port",
            type=int,
            default=8550,
            help="8550 by default; 0: any free port (the URL printed says which)",
        )
        p.add_argument(
            "--lan",
            action="store_true",
            help="serve on the local network (all interfaces) for live sharing; prints the LAN address",
        )
        p.add_argument(
            "--data", default=None, help="data folder for the tables (default: the app's data folder)"
        )
        p.add_argument("--database", default=None, help=DATABASE_HELP)
        p.add_argument(
            "--trusted-proxy",
            action="append",
            default=[],
            metavar="ADDRESS",
            help="a reverse proxy whose X-Forwarded-For header is believed (repeatable; none by default)",
        )
        p.add_argument(
            "--hosted",
            action="store_true",
            help="a public server: nobody is host by address; every browser gets a private space",
        )
        p.add_argument(
            "--idle-minutes",
            type=_minutes,
            default=15.0,
            metavar="MINUTES",
            help="--hosted: close a space no session has used this long (default 15)",
        )
        p.set_defaults(run=serve)

    if only in (None, "spaces"):
        from companion.cli_spaces import add_parser

        add_parser(sub, common)

    if only not in ("replay", "review", "calc", "rules", "serve", "spaces"):  # the play log's commands
        from companion.cli_plays import add_parsers

        add_parsers(sub, common, only)
    return parser


def _error_line(text: str) -> None:
    """One line on stderr: what it echoes of the input cannot move the cursor or forge a line."""
    from companion.core.limits import shown

    print(f"companion: {shown(text, 1000)}", file=sys.stderr)


def _asks_help(argv: list[str]) -> bool:
    """Whether argparse may print a help text: -h, or --help however abbreviated."""
    return any(a.startswith("-h") or (len(a) > 2 and "--help".startswith(a)) for a in argv)


def _raised(exc: Exception, module: str, name: str) -> bool:
    """Whether ``exc`` is ``module.name``; a module never imported raised nothing of its own,
    so the command's errors are recognised without importing every module that might raise."""
    found = sys.modules.get(module)
    return found is not None and isinstance(exc, getattr(found, name))


def main(argv: list[str] | None = None) -> int:
    global _LANG
    given = sys.argv[1:] if argv is None else argv
    # A command's own parser when the first word names one; otherwise (a typo, no command) every
    # command's, so that argparse lists them all in its message.
    only = given[0] if given and given[0] in COMMANDS else None
    args = build_parser(help_texts=_asks_help(given), only=only).parse_args(given)
    _LANG = args.lang
    if args.command != "serve":  # a short-lived process: each catalogue parsed once, not per run
        from companion.cache import cache_dir
        from companion.core.data import keep_checked_notes
        from companion.i18n import keep_parsed_catalogs

        keep_parsed_catalogs(cache_dir())
        keep_checked_notes(cache_dir())  # rules data validated once, not by every run's pydantic
    try:
        args.run(args)
    except CliError as exc:
        _error_line(str(exc))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except Exception as exc:
        # CalcInputError, TableError (StoreError too), RuleViolation: a message of their own
        if any(
            _raised(exc, *where)
            for where in (
                ("companion.core.calc", "CalcInputError"),
                ("companion.core.table", "TableError"),
                ("companion.core.protocol", "RuleViolation"),
            )
        ):
            _error_line(exc.msg.render(_LANG))  # type: ignore[attr-defined]
            return EXIT_BAD_INPUT
        if _raised(exc, "companion.core.data", "DataError"):
            from companion.core.msg import msg

            _error_line(msg("cli.data_error", detail=str(exc)).render(_LANG))
            return EXIT_BAD_INPUT
        if _raised(exc, "companion.ui.serve_error", "ServeError"):
            print(f"companion: {exc.msg.render(_LANG)}", file=sys.stderr)  # type: ignore[attr-defined]
            return EXIT_BAD_INPUT
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
