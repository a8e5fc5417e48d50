from ui_testkit import new_hub, started


async def test_home_starts_empty(tmp_path):
    h = await started(new_hub(tmp_path))
    assert h.has("new-table") and h.has("no-tables")
    h.close()
