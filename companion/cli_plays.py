"""The play log on the command line: `companion plays`, `stats`, `log`, `backup`, `restore`.

Each opens the app's store (or the one in ``--data``); bad input is one line and exit 2, like
every other command (companion/cli.py turns the errors into that line).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.i18n import format_number, format_percent, format_when, translate

# The play log's modules are imported by the commands that use them: the parser alone, built
# for every command (add_parsers), needs none of them.


def shown(value: Any, limit: int = 80) -> str:
    """companion.core.limits.shown, imported when a command first echoes something."""
    from companion.core.limits import shown as safe

    return safe(value, limit)


def _store(args: argparse.Namespace) -> Any:
    from companion.store import Store, default_data_dir
    from companion.store.connection import store_location

    folder = Path(args.data) if args.data else default_data_dir()
    return Store(args.database or store_location(folder))


def _player_id(store: Any, name: str | None, lang: str) -> str | None:
    from companion.cli import CliError

    if not name:
        return None
    found = store.find_player(name)
    if found is None:
        raise CliError(translate("plays.cli.unknown_player", lang, name=name))
    return found.id


def _game(game: str | None, lang: str) -> str | None:
    from companion.cli import CliError
    from companion.games import UnknownGame, get

    if game is None:
        return None
    try:
        return get(game).id
    except UnknownGame as exc:
        raise CliError(translate("cli.unknown_game", lang, game=game)) from exc


def _date(text: str | None, lang: str) -> str | None:
    from companion.cli import CliError

    if text is None:
        return None
    from datetime import datetime

    try:
        datetime.fromisoformat(text)
    except ValueError as exc:
        raise CliError(translate("plays.cli.bad_date", lang, found=text)) from exc
    return text


def plays_cmd(args: argparse.Namespace) -> None:
    lang = args.lang
    store = _store(args)
    game = _game(args.game, lang)
    player = _player_id(store, args.player, lang)
    plays = store.plays(game, player, _date(args.since, lang), _date(args.until, lang), figures=args.json)
    if args.csv:
        from companion.plays.export import plays_csv

        text = plays_csv(plays, lang)
    elif args.json:
        from companion.plays.export import plays_json

        text = plays_json(plays) + "\n"
    else:
        text = _plays_text(plays, lang, ids=args.ids)
    if args.out:
        # A BOM in front of CSV tells a spreadsheet it is UTF-8 (accents, names in any script).
        try:
            Path(args.out).write_text(text, encoding="utf-8-sig" if args.csv else "utf-8", newline="")
        except OSError as exc:
            from companion.cli import CliError

            raise CliError(translate("plays.cli.cannot_write", lang, path=args.out, detail=str(exc))) from exc
        print(translate("plays.cli.written", lang, path=args.out, n=len(plays)))
    else:
        sys.stdout.write(text)


def _plays_text(plays: list[Any], lang: str, ids: bool = False) -> str:
    from companion.cli_insights import rescore_command
    from companion.games import get
    from companion.plays.bounds import stored_doubt
    from companion.plays.labels import seat_score_text

    if not plays:
        return translate("plays.cli.no_plays", lang) + "\n"
    lines = []
    for play in plays:
        title = get(play.game).title.render(lang)
        people = ", ".join(
            f"{shown(s.name)} {seat_score_text(play.game, s.score, s.winner, lang)}" for s in play.seats
        )
        won = ", ".join(shown(w) for w in play.winners)
        length = (
            ""
            if play.seconds is None
            else " · " + translate("plays.cli.minutes", lang, n=round(play.seconds / 60))
        )
        ident = f"{play.id[:8]}  " if ids else ""
        if play.location:
            length += " · " + translate("plays.cli.at_location", lang, place=shown(play.location))
        lines.append(
            f"{ident}{format_when(play.date, lang, day_only=play.day_only)}  {title}: {people} · "
            f"{translate('plays.cli.won', lang, names=won)}{length}"
        )
        doubt = stored_doubt(play)  # typed before the score bounds, or restored from a backup
        if doubt is not None:
            lines.append(
                "  "
                + translate(
                    "plays.cli.doubt", lang, doubt=doubt.render(lang), command=rescore_command(play.id)
                )
            )
    return "\n".join(lines) + "\n"


def stats_cmd(args: argparse.Namespace) -> None:
    """A game's statistics; ``--player`` alone: the player's page; ``--records``: the records.
    ``--from``/``--to``/``--location`` filter each of them."""
    from companion.cli import CliError
    from companion.plays.labels import figure_label

    lang = args.lang
    store = _store(args)
    game = _game(args.game, lang)
    player = _player_id(store, args.player, lang)
    period = {"since": _date(args.since, lang), "until": _date(args.until, lang), "location": args.location}
    if args.records:
        _records(store, game, period, args.json, lang)
        return
    if game is None:
        if player is None:
            raise CliError(translate("insights.cli.what", lang, player="--player", records="--records"))
        _player_page(store, player, period, args.json, lang)
        return
    stats = store.stats(game, player, **period)
    doubtful = store.plays_out_of_bounds(game, player, **period) if stats.plays else []
    if args.json:
        data = stats.model_dump(mode="json")
        data["win_rate"] = stats.win_rate
        for line, raw in zip(stats.figures, data["figures"], strict=True):
            raw["label"] = figure_label(game, line.name, line.key, lang)
            raw["mean"] = line.mean
        data["out_of_bounds"] = [play.id for play in doubtful]
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    print(_stats_text(stats, lang))
    if doubtful:
        from companion.games import get

        title = get(game).title.render(lang)
        print(translate("plays.cli.stats_doubts", lang, n=len(doubtful), game=title))
        sys.stdout.write(_plays_text(doubtful, lang))


def _records(store: Any, game: str | None, period: dict[str, Any], as_json: bool, lang: str) -> None:
    """The records of one game, or of every game with the group's H-index."""
    from companion.cli_insights import records_text
    from companion.games import available

    games = [game] if game else [g for g in available() if store.count_plays(g, **period)]
    by_game = [(g, store.records(g, **period)) for g in games]
    h = None if game else store.h_index(**period).h
    if as_json:
        data: dict[str, Any] = {g: [r.model_dump(mode="json") for r in found] for g, found in by_game}
        print(json.dumps({"records": data, "h_index": h}, ensure_ascii=False, indent=2))
        return
    print(records_text(by_game, h, lang))


def _player_page(store: Any, player: str, period: dict[str, Any], as_json: bool, lang: str) -> None:
    from companion.cli_insights import page_text

    page = store.player_page(player, **period)
    doubtful = store.plays_out_of_bounds(None, player, **period) if page.plays else []
    if as_json:
        data = page.model_dump(mode="json") | {"win_rate": page.win_rate}
        data["out_of_bounds"] = [play.id for play in doubtful]
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    print(page_text(page, lang))
    if doubtful:
        print(translate("plays.cli.player_doubts", lang, n=len(doubtful), name=shown(page.name)))
        sys.stdout.write(_plays_text(doubtful, lang))


def _pct(rate: float, lang: str) -> str:
    return format_percent(rate, lang)


def _num(x: float | None, lang: str) -> str:
    return "—" if x is None else format_number(x, lang)


def _stats_text(stats: Any, lang: str) -> str:
    from companion.games import get
    from companion.plays.labels import average_text, figure_label, figure_text, score_text

    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    title = get(stats.game).title.render(lang)
    if not stats.plays:
        return t("plays.cli.stats_none", game=title)
    out = [t("plays.cli.stats_head", game=title, n=stats.plays)]
    if stats.average_seconds is not None:
        out.append(t("plays.cli.stats_length", n=round(stats.average_seconds / 60)))
    out.append(
        t(
            "plays.cli.stats_scores",
            average=average_text(stats.game, stats.average, lang),
            best=score_text(stats.game, stats.best, lang),
            worst=score_text(stats.game, stats.worst, lang),
        )
        if stats.average is not None
        else t("ui.stats.scores_none")  # no play kept its scores: said, not a 0
    )
    if stats.unscored_plays and stats.average is not None:
        out.append(t("ui.stats.unscored", n=stats.unscored_plays))
    if stats.player_id:
        out.append(t("plays.cli.stats_wins", wins=stats.wins, rate=_pct(stats.win_rate, lang)))
    out.append(t("plays.cli.stats_players"))
    for p in stats.players:
        out.append(
            "  "
            + t(
                "plays.cli.stats_player",
                name=p.name,
                plays=p.plays,
                wins=p.wins,
                rate=_pct(p.win_rate, lang),
                average=average_text(stats.game, p.average, lang),
                best=score_text(stats.game, p.best, lang),
                worst=score_text(stats.game, p.worst, lang),
            )
        )
    out.append(
        t("plays.cli.stats_by_seat")
        + " "
        + " · ".join(
            t("plays.cli.rate", what=r.key + 1, wins=r.wins, rate=_pct(r.win_rate, lang), n=r.seats)
            for r in stats.by_seat
        )
    )
    out.append(
        t("plays.cli.stats_by_count")
        + " "
        + " · ".join(
            t("plays.cli.rate", what=r.key, wins=r.wins, rate=_pct(r.win_rate, lang), n=r.seats)
            for r in stats.by_count
        )
    )
    out.append(
        t("plays.cli.stats_spread")
        + " "
        + ", ".join(f"{score_text(stats.game, s, lang)}×{n}" for s, n in stats.spread)
    )
    shown = [f for f in stats.figures if f.name != "points"]
    if shown:
        out.append(t("plays.cli.stats_figures"))
        for f in shown:
            label = figure_label(stats.game, f.name, f.key, lang)
            total = figure_text(stats.game, f.name, f.total, lang)
            mean = figure_text(stats.game, f.name, f.mean, lang, mean=True)
            out.append("  " + t("plays.cli.figure", label=label, total=total, mean=mean))
    return "\n".join(out)


def backup_cmd(args: argparse.Namespace) -> None:
    from companion.store.backup import backup_json

    store = _store(args)
    text = backup_json(store)
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as exc:
        from companion.cli import CliError

        raise CliError(
            translate("plays.cli.cannot_write", args.lang, path=args.file, detail=str(exc))
        ) from exc
    print(
        translate(
            "plays.cli.backup_done",
            args.lang,
            path=args.file,
            tables=len(store.list()),
            plays=len(store.plays()),
        )
    )


def restore_cmd(args: argparse.Namespace) -> None:
    from companion.cli import CliError
    from companion.store.backup import read_backup_file, restore

    try:
        text = read_backup_file(args.file)  # a file over the limit is refused before it is read
    except FileNotFoundError as exc:
        raise CliError(translate("cli.no_file", args.lang, path=args.file)) from exc
    except OSError as exc:
        raise CliError(translate("cli.unreadable", args.lang, path=args.file, detail=str(exc))) from exc
    tables, plays, players = restore(_store(args), text, replace=args.replace)
    print(translate("plays.cli.restored", args.lang, tables=tables, plays=plays, players=players))


def log_cmd(args: argparse.Namespace) -> None:
    """Log a game played without the app: a final-scoring calculator's input, scored and logged."""
    from companion.cli import CliError, _read
    from companion.core.calc import load_input
    from companion.core.registry import calculators
    from companion.plays.record import FINAL_CALCULATORS

    lang = args.lang
    if args.name not in FINAL_CALCULATORS:
        known = ", ".join(FINAL_CALCULATORS)
        raise CliError(translate("plays.calc.not_final", lang, name=args.name, known=known))
    try:
        data = load_input(_read(args.file))
    except json.JSONDecodeError as exc:
        raise CliError(translate("cli.not_json", lang, path=args.file, detail=str(exc))) from exc
    result = calculators()[args.name].run(data)
    store = _store(args)
    ids = [p.id if (p := store.find_player(r["name"])) else None for r in result.get("players", [])]
    usual = store.usual_win(FINAL_CALCULATORS[args.name][0])  # before this play counts in it
    play = store.log_calculated(args.name, data, result, date=_date(args.date, lang), player_ids=ids)
    print(translate("plays.cli.logged", lang, names=", ".join(play.winners)))
    _say_far(play, usual, lang)


def _say_far(
    play: Any, usual: tuple[int | None, int], lang: str, before: list[int | None] | None = None
) -> None:
    """On stderr, each score of ``play`` far above ``usual`` (the log's usual winning score in its
    game and its scored plays, read before it was stored) with the command that corrects it: a
    command line cannot ask first, so it says it once stored (plays/bounds.far_above).
    ``before``: the scores the play had (one left as it was is not said again)."""
    from companion.cli_insights import rescore_command
    from companion.plays.bounds import far_above

    for n, seat in enumerate(play.seats):
        if before is not None and before[n] == seat.score:
            continue
        said = far_above(play.game, seat.name, seat.score, *usual)
        if said is not None:
            line = translate(
                "plays.cli.doubt", lang, doubt=said.render(lang), command=rescore_command(play.id)
            )
            sys.stderr.write(line + "\n")


def play_cmd(args: argparse.Namespace) -> None:
    """One play by the start of its id (``plays --ids``): shown, or linked, redated, deleted."""
    from companion.cli import CliError

    lang = args.lang
    store = _store(args)
    play = store.play_by_prefix(args.id)
    if args.delete:
        store.delete_play(play.id)
        print(translate("plays.cli.deleted", lang, id=play.id[:8]))
        return
    if args.seat:
        links = [s.player_id for s in play.seats]
        for item in args.seat:
            seat_text, _, name = item.partition("=")
            if not seat_text.isdigit() or not 1 <= int(seat_text) <= len(links) or not name:
                raise CliError(translate("plays.cli.bad_seat", lang, found=shown(item, 40), n=len(links)))
            links[int(seat_text) - 1] = None if name == "-" else _player_id(store, name, lang)
        play = store.link_play(play.id, links)
    if (
        args.scores is not None
    ):  # the Edit dialog's scores (docs/DECISIONS.md, "Scores typed into an imported play")
        usual, before = store.usual_win(play.game), [s.score for s in play.seats]
        play = store.rescore_play(play.id, _scores(args.scores, len(play.seats), lang))
        _say_far(play, usual, lang, before)
    if args.date:
        play = store.redate_play(play.id, args.date)
    if args.location is not None:
        play = store.set_play_location(play.id, args.location)
    sys.stdout.write(_plays_text([play], lang, ids=True))
    names = {p.id: p.name for p in store.players()}
    for seat in play.seats:
        who = names.get(seat.player_id or "")
        line = translate("plays.cli.seat_is", lang, n=seat.seat + 1, name=shown(seat.name), player=shown(who))
        print(
            "  "
            + (
                line
                if who
                else translate("plays.cli.seat_free", lang, n=seat.seat + 1, name=shown(seat.name))
            )
        )


def _scores(typed: list[str], seats: int, lang: str) -> list[int]:
    """``--scores 44 30 41`` (or 44,30,41): one whole number per seat, in seat order (CliError
    otherwise)."""
    from companion.cli import CliError

    text = " ".join(typed)
    parts = text.replace(",", " ").split()
    try:
        scores = [int(p) for p in parts]
    except ValueError:
        scores = []
    if len(scores) != seats:
        raise CliError(
            translate("plays.cli.bad_scores", lang, flag="--scores", found=shown(text, 40), n=seats)
        )
    return scores


def link_plays_cmd(args: argparse.Namespace) -> None:
    """The plays whose unlinked seats are named like remembered players; ``--yes`` links them."""
    lang = args.lang
    store = _store(args)
    pending = store.plays_to_link()
    if not pending:
        print(translate("plays.cli.nothing_to_link", lang))
        return
    names = {p.id: p.name for p in store.players()}
    for play, links in pending:
        pairs = [
            translate("ui.plays.link.seat_is", lang, seat=shown(s.name), player=shown(names[pid]))
            for s, pid in zip(play.seats, links, strict=True)
            if pid and s.player_id is None
        ]
        print(
            f"{play.id[:8]}  {format_when(play.date, lang, time=False, day_only=play.day_only)}: "
            + ", ".join(pairs)
        )
        if args.yes:
            store.link_play(play.id, links)
    key = "plays.cli.linked" if args.yes else "plays.cli.to_link"
    print(translate(key, lang, n=len(pending)))


# ---- exchange: BG Stats and BoardGameGeek (companion/plays/bgstats.py, bgg.py) -------------
def export_plays_cmd(args: argparse.Namespace) -> None:
    """The log, or one play, in BG Stats' push-play JSON or as a BoardGameGeek-style play file."""
    lang = args.lang
    store = _store(args)
    if args.play:
        plays = [store.play_by_prefix(args.play)]
    else:
        plays = store.plays(_game(args.game, lang), None, _date(args.since, lang), _date(args.until, lang))
    if args.format == "bgg":
        from companion.plays.bgg import plays_xml

        text = plays_xml(plays)
    else:
        from companion.plays.bgstats import push_json

        text = push_json(plays, one=bool(args.play))
    if not args.out:
        sys.stdout.write(text)
        return
    try:
        Path(args.out).write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        from companion.cli import CliError

        raise CliError(translate("plays.cli.cannot_write", lang, path=args.out, detail=str(exc))) from exc
    print(translate("plays.cli.written", lang, path=args.out, n=len(plays)))


def bgstats_link_cmd(args: argparse.Namespace) -> None:
    """The link that opens BG Stats with one play filled in."""
    from companion.plays.bgstats import push_link

    print(push_link(_store(args).play_by_prefix(args.id)))


def import_bgstats_cmd(args: argparse.Namespace) -> None:
    """Plays of this app's games from a BG Stats backup or push-play JSON: refused plays one line
    each, then one confirm (unless --yes) before anything is added or any player created."""
    from companion.plays.bgstats import plan_import, read_file_text
    from companion.store.plays_import import known

    _import_cmd(args, lambda store, raw: plan_import(read_file_text(raw), *known(store)))


def import_bgg_cmd(args: argparse.Namespace) -> None:
    """Plays of this app's games from BoardGameGeek's plays XML (one page or several), as
    ``import-bgstats`` brings in a BG Stats file."""
    from companion.store.plays_import import plan_bgg

    _import_cmd(args, plan_bgg)


def _import_cmd(args: argparse.Namespace, plan_of: Callable[[Any, bytes], Any]) -> None:
    """Read the file, say what it will not take and why, the players to add, ask once, add."""
    from companion.cli import CliError
    from companion.plays.bgstats import ExchangeError
    from companion.store.plays_import import import_plays

    lang = args.lang
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    try:
        raw = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except FileNotFoundError as exc:
        raise CliError(t("cli.no_file", path=args.file)) from exc
    except OSError as exc:
        raise CliError(t("cli.unreadable", path=args.file, detail=str(exc))) from exc
    store = _store(args)
    try:
        plan = plan_of(store, raw)
    except ExchangeError as exc:
        raise CliError(t("plays.bgstats.file_refused", path=args.file, reason=exc.msg.render(lang))) from exc
    for refusal in [*plan.refused, *plan.notes]:  # then the plays coming in with less than the file has
        print(refusal.line(lang).render(lang))
    print(t("plays.bgstats.summary", new=len(plan.plays), already=plan.already, refused=len(plan.refused)))
    if not plan.plays:
        print(t("plays.bgstats.nothing"))
        return
    if plan.names:
        print(t("plays.bgstats.new_players", names=", ".join(shown(n) for n in plan.names.values())))
    if not args.yes:
        try:
            answer = input(t("plays.bgstats.confirm") + " ")
        except EOFError:  # no one to answer: nothing is added
            answer = ""
        if answer.strip().casefold() not in {"y", "yes", "s", "si", "sí"}:
            print(t("plays.bgstats.cancelled"))
            return
    added, created = import_plays(store, plan.plays, plan.names)
    print(t("plays.bgstats.done", n=added, players=created))


def add_parsers(sub: Any, common: argparse.ArgumentParser, only: str | None = None) -> None:
    """The play log's commands (``only``: that one alone, see cli.build_parser)."""
    from companion.cli import DATABASE_HELP

    data = argparse.ArgumentParser(add_help=False)
    data.add_argument(
        "--data", default=None, help="data folder of the store (default: the app's data folder)"
    )
    data.add_argument("--database", default=None, help=DATABASE_HELP)

    if only in (None, "plays"):
        p = sub.add_parser("plays", parents=[common, data], help="the play log: every finished game")
        p.add_argument("--game", help="only this game (dragon, chinatown, dayu)")
        p.add_argument("--player", help="only plays with this player (a name from the player list)")
        p.add_argument("--since", help="only plays that ended on or after this date (YYYY-MM-DD)")
        p.add_argument("--until", help="only plays that ended on or before this date (YYYY-MM-DD)")
        fmt = p.add_mutually_exclusive_group()
        fmt.add_argument("--csv", action="store_true", help="CSV, one row per player of a play")
        fmt.add_argument("--json", action="store_true", help="JSON (docs/plays.schema.json)")
        p.add_argument("--out", help="write to this file instead of the screen")
        p.add_argument("--ids", action="store_true", help="start each line with the play's id (for `play`)")
        p.set_defaults(run=plays_cmd)

    if only in (None, "play"):
        p = sub.add_parser(
            "play",
            parents=[common, data],
            help="one play: show it, link its seats, type its scores, redate or delete it",
        )
        p.add_argument("id", help="the start of the play's id, as `plays --ids` shows it")
        p.add_argument(
            "--seat",
            action="append",
            help="SEAT=NAME: seat SEAT (1 = first) is this remembered player; NAME - unlinks",
        )
        p.add_argument(
            "--scores",
            nargs="+",
            help="the final scores in seat order, like 44 30 41 (not for a table's play: its log gives them)",
        )
        p.add_argument("--date", help="the day it was played (YYYY-MM-DD)")
        p.add_argument("--location", help="where it was played (remembered); '' clears it")
        p.add_argument("--delete", action="store_true", help="remove it from the log")
        p.set_defaults(run=play_cmd)

    if only in (None, "link-plays"):
        p = sub.add_parser(
            "link-plays",
            parents=[common, data],
            help="list plays whose seats are named like remembered players but not linked; --yes links them",
        )
        p.add_argument("--yes", action="store_true", help="link them")
        p.set_defaults(run=link_plays_cmd)

    if only in (None, "stats"):
        p = sub.add_parser(
            "stats", parents=[common, data], help="statistics of a game, or of one player in it"
        )
        p.add_argument(
            "game", nargs="?", help="dragon, chinatown or dayu (without one: --player or --records)"
        )
        p.add_argument("--player", help="a name from the player list; without a game: the player's page")
        p.add_argument("--records", action="store_true", help="the records of the game (of every game)")
        p.add_argument(
            "--from", dest="since", help="only plays that ended on or after this date (YYYY-MM-DD)"
        )
        p.add_argument("--to", dest="until", help="only plays that ended on or before this date (YYYY-MM-DD)")
        p.add_argument("--location", help="only plays at this location")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(run=stats_cmd)

    if only in (None, "log"):
        p = sub.add_parser(
            "log", parents=[common, data], help="log a game played without the app from a calculator's input"
        )
        p.add_argument("name", help="dragon-final or dayu-final")
        p.add_argument("file", help="the calculator's input JSON (- for stdin)")
        p.add_argument("--date", help="when it was played (YYYY-MM-DD; default: now)")
        p.set_defaults(run=log_cmd)

    if only in (None, "backup"):
        p = sub.add_parser(
            "backup", parents=[common, data], help="write the whole store (tables, players, plays) to a file"
        )
        p.add_argument("file")
        p.set_defaults(run=backup_cmd)

    if only in (None, "restore"):
        p = sub.add_parser("restore", parents=[common, data], help="restore a backup file (checked first)")
        p.add_argument("file")
        p.add_argument("--replace", action="store_true", help="replace what the store holds now")
        p.set_defaults(run=restore_cmd)

    if only in (None, "export-plays"):
        p = sub.add_parser(
            "export-plays",
            parents=[common, data],
            help="the log (or one play) for BG Stats (push-play JSON) or as a BoardGameGeek-style play file",
        )
        p.add_argument("--format", choices=("bgstats", "bgg"), required=True, help="bgstats: JSON; bgg: XML")
        p.add_argument("--play", help="only this play (the start of its id, as `plays --ids` shows it)")
        p.add_argument("--game", help="only this game (dragon, chinatown, dayu)")
        p.add_argument("--since", help="only plays that ended on or after this date (YYYY-MM-DD)")
        p.add_argument("--until", help="only plays that ended on or before this date (YYYY-MM-DD)")
        p.add_argument("--out", help="write to this file instead of the screen")
        p.set_defaults(run=export_plays_cmd)

    if only in (None, "bgstats-link"):
        p = sub.add_parser(
            "bgstats-link",
            parents=[common, data],
            help="the link that opens BG Stats with one play filled in",
        )
        p.add_argument("id", help="the start of the play's id, as `plays --ids` shows it")
        p.set_defaults(run=bgstats_link_cmd)

    # the two imports from another play logger: a file, one confirm (--yes skips it)
    for name, what, file_help, run in (
        (
            "import-bgstats",
            "a BG Stats backup/export (JSON)",
            "the BG Stats JSON file (- for stdin)",
            import_bgstats_cmd,
        ),
        (
            "import-bgg",
            "BoardGameGeek's plays XML (pages saved in one file)",
            "the XML file, one page of xmlapi2/plays or several (- for stdin)",
            import_bgg_cmd,
        ),
    ):
        if only in (None, name):
            p = sub.add_parser(
                name, parents=[common, data], help=f"bring in the plays of these games from {what}; asks once"
            )
            p.add_argument("file", help=file_help)
            p.add_argument(
                "--yes", action="store_true", help="add them (and create new players) without asking"
            )
            p.set_defaults(run=run)
