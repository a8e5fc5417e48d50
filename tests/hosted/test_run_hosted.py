"""deploy/: the sample nginx site and `make run-hosted` (deploy/run_hosted.py).

nginx itself checks both renderings of deploy/nginx.conf (`nginx -t`). Then the launcher runs
in a subprocess, as `make run-hosted` starts it, with the workers in its default mode
(`companion serve --hosted`): it must answer on one address through nginx with both workers in
use, serve the recovery link's landing page (/space), pass a websocket upgrade, tell the
workers who the visitor is (and only nginx may), and leave no process and no folder after
Ctrl+C, every worker stopped with status 0. Needs Debian's nginx and postgresql (`make nginx
postgres`). The LAN mode behind nginx (`--no-hosted`) is only checked for its command line: a
public server must not run it (docs/HOSTING.md).
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from companion.devserver import nginx
from companion.devserver.ports import check_held, free_port

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 90  # PostgreSQL, two cold workers and nginx on a busy two-core machine
MALFORMED = b"\x00\xc1"  # a Flet frame whose body is no msgpack (0xc1 is never used): dropped


# ---- the configuration ---------------------------------------------------------------------
@pytest.fixture
def certificate(tmp_path: Path) -> nginx.Tls:
    """A self-signed certificate for the sample's placeholders (openssl's command line)."""
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    request = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        [*request, "-subj", "/CN=games.test", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return nginx.Tls("games.test", str(cert), str(key))


def _nginx_t(folder: Path, site_text: str) -> subprocess.CompletedProcess[str]:
    nginx.write_config(folder, site_text)
    return nginx.check(folder)


def test_the_public_sample_passes_nginx_check(tmp_path: Path, certificate: nginx.Tls) -> None:
    text = nginx.site([8551, 8552], tls=certificate)
    done = _nginx_t(tmp_path, text)
    assert done.returncode == 0, done.stderr
    assert "listen 443 ssl" in text and f"ssl_certificate     {certificate.certificate};" in text
    assert "server 127.0.0.1:8551 " in text and "server 127.0.0.1:8552 " in text
    assert "listen 127.0.0.1" not in text  # the local run's listen line is left out


def test_the_operator_command_prints_the_public_site(capsys: pytest.CaptureFixture[str]) -> None:
    tls = nginx.Tls("games.test", "/etc/ssl/games.pem", "/etc/ssl/games.key")
    nginx.cli(
        ["--domain", tls.domain, "--certificate", tls.certificate, "--certificate-key", tls.certificate_key]
    )
    assert capsys.readouterr().out == nginx.site([8551, 8552], tls=tls)


def test_the_sample_as_shipped_is_refused_until_its_placeholders_are_filled(tmp_path: Path) -> None:
    """The file as it is in deploy/ names no certificate: nginx refuses it, and so does ``site``."""
    raw = nginx.TEMPLATE.read_text(encoding="utf-8")
    assert {"@DOMAIN@", "@CERTIFICATE@", "@CERTIFICATE_KEY@"} <= set(re.findall(r"@[A-Z_]+@", raw))
    done = _nginx_t(tmp_path, raw)
    assert done.returncode != 0 and "@CERTIFICATE@" in done.stderr
    with pytest.raises(ValueError, match="@DOMAIN@"):
        nginx.site([8551], tls=None, template=raw.replace("# <tls>", "").replace("# </tls>", ""))


def test_the_local_rendering_passes_nginx_check_without_tls(tmp_path: Path) -> None:
    text = nginx.site([40001, 40002, 40003], listen="127.0.0.1:40000")
    done = _nginx_t(tmp_path, text)
    assert done.returncode == 0, done.stderr
    assert "ssl" not in text and "443" not in text
    assert not re.search(r"^[^#]*@[A-Z_]+@", text, re.MULTILINE)
    assert "listen 127.0.0.1:40000;" in text
    assert [f"127.0.0.1:{p}" for p in (40001, 40002, 40003)] == re.findall(r"server (127\.0\.0\.1:\d+)", text)


def _listener() -> socket.socket:
    """Another server on a free port of 127.0.0.1 (it accepts and never answers)."""
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen()
    return held


def _refused_on_a_held_port(reason: str) -> None:
    """Start nginx on the port another server holds: refused, saying ``reason``; nothing left running."""
    with _listener() as held:
        server = nginx.Nginx()
        try:
            with pytest.raises(nginx.NginxUnavailable, match=reason):
                server.start([free_port()], "127.0.0.1", held.getsockname()[1])
        finally:
            server.stop()


def test_nginx_refuses_a_port_another_server_holds() -> None:
    _refused_on_a_held_port("already in use")


def test_nginx_is_ready_only_once_it_holds_its_port(monkeypatch: pytest.MonkeyPatch) -> None:
    """The port taken between the check and nginx's bind: the address answers (the other
    server), but nginx exits, and start says so with nginx's own reason."""
    monkeypatch.setattr(nginx, "_taken", lambda host, port: False)
    _refused_on_a_held_port("Address already in use")


# ---- the launcher --------------------------------------------------------------------------
def test_the_workers_are_hosted_by_default_and_believe_only_the_local_proxy() -> None:
    from deploy import run_hosted

    assert run_hosted.parse_args([]).hosted and not run_hosted.parse_args(["--no-hosted"]).hosted
    hosted = run_hosted.Worker("postgresql://x@/y", Path("data"), hosted=True).command
    lan = run_hosted.Worker("postgresql://x@/y", Path("data"), hosted=False).command
    assert "--hosted" in hosted and "--hosted" not in lan
    assert hosted[hosted.index("--trusted-proxy") + 1] == "127.0.0.1"
    assert hosted[hosted.index("--host") + 1] == "127.0.0.1"  # never reachable but through nginx
    assert hosted[hosted.index("--port") + 1] == "0"  # it binds a free port itself and says which


def test_a_worker_is_ready_on_the_port_it_bound_itself(pg_url: str, tmp_path: Path) -> None:
    """The launcher picked each worker's port before the worker bound it, and took any answer
    there for the worker's; now the worker binds port 0 and the launcher reads the port it says."""
    from deploy import run_hosted

    worker = run_hosted.Worker(pg_url, tmp_path, hosted=True)
    try:
        worker.start().wait_ready(time.monotonic() + START_SECONDS)
        assert worker.process is not None
        check_held(worker.port, worker.process.pid)
    finally:
        worker.stop()
    assert worker.process.returncode == 0


# The launcher starts as a shell's background job starts it: with SIGINT ignored, a setting that
# exec keeps and Python honours (it installs its own Ctrl+C handler only where SIGINT was at its
# default). This is the harder case for the Ctrl+C test below, and it failed there once: the
# launcher had inherited SIG_IGN from the test worker and Ctrl+C did nothing.
_WITH_SIGINT_IGNORED = "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"


class Launcher:
    """deploy/run_hosted.py in a subprocess (SIGINT ignored at its start), its output collected
    line by line."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen(
            # --port 0: the launcher picks nginx's port just before nginx binds it. A port picked
            # here is free for the whole start (a minute on a busy machine) and was once taken
            # meanwhile: by a PostgreSQL, which closed every request without an answer.
            [sys.executable, "-c", _WITH_SIGINT_IGNORED, "deploy/run_hosted.py", "--port", "0"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",  # a stray byte must not end the reader (the pipe would then fill)
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def wait_for(self, pattern: str, seconds: float) -> re.Match[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in list(self.lines):
                found = re.search(pattern, line)
                if found:
                    return found
            if self.process.poll() is not None:
                time.sleep(0.2)  # the reader's last lines
                break
            time.sleep(0.1)
        pytest.fail(f"no line matching {pattern!r} from run_hosted.py:\n{''.join(self.lines)}", pytrace=False)

    @property
    def port(self) -> int:
        return int(self.wait_for(r"^Open http://127\.0\.0\.1:(\d+)/$", 1).group(1))

    @property
    def folder(self) -> Path:
        return Path(self.wait_for(r"Logs and data in (\S+) ", 1).group(1))

    @property
    def worker_ports(self) -> set[str]:
        return set(self.wait_for(r"\(ports (\d+), (\d+)\)", 1).groups())

    def stop(self) -> None:
        """Ctrl+C; if that fails (the failure a test reports), SIGTERM, which also stops the
        servers it started, and only then a kill."""
        for stop in (signal.SIGINT, signal.SIGTERM):
            if self.process.poll() is not None:
                return
            self.process.send_signal(stop)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                continue
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def launcher() -> Iterator[Launcher]:
    started = Launcher()
    try:
        started.wait_for(r"^Open http://127\.0\.0\.1:\d+/$", START_SECONDS)
        yield started
    finally:
        started.stop()


def _get(port: int, source: str, path: str = "/") -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def test_one_address_answers_and_both_workers_serve(launcher: Launcher) -> None:
    """Visitors from different addresses (127.0.0.x, all this machine) are spread over both
    workers by the address hash; nginx's access log names the worker of each request."""
    log = next(launcher.folder.glob("tc-nginx-*")) / "access.log"
    used: set[str] = set()
    for last in range(2, 66):  # the hash sends these 64 addresses to one worker with odds of 2**-63
        response = _get(launcher.port, f"127.0.0.{last}")
        assert response.status == 200
        assert response.getheader("X-Frame-Options") == "DENY"
        assert response.getheader("Referrer-Policy") == "no-referrer"
        used = set(re.findall(r"upstream=127\.0\.0\.1:(\d+)", log.read_text()))
        if len(used) == 2:
            break
    assert used == launcher.worker_ports


def test_the_client_files_are_compressed_and_revalidated(launcher: Launcher) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", launcher.port, timeout=10)
    conn.request("GET", "/main.dart.js", headers={"Accept-Encoding": "gzip"})
    script = conn.getresponse()
    body = script.read()
    assert script.status == 200 and script.getheader("Content-Encoding") == "gzip"
    assert script.getheader("Cache-Control") == "no-cache" and script.getheader("ETag")
    conn.request("GET", "/main.dart.js", headers={"If-None-Match": script.getheader("ETag", "")})
    again = conn.getresponse()
    assert again.status == 304 and again.read() == b""  # unchanged: no body
    conn.request("GET", "/icons/icon-192.png")
    icon = conn.getresponse()
    icon.read()
    assert icon.status == 200 and icon.getheader("Cache-Control") == "max-age=604800"
    conn.close()
    assert len(gzip.decompress(body)) > 2 * len(body)  # really compressed (9.6 MB to 2.6 here)


def test_the_recovery_links_landing_page_is_served_through_nginx(launcher: Launcher) -> None:
    """/space exists in hosted mode only (ui/webserver.py): the workers behind nginx are hosted."""
    conn = http.client.HTTPConnection("127.0.0.1", launcher.port, timeout=10)
    conn.request("GET", "/space")
    page = conn.getresponse()
    body = page.read().decode()
    conn.close()
    assert page.status == 200 and page.getheader("Content-Type", "").startswith("text/html")
    assert "flutter.com.tablecompanion.space" in body and "location.hash" in body
    assert page.getheader("Cache-Control") == "no-store"  # the app's own, not nginx's no-cache
    assert page.getheader("Referrer-Policy") == "no-referrer"


def test_a_websocket_upgrades_through_nginx(launcher: Launcher) -> None:
    with connect(f"ws://127.0.0.1:{launcher.port}/ws", proxy=None, open_timeout=10) as ws:
        assert ws.response is not None and ws.response.status_code == 101
        assert ws.response.headers["Upgrade"].lower() == "websocket"


def _dropped_connection_of(launcher: Launcher, source: str) -> str:
    """Open /ws from ``source`` with a forged X-Forwarded-For, send a malformed frame, and read
    which address the worker says it dropped (its guard logs the peer it recorded)."""
    sock = socket.create_connection(("127.0.0.1", launcher.port), timeout=10, source_address=(source, 0))
    forged = {"X-Forwarded-For": "203.0.113.9"}
    with connect(
        f"ws://127.0.0.1:{launcher.port}/ws", sock=sock, additional_headers=forged, proxy=None
    ) as ws:
        ws.send(MALFORMED)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
    escaped = re.escape(source)
    return launcher.wait_for(rf"dropped the connection of (\S*{escaped}): over its budget", 10).group(1)


def test_the_workers_believe_nginx_about_the_visitor(launcher: Launcher) -> None:
    # From nginx's own address: recorded as given, not "proxied:" (the workers trust 127.0.0.1),
    # and not the forged 203.0.113.9 (nginx replaces what a visitor claims).
    assert _dropped_connection_of(launcher, "127.0.0.1") == "127.0.0.1"
    # From another address: the worker records the visitor's, not nginx's. (A visitor on a
    # loopback address that came through a proxy is marked "proxied:": never this machine.)
    assert _dropped_connection_of(launcher, "127.0.0.3") in ("127.0.0.3", "proxied:127.0.0.3")
    assert not any("203.0.113.9" in line for line in launcher.lines)


# ---- Ctrl+C --------------------------------------------------------------------------------
def _parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def _descendants(roots: set[int]) -> set[int]:
    found = set(roots)
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]
    while True:
        more = {pid for pid in pids if pid not in found and _parent_of(pid) in found}
        if not more:
            return found
        found |= more


def _name(pid: int) -> str:
    """postgres, nginx, or companion.cli for a worker (a Python running ``-m companion.cli``)."""
    try:
        if b"companion.cli" in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0"):
            return "companion.cli"
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:  # gone meanwhile (a short-lived helper such as pg_ctl)
        return "?"


def _ignores_sigint(pid: int) -> bool:
    """Whether the process ignores SIGINT now (bit 2 of SigIgn in /proc/PID/status)."""
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
    return bool(ignored & (1 << (signal.SIGINT - 1)))


def _running(pid: int) -> bool:
    """Alive and not a zombie (a container's init may never reap a daemon's exit)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.browser
def test_a_phone_through_nginx_gets_links_with_the_address_it_opened(
    launcher: Launcher, browser: Any
) -> None:
    """The links and QR codes a phone is shown (here the recovery link) carry the address and
    port the phone opened: nginx passes the visitor's Host header as it came ($http_host; $host
    drops the port, and every QR code of `make run-hosted` pointed at port 80)."""
    from test_hosted_browser import qr_on_screen
    from ui_browser_kit import PHONE, enable_semantics, tap_on, wait_until

    url = f"http://127.0.0.1:{launcher.port}/"
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(url)
        enable_semantics(page)
        tap_on(page.get_by_role("button", name="Settings").first)
        tap_on(page.get_by_role("button", name="Recovery link and devices").first)
        shown = wait_until(lambda: qr_on_screen(page), what="the recovery link's QR code")
        assert shown.startswith(f"{url}space#"), shown
    finally:
        context.close()


def test_ctrl_c_stops_every_process_and_removes_the_folder(launcher: Launcher) -> None:
    """Last in this file: it stops the module's launcher, which started with SIGINT ignored."""
    assert _ignores_sigint(launcher.process.pid) is False  # run_hosted put the handler back
    folder = launcher.folder
    postmaster = int((next(folder.glob("tc-postgres-*")) / "data" / "postmaster.pid").read_text().split()[0])
    processes = _descendants({launcher.process.pid, postmaster})
    names = [_name(pid) for pid in processes]
    # PostgreSQL, nginx (master and worker) and the two workers are all counted
    assert names.count("postgres") >= 1 and names.count("nginx") >= 2, names
    assert names.count("companion.cli") == 2, names

    launcher.process.send_signal(signal.SIGINT)
    try:
        code = launcher.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        still = [(pid, _name(pid)) for pid in processes if _running(pid)]
        pytest.fail(
            f"run_hosted.py still running 30 s after Ctrl+C; alive: {still}; it said:\n{''.join(launcher.lines[-40:])}",
            pytrace=False,
        )
    assert code == 0
    time.sleep(0.2)  # the reader's last lines
    assert not [line for line in launcher.lines if "exit status" in line], "".join(launcher.lines)
    deadline = time.monotonic() + 5
    while any(_running(pid) for pid in processes) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in processes if _running(pid)] == []
    assert not folder.exists()
