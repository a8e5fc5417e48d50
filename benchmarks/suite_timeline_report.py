"""Reads what benchmarks/suite_timeline.py wrote and says where the suite's time went: each
worker's busy and idle time, the files by wall time with their CPU (the worker's own and its
reaped children's), and how busy the whole machine was over the run, minute by minute.

Run: python benchmarks/suite_timeline_report.py PREFIX [--files N]
"""

from __future__ import annotations

import argparse
import glob
import json
from collections import defaultdict


def _rows(path: str) -> list[dict]:
    with open(path) as lines:
        return [json.loads(line) for line in lines]


def workers(prefix: str, top: int) -> None:
    per_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for path in sorted(glob.glob(f"{prefix}.gw*.jsonl")):
        rows = _rows(path)
        starts = [r for r in rows if r.get("session") == "start"]
        ends = [r for r in rows if r.get("session") == "finish"]
        open_: dict[str, dict] = {}
        busy = 0.0
        for row in rows:
            if "start" in row and "test" in row:
                open_[row["test"]] = row
            elif "end" in row and row["test"] in open_:
                began = open_.pop(row["test"])
                wall = row["end"] - began["start"]
                entry = per_file[row["test"].split("::")[0]]
                entry[0] += wall
                entry[1] += row["cpu"][0] - began["cpu"][0]
                entry[2] += row["cpu"][1] - began["cpu"][1]
                entry[3] += 1
                busy += wall
        if starts and ends:
            span = ends[-1]["t"] - starts[0]["t"]
            cpu = [e - s for s, e in zip(starts[0]["cpu"], ends[-1]["cpu"], strict=True)]
            print(
                f"{path}: {span:.0f} s from start to finish, {busy:.0f} s in tests; "
                f"CPU own {cpu[0]:.0f} s, reaped children {cpu[1]:.0f} s"
            )
    print(f"\n{'wall s':>8} {'own CPU':>8} {'children':>8} {'tests':>5}  file")
    for name, (wall, own, kids, n) in sorted(per_file.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{wall:8.1f} {own:8.1f} {kids:8.1f} {n:5d}  {name}")
    folders: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for name, (wall, own, kids, _n) in per_file.items():
        parts = name.split("/")
        folder = "/".join(parts[:2]) if len(parts) > 2 else "tests/*.py"
        for i, value in enumerate((wall, own, kids)):
            folders[folder][i] += value
    print(f"\n{'wall s':>8} {'own CPU':>8} {'children':>8}  folder")
    for name, (wall, own, kids) in sorted(folders.items(), key=lambda kv: -kv[1][0]):
        print(f"{wall:8.1f} {own:8.1f} {kids:8.1f}  {name}")


def machine(prefix: str) -> None:
    samples = [r for r in _rows(f"{prefix}.main.jsonl") if "machine" in r]
    if len(samples) < 2:
        return
    print("\nthe whole machine, minute by minute: busy share of all cores, load average")
    t0 = samples[0]["machine"]
    by_minute: dict[int, list[dict]] = defaultdict(list)
    for row in samples:
        by_minute[int((row["machine"] - t0) // 60)].append(row)
    for minute, rows in sorted(by_minute.items()):
        busy = rows[-1]["busy"] - rows[0]["busy"]
        total = rows[-1]["total"] - rows[0]["total"]
        share = busy / total if total else 0.0
        print(f"  min {minute:3d}: {share:5.0%} busy, load {rows[-1]['load']:.1f}")
    busy = samples[-1]["busy"] - samples[0]["busy"]
    total = samples[-1]["total"] - samples[0]["total"]
    print(f"  over the run: {busy / total:.0%} of all cores busy")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prefix")
    parser.add_argument("--files", type=int, default=30)
    args = parser.parse_args()
    workers(args.prefix, args.files)
    machine(args.prefix)


if __name__ == "__main__":
    main()
