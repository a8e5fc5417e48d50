"""Hostile backups: each refused with one clear line in the reader's language and the store file
byte for byte as it was, or restored and then every command works on it.

Before, control characters, numbers past 2^63, colours outside the palette, dates such as
"yesterday", ``version: true``, a calculator play of an unknown game, two plays of one table and
one player in two seats went in (or escaped as a traceback); 7 of 150 single-byte corruptions
restored with changed content; a 600 MB file was read whole before it was refused.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import random
import shutil
import sqlite3
import tracemalloc
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from plays_helpers import finished_game

from companion.cli import main
from companion.core import Table
from companion.store import Store, StoreError
from companion.store import backup as backup_mod
from companion.store.backup import (
    BACKUP_VERSION,
    MAX_BACKUP_BYTES,
    backup_json,
    read_backup_file,
    restore,
    signed_json,
)

STORE = "tables.sqlite3"


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> tuple[Path, str]:
    """A store with a finished table of each game, linked players, a calculator play and an
    unfinished table; and its backup's text."""
    folder = tmp_path_factory.mktemp("source")
    store = Store(folder / STORE)
    ana, ben = store.create_player("Ana", "red", "keeps score"), store.create_player("Ben")
    for seed in (0, 1, 2):
        table = finished_game(seed)
        store.create(table, [ana.id, ben.id] + [None] * (len(table.players) - 2))
    store.create(Table.new("dayu", ["Ana", "Ben"]), [ana.id, ben.id])
    store.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    text = backup_json(store)
    store.close()
    return folder, text


@pytest.fixture(scope="module")
def restored(tmp_path_factory, source) -> Path:
    """The source's backup restored once, into a store whose journal is moved into its one file."""
    _, text = source
    folder = tmp_path_factory.mktemp("restored")
    store = Store(folder / STORE)
    restore(store, text)
    store.close()
    _settle(folder)
    return folder


@pytest.fixture
def target(tmp_path, restored) -> Path:
    """A data folder whose store already holds the source's contents (a restore would replace
    them): each test's own copy of the store restored once for the module (a restore per test
    was a third of the file's CPU)."""
    shutil.copyfile(restored / STORE, tmp_path / STORE)
    return tmp_path


def _everything(store: Store) -> Any:
    return (
        [p.model_dump() for p in store.plays(figures=True)],
        [(p.id, p.name, p.color, p.note, p.created) for p in store.players()],
        {t.id: (store.export_json(t.id), store.seat_links(t.id)) for t in store.list()},
    )


def _table_play(data: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in data["plays"] if p["table_id"])


def _calc_play(data: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in data["plays"] if p["source"] == "calculator")


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of one field, by a dotted path (``plays.calc.seats.0.name``)."""

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            if part == "calc":
                node = _calc_play(data)
            elif part == "tplay":
                node = _table_play(data)
            else:
                node = node[int(part)] if isinstance(node, list) else node[part]
        last = parts[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _two_plays_of_a_table(data: dict[str, Any]) -> None:
    data["plays"].append(dict(_table_play(data), id="another"))


def _one_player_twice(data: dict[str, Any]) -> None:
    play = _calc_play(data)
    for seat in play["seats"]:
        seat["player_id"] = data["players"][0]["id"]


def _one_player_linked_twice(data: dict[str, Any]) -> None:
    big = {t["file"]["id"] for t in data["tables"] if len(t["file"]["players"]) > 2}
    link = next(x for x in data["links"] if x["table_id"] in big)
    data["links"].append(dict(link, seat=2))  # seats 0 and 1 are linked, seat 2 is free


def _one_seat_linked_twice(data: dict[str, Any]) -> None:
    link = data["links"][0]
    other = next(p["id"] for p in data["players"] if p["id"] != link["player_id"])
    data["links"].append(dict(link, player_id=other))


def _figure(value: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        _table_play(data)["figures"][0]["value"] = value

    return change


def _figure_of_no_seat(data: dict[str, Any]) -> None:
    _calc_play(data)["figures"].append({"seat": 7, "name": "vp", "key": "rounds", "value": 1})


# (what, change, the key of the message, a piece of its English text)
HOSTILE: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("esc_in_player", _set("players.0.name", "Ana\x1b[2J"), "plays.backup.damaged", "control"),
    ("bel_in_note", _set("players.0.note", "ring\x07"), "plays.backup.damaged", "control"),
    ("rlo_in_seat", _set("plays.calc.seats.1.name", "\u202eaöZ"), "plays.backup.damaged", "control"),
    ("lri_in_player", _set("players.1.name", "Ben\u2066"), "plays.backup.damaged", "control"),
    ("rlm_in_figure", _set("plays.tplay.figures.0.key", "x\u200f"), "plays.backup.damaged", "control"),
    ("lrm_in_table_name", _set("tables.0.file.name", "Friday\u200e"), "plays.backup.bad_table", "Table 1"),
    (
        "esc_at_table_seat",
        _set("tables.0.file.players.0.name", "A\x1bna"),
        "plays.backup.bad_table",
        "Table 1",
    ),
    (
        "esc_in_table_colour",
        _set("tables.0.file.players.0.color", "\x1b[31m"),
        "plays.backup.bad_table",
        "control",
    ),
    ("newline_in_player", _set("players.0.name", "Ana\nBen"), "plays.backup.damaged", "control"),
    ("score_1e25", _set("plays.calc.seats.0.score", 10**25), "plays.backup.damaged", "out of range"),
    ("score_2_63", _set("plays.calc.seats.0.score", 2**63), "plays.backup.damaged", "out of range"),
    ("score_past_bound", _set("plays.calc.seats.0.score", 10**9 + 1), "plays.backup.damaged", "out of range"),
    ("seconds_1e25", _set("plays.tplay.seconds", 10**25), "plays.backup.damaged", "out of range"),
    ("figure_2_62", _figure(2**62), "plays.backup.damaged", "out of range"),
    ("figure_minus_2_63", _figure(-(2**63) - 1), "plays.backup.damaged", "out of range"),
    ("score_as_text", _set("plays.calc.seats.0.score", "50"), "plays.backup.damaged", "wrong kind"),
    ("winner_as_number", _set("plays.calc.seats.0.winner", 1), "plays.backup.damaged", "wrong kind"),
    ("unknown_game", _set("plays.calc.game", "monopoly"), "plays.backup.unknown_game", "monopoly"),
    ("player_colour", _set("players.0.color", "pink"), "plays.backup.damaged", "colours"),
    ("calc_seat_colour", _set("plays.calc.seats.0.color", "pink"), "plays.backup.bad_play", "doesn't match"),
    ("player_created", _set("players.0.created", "yesterday"), "plays.backup.damaged", "ISO 8601"),
    ("play_date", _set("plays.calc.date", "yesterday"), "plays.backup.damaged", "ISO 8601"),
    ("play_started", _set("plays.tplay.started", "soon"), "plays.backup.damaged", "ISO 8601"),
    ("table_updated", _set("tables.0.updated", "2026-13-01"), "plays.backup.damaged", "ISO 8601"),
    ("entry_time", _set("tables.0.times", ["yesterday"]), "plays.backup.damaged", "ISO 8601"),
    ("backup_created", _set("created", 20261129), "plays.backup.damaged", "wrong kind"),
    ("version_true", _set("version", True), "plays.backup.damaged", "version"),
    ("version_text", _set("version", "2"), "plays.backup.damaged", "version"),
    ("version_float", _set("version", 2.0), "plays.backup.damaged", "version"),
    ("version_zero", _set("version", 0), "plays.backup.damaged", "version"),
    ("version_newer", _set("version", BACKUP_VERSION + 1), "plays.backup.too_new", "newer version"),
    ("two_plays_of_a_table", _two_plays_of_a_table, "plays.backup.two_plays", "two plays"),
    ("player_twice_in_a_play", _one_player_twice, "plays.backup.twice_in_play", "two seats"),
    ("player_linked_twice", _one_player_linked_twice, "plays.backup.twice_at_table", "two seats"),
    ("seat_linked_twice", _one_seat_linked_twice, "plays.backup.twice_link", "twice"),
    ("figure_of_no_seat", _figure_of_no_seat, "plays.backup.bad_play", "doesn't match"),
    ("spaces_in_player", _set("players.1.name", " Ben"), "plays.backup.damaged", "spaces"),
    ("extra_field", _set("players.0.admin", True), "plays.backup.damaged", "doesn't belong"),
]


def _settle(folder: Path) -> None:
    """Move what a restore wrote from the store's journal into its file (a closed store does it)."""
    gc.collect()  # a store the CLI opened is closed when it is collected
    db = sqlite3.connect(folder / STORE)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def _store_bytes(folder: Path) -> bytes:
    """The store file and its journal: a refused restore must leave both as they were."""
    wal = folder / (STORE + "-wal")
    return (folder / STORE).read_bytes() + (wal.read_bytes() if wal.exists() else b"")


def _restore_cli(folder: Path, file: Path, lang: str, capsys) -> tuple[int, list[str]]:
    code = main(["restore", str(file), "--data", str(folder), "--replace", "--lang", lang])
    captured = capsys.readouterr()
    return code, captured.err.splitlines()


@pytest.mark.parametrize(("what", "change", "key", "text"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_backup_is_refused_in_one_line_and_the_store_is_untouched(
    source, target, tmp_path_factory, capsys, what, change, key, text
):
    data = json.loads(source[1])
    change(data)
    file = tmp_path_factory.mktemp("hostile") / "backup.json"
    file.write_text(signed_json(data), encoding="utf-8")  # an attacker can sign what they change
    _settle(target)
    before = _store_bytes(target)
    with pytest.raises(StoreError) as refused:
        backup_mod.read_backup(file.read_bytes())
    assert refused.value.msg.key == key, refused.value.msg.render()
    for lang, nothing in (("en", "Nothing was changed"), ("es", "No se ha cambiado nada")):
        code, err = _restore_cli(target, file, lang, capsys)
        assert code == 2
        assert len(err) == 1 and nothing in err[0], err
        assert "Traceback" not in err[0] and "\x1b" not in err[0] and "\u202e" not in err[0]
        assert not any(c in err[0] for c in "\x07\u2066\u200e\u200f")
    assert text in refused.value.msg.render("en")
    assert _store_bytes(target) == before


def test_a_changed_byte_without_a_new_checksum_is_refused(source, target, tmp_path, capsys):
    data = json.loads(source[1])
    _calc_play(data)["seats"][0]["score"] = 51  # a plausible edit, the checksum left as it was
    file = tmp_path / "edited.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    _settle(target)
    before = _store_bytes(target)
    code, err = _restore_cli(target, file, "en", capsys)
    assert code == 2 and len(err) == 1 and "checksum" in err[0]
    del data["checksum"]  # a version 2 file must carry one
    file.write_text(json.dumps(data), encoding="utf-8")
    code, err = _restore_cli(target, file, "es", capsys)
    assert code == 2 and len(err) == 1 and "falta checksum" in err[0]
    assert _store_bytes(target) == before


def _commands_work(folder: Path, capsys) -> None:
    for args in (["plays"], ["plays", "--csv"], ["plays", "--json"], ["stats", "dragon"], ["stats", "dayu"]):
        assert main([*args, "--data", str(folder)]) == 0, args
    out = capsys.readouterr().out
    assert "\x1b" not in out


def test_a_backup_without_a_checksum_is_read_as_version_1(source, tmp_path, capsys):
    data = json.loads(source[1])
    del data["checksum"]
    data["version"] = 1
    file = tmp_path / "old.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    assert main(["restore", str(file), "--data", str(tmp_path)]) == 0
    with closing(Store(tmp_path / STORE)) as restored, closing(Store(source[0] / STORE)) as original:
        assert _everything(restored) == _everything(original)
    _commands_work(tmp_path, capsys)
    # Version 1 is still checked: a control character in it is refused as in version 2.
    data["players"][0]["name"] = "Ana\x1b]0;owned\x07"
    file.write_text(json.dumps(data), encoding="utf-8")
    _settle(tmp_path)
    before = _store_bytes(tmp_path)
    code, err = _restore_cli(tmp_path, file, "en", capsys)
    assert code == 2 and len(err) == 1 and "control" in err[0]
    assert _store_bytes(tmp_path) == before


def test_times_without_a_zone_are_restored_in_utc_and_the_tables_go_on(source, tmp_path, capsys):
    """A table file may give its creation time without a zone; a restore took the naive time
    into a play's length and stopped with a TypeError."""
    data = json.loads(source[1])
    finished = next(
        t for t in data["tables"] if t["file"]["entries"] and t["file"]["id"] == _table_play(data)["table_id"]
    )
    data["plays"] = [p for p in data["plays"] if p["table_id"] != finished["file"]["id"]]  # logged on restore
    finished["file"]["created"] = "2026-11-29T10:00:00"
    finished["times"] = [None] * (len(finished["times"]) - 1) + ["2026-11-29T11:30:00"]
    finished["updated"] = "2026-11-29T13:30:00+02:00"
    file = tmp_path / "naive.json"
    file.write_text(signed_json({k: v for k, v in data.items() if k != "checksum"}), encoding="utf-8")
    assert main(["restore", str(file), "--data", str(tmp_path)]) == 0, capsys.readouterr().err
    with closing(Store(tmp_path / STORE)) as store:
        play = next(p for p in store.plays() if p.table_id == finished["file"]["id"])
        assert play.started == "2026-11-29T10:00:00+00:00"
        info = next(t for t in store.list() if t.id == finished["file"]["id"])
        assert info.updated == "2026-11-29T11:30:00+00:00"
    db = sqlite3.connect(tmp_path / STORE)
    ats = [r[0] for r in db.execute("SELECT at FROM entries WHERE at IS NOT NULL")]
    db.close()
    assert "2026-11-29T11:30:00+00:00" in ats and all(a.endswith("+00:00") for a in ats)
    _commands_work(tmp_path, capsys)


def test_150_single_byte_corruptions_are_refused_or_restore_the_same(source, tmp_path):
    folder, text = source
    raw = text.encode("utf-8")
    with closing(Store(folder / STORE)) as original:
        expected = _everything(original)
    target = Store(tmp_path / STORE)
    restore(target, raw)
    rng = random.Random(24)
    outcomes: dict[str, int] = {}
    for i in range(150):
        at = rng.randrange(len(raw))
        if i % 3:  # a printable byte: more of them still parse, and only the checksum can tell
            new = rng.choice([b for b in range(32, 127) if b != raw[at]])
        else:
            new = (raw[at] + rng.randrange(1, 256)) % 256
        damaged = raw[:at] + bytes([new]) + raw[at + 1 :]
        _settle(tmp_path)
        before = _store_bytes(tmp_path)
        try:
            restore(target, damaged, replace=True)
        except StoreError as exc:
            outcomes[exc.msg.key] = outcomes.get(exc.msg.key, 0) + 1
            assert _store_bytes(tmp_path) == before
        else:
            outcomes["restored"] = outcomes.get("restored", 0) + 1
            assert _everything(target) == expected  # a space changed: the same contents
    target.close()
    assert sum(outcomes.values()) == 150
    assert outcomes.get("plays.backup.checksum", 0) >= 20, outcomes


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path, capsys):
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # a sparse 600 MB file: no disk used, a whole read would take 600 MB
        f.truncate(600_000_000)
    Store(tmp_path / STORE).close()
    _settle(tmp_path)
    before = _store_bytes(tmp_path)
    tracemalloc.start()
    try:
        code, err = _restore_cli(tmp_path, big, "en", capsys)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2 and len(err) == 1 and f"over {MAX_BACKUP_BYTES // 1_000_000} MB" in err[0]
    assert peak < 20_000_000
    assert _store_bytes(tmp_path) == before


def test_a_file_that_says_no_size_is_still_read_only_to_the_limit(tmp_path, monkeypatch):
    """A pipe or a file growing meanwhile: the read stops one byte past the limit."""
    file = tmp_path / "grows.json"
    file.write_bytes(b" " * 5_000)
    monkeypatch.setattr(backup_mod, "MAX_BACKUP_BYTES", 1_000)

    class NoSize:
        st_size = 0

    monkeypatch.setattr(backup_mod.os, "fstat", lambda fd: NoSize())
    reads: list[int] = []
    real_open = Path.open

    def counting_open(self, *args, **kwargs):
        handle = real_open(self, *args, **kwargs)
        read = handle.read
        handle.read = lambda n=-1: reads.append(n) or read(n)  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr(Path, "open", counting_open)
    with pytest.raises(StoreError) as refused:
        read_backup_file(file)
    assert refused.value.msg.key == "plays.backup.too_big" and reads == [1_001]
    monkeypatch.setattr(backup_mod, "MAX_BACKUP_BYTES", 10_000)
    assert read_backup_file(file) == b" " * 5_000


def test_the_reasons_are_translated(source):
    data = copy.deepcopy(json.loads(source[1]))
    data["players"][0]["color"] = "pink"
    with pytest.raises(StoreError) as refused:
        backup_mod.read_backup(signed_json(data))
    assert refused.value.msg.render("es") == (
        'La copia está dañada ("players.0.color" es "pink", que no es ninguno de los colores de la aplicación).'
        " No se ha cambiado nada."
    )
    assert os.fspath(STORE)
