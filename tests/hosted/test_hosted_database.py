"""``companion serve --hosted --database URL --data FOLDER`` keeps its spaces in the database, as
a LAN server keeps its tables there: the folder named beside it once won, so each hosted worker
kept SQLite spaces of its own and two workers shared nothing (found by test_stop.py)."""

from __future__ import annotations

from companion.store.connection import DATABASE_ENV
from companion.ui import server


def test_a_hosted_server_given_a_database_keeps_its_spaces_there(pg_url, tmp_path, monkeypatch):
    monkeypatch.setattr(server, "_SPACES", {})  # this test's spaces only
    monkeypatch.setenv(DATABASE_ENV, pg_url)  # what --database sets
    folder = server.check_spaces(tmp_path / "data")  # what `serve` does before it says "running"
    spaces = server.open_spaces(folder)
    try:
        assert spaces.url == pg_url
        assert not (tmp_path / "data" / "spaces.sqlite3").exists()
    finally:
        spaces.close()


def test_without_a_database_the_spaces_are_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(server, "_SPACES", {})
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    spaces = server.open_spaces(tmp_path / "data")
    try:
        assert spaces.url is None and spaces.folder == tmp_path / "data"
        assert (tmp_path / "data" / "spaces.sqlite3").exists()
    finally:
        spaces.close()
