"""In the app, Home → Import of hostile text shows a notice; the session keeps going."""

from __future__ import annotations

import pytest
from security.input_helpers import DEEP_LIST, DEEP_OBJECT, HUGE_NUMBER, short_table, with_field
from ui_testkit import new_hub, started


@pytest.mark.parametrize("label", ["deep objects", "deep list", "huge version"])
async def test_import_of_hostile_text_shows_a_notice(tmp_path, label):
    text = {
        "deep objects": DEEP_OBJECT,  # 9,000 characters: crashed the session before
        "deep list": DEEP_LIST,
        "huge version": with_field(short_table("dayu").to_json(), "version", HUGE_NUMBER),
    }[label]
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("import")
    await h.type_text("import-text", text)
    await h.click("import-submit")
    assert h.by_key("import-note").value  # the notice says why
    assert hub.store.list() == []
    await h.click("import-close")  # the session still answers
    assert h.keys("new-table")
    h.close()
