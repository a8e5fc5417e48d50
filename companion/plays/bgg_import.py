"""A group's BoardGameGeek plays into the log (docs/FORMAT.md, "BoardGameGeek plays").

In: the XML of BGG's XML API 2 ``plays`` answer, one page or several pages saved one after the
other in one file, the layout companion/plays/bgg.py writes. The file is untrusted: it is parsed
with defusedxml, which refuses any DTD (so no entity expansion, no external entity), and a file
that is not XML, or not a plays answer, is refused whole (ExchangeError). Each play that cannot
be taken is refused with its reason, as the BG Stats import does (companion/plays/bgstats.py,
whose checks of a play this module shares). Pure: the store (companion/store/plays_import.py)
writes.

How a play is recognised (docs/DECISIONS.md, "Plays in from BoardGameGeek"): by BGG's play id
where the play has one (the log's id ``bgg-<id>``); else by its game, day, players and scores,
against the plays the log holds (so the file the app's own BGG export wrote adds nothing to the
store it came from). A play with a BGG id that the log does not hold yet is also compared so with
the log's plays that carry no BGG id (logged here, or from BG Stats): the evening a group logged
here and one of them logged on BGG too comes in once. A play logged ``quantity`` times becomes that
many plays.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final, NamedTuple
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from companion.core.msg import Msg, msg
from companion.plays.bgg import play_day
from companion.plays.bgstats import (
    MAX_FILE_BYTES,
    Candidate,
    ExchangeError,
    ImportPlan,
    Refusal,
    Seat,
    build_play,
    place_name,
    scores_left_out,
)
from companion.plays.game_ids import game_of, name_key
from companion.plays.models import PlayRecord

MAX_QUANTITY: Final = 100  # times one play was logged; more is a typo, not an evening
MAX_PLAYS: Final = 100_000  # plays in one file, copies counted: decades of a busy group's evenings
# A page ends where its root does: "</plays>", or "<plays .../>" for a page past the last play
# (no "<" can stand inside a value; a ">" can, inside quotes).
_PAGE_END = re.compile(r"""</plays\s*>|<plays\b(?:[^<>"']|"[^"]*"|'[^']*')*/>""")
_BGG_ID = re.compile(r"^[0-9]{1,18}$")
# The log id of a play brought in with a BGG id of its own (``bgg-<id>``, a copy ``bgg-<id>-<k>``);
# a play without one is ``bgg-`` and 32 hex digits (_plan_one), too long to match.
_WITH_BGG_ID = re.compile(r"^bgg-[0-9]{1,18}(?:-[0-9]+)?$")

# A play as the log's plays are compared with it: game, day (this device's), then each seat's
# name key and score, by name (a play logged with its winners alone: None for each score, so it
# matches on its game, day and players). By name, not seat: BGG's players come in their start
# positions when the file says them, else in the order they were typed, neither the log's
# seats for sure (an evening logged here was not known when BGG listed its players otherwise).
Print = tuple[str, str, tuple[tuple[str, int | None], ...]]


def fingerprint(play: PlayRecord) -> Print:
    seats = sorted(
        ((name_key(s.name), s.score) for s in play.seats), key=lambda x: (x[0], x[1] is None, x[1] or 0)
    )
    return play.game, play_day(play), tuple(seats)


class LogPrints(NamedTuple):
    """How many of the log's plays have each fingerprint: all of them (what a file's play
    without an id is compared with), and those that carry no BGG id (what a play with an id the
    log does not hold is compared with: a play the log holds by another BGG id is another play)."""

    every: Counter[Print]
    without_bgg_id: Counter[Print]


# ---- the file ----------------------------------------------------------------------------
def read_pages(data: bytes) -> list[Element]:
    """The ``<plays>`` roots of a file of one or more pages; ExchangeError for a file that is too
    big, not UTF-8, not XML, declares a DTD or entities, or is not a plays answer."""
    if len(data) > MAX_FILE_BYTES:
        raise ExchangeError(msg("plays.bgstats.too_big", most=MAX_FILE_BYTES // 1_000_000))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ExchangeError(msg("plays.bgg.not_xml", detail=str(exc)[:120])) from exc
    roots = []
    for page in _pages(text):
        try:
            root = fromstring(page, forbid_dtd=True)
        except DefusedXmlException as exc:  # a DTD: entities, an entity bomb, an external file
            raise ExchangeError(msg("plays.bgg.dtd")) from exc
        except (ParseError, ValueError, RecursionError) as exc:
            raise ExchangeError(msg("plays.bgg.not_xml", detail=str(exc)[:120])) from exc
        if root.tag != "plays":
            raise ExchangeError(msg("plays.bgg.not_plays", found=root.tag[:40]))
        roots.append(root)
    if not roots:
        raise ExchangeError(msg("plays.bgg.not_xml", detail="empty"))
    return roots


def _pages(text: str) -> list[str]:
    """The file's pages, each without the spaces (and byte order mark) a saved page begins with."""
    out, start = [], 0
    for end in _PAGE_END.finditer(text):
        out.append(text[start : end.end()])
        start = end.end()
    out.append(text[start:])
    pages = (p.strip().lstrip("\ufeff").strip() for p in out)
    return [p for p in pages if p]


def _number(text: str | None, default: int) -> int | None:
    """A whole number attribute (``default`` when absent or blank), or None when it is not one."""
    text = (text or "").strip()
    if not text:
        return default
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


def _seats(node: Element) -> list[Seat] | Msg:
    """The players of a ``<play>`` as seats, in their seats' order (``startposition``, as the log
    keeps every play's seats; the file's order when it does not give each a seat of its own), or
    why the play is refused. A play logged with its winners alone keeps no score (None, never a 0
    made up for each: it would count in the averages and records); one with neither scores nor a
    winner is refused by build_play (docs/DECISIONS.md, "Plays logged with winners alone")."""
    rows = _by_start(node.findall("players/player"))
    seats = []
    for row in rows:
        username = " ".join((row.get("username") or "").split())
        name = " ".join((row.get("name") or "").split()) or username
        if not name:
            return msg("plays.bgg.why.no_name")
        score: str | None = (row.get("score") or "").strip() or None
        seats.append(Seat(name, score, (row.get("win") or "").strip() == "1", 0, username=username))
    return seats


def _by_start(rows: list[Element]) -> list[Element]:
    """The rows by their ``startposition`` (1 = first seat) when each has its own, else as given."""
    starts = [_number(row.get("startposition"), 0) for row in rows]
    if any(not s for s in starts) or len(set(starts)) != len(starts):  # None, 0 or blank, or twice
        return rows
    return [row for _, row in sorted(zip(starts, rows, strict=True), key=lambda pair: pair[0] or 0)]


def _candidates(node: Element) -> list[Candidate] | Msg:
    """A ``<play>`` as the candidates it stands for (``quantity`` of them), or why it is refused."""
    bgg_id = (node.get("id") or "").strip()
    if bgg_id and not _BGG_ID.match(bgg_id):
        return msg("plays.bgstats.why.damaged", field="id")
    quantity = _number(node.get("quantity"), 1)
    if quantity is None or quantity < 1:
        return msg("plays.bgstats.why.damaged", field="quantity")
    if quantity > MAX_QUANTITY:
        return msg("plays.bgg.why.quantity", n=quantity)
    minutes = _number(node.get("length"), 0)
    if minutes is None:
        return msg("plays.bgstats.why.damaged", field="length")
    if (node.get("incomplete") or "").strip() == "1":
        return msg("plays.bgg.why.incomplete")
    seats = _seats(node)
    if isinstance(seats, Msg):
        return seats
    item = node.find("item")
    name = (item.get("name") or "") if item is not None else ""
    object_id = _number(item.get("objectid") if item is not None else None, 0)
    # Each copy of a play logged N times: its length shared out among them.
    each = (minutes // quantity) or None
    place = place_name(node.get("location") or "")
    return [
        Candidate(
            f"{bgg_id}-{k}" if bgg_id and k > 1 else bgg_id,  # no id: copies told apart by their fingerprint
            node.get("date") or "",
            name,
            object_id or None,
            each,
            [Seat(s.name, s.score, s.winner, s.rank, username=s.username) for s in seats],
            place,
        )
        for k in range(1, quantity + 1)
    ]


def _game(node: Element) -> str | None:
    item = node.find("item")
    if item is None:
        return None
    object_id = _number(item.get("objectid"), 0)
    return game_of(object_id, item.get("name") or "")


# ---- the plan ----------------------------------------------------------------------------
def plan_bgg_import(data: bytes, known_ids: set[str], remembered: set[str], prints: LogPrints) -> ImportPlan:
    """What importing a BGG plays file would add: ``known_ids`` are the log's play ids,
    ``remembered`` the name keys of the remembered players, ``prints`` the fingerprints of the
    log's plays (log_prints). Raises ExchangeError for a file refused whole."""
    plan = ImportPlan()
    seen: set[str] = set()
    met: Counter[Print] = Counter()  # the file's plays not found by id, by fingerprint so far
    nodes = list(_plays(read_pages(data)))
    total = sum(min(_number(n.get("quantity"), 1) or 1, MAX_QUANTITY) for n in nodes)
    if total > MAX_PLAYS:  # each play is checked and built: a bound on the work a file can ask for
        raise ExchangeError(msg("plays.bgg.too_many", n=total))
    for node in nodes:
        date, item = (node.get("date") or "")[:32], node.find("item")
        title = ((item.get("name") or "") if item is not None else "")[:60]
        game = _game(node)
        if game is None:
            reason = msg("plays.bgstats.why.no_game") if item is None else msg("plays.bgstats.why.other_game")
            plan.refused.append(Refusal(date, title, reason))
            continue
        found = _candidates(node)
        if isinstance(found, Msg):
            plan.refused.append(Refusal(date, title, found))
            continue
        for c in found:
            _plan_one(plan, c, game, (known_ids, remembered, prints), seen, met)
    return plan


def _plays(roots: Iterable[Element]) -> Iterable[Element]:
    for root in roots:
        yield from root.iter("play")


def _plan_one(
    plan: ImportPlan,
    c: Candidate,
    game: str,
    log: tuple[set[str], set[str], LogPrints],
    seen: set[str],
    met: Counter[Print],
) -> None:
    known_ids, remembered, prints = log
    pid = f"bgg-{c.source_id}" if c.source_id else ""
    if pid and pid in seen:
        plan.refused.append(c.refusal(msg("plays.bgstats.why.twice")))
        return
    if pid:
        seen.add(pid)
    if pid in known_ids:
        plan.already += 1
        return
    built = build_play(c, game, pid or "bgg-new", "bgg")
    if isinstance(built, Msg):
        plan.refused.append(c.refusal(built))
        return
    record, links = built
    left_out = scores_left_out(c)
    links = _by_username(links, [s.username for s in c.seats or []], remembered)
    # the k-th play of this fingerprint in the file matches the log's k-th, if the log has k
    mark = fingerprint(record)
    met[mark] += 1
    if pid and met[mark] <= prints.without_bgg_id[mark]:  # logged here (or in BG Stats) too
        plan.already += 1
        return
    if not pid:
        pid = "bgg-" + uuid.uuid5(uuid.NAMESPACE_URL, repr((mark, met[mark]))).hex
        if pid in known_ids or met[mark] <= prints.every[mark]:
            plan.already += 1
            return
        record = record.model_copy(update={"id": pid})
    plan.add(record, links, remembered)
    if left_out is not None:
        plan.notes.append(Refusal(c.date[:32], c.game_name[:60], left_out, kept=True))


def _by_username(links: list[str | None], usernames: list[str], remembered: set[str]) -> list[str | None]:
    """A seat whose name is no remembered player's links to the one of its BGG username, if any
    (and no other seat of the play links to that player)."""
    out = list(links)
    for i, (key, username) in enumerate(zip(links, usernames, strict=True)):
        other = name_key(username)
        if key is not None and key not in remembered and other in remembered and other not in out:
            out[i] = other
    return out


def log_prints(plays: Iterable[Any]) -> LogPrints:
    """The fingerprints of ``plays`` (PlayRecords): of all of them, and of those without a BGG id.
    A play with scores counts under its fingerprint without them too: a file's play logged with
    its winners alone is the log's play of that game, day and players, whether or not the log's
    has scores (typed in since, or kept by the other logger: docs/DECISIONS.md, "Scores typed
    into an imported play")."""
    every: Counter[Print] = Counter()
    without: Counter[Print] = Counter()
    for play in plays:
        mark = fingerprint(play)
        marks = {mark, (mark[0], mark[1], tuple((name, None) for name, _score in mark[2]))}
        for each in marks:
            every[each] += 1
            if not _WITH_BGG_ID.match(play.id):
                without[each] += 1
    return LogPrints(every, without)
