"""What recognising a BoardGameGeek play costs once a log's play with scores also counts under its
fingerprint without them (docs/PERFORMANCE.md, "Scores typed into an imported play").

Times ``bgg_import.log_prints`` over 10,000 four-seat plays made in memory (no store), best of
five, for the checkout on the path: run it with ``PYTHONPATH=.`` in this tree and with
``PYTHONPATH=/path/to/main`` for the code before (the file only imports what both have).
"""

from __future__ import annotations

import time

from companion.plays.bgg_import import log_prints
from companion.plays.models import PlayRecord, PlaySeat


def plays(n: int = 10_000) -> list[PlayRecord]:
    return [
        PlayRecord(
            id=f"p{i}",
            source="calculator",
            game="dragon",
            date=f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T12:00:00+00:00",
            seats=[
                PlaySeat(
                    seat=k,
                    name=f"Player{(i + k) % 40}",
                    score=30 + (i * 7 + k * 13) % 40,
                    place=1 + k,
                    winner=k == 0,
                )
                for k in range(4)
            ],
        )
        for i in range(n)
    ]


def main() -> None:
    log = plays()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        log_prints(log)
        times.append(time.perf_counter() - start)
    print(f"log_prints, {len(log):,} four-seat plays: best {min(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
