"""When the first load's notice goes (ui/offline_notice.py), against the server's messages and the
first screen in Flutter's accessibility tree: per page load, the times (ms from navigation) of
the websocket's messages, of the first screen's "New table" found in the tree (polled after
semantics are switched on, so a little late), and of the notice hidden.

Run: PYTHONPATH=. python benchmarks/first_load_probe.py [RUNS]   (needs Debian's chromium and Playwright)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser")]

from ui_browser_kit import CHROME_ARGS, PHONE, chromium, enable_semantics, served  # noqa: E402

from companion.ui.offline_notice import NOTICE_ID  # noqa: E402

PROBE = """
(() => {
  window.__m = []; window.__hid = null;
  const S = window.WebSocket;
  window.WebSocket = class extends S { constructor(...a) { super(...a);
    this.addEventListener('message', () => window.__m.push(performance.now())); } };
  const watch = () => {
    const n = document.getElementById(ID);
    if (n && n.hidden && window.__hid === null) window.__hid = performance.now();
    if (window.__hid === null) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();
""".replace("ID", f"'{NOTICE_ID}'")


def main(runs: int) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROME_ARGS)
        with served(Path(tempfile.mkdtemp())) as url:
            for _ in range(runs):
                page = browser.new_page(viewport=PHONE)
                page.add_init_script(PROBE)
                page.goto(url)
                enable_semantics(page)
                page.get_by_role("button", name="New table").wait_for(timeout=60000)
                in_tree = page.evaluate("performance.now()")
                page.wait_for_timeout(1500)
                heard, hidden = page.evaluate("[window.__m, window.__hid]")
                print(
                    f"messages at {[round(x) for x in heard]} ms; first screen in the tree by "
                    f"{in_tree:.0f} ms; notice hidden at {hidden and round(hidden)} ms"
                )
                page.close()
        browser.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
