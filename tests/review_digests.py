"""What the review (issue 30) says about seeded random games, as one digest a review: to check
that a change made for speed leaves every result alone.

The digest takes in the whole Review as JSON (every decision, alternative, total, rank, effect
and note) except the CPU time it took. The reviews have no budget, so the order in which the
decisions are examined cannot change them; Da Yu's long random games are reviewed at their last
decisions only (``entries``), as tests/review/test_review_dayu.py does.

``python tests/review_digests.py`` prints the digests as the JSON that
tests/review/review_digests.json holds; run it on the older tree (``PYTHONPATH=<older tree>``)
to make that file again. Made again on branch reviewalt, where the review's texts changed on
purpose (each move told by the game's ``narrate``, the standing for ``when``): with ``when``,
``logged`` and every ``label`` blanked, the reviews of both trees were equal. Made again on branch
reviewfix, where a replay's counts changed on purpose (each later logged entry counted once; the
policy's choices that stand for no logged entry apart, ``added``): with ``kept``, ``replaced``,
``dropped``, ``facts_replaced`` and ``added`` blanked, the reviews of both trees were equal. Made
again on branch dayureview: each player's ``costliest`` decision is new, and alternatives of equal
points are ordered by place and by how much of their replay was guessed; with ``costliest`` left
out and the alternatives sorted the same way, Chinatown's two and Dragon's 5-player review were
equal on both trees; Dragon's 3-player one and Da Yu's changed on purpose (a replay past the log's
end now imitates the seat's latest logged entry of the kind asked). Dragon's two made again on
branch texts58, where a placing effect's count is ``n`` (was ``steps``, for its plural forms):
with ``n`` read back as ``steps``, the reviews of both trees were equal.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from random_play import play_to_end

from companion.core import Table
from companion.review import review
from companion.review.kinds import decision_kinds

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]
LAST_DAYU = 40  # Da Yu: the decisions reviewed, the last ones of the log
# name -> (game, players, seed, the seat reviewed or None for the whole table)
REVIEWS: dict[str, tuple[str, int, int, int | None]] = {
    "dragon-3p": ("dragon", 3, 11, None),
    "dragon-5p-seat2": ("dragon", 5, 7, 2),
    "chinatown-3p": ("chinatown", 3, 12, None),
    "chinatown-4p-seat1": ("chinatown", 4, 101, 1),
    "dayu-2p-last": ("dayu", 2, 13, None),
}


def finished(game: str, players: int, seed: int) -> Table:
    table = Table.new(game, NAMES[:players], table_id=f"{game}-{seed}", created="2026-12-01T12:00:00+00:00")
    play_to_end(table, random.Random(seed))
    return table


def digest(name: str) -> str:
    game, players, seed, seat = REVIEWS[name]
    table = finished(game, players, seed)
    entries: Any = None
    if game == "dayu":
        kinds = decision_kinds(game)
        entries = set([i for i, e in enumerate(table.entries) if e.kind in kinds][-LAST_DAYU:])
    result = review(table, seat=seat, top=1_000, entries=entries)
    data = result.model_dump(mode="json", exclude={"seconds"})
    for player in data["players"]:  # added after the digests were made; empty without a budget
        assert player.pop("unexamined", []) == []
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return f"{result.evaluated}:{hashlib.sha256(text.encode()).hexdigest()}"


def digests() -> dict[str, str]:
    return {name: digest(name) for name in REVIEWS}


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
