"""nginx in front of several workers: the site of deploy/nginx.conf, for a public server or a local run.

``site`` renders deploy/nginx.conf, the one source of the proxy's settings: with TLS and the
operator's domain and certificate for a public server (``python -m companion.devserver.nginx``
prints it), or without TLS on a local address for `make run-hosted`. ``Nginx`` runs Debian's
nginx (`make nginx` installs it when missing) as an unprivileged process with its configuration,
logs and temporary files in a temporary folder, and stops it.

The template's marks (documented at its top): lines between ``# <tls>`` and ``# </tls>`` are the
public server's only; a line ending in ``# worker`` stands for one worker (the first such line is
repeated once per port, the others dropped); ``# local: <directive>`` is the local run's only.
A line-based template rather than a template engine: the file must stay a plain nginx file an
operator can read and edit, and nothing here needs loops or logic beyond those three marks.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from companion.devserver.pg import unprivileged_user

TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
SERVER_USER = "tc-nginx"  # the unprivileged system user that runs nginx when we are root
PLACEHOLDER = re.compile(r"@[A-Z_]+@")
WORKER_ADDRESS = re.compile(r"127\.0\.0\.1:\d+")


class NginxUnavailable(RuntimeError):
    """nginx cannot be started here: the message says why and what to do."""


@dataclass(frozen=True)
class Tls:
    """A public server's name and certificate (the template's placeholders)."""

    domain: str
    certificate: str
    certificate_key: str


def site(
    ports: list[int], *, tls: Tls | None = None, listen: str = "127.0.0.1:8550", template: str | None = None
) -> str:
    """The site file for workers on 127.0.0.1:``ports``: public with ``tls``, else on ``listen``."""
    lines = (template if template is not None else TEMPLATE.read_text(encoding="utf-8")).splitlines()
    out: list[str] = []
    in_tls = workers_done = False
    for line in lines:
        mark = line.strip()
        if mark in ("# <tls>", "# </tls>"):
            in_tls = mark == "# <tls>"
            continue
        if in_tls and tls is None:
            continue
        if mark.startswith("# local:"):
            if tls is None:
                indent = line[: len(line) - len(line.lstrip())]
                out.append(indent + mark.removeprefix("# local:").strip().replace("127.0.0.1:8550", listen))
            continue
        if line.rstrip().endswith("# worker"):
            if not workers_done:
                out += [WORKER_ADDRESS.sub(f"127.0.0.1:{port}", line) for port in ports]
                workers_done = True
            continue
        out.append(line)
    if tls is not None:
        values = {
            "@DOMAIN@": tls.domain,
            "@CERTIFICATE@": tls.certificate,
            "@CERTIFICATE_KEY@": tls.certificate_key,
        }
        out = [
            line if _comment(line) else PLACEHOLDER.sub(lambda m: values.get(m.group(), m.group()), line)
            for line in out
        ]
    for line in out:  # the comments name the placeholders; a directive must not keep one
        left = None if _comment(line) else PLACEHOLDER.search(line)
        if left:
            raise ValueError(f"deploy/nginx.conf: placeholder {left.group()} has no value")
    text = "\n".join(out) + "\n"
    return text


def _comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def main_config(folder: Path, site_file: Path) -> str:
    """A whole nginx configuration around ``site_file`` that writes only inside ``folder``
    (the pid file and `daemon off` come from the command line, see ``command``)."""
    temp = folder / "temp"
    return f"""# Written by companion/devserver/nginx.py for one run; removed with its folder.
worker_processes 1;
events {{
    worker_connections 1024;
}}
http {{
    log_format companion '$remote_addr "$request" $status $body_bytes_sent upstream=$upstream_addr';
    access_log {folder}/access.log companion;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {site_file};
}}
"""


def executable() -> str:
    """Debian's nginx: on PATH, else /usr/sbin (not on an ordinary user's PATH)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if found is None:
        raise NginxUnavailable("nginx is not installed: run `make nginx` or `apt-get install -y nginx`")
    return found


def command(folder: Path, *extra: str) -> list[str]:
    """nginx with the configuration in ``folder``, in the foreground, its pid file there too."""
    return [
        executable(),
        "-p",
        str(folder),
        "-e",
        str(folder / "error.log"),  # from the start: the default log may be root's
        "-c",
        str(folder / "nginx.conf"),
        "-g",
        f"daemon off; pid {folder / 'nginx.pid'};",
        *extra,
    ]


def write_config(folder: Path, site_text: str) -> Path:
    """The site and the whole configuration around it in ``folder``; the latter's path."""
    (folder / "temp").mkdir(exist_ok=True)
    (folder / "site.conf").write_text(site_text, encoding="utf-8")
    config = folder / "nginx.conf"
    config.write_text(main_config(folder, folder / "site.conf"), encoding="utf-8")
    return config


def check(folder: Path, user: str | None = None) -> subprocess.CompletedProcess[str]:
    """`nginx -t` on the configuration written in ``folder``: its exit status and messages."""
    return subprocess.run(command(folder, "-t"), user=user, capture_output=True, text=True)


class Nginx:
    """One nginx, its folder made in ``parent``; ``start`` returns once it accepts connections."""

    def __init__(self, parent: Path | None = None) -> None:
        self.user = unprivileged_user(SERVER_USER)
        self.folder = Path(tempfile.mkdtemp(prefix="tc-nginx-", dir=parent))
        if self.user:
            shutil.chown(self.folder, self.user)
        self.folder.chmod(0o755)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, ports: list[int], host: str, port: int, timeout: float = 15.0) -> Nginx:
        listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"  # IPv6 in brackets
        if _taken(host, port):
            raise NginxUnavailable(f"port {port} on {host} is already in use: choose another with --port")
        write_config(self.folder, site(ports, listen=listen))
        if self.user:
            for path in (self.folder / "temp", *self.folder.iterdir()):
                shutil.chown(path, self.user)
        self.process = subprocess.Popen(
            command(self.folder), user=self.user, start_new_session=True, stdin=subprocess.DEVNULL
        )
        # Ready when nginx has written its pid file (it does so only once its sockets are bound)
        # and the address answers. The answer alone is not enough: another server that took the
        # port since the check above also answers, while nginx exits on "Address already in use".
        deadline = time.monotonic() + timeout
        while not (self._pid_written() and _accepts(host, port)):
            if self.process.poll() is not None or time.monotonic() > deadline:
                errors = self.errors()  # before stop, which removes the folder and its log
                self.stop()
                raise NginxUnavailable(f"nginx did not start on {host}:{port}:\n{errors}")
            time.sleep(0.05)
        return self

    def _pid_written(self) -> bool:
        assert self.process is not None
        with contextlib.suppress(OSError, ValueError):
            return int((self.folder / "nginx.pid").read_text()) == self.process.pid
        return False

    def errors(self) -> str:
        with contextlib.suppress(OSError):
            return (self.folder / "error.log").read_text(encoding="utf-8", errors="replace")
        return ""

    def stop(self) -> None:
        """A fast shutdown (SIGTERM: open connections are closed), killed if it lingers."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _accepts(host: str, port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((_reachable(host), port), timeout=0.5):
        return True
    return False


def _taken(host: str, port: int) -> bool:
    """Whether a server already listens on ``host``:``port`` (binding it as nginx would fails)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as nginx binds
        try:
            probe.bind((host, port))
        except OSError:
            return True
    return False


def _reachable(host: str) -> str:
    """The address to knock at for a listen address (all interfaces: this machine's loopback)."""
    return {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)


def cli(argv: list[str] | None = None) -> None:
    """Print the public site for a domain: `python -m companion.devserver.nginx --domain ...`."""
    parser = argparse.ArgumentParser(description="Print deploy/nginx.conf filled in for a public server.")
    parser.add_argument("--domain", required=True)
    parser.add_argument("--certificate", required=True, help="the certificate chain (PEM)")
    parser.add_argument("--certificate-key", required=True, help="its private key (PEM)")
    parser.add_argument("--ports", type=int, nargs="+", default=[8551, 8552], help="the workers' ports")
    args = parser.parse_args(argv)
    print(site(args.ports, tls=Tls(args.domain, args.certificate, args.certificate_key)), end="")


if __name__ == "__main__":
    cli()
