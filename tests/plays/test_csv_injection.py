"""The CSV export under names a spreadsheet would run as formulas (OWASP "CSV Injection"):
every such text cell is written after a quote, numbers stay numbers, and ``read_csv`` gives
every name back exactly."""

from __future__ import annotations

import csv
import io

import pytest
from plays_helpers import finished_game

from companion.cli import main
from companion.core import Table
from companion.plays.export import CSV_COLUMNS, csv_cell, csv_value, plays_csv, read_csv
from companion.plays.models import PlayRecord, PlaySeat
from companion.store import Store

COL = {c: i for i, c in enumerate(CSV_COLUMNS)}
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Names no table would take (a tab or a carriage return first) are built without validation:
# the writer must not rely on the names being clean.
HOSTILE = [
    '=HYPERLINK("http://x")',
    "+1+2",
    "-2",
    "@SUM(A1)",
    "\tcmd",
    "\r=1",
    "'=quoted",
    "'",
    "Ana",
]


def _play(names: list[str], scores: list[int]) -> PlayRecord:
    seats = [
        PlaySeat.model_construct(
            seat=i, name=n, color=None, player_id=f"-id{i}", score=s, place=i + 1, winner=i == 0
        )
        for i, (n, s) in enumerate(zip(names, scores, strict=True))
    ]
    return PlayRecord.model_construct(
        id="=play",
        table_id="+table",
        source="table",
        game="dragon",
        options={},
        date="2026-11-29T12:00:00+00:00",
        started=None,
        seconds=600,
        seats=seats,
        tie_break=None,
        figures=[],
    )


def _inert(rows: list[list[str]]) -> None:
    """No cell of the file starts a formula, unless it is a plain number (a spreadsheet reads
    ``-2`` as the number it is)."""
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START):
                assert int(cell) < 0, repr(cell)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_formula_names_are_inert_in_the_file_and_read_back_exactly(lang):
    plays = [_play(HOSTILE[i : i + 3], [10, -2, -30][: len(HOSTILE[i : i + 3])]) for i in range(0, 9, 3)]
    text = plays_csv(plays, lang)
    raw = list(csv.reader(io.StringIO(text)))
    _inert(raw)
    body = raw[1:]
    # Each hostile name is in the file behind one quote; the numbers are not quoted.
    assert [r[COL["player"]] for r in body] == [
        "'" + n if n.startswith((*FORMULA_START, "'")) else n for n in HOSTILE
    ]
    assert [r[COL["score"]] for r in body] == ["10", "-2", "-30"] * 3
    back = read_csv(text)
    assert [r[COL["player"]] for r in back[1:]] == HOSTILE
    assert {r[COL["play"]] for r in back[1:]} == {"=play"}
    assert {r[COL["table"]] for r in back[1:]} == {"+table"}
    assert [r[COL["player_id"]] for r in back[1:]] == ["-id0", "-id1", "-id2"] * 3
    assert [int(r[COL["score"]]) for r in back[1:]] == [10, -2, -30] * 3


@pytest.mark.parametrize("text", [*HOSTILE, "", "''", "x=1", " =1"])
def test_a_cell_reads_back_as_it_was(text):
    assert csv_value(str(csv_cell(text))) == text


@pytest.mark.parametrize("number", [-2, 0, 7, -(10**9)])
def test_numbers_are_written_as_numbers(number):
    assert csv_cell(number) == number


def test_a_real_store_with_formula_names_exports_inert_csv(tmp_path, capsys):
    names = ['=HYPERLINK("http://x")', "+1+2", "-2", "@x"]
    store = Store(tmp_path / "tables.sqlite3")
    ids = [store.create_player(n).id for n in names]
    data = finished_game(7).to_dict()  # a Chinatown game of 4 players
    data["players"] = [dict(p, name=n) for p, n in zip(data["players"], names, strict=True)]
    table = Table.from_dict(data)
    store.create(table, ids)
    store.close()
    out = tmp_path / "log.csv"
    assert main(["plays", "--data", str(tmp_path), "--csv", "--out", str(out)]) == 0
    text = out.read_bytes().decode("utf-8-sig")
    _inert(list(csv.reader(io.StringIO(text))))
    back = read_csv(text)
    assert [r[COL["player"]] for r in back[1:]] == names
    assert [r[COL["player_id"]] for r in back[1:]] == ids
