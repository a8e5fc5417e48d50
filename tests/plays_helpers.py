"""Random finished games of the three games, for the play log tests and the benchmark."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import random
import uuid
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from chinatown_helpers import play_random as play_chinatown
from dayu_helpers import play_random as play_dayu
from dragon_expansion_helpers import random_x_table
from dragon_helpers import random_table, step_random

from companion.core import Table

# How many random games the log tests build (the issue asks for 200; PLAYS_GAMES=30 for a quick run).
GAMES = int(os.environ.get("PLAYS_GAMES", "200"))


def finished_game(seed: int) -> Table:
    """A random finished table of one of the three games (the seed picks the game and options).

    Each call returns a new Table (its own id and creation time, as before); the game is
    played once per process (once per session under ``share_games``) and rebuilt from its log
    after that: the play log tests ask for the same 200 games once per backend and per file,
    and picking random entries costs more than replaying them. ``trusted``: every entry passed the engine's checks when it was played here."""
    fresh = {"id": uuid.uuid4().hex, "created": datetime.now(UTC).isoformat(timespec="seconds")}
    return Table.from_dict({**_played(seed), **fresh}, trusted=True)  # a new table, as Table.new makes


ROOT = Path(__file__).resolve().parents[1]
_shared: list[Path] = []  # the session's folder the games are kept in (share_games), if any


def share_games(folder: Path) -> None:
    """Keep the games played in this process in ``folder``, and take the ones already there.

    The play log tests of one pytest session ask for the same seeded games on each of its
    workers (``--dist loadfile`` sends the files to different workers); a game is played once
    for the session, by whichever worker asks first, and the others read its log from the file
    (docs/DECISIONS.md, "Random games played once a session, kept by the code's hash")."""
    _shared[:] = [folder]


def session_folder(basetemp: Path) -> Path:
    """The folder of the whole session: a pytest-xdist worker's base is ``<session>/popen-gwN``."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


@cache
def code_key() -> str:
    """A hash of every file whose change could change a game played here: the app's code, the
    rules data and the tests' helpers (which choose the entries); a game kept under another key
    is never read."""
    digest = hashlib.sha256()
    files = [*ROOT.glob("companion/**/*.py"), *ROOT.glob("rules_data/**/*.*"), *ROOT.glob("tests/*.py")]
    for path in sorted(files):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@cache
def _played(seed: int) -> dict[str, Any]:
    if not _shared:
        return _play(seed).to_dict()
    folder = _shared[0] / f"played-{code_key()}"
    path = folder / f"{seed}.json"
    if not path.exists():
        folder.mkdir(exist_ok=True)
        with open(folder / "lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one worker plays it; another waits, then reads it
            if not path.exists():
                partial = path.with_suffix(f".{os.getpid()}")
                partial.write_text(json.dumps(_play(seed).to_dict()))
                partial.rename(path)  # whole, or not there
    return json.loads(path.read_text())


def _play(seed: int) -> Table:
    rng = random.Random(seed)
    game = ("dragon", "chinatown", "dayu")[seed % 3]
    if game == "dragon":
        if rng.random() < 0.5:
            table, rng = random_x_table(seed, wall=rng.random() < 0.7, super_events=rng.random() < 0.5)
        else:
            table, rng = random_table(seed)
        while table.prompt is not None:
            step_random(table, rng)
        return table
    if game == "chinatown":
        names = ["Ana", "Ben", "Carla", "Dai", "Eli"][: rng.randint(3, 5)]
        table = Table.new("chinatown", names)
        play_chinatown(table, rng)
        return table
    names = ["Ana", "Ben", "Carla", "Dai"][: rng.randint(2, 4)]
    table = Table.new("dayu", names)
    play_dayu(table, rng)
    return table
