"""Command-line start (issue 27): whole `companion` processes against `python -c pass`.

Each round runs `python -c pass`, then each command once per tree, in turn, so that a change in
the machine's load hits every figure of the round alike; the ratio is taken within the round
(command CPU / `pass` CPU) and its median reported. CPU is the child's user + system time
(getrusage); wall is for reference. The commands run as the console script does
(``from companion.cli import main``) from an empty folder, with PYTHONPATH set to the tree and
its modules byte-compiled, as an installed package has them. The prepared lookup index is made
by the warm-up runs, in a cache folder of the run's own.

Run: python benchmarks/cli_start_bench.py                 (this tree)
     python benchmarks/cli_start_bench.py --vs main       (and the tree of a git ref, same run)
     python benchmarks/cli_start_bench.py --vs main -n 40 (rounds; default 30)
     python benchmarks/cli_start_bench.py --all           (every calculator too)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = "import sys; from companion.cli import main; sys.exit(main())"
BOARD = {
    "buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "17": {"owner": "Ana", "shop": "tea_house"}}
}
# The other calculators' inputs (--all): a few players each, as a player writes them.
INPUTS = {
    "chinatown-final": {
        "players": [
            {"name": "Ana", "money": 760000, "shops": 7},
            {"name": "Ben", "money": 500000, "shops": 9},
            {"name": "Cy", "money": 500000, "shops": 4},
        ]
    },
    "dragon-final": {
        "players": [
            {"name": "Ana", "vp": 41, "track": 9, "palaces": [{"floors": 2, "persons": ["monk:young"]}]},
            {"name": "Ben", "vp": 38, "track": 7, "palaces": [], "yuan": 4, "rice": 1},
        ]
    },
    "dayu-final": {
        "players": [
            {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}], "flood_cards": ["red_bonus"]},
            {"name": "Ben", "vp_cards": [], "flood_cards": [{"points": 2}]},
        ]
    },
}


def child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(argv: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole process."""
    cpu, wall = child_cpu(), time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit(f"{argv} failed: {done.stderr.decode()[-500:]}")
    return child_cpu() - cpu, time.perf_counter() - wall


def export(ref: str, into: Path) -> Path:
    """The tree of git ``ref`` (committed files only), unpacked into ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", metavar="REF", help="also time the tree of this git ref (e.g. main)")
    parser.add_argument("-n", type=int, default=30, help="rounds (default 30)")
    parser.add_argument("--all", action="store_true", help="every calculator, not only chinatown-income")
    opts = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="cli-start-"))
    empty = work / "cwd"
    empty.mkdir()
    board = work / "board.json"
    board.write_text(json.dumps(BOARD))
    trees = {"this tree": ROOT}
    if opts.vs:
        (work / "ref").mkdir()
        trees[opts.vs] = export(opts.vs, work / "ref")
    commands = {
        "rules dragon drought": ["rules", "dragon", "drought"],
        "calc chinatown-income FILE": ["calc", "chinatown-income", str(board)],
        "--help": ["--help"],
    }
    if opts.all:
        for name, data in INPUTS.items():
            given = work / f"{name}.json"
            given.write_text(json.dumps(data))
            commands[f"calc {name} FILE"] = ["calc", name, str(given)]
    envs: dict[str, dict[str, str]] = {}
    for name, tree in trees.items():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "companion")], check=True)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env |= {"PYTHONPATH": str(tree), "COMPANION_CACHE": str(work / f"cache-{len(envs)}")}
        envs[name] = env
    python = [sys.executable, "-c"]
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    for _ in range(2):  # warm-up: the file cache, and each tree's prepared index
        timed([*python, "pass"], base_env, str(empty))
        for name in trees:
            for args in commands.values():
                timed([*python, SCRIPT, *args], envs[name], str(empty))

    cpu: dict[tuple[str, str], list[float]] = {}
    wall: dict[tuple[str, str], list[float]] = {}
    ratio: dict[tuple[str, str], list[float]] = {}
    for _ in range(opts.n):
        base_cpu, base_wall = timed([*python, "pass"], base_env, str(empty))
        cpu.setdefault(("python -c pass", ""), []).append(base_cpu)
        wall.setdefault(("python -c pass", ""), []).append(base_wall)
        for command, args in commands.items():
            for name in trees:
                c, w = timed([*python, SCRIPT, *args], envs[name], str(empty))
                cpu.setdefault((command, name), []).append(c)
                wall.setdefault((command, name), []).append(w)
                ratio.setdefault((command, name), []).append(c / base_cpu)

    print(f"{opts.n} rounds; medians; ratio = command CPU / `python -c pass` CPU in the same round")
    print("| command | tree | CPU ms | wall ms | ratio to `pass` (CPU) |")
    print("|---|---|---|---|---|")
    for key, values in cpu.items():
        ratios = ratio.get(key)
        shown = f"{statistics.median(ratios):.2f}" if ratios else "1"
        print(
            f"| {key[0]} | {key[1]} | {statistics.median(values) * 1e3:.1f} | "
            f"{statistics.median(wall[key]) * 1e3:.1f} | {shown} |"
        )


if __name__ == "__main__":
    main()
