"""A tab that went away while following a table: another phone's entry must not leave an
un-awaited redraw behind (the server log said "coroutine 'App._show_change' was never awaited")."""

import warnings

from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started


async def test_an_entry_elsewhere_after_a_tab_disconnected_is_ignored_cleanly(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    app = h.session.store.get("companion.app")
    await h.session.disconnect(60)  # the phone's tab is gone; its session waits to expire
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await app.open._on_table_changed("topic", 1)
        await h.flush()
        import gc

        gc.collect()
    assert not [w for w in caught if "never awaited" in str(w.message)]
    assert app.open._topic is None  # it stopped following the table
    h.close()
