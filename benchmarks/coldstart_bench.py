"""Web cold start: from starting the server process to the first screen painted in Chromium, for
this app and for a bare Flet hello-world served the same way (offline, no CDN), in the same run.

Run: python benchmarks/coldstart_bench.py [--runs N] [--old DIR]   (needs Debian's chromium and Playwright)
Each run starts a fresh server process and a fresh browser page, alternating app and hello-world,
and stops the clock when the first screen's text is in the page (Flutter's accessibility tree).
``--old DIR`` also starts the app from another tree (``git archive <commit> | tar -x -C DIR``)
in the same alternation, for before/after figures from one run.
The app's modules are byte-compiled first in each tree (``compiled``), as an install does.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser")]

from ui_browser_kit import CHROME_ARGS, PHONE, chromium, enable_semantics  # noqa: E402

from companion.devserver.ports import check_held, free_port  # noqa: E402

HELLO = (
    "import flet as ft\n"
    "def main(page):\n"
    "    page.add(ft.Text('Hello, world'))\n"
    "ft.run(main, view=ft.AppView.WEB_BROWSER, host='127.0.0.1', port={port}, no_cdn=True)\n"
)
APP = "from companion.ui.server import serve; serve('127.0.0.1', {port}, data_dir={data!r})"


CACHES: dict[Path, str] = {}


def server_env(tree: Path) -> dict[str, str]:
    """The environment of a server started from ``tree``: a cache folder of its own (the parsed
    catalogues, kept by the path of their ``.po`` files). Shared, two trees timed in turn found
    each other's there and each start parsed the catalogue again, as only a first start does."""
    if tree not in CACHES:
        CACHES[tree] = tempfile.mkdtemp(prefix="coldstart-cache-")
    return {**os.environ, "COMPANION_CACHE": CACHES[tree]}


@contextlib.contextmanager
def started_server(
    code: str, tree: Path, poll: float = 0.02
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A server process from ``code`` (APP or HELLO) run in ``tree``, once it answers HTTP: the
    process and its address; stopped on leaving. The port is picked here (Flet's ``ft.run`` and
    an older tree's ``serve`` cannot be asked for port 0 and say which they got), so the answer
    is believed only once the process holds the port: another server may have taken it first."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", code.format(port=port, data=tempfile.mkdtemp())],
        cwd=tree,  # ``python -c`` imports ``companion`` from the current folder first
        env=server_env(tree),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        while True:
            try:
                urllib.request.urlopen(url, timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"the server exited ({proc.returncode}) before answering on {url}"
                    ) from None
                time.sleep(poll)
        check_held(port, proc.pid)  # the answer was our server's, not another's on the port
        yield proc, url
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def one_start(browser: object, code: str, text: str, tree: Path = ROOT) -> float:
    start = time.perf_counter()
    with started_server(code, tree) as (_, url):
        page = browser.new_page(viewport=PHONE)  # type: ignore[attr-defined]
        page.goto(url)
        enable_semantics(page)
        page.get_by_text(text).first.wait_for(timeout=60000)
        elapsed = time.perf_counter() - start
        page.close()
        return elapsed


def compiled(tree: Path) -> None:
    """Byte-compile the app's modules in ``tree`` once, as an installed app is (pip compiles
    Flet's at install): where PYTHONDONTWRITEBYTECODE is set, as on this machine, Python would
    otherwise compile every module again at each start, which the hello-world never does."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "companion")], check=True)


def main(runs: int, old: Path | None = None) -> None:
    app: list[float] = []
    hello: list[float] = []
    before: list[float] = []
    for tree in (ROOT, old):
        if tree is not None:
            compiled(tree)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium() or shutil.which("chromium"), args=CHROME_ARGS)
        starts = [(hello, HELLO, "Hello, world", ROOT), (app, APP, "New table", ROOT)]
        if old is not None:
            starts.append((before, APP, "New table", old))
        for i in range(runs):
            # each run in another order: the one timed right after the hello-world came out
            # slower, whichever tree it was (docs/PERFORMANCE.md, cold start)
            for times, code, text, tree in starts[i % len(starts) :] + starts[: i % len(starts)]:
                times.append(one_start(browser, code, text, tree))
        browser.close()
    h = statistics.median(hello)
    print(f"runs: {runs} each, alternating, each run in another order")
    print(f"hello-world: median {h:.2f} s (min {min(hello):.2f}, max {max(hello):.2f})")
    for name, times in (("this app:   ", app), (f"app in {old}:", before)):
        if times:
            a = statistics.median(times)
            print(f"{name} median {a:.2f} s (min {min(times):.2f}, max {max(times):.2f}), ratio {a / h:.2f}")
    print(f"ratio app / hello-world (medians): {statistics.median(app) / h:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", type=Path, help="also time the app from this checkout")
    args = parser.parse_args()
    main(args.runs, args.old.resolve() if args.old else None)
