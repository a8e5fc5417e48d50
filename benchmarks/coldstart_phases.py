"""Where a web cold start's time goes, phase by phase, for the app and the bare Flet hello-world
served the same way (the starts of coldstart_bench.py, with timestamps).

Run: python benchmarks/coldstart_phases.py [--runs N] [--old DIR] [--verbose]
Each start is stamped in the browser (a script installed before Flutter's: the websocket's
open and messages, Flutter's first frame, the first screen's text in the accessibility tree,
the placeholder that turns it on clicked at once) and on the server (its process's CPU, all
threads, read from /proc when it first answers and when the text is in the page). Times are
seconds from starting the server process; the medians of each phase are printed per tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "benchmarks")]

from coldstart_bench import APP, HELLO, compiled, started_server  # noqa: E402
from ui_browser_kit import CHROME_ARGS, PHONE, chromium  # noqa: E402

# Installed before any of the page's scripts: wall-clock stamps (ms since the epoch) of the
# websocket's life and of the first screen's text; the semantics placeholder is clicked as soon
# as it exists, as the bench's enable_semantics does, without Playwright's polling.
PROBE = """
(() => {
  const T = window.__tc = {ws: [], marks: {}};
  const now = () => performance.timeOrigin + performance.now();
  const mark = (k) => { if (!(k in T.marks)) T.marks[k] = now(); };
  const size = (d) => d.byteLength ?? d.size ?? d.length ?? 0;
  const Native = window.WebSocket;
  class Stamped extends Native {
    constructor(...args) {
      super(...args);
      mark('ws_new');
      this.addEventListener('open', () => mark('ws_open'));
      this.addEventListener('message', (e) => T.ws.push(['in', now(), size(e.data)]));
    }
    send(data) { T.ws.push(['out', now(), size(data)]); return super.send(data); }
  }
  window.WebSocket = Stamped;
  window.addEventListener('flutter-first-frame', () => mark('first_frame'));
  const look = () => {
    const ph = document.querySelector('flt-semantics-placeholder');
    if (ph && !('placeholder' in T.marks)) { mark('placeholder'); ph.click(); }
    if (!('text' in T.marks)) {
      for (const n of document.querySelectorAll('flt-semantics')) {
        if ((n.textContent || '').includes(T.want) || (n.getAttribute('aria-label') || '').includes(T.want)) {
          mark('text'); T.nodes = document.querySelectorAll('flt-semantics').length; break;
        }
      }
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})();
"""


VERBOSE = False


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU so far, all threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_start(browser: object, code: str, text: str, tree: Path) -> dict[str, float]:
    start_wall, start = time.time(), time.perf_counter()
    with started_server(code, tree, poll=0.01) as (proc, url):
        seen = {"answers": time.perf_counter() - start, "cpu_answers": cpu_seconds(proc.pid)}
        page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
        page.add_init_script(PROBE.replace("T.want", repr(text)))
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__tc && 'text' in window.__tc.marks", timeout=60000, polling=20)
        seen["cpu_text"] = cpu_seconds(proc.pid)
        probe = page.evaluate("window.__tc")
        loads = page.evaluate(
            "performance.getEntriesByType('resource').map(e => [e.name, performance.timeOrigin + e.responseEnd])"
        )
        origin = page.evaluate("performance.timeOrigin")
        page.close()
        time.sleep(1.5)  # what the server does after the first screen (the warm-up's rest)
        seen["cpu_after"] = cpu_seconds(proc.pid)

    def since(epoch_ms: float) -> float:
        return epoch_ms / 1000 - start_wall

    seen["page_origin"] = since(origin)
    for key, at in probe["marks"].items():
        seen[key] = since(at)
    scripts = [at for name, at in loads if "main.dart." in name]
    seen["main_dart_js"] = since(max(scripts)) if scripts else float("nan")
    if VERBOSE:  # each start's marks and websocket messages (way, time, bytes)
        print(sorted((k, round(since(v), 3)) for k, v in probe["marks"].items()))
        print([(way, round(since(at), 3), n) for way, at, n in probe["ws"]])
    ins = [(since(at), n) for way, at, n in probe["ws"] if way == "in"]
    outs = [since(at) for way, at, _ in probe["ws"] if way == "out"]
    seen["ws_first_out"] = outs[0] if outs else float("nan")
    seen["ws_in_count"] = len(ins)
    seen["ws_out_count"] = len(outs)
    before_text = [(at, n) for at, n in ins if at <= seen["text"]]
    seen["ws_last_in"] = before_text[-1][0] if before_text else float("nan")
    seen["ws_in_bytes"] = sum(n for _, n in before_text)
    seen["ws_in_before_text"] = len(before_text)
    seen["nodes"] = probe.get("nodes", 0)
    # spans that do not depend on when the bench got round to opening the page
    seen["nav_to_script"] = seen["main_dart_js"] - seen["page_origin"]
    seen["nav_to_text"] = seen["text"] - seen["page_origin"]
    seen["open_to_last_in"] = seen["ws_last_in"] - seen["ws_open"]
    seen["last_in_to_text"] = seen["text"] - seen["ws_last_in"]
    return seen


PHASES = (
    ("answers", "server process start -> first HTTP answer"),
    ("cpu_answers", "  server CPU by then (s)"),
    ("page_origin", "page navigation starts"),
    ("main_dart_js", "main.dart.js loaded"),
    ("placeholder", "Flutter's engine up (semantics placeholder)"),
    ("first_frame", "Flutter's first frame"),
    ("ws_open", "websocket open"),
    ("ws_first_out", "first message sent (register)"),
    ("ws_last_in", "last message in before the text"),
    ("text", "first screen's text in the page"),
    ("cpu_text", "  server CPU by then (s)"),
    ("cpu_after", "  server CPU 1.5 s later (s)"),
    ("nav_to_script", "span: navigation -> main.dart loaded"),
    ("nav_to_text", "span: navigation -> the text"),
    ("open_to_last_in", "span: websocket open -> last message in"),
    ("last_in_to_text", "span: last message in -> the text (Flutter)"),
    ("ws_in_before_text", "  messages in before the text"),
    ("ws_in_bytes", "  their bytes"),
    ("ws_out_count", "  messages out by then"),
    ("nodes", "  semantics nodes at the text"),
)


def main(runs: int, old: Path | None) -> None:
    starts = [("hello-world", HELLO, "Hello, world", ROOT), ("app", APP, "New table", ROOT)]
    if old is not None:
        compiled(old)
        starts.append((f"app in {old.name}", APP, "New table", old))
    compiled(ROOT)
    seen: dict[str, list[dict[str, float]]] = {name: [] for name, *_ in starts}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium() or shutil.which("chromium"), args=CHROME_ARGS)
        for i in range(runs):
            for name, code, text, tree in starts[i % len(starts) :] + starts[: i % len(starts)]:
                seen[name].append(one_start(browser, code, text, tree))
        browser.close()
    names = list(seen)
    print(f"medians of {runs} starts each, seconds from the server process's start")
    print(f"{'phase':48}" + "".join(f"{n[:16]:>17}" for n in names))
    for key, label in PHASES:
        row = [statistics.median(s[key] for s in seen[n]) for n in names]
        print(f"{label:48}" + "".join(f"{v:17.3f}" for v in row))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", type=Path, help="also trace the app from this checkout")
    parser.add_argument("--verbose", action="store_true", help="print each start's marks and messages")
    args = parser.parse_args()
    VERBOSE = args.verbose
    main(args.runs, args.old.resolve() if args.old else None)
