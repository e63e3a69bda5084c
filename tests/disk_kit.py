"""Making files misbehave for real, for the storage tests: read-only folders, damaged and non-SQLite
database files, a disk that fills up, and running a command-line tool with a time limit."""

from __future__ import annotations

import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from bot.storage.sqlite.migrate import available, migrate

ROOT = Path(__file__).resolve().parent.parent


class ReadOnlyFolder:
    """A folder whose files can be made read-only for real. Root ignores file permissions, so as
    root the folder is a small tmpfs remounted read-only; otherwise the files are chmod-ed."""

    def __init__(self, path: Path):
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        self.mounted = False
        if os.geteuid() == 0:
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", str(path)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                pytest.skip(f"running as root without the right to mount a tmpfs: {done.stderr.strip()}")
            self.mounted = True

    def freeze(self) -> None:
        if self.mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(self.path)], check=True)
            return
        for child in self.path.iterdir():
            child.chmod(0o444)
        self.path.chmod(0o555)

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.path)], check=False)
            return
        self.path.chmod(0o755)
        for child in self.path.iterdir():
            child.chmod(0o644)


def leave_wal_behind(db: Path) -> None:
    """End a writer the way a killed bot does, so the -wal and -shm files stay beside `db`."""
    script = ("import os, sqlite3, sys\n"
              "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "c.execute('CREATE TABLE IF NOT EXISTS scratch (x)'); c.execute('INSERT INTO scratch VALUES (1)')\n"
              "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", script, str(db)], check=True)
    assert Path(f"{db}-wal").exists() and Path(f"{db}-shm").exists()


def damage_header(db: Path) -> None:
    """The first bytes ("SQLite format 3") overwritten: SQLite says "file is not a database"."""
    with open(db, "r+b") as handle:
        handle.write(b"this is no header")


def damage_pages(db: Path) -> None:
    """Garbage over the middle of the file, the header left alone: the file opens, its b-trees are
    broken. The database must have been closed (its WAL folded back) first."""
    size = db.stat().st_size
    assert size >= 4 * 4096, "a database of a few pages"
    noise = random.Random(1).randbytes(3 * 4096)
    with open(db, "r+b") as handle:
        handle.seek(4096)
        handle.write(noise)


async def database_at_schema(path: Path, version: int, scratch: Path) -> aiosqlite.Connection:
    """An open connection to a new database at schema `version` (only the first `version`
    migrations, copied to the folder `scratch`), as the code of that time left it."""
    scratch.mkdir(parents=True, exist_ok=True)
    for migration in available()[:version]:
        (scratch / migration.path.name).write_text(migration.sql(), encoding="utf-8")
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate(conn, scratch)
    return conn


def schema_version(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    return version


def run_tool(args: list[str], *, cwd: Path = ROOT, env: dict | None = None, file_size_limit: int | None = None,
             timeout: float = 30) -> subprocess.CompletedProcess:
    """`python -m ...` with a time limit (killed, and the test failed, if it hangs); with
    `file_size_limit` every file it writes stops at that many bytes, as on a full disk."""

    def limit() -> None:  # in the child, before exec
        if file_size_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    run_env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    run_env.update(PYTHONPATH=str(ROOT), **(env or {}))
    try:
        return subprocess.run([sys.executable, *args], cwd=cwd, env=run_env, capture_output=True, text=True,
                              timeout=timeout, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)} did not exit within {timeout} s (a hang)")


def one_line(text: str) -> str:
    """The text, checked to be exactly one line and no traceback."""
    text = text.strip()
    assert text and "\n" not in text and "Traceback" not in text, text
    return text
