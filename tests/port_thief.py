"""A foreign server on a port of its own: what took, in CI, the port a test had picked before its
own server bound it (the tests of the test servers hand its port to the old ``free_port``)."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager

FOREIGN = b"a foreign server, not the one the test started"


class _Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(FOREIGN)))
        self.end_headers()
        self.wfile.write(FOREIGN)

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


@contextmanager
def foreign_server() -> Iterator[int]:
    """An HTTP server answering every GET with FOREIGN, on 127.0.0.1; yields its port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    thread = threading.Thread(target=server.serve_forever, name="foreign", daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
