"""What a phone shows while its connection to the server is lost, in the reader's language.

When the websocket drops (the laptop serving the table went to sleep, the phone left the Wi-Fi,
the server restarted), Flet's web client replaces the whole screen with its own boot screen: a
light page saying "Working..." in English, compiled into the client, whatever the language and
theme the player chose. The page the server sends therefore carries ``script()`` (added to Flet's
``index.html`` by ``sent_settings.WithScript``), which watches the app's websocket and, from the
moment it closes until one opens again, lays a notice over the page: what happened and what to
check, in the stored language and theme (the same ``localStorage`` keys the app keeps its
settings in; none stored: the app's defaults). Flet reconnects by itself; the notice goes when it
has. It takes the taps that would otherwise reach a client with no server behind it.

The first load shows the same boot screen, "Working...", from Flutter's start until the first
screen comes: the same notice, saying "Loading the table…" / "Cargando la mesa…", lies over the
page from the moment its body is there until the server's first messages have stopped for
``QUIET_MS`` (the first screen is in them), or becomes the lost-connection notice if the
websocket closes first.
"""

from __future__ import annotations

import json
from functools import cache

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, translate
from companion.ui.settings import PREFIX

NOTICE_ID = "tc-connection-lost"
TITLE, LINE = "ui.connection.lost_title", "ui.connection.lost_line"
LOADING = "ui.connection.loading"

# The dark and light colours of the app's own surfaces (Material 3 from the app's seed colour).
_STYLE = """
#%(id)s{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;
justify-content:center;padding:24px;box-sizing:border-box;font-family:Roboto,system-ui,sans-serif;
background:#fff8f6;color:#231918}
#%(id)s[data-theme=dark]{background:#1a1110;color:#f1dfdc}
#%(id)s[hidden]{display:none}
#%(id)s div{max-width:320px;text-align:center}
#%(id)s h2{font-size:20px;font-weight:500;margin:16px 0 8px}
#%(id)s p{font-size:15px;line-height:1.4;margin:0}
#%(id)s p:empty{display:none}
#%(id)s[data-kind=loading] i{display:none}
#%(id)s i{display:inline-block;width:28px;height:28px;border-radius:50%%;
border:3px solid currentColor;border-right-color:transparent;animation:tc-turn 1s linear infinite}
@keyframes tc-turn{to{transform:rotate(360deg)}}
"""

_WATCH = """
  const stored = (name) => {
    try { const v = localStorage.getItem(prefix + name); return v === null ? null : JSON.parse(v); }
    catch (e) { return null; }
  };
  let notice = null, leaving = false, first = null;
  addEventListener('pagehide', () => { leaving = true; });
  const lay = (kind, title, line) => {
    const lang = texts[stored('lang')] ? stored('lang') : fallback;
    const theme = stored('theme');
    const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (notice === null) {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.appendChild(style);
      notice = document.createElement('div');
      notice.id = id;
      notice.innerHTML = '<div><i aria-hidden="true"></i><h2></h2><p></p></div>';
      document.body.appendChild(notice);
    }
    notice.setAttribute('role', kind === 'lost' ? 'alert' : 'status');
    notice.dataset.kind = kind;
    notice.dataset.theme = dark ? 'dark' : 'light';
    notice.lang = lang;
    notice.querySelector('h2').textContent = texts[lang][title];
    notice.querySelector('p').textContent = line === null ? '' : texts[lang][line];
    notice.hidden = false;
  };
  const show = () => { if (!leaving) { first = null; lay('lost', 0, 1); } };
  const load = () => { if (notice === null && first === null) { first = 0; lay('loading', 2, null); } };
  if (document.body) load(); else addEventListener('DOMContentLoaded', load);
  // the first screen comes in the server's first messages: gone once they stop for a moment,
  // or at the latest ``most`` ms after the first (a server that never pauses)
  let since = null;
  const heard = () => {
    if (first === null) return;
    clearTimeout(first);
    since = since === null ? performance.now() : since;
    const wait = Math.max(0, Math.min(quiet, since + most - performance.now()));
    first = setTimeout(() => requestAnimationFrame(() => {
      if (first !== null && notice.dataset.kind === 'loading') { first = null; notice.hidden = true; }
    }), wait);
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { if (notice !== null && notice.dataset.kind === 'lost') notice.hidden = true; });
      this.addEventListener('message', heard);
      this.addEventListener('close', show);
    }
  };
"""
# How long the server's first messages must have stopped before the loading notice goes (ms): the
# register answer and the first screen came 80 to 380 ms apart on a loaded machine; and the
# latest it goes after the first message, whatever follows
QUIET_MS, MOST_MS = 250, 2000


def texts() -> dict[str, list[str]]:
    """The notice's title and line, and the first load's line, in each language the app speaks."""
    return {
        lang: [translate(TITLE, lang), translate(LINE, lang), translate(LOADING, lang)] for lang in LANGUAGES
    }


@cache
def script() -> str:
    """The page's script, with ``texts`` and the style written into it. Made on first use, not at
    import: it reads both catalogues, which the server must not parse before it listens (the
    warm-up makes it, ui/warmup.py, after the catalogues' cache is set)."""
    return (
        "<script>\n(() => {\n"
        f"  const id = {json.dumps(NOTICE_ID)}, prefix = {json.dumps('flutter.' + PREFIX)};\n"
        f"  const texts = {json.dumps(texts())}, fallback = {json.dumps(DEFAULT_LANGUAGE)}, quiet = {QUIET_MS}, most = {MOST_MS};\n"
        f"  const css = {json.dumps(' '.join((_STYLE % {'id': NOTICE_ID}).split()))};"
        + _WATCH
        + "})();\n</script>\n"
    )
