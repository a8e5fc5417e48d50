"""What the served app does before it listens (docs/PERFORMANCE.md, "Cold start, issue 25"):
the store check still runs there, but the pydantic models it imports are built after, by the
warm-up; FastAPI's routes no longer pull in pydantic.v1, nor an SQLite server's start psycopg.

Each check runs in a fresh interpreter: this test process has long imported and built everything.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from companion.store.connection import SqliteConnection

# The server's start up to listening (the store check, the bound port, the web app built), then
# the warm-up's steps when asked; prints what it saw at each step as JSON.
START = """
import json, sys, tempfile
from pydantic import BaseModel
from companion.ui.server import prepare, relay_for
from companion.ui.app import make_main
from companion.ui.hub import hub_for
from companion.ui.webserver import build_app
from companion.ui import warmup

def unbuilt():
    found, waiting = [], list(BaseModel.__subclasses__())
    while waiting:
        model = waiting.pop()
        waiting.extend(model.__subclasses__())
        if model.__module__.startswith("companion.") and not model.__pydantic_complete__:
            found.append(f"{{model.__module__}}.{{model.__qualname__}}")
    return sorted(found)

# the modules of the controls the first screen draws: the warm-up loads them after listening
CONTROLS = {{"flet.controls.material.container", "flet.controls.material.card", "flet.controls.core.row",
            "flet.controls.core.column", "flet.controls.core.text", "flet.controls.material.outlined_button"}}
sock, folder = prepare("127.0.0.1", 0, data_dir=tempfile.mkdtemp())  # any free port
sock.close()
main = make_main(hub_for(folder))
build_app(main, hosted={hosted})
seen = {{"v1": "pydantic.v1" in sys.modules, "listening": unbuilt()}}
seen["controls"] = sorted(m for m in sys.modules if m in CONTROLS)
assert relay_for(None, hub_for(folder), main) is None  # SQLite: no relay
seen["psycopg"] = "psycopg" in sys.modules
warmup.first_screen()
seen["first_screen"] = unbuilt()
warmup.the_rest()
seen["the_rest"] = unbuilt()
print(json.dumps(seen))
"""


@functools.cache
def server_start(hosted: bool = False) -> dict:
    """What a fresh server's start saw (START), one start per kind for the module: three tests
    read what the same start saw, and each start (the app, Flet, every screen warmed up) cost
    about 1.3 s of CPU."""
    done = subprocess.run(
        [sys.executable, "-c", START.format(hosted=hosted)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_listening_imports_no_pydantic_v1():
    # FastAPI checks a route's response model for pydantic v1, importing it (about 30 modules)
    assert server_start()["v1"] is False
    assert server_start(hosted=True)["v1"] is False  # the hosted server's landing page too


def test_no_control_of_the_first_screen_is_loaded_before_listening():
    # Flet loads a control's module when it is first named: one named at start (ft.Container in a
    # module-level table, ui/lean_internals.py once) loads before the server answers the browser
    assert server_start()["controls"] == []
    assert server_start(hosted=True)["controls"] == []


def test_an_sqlite_server_loads_no_postgresql_driver():
    # the relay's module imports psycopg; relay_for runs in the loop that answers the browser
    assert server_start()["psycopg"] is False


def test_the_store_check_models_are_built_by_the_warm_up_not_before_listening():
    seen = server_start()
    assert "companion.core.protocol.Entry" in seen["listening"]  # deferred past listening
    assert "companion.store.sqlite_store.TableInfo" in seen["listening"]
    # core's (what Home's cards of stored tables validate) built while the browser starts Flutter,
    # the store's others (plays, statistics, links: no first screen reads them) after it
    assert [m for m in seen["first_screen"] if m.startswith("companion.core.")] == []
    # Home's cards are TableInfo rows (review 2026-12-06: it was left to the first Home draw)
    assert "companion.store.sqlite_store.TableInfo" not in seen["first_screen"]
    assert "companion.store.plays_insights.PlayerPage" in seen["first_screen"]
    assert seen["the_rest"] == []  # the games' entries too (they inherit Entry's defer_build)


def test_a_deferred_model_validates_and_refuses_on_first_use_without_the_warm_up():
    code = (
        "from pydantic import ValidationError\n"
        "from companion.store.sqlite_store import TableInfo\n"
        "assert not TableInfo.__pydantic_complete__\n"
        "fields = {n: None for n in TableInfo.model_fields}\n"
        "try:\n"
        "    TableInfo(**fields)\n"
        "except ValidationError as e:\n"
        "    print(e.error_count())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0  # built on first use, and it refuses what it always refused


def test_the_server_reads_the_default_catalogue_as_parsed_by_an_earlier_run(tmp_path):
    code = (
        "import sys\n"
        "from companion.ui.server import keep_catalogs\n"
        "from companion.i18n import DEFAULT_LANGUAGE, load\n"
        "keep_catalogs()\n"
        "assert load(DEFAULT_LANGUAGE).messages\n"
        "print('babel.messages.pofile' in sys.modules)\n"
    )
    env = {**os.environ, "COMPANION_CACHE": str(tmp_path)}

    def parsed() -> bool:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60, env=env
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip() == "True"

    assert parsed()  # the first start parses the .po file and keeps the result
    assert list(tmp_path.glob("catalog-*.json"))
    assert not parsed()  # the next start reads it: Babel's parser is not even imported


# A new store's schema is made before the server listens (the store check): as one transaction,
# one sync to disk instead of one per statement (20 to 40 ms less on this machine's disk).
SCRIPT = """
CREATE TABLE IF NOT EXISTS a (x INTEGER);
CREATE TABLE IF NOT EXISTS b (y INTEGER);
"""


def tables_in(db: SqliteConnection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_a_schema_script_commits_once(tmp_path):
    db = SqliteConnection(tmp_path / "s.sqlite3")
    db.setup()
    said: list[str] = []
    db._db.set_trace_callback(said.append)
    db.executescript(SCRIPT)
    db.executescript(SCRIPT)  # again: nothing to make, no error
    assert tables_in(db) == {"a", "b"}
    assert sum("COMMIT" in sql.upper() for sql in said) == 2  # one per script, not per statement
    assert not db.in_transaction


def test_a_failing_schema_script_leaves_nothing_half_made(tmp_path):
    db = SqliteConnection(tmp_path / "s.sqlite3")
    with pytest.raises(sqlite3.Error):
        db.executescript(SCRIPT + "CREATE TABLE a (z INTEGER);")  # a exists by then: fails last
    assert tables_in(db) == set()
    assert not db.in_transaction
    db.executescript(SCRIPT)  # the connection is usable again
    assert tables_in(db) == {"a", "b"}


# A new store's schema work commits without a sync to disk (WAL mode, synchronous NORMAL: whole
# or absent after a power cut, made again at the next start); what a player enters stays FULL.
def traced_store(path, said: list[str]):
    from companion.store import Store

    class Traced(Store):
        def _connect(self, location):
            db = SqliteConnection(location)
            db._db.set_trace_callback(said.append)
            return db

    return Traced(path)


def test_a_new_stores_schema_commits_unsynced_and_entries_stay_fully_synced(tmp_path):
    said: list[str] = []
    store = traced_store(tmp_path / "t.sqlite3", said)
    normal = said.index("PRAGMA synchronous=NORMAL")
    full = said.index("PRAGMA synchronous=FULL", normal)
    commits = [i for i, sql in enumerate(said) if "COMMIT" in sql.upper()]
    assert len(commits) >= 2 and all(normal < i < full for i in commits)  # the schema, the migration
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL again for entries
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store._db.close()
    assert "tables" in tables_in(SqliteConnection(tmp_path / "t.sqlite3"))  # made, and kept


def test_a_failing_side_schema_leaves_the_store_fully_synced(tmp_path):
    said: list[str] = []
    store = traced_store(tmp_path / "t.sqlite3", said)
    from companion.store import StoreError

    with pytest.raises(StoreError):
        store.add_schema("CREATE TABLE tables (x INTEGER);")  # exists: refused
    assert said[-1] == "PRAGMA synchronous=FULL"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2
