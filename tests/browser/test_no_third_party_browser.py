"""The page asks nothing of any server but its own (companion/ui/page_policy.py).

Flet's web client adds a script from cdn.jsdelivr.net (Rive's runtime, which the app never uses)
at each page load. The page's policy makes the browser refuse it before any request leaves: the
phones at a table tell no third party that they opened the app, and nothing waits on a CDN that
an offline club cannot reach. Offline (this machine) the request failed anyway, by its name not
resolving; refused by the policy it fails as "csp".
"""

from __future__ import annotations

import pytest
from ui_browser_kit import enable_semantics, new_phone_page, served, settled

pytestmark = pytest.mark.browser


def own(url: str, served_at: str) -> bool:
    return url.startswith((served_at, "data:", "blob:"))


def test_a_page_load_sends_no_request_to_another_server(browser, tmp_path):
    with served(tmp_path / "data") as url:
        page = new_phone_page(browser)
        asked: list[str] = []
        answered: list[str] = []
        refused: dict[str, str] = {}
        page.on("request", lambda r: asked.append(r.url))
        page.on("response", lambda r: answered.append(r.url))
        page.on("requestfailed", lambda r: refused.__setitem__(r.url, r.failure or ""))
        page.goto(url)
        enable_semantics(page)
        settled(page)
        page.get_by_role("button", name="New table").wait_for(timeout=60000)  # the app runs
        others = [u for u in asked if not own(u, url)]
        assert others, "Flet's client asked no CDN: the policy may no longer be needed"
        assert [u for u in answered if not own(u, url)] == []
        assert {u: refused.get(u) for u in others} == {u: "csp" for u in others}
