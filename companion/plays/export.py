"""The play log as CSV (one row per player of a play) and as JSON (with its JSON Schema).

The CSV opens in a spreadsheet as it is: one header row in the reader's language, then one
row per seat, so a pivot table gives wins, scores and player counts without any splitting.
A text cell that a spreadsheet would take for a formula (it begins with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) is written after a single quote, OWASP's advice for CSV
injection; ``read_csv`` takes the quote off again, so every name reads back as it was.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.i18n import translate
from companion.plays.models import PlayRecord

LOG_FORMAT: Final = "table-companion/plays"
LOG_VERSION: Final = 1

CSV_COLUMNS = (
    "date",
    "game",
    "play",
    "players",
    "seat",
    "player",
    "player_id",
    "color",
    "score",
    "place",
    "winner",
    "minutes",
    "tie_break",
    "options",
    "source",
    "table",
)


# A spreadsheet starts a formula at these (OWASP, "CSV Injection"); the quote itself is in the
# set so that a name that really begins with a quote still reads back exactly.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "'")


def csv_cell(value: object) -> object:
    """A cell as the CSV writes it: numbers as they are, text that could start a formula quoted."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def csv_value(cell: str) -> str:
    """The inverse of ``csv_cell`` for a cell read back as text (a number never begins with a quote)."""
    return cell[1:] if cell.startswith("'") else cell


def read_csv(text: str) -> list[list[str]]:
    """The rows of a CSV written by ``plays_csv``, every text cell as it was before it was quoted."""
    return [[csv_value(cell) for cell in row] for row in csv.reader(io.StringIO(text))]


class PlayLog(BaseModel):
    """The JSON export of the play log (docs/FORMAT.md, "Play log")."""

    model_config = ConfigDict(extra="forbid", title="Table Companion play log")

    format: Literal["table-companion/plays"] = LOG_FORMAT
    version: Literal[1] = LOG_VERSION
    exported: str = Field(description="when the file was written, ISO 8601 UTC")
    plays: list[PlayRecord]


def log_schema() -> dict[str, Any]:
    """The JSON Schema of the play log file (docs/plays.schema.json is this, written out)."""
    return PlayLog.model_json_schema()


def plays_json(plays: list[PlayRecord], indent: int | None = 1) -> str:
    log = PlayLog(exported=datetime.now(UTC).isoformat(timespec="seconds"), plays=plays)
    return json.dumps(log.model_dump(mode="json"), ensure_ascii=False, indent=indent)


def plays_csv(plays: list[PlayRecord], lang: str, names: dict[str, str] | None = None) -> str:
    """The log as CSV text; ``names`` maps player ids to the player list's current names
    (the ``player`` column keeps the name the table used, ``player_id`` links them)."""
    from companion.games import UnknownGame, get

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(translate(f"plays.csv.{c}", lang)) for c in CSV_COLUMNS])
    yes, no = translate("plays.csv.yes", lang), translate("plays.csv.no", lang)
    titles: dict[str, str] = {}
    for play in plays:
        if play.game not in titles:
            try:
                titles[play.game] = get(play.game).title.render(lang)
            except UnknownGame:
                titles[play.game] = play.game
        tie = translate(play.tie_break, lang) if play.tie_break else ""
        minutes = "" if play.seconds is None else round(play.seconds / 60)
        options = json.dumps(play.options, ensure_ascii=False, sort_keys=True) if play.options else ""
        for seat in play.seats:
            writer.writerow(
                csv_cell(cell)
                for cell in (
                    play.date[:10] if play.day_only else play.date,  # a day alone: the day
                    titles[play.game],
                    play.id,
                    len(play.seats),
                    seat.seat + 1,
                    seat.name,
                    seat.player_id or "",
                    seat.color or "",
                    "" if seat.score is None else seat.score,  # not known: an empty cell, not a 0
                    seat.place,
                    yes if seat.winner else no,
                    minutes,
                    tie,
                    options,
                    translate(f"plays.source.{play.source}", lang),
                    play.table_id or "",
                )
            )
    return out.getvalue()


if __name__ == "__main__":  # python -m companion.plays.export > docs/plays.schema.json
    print(json.dumps(log_schema(), ensure_ascii=False, indent=2))
