"""Plays to and from BG Stats (docs/FORMAT.md, "BG Stats").

Out: BG Stats' push-play JSON (what its ``createPlay.html?data=`` link carries), one play as an
object, the log as a list of them, and the link itself. In: a BG Stats backup/export file
(``games``, ``players``, ``locations``, ``plays`` with ``playerScores``) or push-play JSON (one
object or a list), read into plays of this app's three games. Each play that cannot be taken is
refused with its reason and nothing of it is kept; a file that is not BG Stats JSON at all is
refused whole (ExchangeError). Pure: the store (companion/store/plays_import.py) writes.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise
from typing import Annotated, Any, Final, Literal
from urllib.parse import quote

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from companion.core.msg import Msg, msg
from companion.i18n import format_when
from companion.plays.game_ids import game_info, game_of, name_key
from companion.plays.models import MAX_LOCATION, MAX_NUMBER, PlayRecord, PlaySeat

SOURCE_NAME: Final = "Table Companion"
LINK_BASE: Final = "https://app.bgstatsapp.com/createPlay.html"
MAX_FILE_BYTES: Final = 50_000_000  # a backup of thousands of plays is a few MB; images are not in it
MAX_MINUTES: Final = 100_000


class ExchangeError(Exception):
    """A file refused whole: nothing in it is read. ``msg`` says why, in the reader's language."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.key)
        self.msg = message


# ---- out ---------------------------------------------------------------------------------
def local_time(iso: str) -> str:
    """A stored UTC time as BG Stats writes a play's date: the local time of this device."""
    return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def push_play(play: PlayRecord) -> dict[str, Any]:
    """One play in BG Stats' push-play form."""
    info = game_info(play.game)
    game: dict[str, Any] = {
        "name": info.names[0] if info else play.game,
        "highestWins": True,  # all three games: the most VP or money wins
        "noPoints": False,  # the game's setting, not the play's: a play without scores sends null ones
        "sourceGameId": play.game,
    }
    if info and info.bgg_id:
        game["bggId"] = info.bgg_id
    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        # BG Stats' playDate has a time ("YYYY-MM-DD HH:MM:SS"), and BG Stats keeps no play by its
        # day alone: a day-only play goes as noon of its own day on every clock
        "playDate": f"{play.date[:10]} 12:00:00" if play.day_only else local_time(play.date),
        "durationMin": 0 if play.seconds is None else round(play.seconds / 60),
        "game": game,
        "players": [
            {
                "name": s.name,
                "score": s.score,  # null when not known: BG Stats' empty score, never a 0
                "winner": s.winner,
                "rank": s.place,
                "startPlayer": False,  # the log does not say who began
                "sourcePlayerId": s.player_id or "name:" + name_key(s.name),
            }
            for s in play.seats
        ],
    }
    if play.location:  # a plain string at the top, as the public apps that push plays write it
        out["location"] = play.location
    return out


def push_json(plays: list[PlayRecord], *, one: bool = False) -> str:
    """The push-play JSON of one play (an object) or of the log (a list of them)."""
    data: Any = push_play(plays[0]) if one else [push_play(p) for p in plays]
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def push_link(play: PlayRecord) -> str:
    """The link that opens BG Stats with this play filled in (the data URL-encoded, compact)."""
    data = json.dumps(push_play(play), ensure_ascii=False, separators=(",", ":"))
    return f"{LINK_BASE}?data={quote(data, safe='')}"


# ---- in: the file ------------------------------------------------------------------------
class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore")  # BG Stats writes many fields this app has no use for


Score = int | float | str | None
# null where BG Stats has nothing to say (no rank, no seat order, no winner mark): not given
Rank = Annotated[int, BeforeValidator(lambda v: 0 if v is None else v)]
Mark = Annotated[bool, BeforeValidator(lambda v: False if v is None else v)]


class BgsGame(_Loose):
    id: int
    name: str = ""
    bggId: int | None = None


class BgsPlayer(_Loose):
    id: int
    name: str = ""
    isAnonymous: bool = False


class BgsLocation(_Loose):
    id: int
    name: str = ""


class BgsScore(_Loose):
    playerRefId: int
    score: Score = None
    winner: Mark = False
    rank: Rank = 0
    seatOrder: Rank = 0


class BgsPlay(_Loose):
    uuid: str = Field(min_length=1, max_length=200)
    gameRefId: int
    playDate: str = Field(max_length=64)
    durationMin: int | None = None
    locationRefId: int | None = None
    playerScores: list[BgsScore] = Field(max_length=64)


class BgsBackup(_Loose):
    games: list[Any]
    players: list[Any] = []
    locations: list[Any] = []
    plays: list[Any]


class PushGame(_Loose):
    name: str = ""
    bggId: int | None = None


class PushPlayer(_Loose):
    name: str = Field(max_length=200)
    score: Score = None
    winner: Mark = False
    rank: Rank = 0


class PushPlay(_Loose):
    sourcePlayId: str | int | None = None
    playDate: str = Field(max_length=64)
    durationMin: int | None = None
    location: Any = None  # a string; any other shape is not read (the play is still taken)
    game: PushGame
    players: list[PushPlayer] = Field(max_length=64)


@dataclass
class Seat:
    """One player of a candidate play."""

    name: str
    score: Score
    winner: bool
    rank: int
    anonymous: bool = False
    username: str = ""  # BoardGameGeek's account name, when the file gives one


@dataclass
class Candidate:
    """A play as another logger's file has it, before it is checked."""

    source_id: str
    date: str
    game_name: str
    bgg_id: int | None
    minutes: int | None
    seats: list[Seat] | None  # None: a player the play names is not in the file
    location: str | None = None  # a backup's location name (locationRefId) or a push play's location

    def refusal(self, reason: Msg) -> Refusal:
        return Refusal(self.date[:32], self.game_name[:60], reason)


@dataclass
class Refusal:
    """A play not taken: when and what it was, and why."""

    date: str
    game: str
    reason: Msg
    kept: bool = False  # brought in all the same, with less than the file has (ImportPlan.notes)

    def line(self, lang: str) -> Msg:
        """Its line, its day written as the reader writes dates ("14 Mar 2026"; the file's text
        when it is no date)."""
        when = format_when(self.date, lang, time=False, day_only=True) if self.date else "?"
        key = "plays.bgstats.kept" if self.kept else "plays.bgstats.refused"
        return msg(key, when=when, game=self.game or "?", reason=self.reason)


@dataclass
class ImportPlan:
    """What an import would do. ``plays`` pairs each new play with, per seat, the name key of
    the remembered player to link (created if ``names`` has it and the store does not), or None."""

    plays: list[tuple[PlayRecord, list[str | None]]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # name key -> the name as the file has it
    already: int = 0
    refused: list[Refusal] = field(default_factory=list)
    # plays brought in with less than the file has (who won alone: a player without a score)
    notes: list[Refusal] = field(default_factory=list)

    def add(self, record: PlayRecord, links: list[str | None], remembered: set[str]) -> None:
        """A new play, and the names it would remember that ``remembered`` does not hold."""
        for key, seat in zip(links, record.seats, strict=True):
            if key is not None and key not in remembered:
                self.names.setdefault(key, seat.name)
        self.plays.append((record, links))


def read_file_text(data: bytes) -> Any:
    """The JSON of a file's bytes, or ExchangeError (too big, not UTF-8, not JSON)."""
    if len(data) > MAX_FILE_BYTES:
        raise ExchangeError(msg("plays.bgstats.too_big", most=MAX_FILE_BYTES // 1_000_000))
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ExchangeError(msg("plays.bgstats.not_json", detail=str(exc)[:120])) from exc


def _candidates(data: Any) -> tuple[list[Candidate], list[Refusal]]:
    """The plays of a BG Stats backup or of push-play JSON; ExchangeError if it is neither."""
    if isinstance(data, dict) and "plays" in data:
        try:
            backup = BgsBackup.model_validate(data)
        except ValidationError as exc:
            raise ExchangeError(msg("plays.bgstats.not_bgstats")) from exc
        return _from_backup(backup)
    items = data if isinstance(data, list) else [data]
    if not items or not all(isinstance(x, dict) and "game" in x and "players" in x for x in items):
        raise ExchangeError(msg("plays.bgstats.not_bgstats"))
    out, refused = [], []
    for raw in items:
        try:
            play = PushPlay.model_validate(raw)
        except ValidationError as exc:
            refused.append(_damaged(raw, exc))
            continue
        source = play.sourcePlayId
        if source is None or str(source).strip() == "":  # no id: one made from the play itself
            source = uuid.uuid5(uuid.NAMESPACE_URL, json.dumps(raw, sort_keys=True, default=str)).hex
        out.append(
            Candidate(
                str(source),
                play.playDate,
                play.game.name,
                play.game.bggId,
                play.durationMin,
                [Seat(p.name, p.score, p.winner, p.rank) for p in play.players],
                place_name(play.location) if isinstance(play.location, str) else None,
            )
        )
    return out, refused


def _valid(model: type[BaseModel], items: list[Any]) -> dict[int, Any]:
    found = {}
    for raw in items:
        try:
            item = model.model_validate(raw)
        except ValidationError:
            continue  # a damaged game or player: the plays that name it are refused
        found[item.id] = item  # type: ignore[attr-defined]
    return found


def _from_backup(backup: BgsBackup) -> tuple[list[Candidate], list[Refusal]]:
    games: dict[int, BgsGame] = _valid(BgsGame, backup.games)
    players: dict[int, BgsPlayer] = _valid(BgsPlayer, backup.players)
    places: dict[int, BgsLocation] = _valid(BgsLocation, backup.locations)
    out, refused = [], []
    for raw in backup.plays:
        try:
            play = BgsPlay.model_validate(raw)
        except ValidationError as exc:
            refused.append(_damaged(raw, exc, games))
            continue
        game = games.get(play.gameRefId)
        if game is None:
            refused.append(Refusal(play.playDate, "?", msg("plays.bgstats.why.no_game")))
            continue
        scores = sorted(play.playerScores, key=lambda s: s.seatOrder)  # stable: the file's order on ties
        seats: list[Seat] | None = []
        for s in scores:
            who = players.get(s.playerRefId)
            if who is None:
                seats = None
                break
            assert seats is not None
            seats.append(Seat(who.name, s.score, s.winner, s.rank, who.isAnonymous))
        place = places.get(play.locationRefId) if play.locationRefId is not None else None
        out.append(
            Candidate(
                play.uuid,
                play.playDate,
                game.name,
                game.bggId or None,
                play.durationMin,
                seats,
                place_name(place.name) if place else None,
            )
        )
    return out, refused


def place_name(name: str) -> str | None:
    """A location as the log keeps it: spaces tidied, at most MAX_LOCATION characters, or None."""
    tidy = " ".join(str(name).split())[:MAX_LOCATION].strip()
    return tidy or None


def _damaged(raw: Any, exc: ValidationError, games: dict[int, BgsGame] | None = None) -> Refusal:
    where = ".".join(str(x) for x in exc.errors()[0]["loc"]) or "?"
    date = str(raw.get("playDate", ""))[:32] if isinstance(raw, dict) else ""
    game = ""
    if isinstance(raw, dict):
        if games is not None and isinstance(raw.get("gameRefId"), int) and raw["gameRefId"] in games:
            game = games[raw["gameRefId"]].name
        elif isinstance(raw.get("game"), dict):
            game = str(raw["game"].get("name", ""))
    return Refusal(date, game[:60], msg("plays.bgstats.why.damaged", field=where[:60]))


# ---- in: each play -----------------------------------------------------------------------
_ID = re.compile(r"^[a-z0-9][a-z0-9._:-]{0,63}$")


def play_id(source_id: str) -> str:
    """The log's id of an imported play: the source's own id (lower case) when it can be one,
    else a fixed id made from it, so that a second import finds the play again."""
    text = source_id.strip().lower()
    return text if _ID.match(text) else uuid.uuid5(uuid.NAMESPACE_URL, "bgstats:" + source_id).hex


def _score(value: Score) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        if not text:
            return None
        try:
            value = float(text) if "." in text or "e" in text.lower() else int(text)
        except ValueError:
            return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    if isinstance(value, int) and abs(value) <= MAX_NUMBER:
        return value
    return None


def plan_import(data: Any, known_ids: set[str], remembered: set[str]) -> ImportPlan:
    """What importing ``data`` (a file's JSON) would add: ``known_ids`` are the log's play ids,
    ``remembered`` the name keys of the remembered players. Raises ExchangeError for a file that
    is not BG Stats JSON."""
    candidates, refused = _candidates(data)
    plan = ImportPlan(refused=refused)
    seen: set[str] = set()
    for c in candidates:
        game = game_of(c.bgg_id, c.game_name)
        if game is None:
            plan.refused.append(c.refusal(msg("plays.bgstats.why.other_game")))
            continue
        pid = play_id(c.source_id)
        if pid in seen:
            plan.refused.append(c.refusal(msg("plays.bgstats.why.twice")))
            continue
        seen.add(pid)
        if pid in known_ids:
            plan.already += 1
            continue
        built = build_play(c, game, pid, "import")
        if isinstance(built, Msg):
            plan.refused.append(c.refusal(built))
        else:
            plan.add(*built, remembered)
            left_out = scores_left_out(c)
            if left_out is not None:
                plan.notes.append(Refusal(c.date[:32], c.game_name[:60], left_out, kept=True))
    return plan


def build_play(
    c: Candidate, game: str, pid: str, source: Literal["import", "bgg"]
) -> tuple[PlayRecord, list[str | None]] | Msg:
    """A candidate of ``game`` as the log's play ``pid`` with, per seat, the name key to link;
    or the reason it is refused."""
    from companion.core.calc import CalcInputError
    from companion.core.registry import get
    from companion.plays.bounds import score_refusal
    from companion.plays.record import play_date
    from companion.store.players import clean_name

    if c.seats is None:
        return msg("plays.bgstats.why.no_player")
    spec = get(game)
    if not spec.min_players <= len(c.seats) <= spec.max_players:
        return msg(
            "plays.bgstats.why.players",
            n=len(c.seats),
            game=msg(f"{game}.title"),
            least=spec.min_players,
            most=spec.max_players,
        )
    try:
        when = play_date(c.date.strip().replace(" ", "T", 1))  # a day alone: a play by its day
    except CalcInputError:
        return msg("plays.bgstats.why.date", found=c.date[:32])
    if c.minutes is not None and not 0 <= c.minutes <= MAX_MINUTES:
        return msg("plays.bgstats.why.length", n=c.minutes)
    seats, links, problem = _seats(c.seats, clean_name)
    if problem is not None:
        return problem
    for seat in seats:  # a digit too many refuses this play alone (docs/DECISIONS.md)
        refusal = score_refusal(game, seat.name, seat.score)
        if refusal is not None:  # the same words inside the line "Not brought in: ..., {reason}."
            over = refusal.key == "plays.score.over"
            return msg(
                "plays.bgstats.why.score_over" if over else "plays.bgstats.why.score_under", **refusal.args
            )
    record = PlayRecord(
        id=pid,
        source=source,
        game=game,
        date=when.date,
        day_only=when.day_only,
        seconds=c.minutes * 60 if c.minutes else None,
        seats=seats,
        location=c.location,
    )
    return record, links


def _seats(given: list[Seat], clean_name: Any) -> tuple[list[PlaySeat], list[str | None], Msg | None]:
    """The seats of a play, the name keys to link, or the reason it is refused. A play where no
    player has a score is taken with its winners alone when it names one (every score None: the
    statistics count its plays and wins, no score), refused when it names none; a play where some
    players have a score and others not is refused (docs/DECISIONS.md, "Plays logged with winners
    alone")."""
    from companion.store.sqlite_store import StoreError

    blank = [_blank(s.score) for s in given]
    # no score for some players (BG Stats' null, an empty text) and a winner marked: taken with
    # who won alone, said in the import's notes (scores_left_out; docs/DECISIONS.md)
    unscored = all(blank) or (any(blank) and any(s.winner for s in given))
    if unscored and not any(s.winner for s in given):
        return [], [], msg("plays.bgstats.why.no_result")
    scores: list[int | None] = []
    names: list[str] = []
    for s, empty in zip(given, blank, strict=True):
        score = None if unscored else _score(s.score)
        if empty and not unscored:
            return [], [], msg("plays.bgstats.why.no_score", name=s.name[:24])
        if score is None and not unscored:
            return [], [], msg("plays.bgstats.why.score", name=s.name[:24], score=str(s.score)[:20])
        try:
            names.append(clean_name(s.name[:24]))
        except StoreError:
            return [], [], msg("plays.bgstats.why.name", name=s.name[:24])
        scores.append(score)
    seats, links = _placed(given, names, scores)
    if not unscored and not _in_order(seats):
        return [], [], msg("plays.bgstats.why.order")
    return seats, links, None


def _blank(score: Score) -> bool:
    """No score typed: BG Stats' null, or an empty text."""
    return score is None or (isinstance(score, str) and not score.strip())


def scores_left_out(c: Candidate) -> Msg | None:
    """Why a play brought in keeps who won alone although some players have a score in the file
    (another has none: the log keeps every seat's score or none), naming the first without one;
    None when nothing of the file's was left out."""
    blank = [_blank(s.score) for s in c.seats or []]
    if not any(blank) or all(blank):
        return None
    first = next(s for s, empty in zip(c.seats or [], blank, strict=True) if empty)
    return msg("plays.bgstats.why.partial", name=first.name[:24])


def _placed(
    given: list[Seat], names: list[str], scores: list[int | None]
) -> tuple[list[PlaySeat], list[str | None]]:
    """The seats with their places (the file's rank, else from the winners and the scores) and
    the name keys to link (an anonymous player or a name met twice: none)."""
    any_winner = any(s.winner for s in given)
    seats, links, taken = [], [], set()
    for i, (s, name, score) in enumerate(zip(given, names, scores, strict=True)):
        above = 0 if score is None else sum(x is not None and x > score for x in scores)
        if 1 <= s.rank <= 8:
            place = s.rank
        elif any_winner:
            place = 1 if s.winner else max(2, 1 + above)
        else:
            place = 1 + above
        winner = s.winner if any_winner else place == 1
        seats.append(PlaySeat(seat=i, name=name, score=score, place=min(place, 8), winner=winner))
        key = name_key(name)
        links.append(None if s.anonymous or key in taken else key)
        taken.add(key)
    return seats, links


def _in_order(seats: list[PlaySeat]) -> bool:
    """What a backup of the store checks of every scored play (companion/store/backup.py,
    _consistent): a winner, winners with the best score in first place, no better place for a
    lower score."""
    best = max(x.score for x in seats if x.score is not None)
    by_place = sorted(seats, key=lambda x: x.place)
    return (
        any(x.winner for x in seats)
        and all(x.score == best and x.place == 1 for x in seats if x.winner)
        and all(a.score >= b.score for a, b in pairwise(by_place))  # type: ignore[operator]
    )
