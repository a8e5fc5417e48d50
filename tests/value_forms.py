"""Every stored, exported and shown form of one complete game of each game, as bytes, to check
that a change of the engine's value types (Msg, Effect, Prompt) leaves them byte-identical.

``forms()`` plays fixed-seed games (Dragon with both expansions, Chinatown, Da Yu) and returns
each form's bytes: the table file, the snapshot code, the store's rows (times and the
checkpoint's code digest left out), every
effect, prompt and score line as JSON and as English and Spanish text, the round summaries,
Dragon's forecasts and the play's figures. It uses only what the tree before the change has too.

``python tests/value_forms.py`` prints each form's SHA-256 as the JSON that
tests/core/value_forms.json holds; run it on the older tree (``PYTHONPATH=<older tree>``) to
make that file again.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from random_play import play_to_end

from companion.core import Effect, Msg, Scoreboard, Table

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]
GAMES = {
    "dragon": (5, {"great_wall": True, "super_events": True, "large_privilege_cost": 7}, 11),
    "chinatown": (4, {}, 12),
    "dayu": (3, {}, 13),
}
LANGS = ("en", "es")
TIME_COLUMNS = {"at", "created", "updated", "date", "started", "seconds"}  # the clock's, not the game's

_effects = TypeAdapter(list[Effect])
_msg = TypeAdapter(Msg)
_board = TypeAdapter(Scoreboard)


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=False).encode()


def _prompt_form(table: Table) -> dict[str, Any] | None:
    p = table.prompt
    if p is None:
        return None
    return {
        "seat": p.seat,
        "kind": p.kind,
        "msg": _msg.dump_python(p.msg, mode="json"),
        "text": [p.text_in(lang) for lang in LANGS],
        "choices": None if p.choices is None else [c.model_dump(mode="json") for c in p.choices],
        "labels": [
            table.game.describe(table.state, c).render(lang) for c in p.choices or () for lang in LANGS
        ],
        "kinds": list(p.kinds),
        "auto": p.auto,
        "rule_ids": list(p.rule_ids),
        "seats": list(p.seats),
        "turn_rule": p.turn_rule,
        "step_rule": p.step_rule,
        "picks": len(p.picks),
        "banner": [table.banner.render(lang) for lang in LANGS],
    }


def play(game: str) -> tuple[Table, list[dict[str, Any] | None]]:
    """The game's complete fixed-seed table and the prompt of every version on the way."""
    n, options, seed = GAMES[game]
    rng = random.Random(seed)
    table = Table.new(game, NAMES[:n], options, table_id=f"forms-{game}", created="2026-12-01T12:00:00+00:00")
    prompts: list[dict[str, Any] | None] = [_prompt_form(table)]

    def seen(t: Table) -> None:
        prompts.append(_prompt_form(t))

    play_to_end(table, rng, seen)
    return table, prompts


def _no_code_digest(value: Any) -> Any:
    """A checkpoint without its digest: the digest covers the rules' code (any change of a game's
    files changes it, by design); the entries it chains are in the rows anyway."""
    if isinstance(value, str) and value.startswith('{"digest": '):
        return json.dumps({**json.loads(value), "digest": "-"}, ensure_ascii=False)
    return value


def _store_rows(table: Table) -> bytes:
    from companion.store import Store

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "forms.sqlite3"
        store = Store(path)
        store.create(Table.from_dict(table.to_dict()))
        store.close()
        db = sqlite3.connect(path)
        out = []
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            cols = [c[1] for c in db.execute(f"PRAGMA table_info({name})") if c[1] not in TIME_COLUMNS]
            if cols:
                rows = db.execute(
                    f"SELECT {', '.join(cols)} FROM {name} ORDER BY {', '.join(cols)}"
                ).fetchall()
                out.append([name, cols, [[_no_code_digest(v) for v in row] for row in rows]])
        db.close()
    return _json(out)


def _game_forms(game: str, table: Table, prompts: list[dict[str, Any] | None]) -> dict[str, bytes]:
    from companion.core.foresight import table_history
    from companion.plays.record import record
    from companion.share import snapshot

    history = table.history
    effects = [fx for _, _, fx in history]
    module = __import__(f"companion.games.{game}", fromlist=["round_summaries"])
    states, effs, entries = table_history(table)
    forms = {
        "table file": table.to_json().encode(),
        "snapshot code": snapshot.encode(table).encode(),
        "store rows": _store_rows(table),
        "effects json": _json([_effects.dump_python(fx, mode="json") for fx in effects]),
        "effects python": repr([_effects.dump_python(fx) for fx in effects]).encode(),
        "effect texts": _json([[e.text_in(lang) for fx in effects for e in fx] for lang in LANGS]),
        "entry labels": _json(
            [
                [table.game.describe(table.state_at(i), e).render(lang) for i, e, _ in history]
                for lang in LANGS
            ]
        ),
        "prompts": _json(prompts),
        "scoreboard": _board.dump_json(table.scoreboard),
        "score texts": _json(
            [
                [line.label.render(lang) for row in table.scoreboard.rows for line in row.breakdown]
                for lang in LANGS
            ]
        ),
        "round summaries": _json(
            [s.model_dump(mode="json") for s in module.round_summaries(states, effs, entries)]
        ),
        "figures": _json([f.model_dump(mode="json") for f in record(table).figures]),
    }
    if game == "dragon":
        from companion.games.dragon.forecast import coming_events

        forecasts = [
            [f.model_dump(mode="json") for f in coming_events(table.state_at(v))]
            for v in range(0, table.version, 25)
        ]
        forms["forecasts"] = _json(forecasts)
    return forms


def forms() -> dict[str, dict[str, bytes]]:
    out = {}
    for game in GAMES:
        table, prompts = play(game)
        out[game] = _game_forms(game, table, prompts)
    return out


def digests() -> dict[str, dict[str, str]]:
    return {
        game: {name: f"{len(b)}:{hashlib.sha256(b).hexdigest()}" for name, b in sorted(f.items())}
        for game, f in forms().items()
    }


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
