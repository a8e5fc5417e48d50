"""After every entry the Play screen scrolls back to the question (issue 25: every question in view)."""

from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started


def scrolls(h) -> list[dict]:
    return [args for name, args in h.conn.calls if name == "scroll_to"]


async def test_an_entry_scrolls_the_play_screen_back_to_the_question(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    before = len(scrolls(h))
    await h.click("auto")  # the app deals: the table moves on
    await h.flush()
    moved = scrolls(h)[before:]
    assert len(moved) == 1 and moved[0].get("offset") == 0, moved
    assert h.by_key("play-body") is not None
    h.close()


async def test_a_redraw_without_a_new_question_does_not_scroll(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    before = len(scrolls(h))
    await h.click("entry-submit")  # empty JSON: refused, the table stays where it was
    await h.flush()
    assert scrolls(h)[before:] == []
    assert h.has("error")
    h.close()
