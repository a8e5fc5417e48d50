"""Serve the app offline in a subprocess and drive it in Debian's Chromium (reference/flet.md §2.4)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import pytest

from companion.devserver.ports import file_reader, said_port

ROOT = Path(__file__).resolve().parents[2]
# Screenshots go to docs/screenshots/ only when asked (`make screenshots`): a plain test run
# must not rewrite tracked pictures with the random content of its games.
SHOTS = (
    ROOT / "docs" / "screenshots"
    if os.environ.get("UPDATE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "table-companion-screenshots"
)


def shot(page: Any, name: str, settle_ms: int = 900) -> Path:
    """A phone-size screenshot once the last frame has painted; returns its path."""
    lift_finger(page)  # off any control: no hover tooltip in the picture
    page.wait_for_timeout(settle_ms)  # tooltips fade; the boot overlay shows right after a tap
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# Headless Chromium still builds a browser window around each page, and since Chromium 15x that
# window preloads its address bar's drop-down, a WebUI page (chrome://omnibox-popup.top-chrome,
# twice) in a renderer process of its own: 0.6 to 0.8 s of CPU per page opened, a quarter of a page
# load, for a window no test sees (docs/PERFORMANCE.md, "A renderer for an unseen address bar").
UNSEEN_WINDOW_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
# Chromium keeps only the last --disable-features switch, and Playwright passes its own list
# before ours; so ours repeats Playwright's (1.65's, as chrome://version shows it). A Playwright
# that disables more fails tests/browser/test_chrome_args_browser.py until they are added here.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
CHROME_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The app is Dart compiled to WebAssembly (Flutter's skwasm renderer). V8 compiles it at each
    # page load with its baseline compiler, then compiles the functions it finds hot again with
    # the optimising one, in the background: a test runs each function a few times, so that
    # second compile costs more than it saves (Chromium's CPU for the Dragon tap tests: 27.5 s
    # with it, 20.9 s without; docs/PERFORMANCE.md, "The browser tests' CPU").
    "--js-flags=--liftoff-only",
    "--disable-features=" + ",".join([*PLAYWRIGHT_DISABLED_FEATURES, *UNSEEN_WINDOW_FEATURES]),
]
PHONE = {"width": 412, "height": 915}
# Where the pointer rests between taps, and where a tap outside a dialog goes: the middle of the
# app bar's empty top edge (no control, so no tooltip; above any dialog, so the barrier).
OFF_CONTROLS = (PHONE["width"] // 2, 8)


HEARD: dict[str, Path] = {}  # a served app's address -> the log of what its server heard
STOPPED: set[str] = set()  # the addresses of served apps whose server has stopped since


@contextmanager
def served(
    data_dir: Path,
    deal_seed: int | None = None,
    hosted: bool = False,
    table_seeds: Mapping[str, int] | None = None,
):
    """The app served from ``data_dir`` in a subprocess (heard_server.py), yielding its address;
    with ``deal_seed``, "Let the app deal" deals alike on every run; with ``table_seeds`` (a
    table's id -> a seed), alike for those tables however a page reaches them; ``hosted``:
    ``serve --hosted``."""
    log = Path(data_dir).with_name(Path(data_dir).name + "-server.log")
    said = log.with_name(log.name + ".out")  # its stdout: the address it bound, first
    server = Path(__file__).with_name("heard_server.py")
    env = {**os.environ, **({"TC_DEAL_SEED": str(deal_seed)} if deal_seed is not None else {})}
    if table_seeds:
        env["TC_TABLE_SEEDS"] = json.dumps(dict(table_seeds))
    with said.open("wb") as out:
        proc = subprocess.Popen(  # port 0: it binds a free port itself and says which
            [sys.executable, str(server), "0", str(data_dir), str(log)],
            cwd=ROOT,
            env={**env, "TC_HOSTED": "1"} if hosted else env,
            stdout=out,
            stderr=subprocess.DEVNULL,
        )
    url = ""
    try:
        port = said_port(file_reader(said), proc, "the app's server (heard_server.py)")
        url = f"http://127.0.0.1:{port}/"
        HEARD[url] = log
        STOPPED.discard(url)  # a port used again: its pages are this server's
        for _ in range(300):
            try:
                urllib.request.urlopen(url, timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"the app's server exited ({proc.returncode}) before answering on {url}"
                    ) from None
                time.sleep(0.1)
        else:
            raise RuntimeError(f"the app's server did not answer on {url} within 30 s")
        yield url
    finally:
        if url:
            HEARD.pop(url, None)
            STOPPED.add(url)
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:  # open websockets can make uvicorn ignore SIGTERM
            proc.kill()
            proc.wait()


def close_stopped_pages(browser: Any) -> None:
    """Close every page still showing an app whose server has stopped. Flet's page then shows
    "Working..." with a spinner that turns until the page closes: 0.33 s of CPU a second
    (renderer and GPU process), for the rest of the module, while the next tests run
    (docs/PERFORMANCE.md, "Pages left spinning")."""
    for context in browser.contexts:
        for page in context.pages:
            if any(page.url.startswith(url) for url in STOPPED):
                page.close()


def server_heard(page: Any, lines: int = 12) -> str:
    """The last ``lines`` of what the page's server heard (events, dropped events, errors): for a
    failure message, so a lost tap says whether it reached the server."""
    base = next((url for url in HEARD if page.url.startswith(url)), None)
    if base is None or not HEARD[base].exists():
        return "(no server log)"
    tail = HEARD[base].read_text(errors="replace").splitlines()[-lines:]
    tapped = f"the last tap went to {LAST_TAP[id(page)]}; " if id(page) in LAST_TAP else ""
    return tapped + ("\n".join(["the server last heard:", *tail]) if tail else "the server heard nothing")


def chromium() -> str | None:
    return shutil.which("chromium") or (("/usr/bin/chromium") if Path("/usr/bin/chromium").exists() else None)


# Flutter puts its editing state (text and caret) on a field's DOM input only once the framework
# has attached a text-input client to it, a frame or more after the tap has focused the input.
# Keys typed in between are overwritten: on a phone the keyboard is not up yet, so a person
# cannot type then; a test must wait for the caret too. This probe counts, per field label,
# how often Flutter has set the caret (setSelectionRange), so ``type_into`` can wait for it.
CARET_PROBE = """
window.__tcCaret = {};
for (const proto of [HTMLInputElement.prototype, HTMLTextAreaElement.prototype]) {
  const set = proto.setSelectionRange;
  proto.setSelectionRange = function (...args) {
    const label = this.getAttribute('aria-label') || '';
    window.__tcCaret[label] = (window.__tcCaret[label] || 0) + 1;
    return set.apply(this, args);
  };
}
"""


# Watches the app's websocket from inside the page: when the server last sent the page anything
# (``recv``), and when the page last sent the server an event (``event``: a tap, a route change,
# a typed value; Flet's frames are msgpack ``[action, body]`` after a first byte, and action 3 is
# CONTROL_EVENT). A kit wait counts its quiet time from the last message received, as from a
# change of the tree (what the server sent may not be built yet), and while an event has had no
# message back for less than ``PENDING_MS``, it is not at rest (the answer may be on its way:
# under load it came 0.1 to 1.7 s after a tap, docs/PERFORMANCE.md "Waits that watch the
# server's answer"). The page's other sends (a property update, a method's result) want no answer.
WIRE_PROBE = """
(() => {
  const wire = window.__tcWire = {recv: 0, event: 0};
  const action = data => {
    const view = data instanceof ArrayBuffer ? new Uint8Array(data, 0, Math.min(3, data.byteLength))
      : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, Math.min(3, data.byteLength)) : null;
    if (view === null) return -1;
    const at = view[0] === 0x92 ? 0 : view[1] === 0x92 ? 1 : -1;
    return at < 0 ? -1 : view[at + 1];
  };
  const Socket = window.WebSocket;
  class Watched extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { wire.recv = performance.now(); });
    }
    send(data) {
      if (action(data) === 3) wire.event = performance.now();
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
})();
"""
PENDING_MS = 1000
# The quiet time of a tap's wait (the control at rest), and of ``settled`` (the whole screen). A
# shorter window with the wire watched (0.2 s) was tried: no gain beyond the noise under load, so
# not worth the narrower margin (docs/DECISIONS.md, "Screens change without an animation; the
# kit's waits watch the websocket").
QUIET, SETTLED_QUIET = 0.45, 0.5


def new_phone_page(browser: Any) -> Any:
    """A phone-size page with the caret and wire probes installed (before any script of the app runs)."""
    page = browser.new_page(viewport=PHONE)
    page.add_init_script(CARET_PROBE)
    page.add_init_script(WIRE_PROBE)
    return page


def open_app(browser: Any, url: str) -> Any:
    page = new_phone_page(browser)
    page.goto(url)
    enable_semantics(page)
    return page


def enable_semantics(page: Any) -> None:
    """Flutter builds its accessibility DOM only once its hidden placeholder is clicked."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics", state="attached", timeout=60000)


# Generous bounds: a loaded CI machine (2 cores, the rest of the suite running) can be slow to
# paint; the bounds only matter when something is really wrong.
def wait_until(check: Any, timeout: float = 60.0, what: str = "condition") -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


# Whether a tap at the middle of the control reaches it (the control, a part of it, or the
# tappable node around a text; never something drawn over it). A control can lie inside the page
# and still be covered: the bottom navigation bar covers the last 80 px of a phone screen. A
# tap there goes to the bar; Playwright then scrolls the page itself, Flutter follows a few
# frames later, and the tap lands on whatever has moved under that spot (measured: a tap meant
# for "Trading done" reached a building button of the trade form).
UNCOVERED = """e => {
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === e || e.contains(hit) || hit.contains(e));
}"""


def scrolled_to(locator: Any, quiet: float = QUIET, timeout: float = 60.0) -> Any:
    """Bring ``locator`` on screen with the mouse wheel, as a person scrolls, and wait until it has
    stopped moving, inside the viewport and uncovered. Flutter scrolls its own list a few frames
    after the wheel; a tap while it still moves lands on whatever is under the old spot (a person,
    too, waits for the list to stop).
    At rest means the same place, and the same nodes on the whole screen, for ``quiet`` seconds
    and at least 8 frames since the last change or message from the server, with no event
    waiting for its answer: under load the frames come late, and a list scrolled but not yet
    redrawn looks still for half a second.
    Only the wheel scrolls, never the page's own scroll request (Playwright's
    ``scroll_into_view_if_needed``): that one moves the page's copy of the list at once, while
    Flutter follows later or not at all, so for a while the page and the picture disagree about
    what lies under a point (measured: a tap for building 79 reached the brush button above the
    map, though the page said building 79 was there). With the wheel Flutter moves the list
    itself and the page follows it. Nothing is tapped here."""
    _at_rest(locator, quiet, timeout)
    return locator


# The box of the nearest scrolling ancestor of a control (Flutter marks a scrollable's node with
# overflow: scroll), or null outside any: where the wheel must be turned to move that control.
SCROLLER_BOX = """e => {
  for (let n = e.parentElement; n !== null; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (['scroll', 'auto'].includes(s.overflowY)) {
      const r = n.getBoundingClientRect();
      return {x: r.left, y: r.top, width: r.width, height: r.height};
    }
  }
  return null;
}"""


def _wheel_towards(locator: Any, box: dict[str, float]) -> None:
    """One turn of the wheel over the control's list that brings the control to the middle of
    the list's visible part (the list's top and bottom bars stay where they are)."""
    page = locator.page
    viewport = page.viewport_size
    area = locator.evaluate(SCROLLER_BOX) or {"x": 0, "y": 0, **viewport}
    top = max(area["y"], 0)
    bottom = min(area["y"] + area["height"], viewport["height"])
    left = max(area["x"], 0)
    right = min(area["x"] + area["width"], viewport["width"])
    x, y = (left + right) / 2, (top + bottom) / 2
    acted()
    page.mouse.move(x, y)
    page.mouse.wheel(0, box["y"] + box["height"] / 2 - y)


def _never_appeared(locator: Any) -> NoReturn:
    """Fail for a control that never appeared, with what the screen showed instead and what the
    server heard."""
    page = locator.page
    shown = [t.strip() for t in screen_texts(page) if t.strip()][:40]
    raise AssertionError(
        f"{locator} never appeared at {page.url}; the screen showed {shown}; {server_heard(page)}"
    ) from None


# Watches the accessibility tree from inside the page: the time of its last change (a
# ``flt-semantics`` node added, removed or given another id), and a count of the input it has
# had (a pointer, a wheel or a key). Installed once per page load by ``watch_tree``, so a wait
# asks the page once instead of reading the whole tree every 50 ms.
# The waits form a chain while nothing acts in between: ``tree.chain`` keeps when the chain's
# first wait began watching, ``quietFrom`` gives it to a wait that follows (the tree's changes
# were watched all along, so the quiet time since its last change is known), and starts a new
# chain at this call after any input to the page or any of the kit's actions on another page
# (``gen``, counted in Python by ``acted``).
WATCH_TREE = """() => {
  if (!window.__tcTree) {
    const tree = window.__tcTree = {last: performance.now(), inputs: 0, chain: null};
    const isNode = n => n.nodeType === 1 && (n.nodeName === 'FLT-SEMANTICS' || n.querySelector('flt-semantics') !== null);
    new MutationObserver(records => {
      if (records.some(r => r.type === 'attributes' ? r.target.nodeName === 'FLT-SEMANTICS'
          : [...r.addedNodes, ...r.removedNodes].some(isNode))) tree.last = performance.now();
    }).observe(document.documentElement, {childList: true, subtree: true, attributes: true, attributeFilter: ['id']});
    for (const kind of ['pointerdown', 'pointerup', 'pointermove', 'wheel', 'keydown', 'keyup'])
      window.addEventListener(kind, () => { tree.inputs += 1; }, true);
    tree.unbroken = (gen, at) => at !== undefined && at !== null && at.gen === gen && at.inputs === tree.inputs;
    // the last change of the tree, or the last message from the server (not built yet, perhaps)
    tree.changed = () => Math.max(tree.last, window.__tcWire ? window.__tcWire.recv : 0);
    // an event sent with no message since, less than pending ms ago: its answer may be coming
    tree.pending = (now, pending) => window.__tcWire !== undefined
      && window.__tcWire.event > window.__tcWire.recv && now - window.__tcWire.event < pending;
    tree.quietFrom = gen => {
      if (!tree.unbroken(gen, tree.chain)) tree.chain = {gen, inputs: tree.inputs, start: performance.now()};
      return tree.chain.start;
    };
  }
  return performance.now();
}"""


def watch_tree(page: Any) -> float:
    """Start watching the page's accessibility tree (once per load); the page's clock now, in ms."""
    return float(page.evaluate(WATCH_TREE))


_ACTIONS = [0]  # the kit's actions on any page so far: a wait's chain breaks at each (WATCH_TREE)


def acted() -> None:
    """Count an action of the kit (a tap, a wheel, typing): a wait after it watches from its own
    call again, on every page (a tap on one phone changes what another shows). Input to a page
    breaks that page's chain by itself; this covers the other pages."""
    _ACTIONS[0] += 1


# The control's box once it has kept its place, and the tree its nodes, for ``quiet`` ms and at
# least ``frames`` animation frames (counted from the call at the earliest, or from an earlier
# wait on the same control with nothing done since: the box was watched then, and the watch
# goes on where it stopped, kept on the element as ``__tcRest``); null if the control left the
# page (Flutter replaced it: look it up again) or after ``budget`` ms. Frames are waited for only
# until ``frames`` have passed since the last change: a page asked for no frame draws none, and
# a wait of timers costs Chromium nothing.
AT_REST = """(e, [quiet, frames, budget, gen, fresh, pending]) => new Promise(done => {
  const tree = window.__tcTree, start = performance.now();
  if (tree === undefined) return done(null);  // the page was loaded again: watch it first
  const place = () => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  tree.quietFrom(gen);  // a settled() right after counts from this wait at the latest
  let box = place().join(), change = tree.changed(), since = start, still = 0;
  const kept = e.__tcRest;
  if (!fresh && tree.unbroken(gen, kept) && kept.tree === tree) {
    ({box, change, since, still} = kept);  // the same control watched just before: go on
  }
  const stop = value => {
    e.__tcRest = {tree, gen, inputs: tree.inputs, box, change, since, still};
    done(value);
  };
  const step = () => {
    if (!e.isConnected || performance.now() - start > budget) return stop(null);
    const now = place();
    if (now.join() !== box || tree.changed() !== change) {
      box = now.join(); change = tree.changed(); since = performance.now(); still = 0;
    } else if (performance.now() - since >= quiet && still >= frames && !tree.pending(performance.now(), pending)) {
      return stop({x: now[0], y: now[1], width: now[2], height: now[3], uncovered: (UNCOVERED_CHECK)(e)});
    }
    if (still < frames) requestAnimationFrame(() => { still += 1; step(); });
    else setTimeout(step, 30);
  };
  step();
})""".replace("UNCOVERED_CHECK", UNCOVERED)


def _rest_once(locator: Any, quiet: float, end: float, fresh: bool = False) -> dict[str, float] | None:
    """One AT_REST wait of at most 5 s: the box at rest, or None (replaced, or still moving).
    ``fresh``: watch from this call, not from an earlier wait on the control."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    watch_tree(locator.page)
    budget = max(1.0, min(5.0, end - time.monotonic())) * 1000
    try:  # waits for the control to exist, then watches it: one lookup of the locator
        return locator.evaluate(
            AT_REST,
            [quiet * 1000, 8, budget, _ACTIONS[0], fresh, PENDING_MS],
            timeout=max(1.0, end - time.monotonic()) * 1000,
        )
    except PlaywrightTimeout:
        _never_appeared(locator)


def resting_box(locator: Any, quiet: float = QUIET, timeout: float = 60.0) -> dict[str, float]:
    """The control's box once it and the screen's nodes have kept still for ``quiet`` seconds and
    8 frames (``scrolled_to``'s rest), wherever it is (nothing is scrolled): to see where a
    control stands before its tap.
    A ``tap_on`` right after, with nothing done between, goes on with this wait's watch."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        box = _rest_once(locator, quiet, end)
        if box is not None:
            box.pop("uncovered")
            return box
    raise AssertionError(f"{locator} did not come to rest; {server_heard(locator.page)}")


def _at_rest(locator: Any, quiet: float, timeout: float, fresh: bool = False) -> dict[str, float]:
    """``scrolled_to``'s work; the control's box once it is at rest on screen.
    The control's place and the whole screen's nodes must stay still: a control that stays put
    while the screen around it is still being built can be covered a moment later (a trade
    form's building button took the tap meant for "Trading done", under load). The locator is
    looked up afresh after each wait, so a node Flutter replaced is found again."""
    page = locator.page
    viewport = page.viewport_size
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = _rest_once(locator, quiet, end, fresh)
        if now is None:  # replaced, or still moving: look again
            continue
        inside = now["y"] >= 0 and now["y"] + now["height"] <= viewport["height"]
        if inside and now.pop("uncovered"):
            return now
        _wheel_towards(locator, now)  # at rest, off the screen or under a bar: wheel it to the middle
    raise AssertionError(f"{locator} did not come to rest on screen; {server_heard(page)}")


# Quiet since ``start`` and since the tree's last change or the server's last message, no event
# waiting for its answer, and then two frames drawn with nothing new (what came has been built).
SETTLED = """([quiet, start, budget, pending]) => new Promise(done => {
  const tree = window.__tcTree, begin = performance.now();
  if (tree === undefined) return done(false);
  const step = () => {
    const now = performance.now(), change = tree.changed();
    if (now - begin > budget) return done(false);
    if (now - Math.max(start, change) >= quiet && !tree.pending(now, pending)) {
      return requestAnimationFrame(() => requestAnimationFrame(() => tree.changed() === change ? done(true) : step()));
    }
    setTimeout(step, 30);
  };
  step();
})"""
QUIET_FROM = "gen => window.__tcTree.quietFrom(gen)"


def settled(page: Any, quiet: float = SETTLED_QUIET, timeout: float = 60.0) -> None:
    """Wait until Flutter's accessibility tree has kept the same nodes, and the server has sent
    the page nothing, for ``quiet`` seconds, with no event waiting for its answer (on a page
    whose websocket the kit watches: ``new_phone_page``) and two frames drawn after (counted from
    this call at the earliest, or from the first of the waits before it with
    nothing done between: the tree was watched all along, WATCH_TREE). After a page load or a change of screen, Flutter
    may build a screen's nodes and then replace them (a route's transition ending): a control
    found in between is gone when it is tapped (one clean-clone run lost "Free move" that way,
    300 ms after it appeared). The page checks on a timer; two frames are asked for at the end."""
    watch_tree(page)
    start = page.evaluate(QUIET_FROM, _ACTIONS[0])
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        budget = max(1.0, min(5.0, end - time.monotonic())) * 1000
        if page.evaluate(SETTLED, [quiet * 1000, start, budget, PENDING_MS]):
            return
    raise AssertionError("the screen's accessibility tree did not come to rest")


# Just before a tap, in one look (one lookup of the locator, which costs more than the rest: a
# role and a name matched over the whole accessibility DOM): whether the control still has the
# box its wait found, and the page's topmost node at the point is the control or inside it (a
# scroll the page made and Flutter has not drawn yet leaves another control there); if so, what
# the point's nearest named node says (for a failure message), else null.
STILL_UNDER = """(e, [box, x, y]) => {
  const r = e.getBoundingClientRect();
  if (r.left !== box.x || r.top !== box.y || r.width !== box.width || r.height !== box.height) return null;
  let hit = document.elementFromPoint(x, y);
  if (hit === null || !(hit === e || e.contains(hit))) return null;
  while (hit !== null && !hit.getAttribute('aria-label') && !(hit.textContent || '').trim()) hit = hit.parentElement;
  if (hit === null) return '(nothing)';
  return (hit.getAttribute('aria-label') || hit.textContent || '').trim().slice(0, 80);
}"""

LAST_TAP: dict[int, str] = {}  # id(page) -> where its last tap_on went, for failure messages


def tap_on(locator: Any, at: tuple[float, float] | None = None) -> None:
    """One tap on ``locator`` once it is at rest on screen and nothing covers it (scrolled_to),
    at its middle (or at ``at``, an offset from its top left corner). The tap is the mouse's at
    the point just checked, not Playwright's ``click()``: that one scrolls the element into view
    again by itself, and Flutter may move the list under the pointer as the tap goes in (a tap
    for building 76 reached a shop button above the map that way, under load)."""
    page = locator.page
    end = time.monotonic() + 60
    fresh = False  # the first look may go on with a wait just made on it (resting_box)
    while True:
        box = _at_rest(locator, QUIET, 60, fresh)
        fresh = True  # a look again watches anew: the screen had moved or covered it
        dx, dy = at if at is not None else (box["width"] / 2, box["height"] / 2)
        x, y = box["x"] + dx, box["y"] + dy
        under = locator.evaluate(STILL_UNDER, [box, x, y])  # still there, and on top at the point
        if under is not None:
            break
        if time.monotonic() > end:
            raise AssertionError(f"{locator} kept moving or stayed covered; {server_heard(page)}")
    LAST_TAP[id(page)] = f"({x:.0f}, {y:.0f}) on {under!r}"
    acted()
    page.mouse.click(x, y)
    lift_finger(page)


def lift_finger(page: Any) -> None:
    """Take the pointer off the controls after a tap, as a finger leaves a phone's screen. A mouse
    left resting shows the tooltip of whatever lies under it a moment later, and with the
    accessibility tree on, that tooltip took the focus from a text field tapped next: under the
    burner, 5 of 8 names typed after "Remove player" were lost with the pointer left on the
    button, 0 of 8 with it lifted (docs/DECISIONS.md, "Only the wheel scrolls, and the pointer
    leaves after each tap")."""
    page.mouse.move(*OFF_CONTROLS)


def scroll_by(page: Any, dy: int, settle_ms: int = 400) -> None:
    """Turn the mouse wheel by ``dy`` over the middle of the screen, then let the list settle:
    for a look further down the screen (a screenshot), not for reaching a control to tap."""
    acted()
    page.mouse.move(PHONE["width"] // 2, PHONE["height"] // 2)
    page.mouse.wheel(0, dy)
    page.wait_for_timeout(settle_ms)


def dismiss(page: Any, title: str) -> None:
    """Close the open dialog titled ``title`` with one tap outside it (on the barrier, at the top
    of the screen), as a person does, and wait for it to go: a lost tap fails the test.
    Not Escape: one clean-clone run under load lost an Escape though the pointer had left the
    button and its tooltip (docs/DECISIONS.md, "A dialog that would not close on Escape")."""
    page.get_by_text(title).first.wait_for(timeout=60000)
    acted()
    page.mouse.click(*OFF_CONTROLS)  # above the dialog: the barrier, not the app bar
    try:
        page.get_by_text(title).first.wait_for(state="detached", timeout=60000)
    except Exception as stuck:
        raise AssertionError(f"{title!r} stayed open after a tap outside; {server_heard(page)}") from stuck


def asked(table: Any, lang: str = "en") -> str:
    """The current question as its card says it: the player's name, then the question without
    the name again (companion/ui/teach.py ``question_text``), one node for both in the page's
    accessibility tree ("Ben\nPlay a person card."). A question to the whole table: its text."""
    from companion.ui.teach import question_text

    prompt = table.prompt
    text = prompt.msg.render(lang)
    seat = prompt.seat
    name = table.players[seat].name if seat is not None and 0 <= seat < len(table.players) else None
    shown = question_text(text, name)
    return f"{name}\n{shown}" if shown != text else text


def tap_once(page: Any, tap: Any, stored: Any, prompt_text: str | None = None) -> Any:
    """Wait until the screen shows the current question, tap once, and wait for the store to hold
    the entry (``stored()`` returns the new table or None). A lost tap fails the test: there is
    no second tap (the screens update in place, so a tap is never dropped by a redraw)."""
    if prompt_text:
        wait_until(
            lambda: any(prompt_text in t for t in screen_texts(page)), what=f"{prompt_text!r} on screen"
        )
    tap(page)
    try:
        return wait_until(stored, what="the entry of one tap to be stored")
    except AssertionError as lost:
        raise AssertionError(f"{lost}; {server_heard(page)}") from None


def type_into(page: Any, label: str, text: str, delay: int = 20, replace: bool = False) -> None:
    """Tap the text field ``label`` once, wait for Flutter's caret in it, type ``text`` key by
    key, and check the field holds exactly ``text`` (a lost key fails the test, nothing is
    typed twice). ``replace``: select what the field holds first, so the typing replaces it.
    The page must come from ``open_app``/``page_in`` (they install the probe)."""
    before = page.evaluate("label => window.__tcCaret ? (window.__tcCaret[label] || 0) : -1", label)
    assert before >= 0, "the page has no caret probe: open it with open_app or page_in"
    tap_on(page.get_by_role("textbox", name=label))  # on screen by the wheel, like every tap
    try:
        page.wait_for_function(
            "([label, before]) => document.activeElement"
            " && document.activeElement.getAttribute('aria-label') === label"
            " && (window.__tcCaret[label] || 0) > before",
            arg=[label, before],
            timeout=60000,
        )
    except Exception as lost:
        focus = page.evaluate(
            "() => [document.activeElement && document.activeElement.tagName,"
            " document.activeElement && document.activeElement.getAttribute('aria-label'),"
            " JSON.stringify(window.__tcCaret)]"
        )
        raise AssertionError(
            f"no caret in {label!r} after one tap (focus, caret counts: {focus}); {server_heard(page)}"
        ) from lost
    acted()
    if replace:
        page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(text, delay=delay)
    typed = page.evaluate("() => document.activeElement && document.activeElement.value")
    assert typed == text, f"typed {text!r} into {label!r}, the field holds {typed!r}"


def unnamed_fields(page: Any) -> list[str]:
    """Text fields and text areas a screen reader cannot name (no aria-label): selectable
    text without a semantics label comes out as one of these."""
    return page.evaluate(
        "[...document.querySelectorAll('flt-semantics input, flt-semantics textarea')]"
        ".filter(e => !e.getAttribute('aria-label')).map(e => e.tagName + ' ' + (e.value || '').slice(0, 40))"
    )


def screen_texts(page: Any) -> list[str]:
    """What the accessibility tree says: each node's label, and the text of each leaf (a link in
    a text, such as an effect line's rule, is an ``a`` node of the tree, not a flt-semantics)."""
    return page.evaluate(
        "[...document.querySelectorAll('flt-semantics, a[id^=flt-semantic-node]')]"
        ".map(e => (e.getAttribute('aria-label') || '')"
        " + ' ' + (e.childElementCount ? '' : e.textContent))"
    )


def page_in(browser: Any, url: str, lang: str, theme: str | None = None) -> Any:
    """A phone-size page of the app at ``url`` whose stored language is ``lang`` (and theme,
    "light" or "dark", if given; else the device's) from the start (SharedPreferences live in
    localStorage on the web; the script runs before each load)."""
    page = new_phone_page(browser)
    stored = {"lang": lang, **({"theme": theme} if theme else {})}
    page.add_init_script(
        "".join(
            f"localStorage.setItem('flutter.table_companion.{k}', JSON.stringify('{v}'));"
            for k, v in stored.items()
        )
    )
    page.goto(url)
    enable_semantics(page)
    return page


def auto_label(table: Any, lang: str) -> str:
    """The text of the button that lets the app make the table's entry: "Let the app deal", or
    the game's own words where the app does not deal (chooses, draws, lays out: GameUI.auto_labels)."""
    from companion.i18n import translate
    from companion.ui.gameui import ui_for

    label, _ = ui_for(table.game_id).auto_labels.get(table.prompt.kind, ("play.deal", "play.deal_hint"))
    return translate(f"ui.{label}", lang)


def on_screen(page: Any, text: str) -> None:
    """Wait until the accessibility tree says ``text``."""
    wait_until(lambda: any(text in t for t in screen_texts(page)), what=f"{text!r} on screen")


@pytest.fixture(scope="module")
def browser() -> Any:
    """Debian's Chromium launched by Playwright (never downloaded), for every test that drives it
    (tests/browser and tests/hosted import this fixture in their conftest)."""
    playwright = pytest.importorskip("playwright.sync_api")
    exe = chromium()
    if exe is None:
        pytest.skip("Debian chromium is not installed")
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=exe, headless=True, args=CHROME_ARGS)
        yield launched
        launched.close()
