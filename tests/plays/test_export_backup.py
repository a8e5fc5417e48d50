"""The play log exported (CSV read back with the csv module, JSON against its schema), and a
whole-store backup restored into the same log; damaged backups refused with nothing changed."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from plays_helpers import finished_game

from companion.core import Table
from companion.i18n import translate
from companion.plays.export import CSV_COLUMNS, PlayLog, log_schema, plays_csv, plays_json
from companion.store import Store, StoreError
from companion.store.backup import backup_json, restore, signed_json

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "plays.schema.json"


@pytest.fixture(scope="module")
def games():
    return [finished_game(seed).to_dict() for seed in (0, 1, 2, 3, 4, 6)]  # all three games


@pytest.fixture
def store(tmp_path, games):
    s = Store(tmp_path / "a.sqlite3")
    ana, ben = s.create_player("Ana", "red", "keeps score"), s.create_player("Ben")
    for data in games:
        table = Table.from_dict(data, trusted=True)  # the app's own games (plays_helpers)
        s.create(table, [ana.id, None, ben.id][: len(table.players)] + [None] * (len(table.players) - 3))
    s.create(Table.new("dayu", ["Ana", "Ben"]), [ana.id, ben.id])  # not finished: no play
    s.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    yield s
    s.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_csv_reads_back_one_row_per_seat(store, lang):
    plays = store.plays()
    rows = list(csv.reader(io.StringIO(plays_csv(plays, lang))))
    assert rows[0] == [translate(f"plays.csv.{c}", lang) for c in CSV_COLUMNS]
    body = rows[1:]
    assert len(body) == sum(len(p.seats) for p in plays)
    col = {c: i for i, c in enumerate(CSV_COLUMNS)}
    expected = [(p.id, s.name, str(s.score), str(s.place)) for p in plays for s in p.seats]
    assert [(r[col["play"]], r[col["player"]], r[col["score"]], r[col["place"]]) for r in body] == expected
    assert "Zoë" in {r[col["player"]] for r in body}


def test_the_json_export_is_the_log_and_follows_its_schema(store):
    plays = store.plays(figures=True)
    log = PlayLog.model_validate_json(plays_json(plays))
    assert log.plays == plays
    assert log.format == "table-companion/plays"


def test_the_schema_in_the_docs_is_the_one_the_models_give():
    # Written by: python -m companion.plays.export > docs/plays.schema.json
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == log_schema()


def test_a_play_known_by_its_day_alone_is_written_so_and_comes_back_so(store, tmp_path):
    """The CSV's date is the day alone; the JSON export and the backup say ``day_only`` (only for
    such a play: the others are written as before schema 9) and a restore keeps it."""
    day = store.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 9}, {"name": "Ben", "vp": 3}]}, date="2026-02-01"
    )
    assert day.day_only
    col = {c: i for i, c in enumerate(CSV_COLUMNS)}
    rows = list(csv.reader(io.StringIO(plays_csv(store.plays(), "es"))))[1:]
    dates = {r[col["play"]]: r[col["date"]] for r in rows}
    assert dates.pop(day.id) == "2026-02-01"
    assert all(len(d) == 25 and d.endswith("+00:00") for d in dates.values())  # the others: a time
    raw = json.loads(plays_json(store.plays()))["plays"]
    assert {p["id"]: p.get("day_only") for p in raw if "day_only" in p} == {day.id: True}
    assert PlayLog.model_validate_json(plays_json(store.plays())).plays == store.plays()
    text = backup_json(store)
    assert {p["id"] for p in json.loads(text)["plays"] if p.get("day_only")} == {day.id}
    other = Store(tmp_path / "b.sqlite3")
    restore(other, text)
    assert {p.id for p in other.plays() if p.day_only} == {day.id}
    assert other.play(day.id) == store.play(day.id)
    other.close()


def _everything(store: Store):
    return (
        [p.model_dump() for p in store.plays(figures=True)],
        [(p.id, p.name, p.color, p.note) for p in store.players()],
        {t.id: (store.export_json(t.id), store.seat_links(t.id)) for t in store.list()},
    )


def test_backup_then_restore_gives_the_same_log(store, tmp_path):
    text = backup_json(store)
    other = Store(tmp_path / "b.sqlite3")
    assert restore(other, text) == (7, 7, 2)
    assert _everything(other) == _everything(store)
    assert other.stats("dragon").model_dump() == store.stats("dragon").model_dump()
    # The restored tables go on: the journal takes them.
    open_table = next(t for t in other.list() if not t.finished)
    table = other.open(open_table.id)
    table.submit(table.prompt.choices[0])
    assert other.open(open_table.id).version == 1


def test_restore_replaces_nothing_without_the_confirm_flag(store, tmp_path):
    text = backup_json(store)
    before = _everything(store)
    with pytest.raises(StoreError) as err:
        restore(store, text)
    assert err.value.msg.key == "plays.restore.would_replace"
    assert _everything(store) == before
    store.delete(store.list()[0].id)
    assert restore(store, text, replace=True)[0] == 7
    assert _everything(store) == before


def _damage(text: str, how: str) -> str:
    data = json.loads(text)
    if how == "truncated":
        return text[: len(text) // 2]
    if how == "foreign":
        data["format"] = "bgstats"
    elif how == "score":  # a table's play that is not what its table scores
        next(p for p in data["plays"] if p["table_id"])["seats"][0]["score"] += 1
    elif how == "winner":  # a calculator's play whose winner has not the best score
        calc = next(p for p in data["plays"] if p["source"] == "calculator")
        calc["seats"][1]["score"] = calc["seats"][0]["score"] + 10
    elif how == "entry":
        data["tables"][1]["file"]["entries"][3] = {"kind": "nonsense"}
    elif how == "link":
        data["links"][0]["player_id"] = "nobody"
    elif how == "player_twice":
        data["players"].append(dict(data["players"][0], id="other"))
    elif how == "extra":
        data["surprise"] = 1
    del data["checksum"]
    return signed_json(data)  # signed again: the check of its own must refuse it


@pytest.mark.parametrize(
    ("how", "key"),
    [
        ("truncated", "plays.backup.not_json"),
        ("foreign", "plays.backup.foreign"),
        ("score", "plays.backup.bad_play"),
        ("winner", "plays.backup.bad_play"),
        ("entry", "plays.backup.bad_table"),
        ("link", "plays.backup.bad_link"),
        ("player_twice", "plays.backup.twice_player"),
        ("extra", "plays.backup.damaged"),
    ],
)
def test_a_damaged_backup_is_refused_and_nothing_changes(store, tmp_path, how, key):
    text = _damage(backup_json(store), how)
    target = Store(tmp_path / "c.sqlite3")
    kept = target.create_player("Keep")
    for replace in (False, True):
        with pytest.raises(StoreError) as err:
            restore(target, text, replace=replace)
        assert err.value.msg.key == key
        assert "Nothing was changed" in err.value.msg.render("en")
        assert "No se ha cambiado nada" in err.value.msg.render("es")
    assert [p.id for p in target.players()] == [kept.id]
    assert target.list() == [] and target.plays() == []


def test_a_backup_from_before_the_log_kept_day_only_plays_restores_them_by_their_day(tmp_path):
    """A version 2 backup (written before schema 9) says nothing of day-only plays: restored as
    they were, a Quick score play for a past day came back as a time nobody recorded (13:00 in
    Madrid). Read as the store's own migration reads them: at 12:00:00 UTC, but a BG Stats import."""
    s = Store(tmp_path / "old.sqlite3")
    dragon = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}
    typed = s.log_calculated("dragon-final", dragon, date="2026-02-01")
    timed = s.log_calculated("dragon-final", dragon, date="2026-02-02T19:30:00+00:00")
    imported = timed.model_copy(
        update={"id": "bgs-1", "source": "import", "date": "2026-02-03T12:00:00+00:00"}
    )
    s.restore_play(imported)
    data = json.loads(backup_json(s))
    assert data["version"] == 3
    data["version"] = 2
    for play in data["plays"]:
        play.pop("day_only", None)
    old = signed_json({k: v for k, v in data.items() if k != "checksum"})
    restored = Store(tmp_path / "new.sqlite3")
    restore(restored, old)
    days = {p.id: p.day_only for p in restored.plays()}
    assert days == {typed.id: True, timed.id: False, "bgs-1": False}
    again = Store(tmp_path / "again.sqlite3")
    restore(again, backup_json(s))  # a version 3 file says it itself
    assert {p.id: p.day_only for p in again.plays()} == days
