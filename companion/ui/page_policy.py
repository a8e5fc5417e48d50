"""The page's content security policy: the app's scripts come from its own server, never a CDN.

Flet 1.0.5's web client, served with ``no_cdn=True``, still adds a ``<script>`` for Rive's
runtime from cdn.jsdelivr.net at every page load (a constant compiled into the client). The app
draws no Rive animation; offline the request fails and nothing changes, but online every phone
at the table would tell a third party that it opened the app. The page the server sends
therefore carries this policy (as a ``<meta>`` ahead of Flutter's scripts, with the page's other
additions, ``sent_settings.WithScript``): scripts and workers only from the page's own server,
inline (Flet's bootstrap, the settings and notice scripts), ``blob:`` (Flutter's web workers)
and compiled WebAssembly; the browser refuses the CDN's script before any request leaves.
Nothing else is restricted (images, fonts and the websocket keep the browser's defaults).
"""

from __future__ import annotations

SCRIPT_SOURCES = "'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:"
"""``'unsafe-eval'``: a browser without ``'wasm-unsafe-eval'`` (Safari before 16) compiles
WebAssembly under it; ``data:``: none seen, kept so a client upgrade that inlines one still runs."""

META = f'<meta http-equiv="Content-Security-Policy" content="script-src {SCRIPT_SOURCES}">\n'
