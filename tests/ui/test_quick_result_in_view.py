"""Quick score: "Compute" brings the result into view (it appears under the form, below the fold
on a phone, and the tap seemed to do nothing), and a form left at 0 is not logged with a winner."""

import flet as ft
from ui_testkit import new_hub, started


def scrolls(h) -> list[dict]:
    return [args for name, args in h.conn.calls if name == "scroll_to"]


async def laid_out(h, target: str) -> None:
    """What the browser says once it has laid the new result out: its heading's size."""
    (heading,) = [c for c in h.controls() if isinstance(c.key, ft.ScrollKey) and c.key.value == target]
    await h.session.dispatch_event(heading._i, "size_change", {"w": 300.0, "h": 28.0})
    await h.flush()


async def test_computing_dragons_final_scores_scrolls_to_the_result(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/dragon")
    await h.type_text("quick-vp-0", "30")
    before = len(scrolls(h))
    await h.click("quick-compute")
    assert h.has("quick-result") and scrolls(h)[before:] == []  # not before the browser has drawn it
    await laid_out(h, "quick-result-top")
    moved = scrolls(h)[before:]
    assert [m.get("scroll_key") for m in moved] == ["quick-result-top"], moved
    await h.click("quick-add-palace-0")  # a redraw with the same result does not scroll again
    await laid_out(h, "quick-result-top")  # nor does the heading laid out again
    assert len(scrolls(h)) == before + 1
    await h.type_text("quick-vp-0", "31")
    await h.click("quick-compute")  # a new result, its heading on the page already: back to it now
    assert [m.get("scroll_key") for m in scrolls(h)[before:]] == ["quick-result-top"] * 2
    h.close()


async def test_scoring_chinatowns_final_scores_scrolls_to_the_result(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.type_text("ct-f-money-0", "120000")
    before = len(scrolls(h))
    await h.click("ct-f-score")
    assert h.has("ct-f-result")
    await laid_out(h, "ct-f-result-top")
    assert [m.get("scroll_key") for m in scrolls(h)[before:]] == ["ct-f-result-top"]
    h.close()


async def test_a_play_where_every_score_is_zero_is_not_logged(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, route="/quick/dragon")
    await h.click("quick-compute")
    await h.click("quick-log-play")
    assert not h.has("quick-logged") and hub.store.plays() == []
    assert "Every score is 0" in h.by_key("quick-log-error").value
    await h.type_text("quick-vp-1", "8")
    await h.click("quick-compute")
    await h.click("quick-log-play")
    assert h.has("quick-logged") and [s.winner for s in hub.store.plays()[0].seats] == [False, True]
    h.close()


async def test_the_refusal_is_said_in_spanish(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, route="/quick/chinatown", prefs={"table_companion.lang": "es"})
    await h.click("ct-f-score")
    await h.click("quick-log-play")
    assert "Todas las puntuaciones son 0" in h.by_key("quick-log-error").value
    assert hub.store.plays() == []
    h.close()


async def test_computing_again_with_the_same_numbers_scrolls_again(tmp_path):
    """A walkthrough scrolled up to read the form, tapped Compute again unchanged, and the page
    stayed where it was: every tap brings the result into view, not only a new result."""
    h = await started(new_hub(tmp_path), route="/quick/dragon")
    await h.type_text("quick-vp-0", "30")
    before = len(scrolls(h))
    await h.click("quick-compute")
    await laid_out(h, "quick-result-top")
    await h.click("quick-compute")  # the same numbers, the same result
    assert [m.get("scroll_key") for m in scrolls(h)[before:]] == ["quick-result-top"] * 2
    h.close()


async def test_scoring_chinatown_again_with_the_same_numbers_scrolls_again(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.type_text("ct-f-money-0", "120000")
    before = len(scrolls(h))
    await h.click("ct-f-score")
    await laid_out(h, "ct-f-result-top")
    await h.click("ct-f-score")
    assert [m.get("scroll_key") for m in scrolls(h)[before:]] == ["ct-f-result-top"] * 2
    h.close()
