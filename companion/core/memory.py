"""Keep the cyclic garbage collector off what the app holds for good.

A table keeps every state of its game (undo and history read them), and states never change
once made; so once the modules are imported and a table is opened, those objects would only
make every full collection longer. ``settle`` moves everything alive now out of the
collector's sight (gc.freeze): it is still freed by reference counting when dropped.
``replaying`` keeps the collector off while a log is replayed: a replay makes thousands of
objects that all stay alive (the states, their effects), so every collection it would set off
walks them and frees nothing. ``tune`` sets the collector for the app's long-running process
(and the benchmarks, the same way), once its modules are loaded.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Allocations between two young collections in the app. Python's 700 suits a short script; a
# game entry makes a few hundred objects that all stay alive (the state, its effects), so at
# 700 about every other entry set off a collection that freed nothing (docs/PERFORMANCE.md,
# issue 13 part 4). A young collection of 10,000 objects takes well under a millisecond.
APP_THRESHOLD = 10_000
# Young collections between two of the middle generation: 3, not Python's 10, so one walks at
# most about 30,000 survivors (about 6 ms with 60 games played and kept, against 16-21 ms at 10).
APP_MIDDLE = 3


def tune() -> None:
    """Set the collector for a long-running app, once its modules and rules data are loaded:
    young collections every APP_THRESHOLD allocations, the middle generation's every APP_MIDDLE
    of them (the oldest's threshold kept), and everything alive now frozen (``settle``)."""
    gc.set_threshold(APP_THRESHOLD, APP_MIDDLE, gc.get_threshold()[2])
    settle()


def settle() -> None:
    """Exempt every object alive now from future collections (call after loading or opening)."""
    gc.freeze()


@contextmanager
def replaying() -> Iterator[None]:
    """No automatic collection inside; the collector is back as it was after (an exception too).

    Nothing is lost: objects are still freed by reference counting, and any cycle made inside
    is found by the next collection after."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
