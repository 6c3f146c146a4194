"""A real PostgreSQL for the tests: a cluster made in a temporary folder (`initdb`), started on 127.0.0.1 at a
free port (`pg_ctl`), a fresh database for each test that asks, and the whole stopped and removed at the
end. Made once for the test session (about two seconds), so the tests that use it stay quick.

The binaries are those on the PATH, else the newest of Debian's `postgresql` package
(/usr/lib/postgresql/<version>/bin). PostgreSQL will not run as root: as root, the cluster is made and run
as the `postgres` user (made by that package), else `nobody`.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BINARIES = ("initdb", "pg_ctl", "postgres")
SUPERUSER = "landlords"


def binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    folders = [Path(found).resolve().parent] if found else []
    folders += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    return next((f for f in folders if all((f / name).is_file() for name in BINARIES)), None)


def _version(folder: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())


def _runner() -> str | None:
    """The user PostgreSQL runs as: ourselves, or as root an unprivileged user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("PostgreSQL does not run as root, and there is no postgres or nobody user")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PostgresServer:
    """A running cluster; `database()` makes a new, empty database and gives its URL."""

    bin: Path
    folder: Path
    port: int = 0
    user: str | None = None
    made: int = field(default=0)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            command, user=self.user, capture_output=True, text=True, timeout=60, cwd=self.folder, check=False
        )
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}{tail}")

    def start(self) -> PostgresServer:
        self.user = _runner()
        if self.user is not None:
            record = pwd.getpwnam(self.user)
            os.chown(self.folder, record.pw_uid, record.pw_gid)
        initdb = [
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "-A",
            "trust",
            "-E",
            "UTF8",
        ]
        self._run(*initdb, "--no-sync", "--no-instructions")
        self.port = _free_port()
        settings = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.folder / "log")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", log, "-o", settings, "-w", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new, empty database's URL."""
        import psycopg

        self.made += 1
        name = f"test_{self.made}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name} STRATEGY FILE_COPY")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start_postgres() -> PostgresServer | None:
    """A cluster started for the tests, or None when PostgreSQL is not installed."""
    folder = binaries()
    if folder is None:
        return None
    server = PostgresServer(folder, Path(tempfile.mkdtemp(prefix="landlords-pg-")))
    try:
        return server.start()
    except BaseException:
        shutil.rmtree(server.folder, ignore_errors=True)
        raise
