"""``companion replay --view``: a table file printed as one player, or the public, may see it."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from chinatown_helpers import play_random

from companion.cli import main
from companion.core import Table


class Stop(Exception):
    pass


def mid_game(tmp_path: Path) -> tuple[Path, Table]:
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])

    def stop(t: Table) -> None:
        if t.state.year == 1 and t.state.phase == "place":
            raise Stop

    with contextlib.suppress(Stop):
        play_random(table, random.Random(3), trades=2, table_keeps=0.0, on_step=stop)
    path = tmp_path / "ct.json"
    path.write_text(table.to_json())
    return path, table


def replay_json(*args: str, capsys) -> dict:
    assert main(["replay", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_player_sees_their_own_money_and_nobody_elses(tmp_path, capsys):
    path, table = mid_game(tmp_path)
    placer = table.prompt.seat
    everything = replay_json(str(path), capsys=capsys)["scoreboard"]
    assert [p["total"] for p in everything["players"]] == table.state.money and not everything["hidden"]
    for who in ("Ben", "ben"):
        out = replay_json(str(path), "--view", who, capsys=capsys)
        board = out["scoreboard"]
        assert [p["name"] for p in board["players"]] == ["Ben"] and board["hidden"] == [0, 2]
        assert board["players"][0]["total"] == table.state.money[1] and board["ranking"] == []
        if placer != 1:  # another player's question: only whose turn it is
            assert (
                out["prompt"]["choices"] is None
                and out["prompt"]["text"] == f"Waiting for {table.players[placer].name}."
            )
    public = replay_json(str(path), "--view", "public", capsys=capsys)["scoreboard"]
    assert public["players"] == [] and public["hidden"] == [0, 1, 2]
    assert main(["replay", str(path), "--view", "public"]) == 0
    text = capsys.readouterr().out
    assert "secret" in text and not any(f": {m}" in text for m in table.state.money)


def test_an_unknown_player_is_one_clear_line(tmp_path, capsys):
    path, _ = mid_game(tmp_path)
    assert main(["replay", str(path), "--view", "Zoe"]) == 2
    err = capsys.readouterr().err
    assert "Zoe" in err and "Ana, Ben, Carla" in err and "Traceback" not in err
