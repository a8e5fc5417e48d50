"""Keep the cyclic garbage collector off what the app holds for good.

A table keeps every state of its game (undo and history read them), and states never change
once made; so once the modules are imported and a table is opened, those objects would only
make every full collection longer. ``settle`` moves everything alive now out of the
collector's sight (gc.freeze): it is still freed by reference counting when dropped.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Exempt every object alive now from future collections (call after loading or opening)."""
    gc.freeze()
