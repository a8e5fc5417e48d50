"""Chinatown income against the peer (issue 27): ours, new and old, beside zahediadib/chinatown.

The peer is not in this repository (and its code must never be committed here). Fetch it into
a temporary folder first, then pass the folder:

    git clone --depth 1 https://github.com/zahediadib/chinatown /tmp/peer
    python benchmarks/chinatown_peer_bench.py --peer /tmp/peer [--old OLD_TREE] [--rounds 41]

(or set CHINATOWN_PEER=/tmp/peer). ``--old TREE`` also times another checkout's
``companion/games/chinatown/income.py`` in the same run (e.g. the tree before the lean finder:
``git worktree add /tmp/ct-old 7e1c243``); it is loaded as a separate module over this tree's
rules data, which it reads the same way.

What is timed, per call, on the same boards: the path the game (rules._pay_income), the
calculator (calc.chinatown_income) and the board screen use — ``find_businesses`` listing every
business, then each owner's total — against the peer's ``GameEngine.calculate_income(game)``,
which also lists every business (with its spaces) and each player's total. Our boards are put
into the peer's own format (``game['board'][str(n)] = {'owner', 'shop_tile': {'id', 'type'}}``,
players by id with their money), with our shop ids mapped to its names; both must give the same
totals on every board before anything is timed. CPU time (process_time), contenders alternated
in every round, medians over rounds of a batch of calls per board.

"calc" is this tree's income calculator as a whole (``companion calc chinatown-income`` without
the process): it also validates its JSON input with pydantic and shapes a JSON answer, which
the peer's function does not do; it is shown for information, not as the comparison.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from companion.games.chinatown import income as new_income  # noqa: E402
from companion.games.chinatown.calc import chinatown_income  # noqa: E402
from companion.games.chinatown.data import ADJACENCY, BUILDINGS, DATA  # noqa: E402

# Our shop ids -> the peer's (game_constants.SHOP_TYPES); same maxima, same income table.
PEER_TYPE = {
    "photo": "PHOTO",
    "tea_house": "TEAHOUSE",
    "seafood": "SEAFOOD",
    "jewelry": "JEWELLERY",
    "tropical_fish": "TROPICALFISH",
    "florist": "FLORIST",
    "take_out": "TAKEOUT",
    "laundry": "LAUNDRY",
    "dim_sum": "DIMSUM",
    "antiques": "ANTIQUES",
    "factory": "FACTORY",
    "restaurant": "RESTAURANT",
}

Board = tuple[dict[int, int], dict[int, str]]


def full_board(seed: int, players: int) -> Board:
    """Every building owned and 85 of the 90 tiles placed (as benchmarks/chinatown_bench.py)."""
    rng = random.Random(seed)
    bag = [s.id for s in DATA.shop_types for _ in range(s.tiles)]
    rng.shuffle(bag)
    board = range(1, BUILDINGS + 1)
    return {b: rng.randrange(players) for b in board}, {b: bag[b - 1] for b in board}


def clustered_board(seed: int, players: int) -> Board:
    """A full board from the box's 90 tiles where neighbours often share owner and type: big
    groups, oversize ones included."""
    rng = random.Random(seed)
    left = {s.id: s.tiles for s in DATA.shop_types}
    owner: dict[int, int] = {}
    shop: dict[int, str] = {}
    for b in range(1, BUILDINGS + 1):
        near = [n for n in ADJACENCY[b] if n < b and left[shop[n]]]
        if near and rng.random() < 0.7:
            n = rng.choice(near)
            owner[b], shop[b] = owner[n], shop[n]
        else:
            owner[b] = rng.randrange(players)
            shop[b] = rng.choice([kind for kind, k in left.items() for _ in range(k)])
        left[shop[b]] -= 1
    return owner, shop


def game_end_board(seed: int, players: int) -> Board:
    """The board at the end of a random complete game (not every building dealt or built on)."""
    from chinatown_helpers import new_table, play_random  # type: ignore[import-not-found]

    table = new_table(players)
    play_random(table, random.Random(seed), trades=2)
    state = table.state
    return dict(state.owner), dict(state.shop)


def boards() -> dict[str, list[Board]]:
    return {
        "full board, 85 tiles, random owners (3-5)": [full_board(s, 3 + s % 3) for s in range(12)],
        "full board, clustered (3-5, oversize groups)": [clustered_board(s, 3 + s % 3) for s in range(12)],
        "end of a random game (3-5 players)": [game_end_board(s, 3 + s % 3) for s in range(6)],
    }


def peer_game(board: Board) -> tuple[dict[str, Any], dict[int, str]]:
    owner, shop = board
    ids = {seat: f"user-{seat}" for seat in sorted(set(owner.values()))}
    tiles: dict[str, int] = {}
    squares = {}
    for n in range(1, BUILDINGS + 1):
        tile = None
        if n in shop:
            kind = PEER_TYPE[shop[n]]
            tile = {"id": tiles.setdefault(kind, 0), "type": kind}
            tiles[kind] += 1
        squares[str(n)] = {"owner": ids.get(owner[n]) if n in owner else None, "shop_tile": tile}
    return {"board": squares, "players": {pid: {"money": 50000} for pid in ids.values()}}, ids


def load_peer(folder: Path) -> Any:
    backend = folder / "backend"
    sys.path.insert(0, str(backend))
    try:
        import game_logic  # type: ignore[import-not-found]  # the peer's module
    finally:
        sys.path.remove(str(backend))
    return game_logic.GameEngine


def load_income(tree: Path) -> ModuleType:
    """Another tree's income.py as its own module (it imports this tree's rules data)."""
    spec = importlib.util.spec_from_file_location("old_income", tree / "companion/games/chinatown/income.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_income"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def ours(module: ModuleType) -> Callable[[Board], dict[Any, int]]:
    find, by_owner = module.find_businesses, module.income_by_owner

    def run(board: Board) -> dict[Any, int]:
        return by_owner(find(*board))

    return run


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--peer", default=os.environ.get("CHINATOWN_PEER"), help="the peer's checkout")
    parser.add_argument("--old", help="another tree whose income.py is timed beside this one")
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument("--batch", type=int, default=20, help="calls per board in one timing")
    args = parser.parse_args()
    if not args.peer:  # `make bench` runs every benchmark; the peer is fetched by hand (docstring)
        print("chinatown_peer_bench: nothing timed without the peer's folder (--peer DIR or CHINATOWN_PEER)")
        return
    engine = load_peer(Path(args.peer))

    contenders: dict[str, Callable[[Board], Any]] = {"new": ours(new_income)}
    if args.old:
        contenders["old"] = ours(load_income(Path(args.old)))
    sets = boards()
    peer_boards: dict[int, dict[str, Any]] = {}
    calc_input: dict[int, dict[str, Any]] = {}
    contenders["calc"] = lambda board: {
        int(pid[5:]): pay for pid, pay in chinatown_income(calc_input[id(board)])["income"].items()
    }
    for group in sets.values():
        for board in group:
            game, ids = peer_game(board)
            peer_boards[id(board)] = game
            owner, shop = board
            calc_input[id(board)] = {
                "buildings": {str(n): {"owner": ids[owner[n]], "shop": shop.get(n)} for n in owner}
            }
            # Same answers before any timing: every contender's totals equal the peer's.
            details = engine.calculate_income(game)
            want = {seat: details[pid]["total"] for seat, pid in ids.items()}
            for name, run in contenders.items():
                got = run(board)
                assert {s: got.get(s, 0) for s in ids} == want, (name, got, want)
    contenders["peer"] = lambda board: engine.calculate_income(peer_boards[id(board)])

    names = list(contenders)
    print(f"contenders: {', '.join(names)}; {args.rounds} rounds, {args.batch} calls a board a round")
    for label, group in sets.items():
        samples: dict[str, list[float]] = {name: [] for name in names}
        for r in range(args.rounds):
            order = names[r % len(names) :] + names[: r % len(names)]  # rotate who goes first
            for name in order:
                run = contenders[name]
                t0 = time.process_time()
                for board in group:
                    for _ in range(args.batch):
                        run(board)
                samples[name].append((time.process_time() - t0) / (len(group) * args.batch))
        med = {name: statistics.median(s) * 1e6 for name, s in samples.items()}
        figures = ", ".join(f"{name} {med[name]:.1f} µs" for name in names)
        ratios = ", ".join(f"{name} {med['peer'] / med[name]:.2f}x" for name in names if name != "peer")
        print(f"{label}: {figures}; speed against the peer: {ratios}")


if __name__ == "__main__":
    main()
