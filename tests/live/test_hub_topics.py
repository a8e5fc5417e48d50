"""A table's pubsub topic names its hub: two hosted spaces can hold a table of the same id (a
snapshot imported in both keeps its id), and a change in one must not redraw the other's."""

from __future__ import annotations

from companion.store import Store
from companion.ui.hub import TableHub


def test_the_same_table_id_in_two_spaces_has_two_topics(tmp_path):
    stores = [Store(tmp_path / f"{name}.sqlite3") for name in ("a", "b")]
    a, b = TableHub(stores[0], "space:aaaa"), TableHub(stores[1], "space:bbbb")
    assert a.topic("t1") != b.topic("t1")
    assert a.topic("t1") != a.topic("t2")
    assert TableHub(stores[0]).topic("t1") == "table.t1"  # a LAN server's own hub, as before
    for store in stores:
        store.close()
