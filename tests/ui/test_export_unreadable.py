"""Exporting a stored table that cannot be rebuilt, nor salvaged: the dialog says why."""

from ui_testkit import new_hub, started

from companion.core import Table
from companion.store.sqlite_store import DamagedTable


async def test_exporting_a_table_nothing_can_be_read_of_says_why(tmp_path, monkeypatch):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"]))
    h = await started(hub)

    def damaged(table_id: str) -> Table:
        raise DamagedTable("sec-input.store.damaged", detail="a test")

    monkeypatch.setattr(hub, "get", damaged)
    monkeypatch.setattr(hub.store, "salvage", lambda table_id: "{}")  # not a table file
    await h.click(f"export-{table.id}")
    assert h.open_dialogs() == ["export"]
    assert h.by_key("export-error").value  # the reason, read from the error
    h.close()
