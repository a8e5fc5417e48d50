"""A hub's store services (share links, trade offers) live and die with the hub: a later store
that happens to get a closed one's id never reaches the closed store's service (they were kept
by the store's id in a process-wide table, and every store's service was kept for good)."""

from __future__ import annotations

import gc
import weakref

from ui_testkit import new_hub

from companion.ui.live import links_for
from companion.ui.offer_desk import offers_for


def test_a_hubs_services_are_its_own_and_go_with_it(tmp_path):
    first = new_hub(tmp_path / "a")
    links, offers = links_for(first), offers_for(first)
    assert links_for(first) is links and offers_for(first) is offers and links.store is first.store
    second = new_hub(tmp_path / "b")
    assert links_for(second).store is second.store and offers_for(second).store is second.store
    gone = weakref.ref(first.store)
    first.store.close()
    del first, links, offers
    gc.collect()
    assert gone() is None, "a closed hub's store is still held"
    second.store.close()
