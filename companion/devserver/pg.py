"""A throwaway PostgreSQL server for the store tests, `make run-hosted` and a person trying the app
(`python -m companion.devserver.pg`; tests/pg_server.py re-exports it for the tests).

Started from Debian's `postgresql` package (`make postgres` installs it when missing) as an
unprivileged user (initdb refuses root; when the tests run as root a system user is made for it),
its data directory and unix socket in a temporary folder, `fsync=off` (a test server never needs
to survive a power cut), and stopped and removed at the end. It listens on its unix socket only,
no TCP port: a port picked before the server bound it could be taken meanwhile by another
server of the run (the server then failed to start), and a PostgreSQL holding a TCP port once
took the port a test had picked for its nginx (docs/DECISIONS.md, "Test servers bind their own
ports"). Every client reaches it through the socket (``url``).

Under pytest-xdist each worker starts its own server (tests/conftest.py): no lock or shared state
between the workers' processes, and a worker that crashes takes only its own server with it.
A server starts in about a second, small beside the PostgreSQL half of the suite.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

SERVER_USER = "tc-postgres"  # the unprivileged system user that runs the server when we are root
# The socket's name (.s.PGSQL.5432) in the server's own folder: no TCP port, nothing to share
SOCKET_PORT = 5432


class PostgresUnavailable(RuntimeError):
    """PostgreSQL cannot be started here: the message says why and what to do."""


def _bindir() -> Path:
    """The folder of initdb and pg_ctl: on PATH, else Debian's versioned folder (newest first)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
    if folders:
        return Path(folders[-1])
    raise PostgresUnavailable(
        "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin): "
        "run `make postgres` or `apt-get install -y postgresql`"
    )


def unprivileged_user(name: str) -> str | None:
    """The user to run a server as: None (ourselves) unless we are root, then the system user
    ``name``, made when missing (initdb refuses root; nginx as root would run as root)."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
            capture_output=True,
        )
    return name


class PostgresServer:
    """One running server; ``url(dbname)`` is how the store reaches a database on it."""

    def __init__(self, parent: Path | None = None) -> None:
        """``parent``: the folder to make the server's temporary folder in (default: the system's)."""
        self.bindir = _bindir()
        self.user = unprivileged_user(SERVER_USER)
        self.folder = Path(tempfile.mkdtemp(prefix="tc-postgres-", dir=parent))
        self.data = self.folder / "data"
        self.port = SOCKET_PORT
        self.role = self.user or pwd.getpwuid(os.geteuid()).pw_name
        if self.user:
            shutil.chown(self.folder, self.user)
        self.folder.chmod(0o755)  # we connect through the socket in it

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [str(self.bindir / command[0]), *command[1:]],
            user=self.user,
            capture_output=True,
            text=True,
            cwd=self.folder,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
        if done.returncode != 0:
            raise PostgresUnavailable(
                f"PostgreSQL could not be started: `{command[0]}` failed:\n{done.stdout}{done.stderr}"
            )

    def start(self, *, durable: bool = False) -> PostgresServer:
        """``durable``: commits reach the disk as in production (benchmarks); tests need not."""
        self._run("initdb", "-D", str(self.data), "-U", self.role, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = "" if durable else "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        # Tests leave stores to the collector: room for the connections not yet closed.
        options += f" -c max_connections=300 -p {self.port}"
        options += f" -c unix_socket_directories={self.folder} -c listen_addresses=''"  # no TCP port
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w", "start"
        )
        return self

    def stop(self) -> None:
        with contextlib.suppress(PostgresUnavailable):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{self.role}@/{dbname}?host={self.folder}&port={self.port}"

    def create_database(self, name: str) -> str:
        """A new empty database on this server; its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def running(*, durable: bool = False, parent: Path | None = None) -> Iterator[PostgresServer]:
    server = PostgresServer(parent)
    try:
        yield server.start(durable=durable)
    finally:
        server.stop()


def main() -> None:
    """A server to try the app on: `python -m companion.devserver.pg` (or `python -m tests.pg_server`)."""
    with running() as pg:
        print(f"TC_DATABASE={pg.create_database('companion')}\n(Ctrl-C stops and removes it)")
        with contextlib.suppress(KeyboardInterrupt):
            signal.pause()


if __name__ == "__main__":
    main()
