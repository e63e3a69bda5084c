"""A real PostgreSQL server for the tests, started by the tests themselves.

The server is the one the `pgserver` package ships (the dev extra: `pip install -e ".[dev]"` is
all a fresh machine needs). One server per test session, started the first time a test asks for
it and stopped at the end; each test gets a database of its own, copied from a template that
already holds the schema (CREATE DATABASE ... TEMPLATE takes a fraction of a second).

Fixtures (registered in conftest.py):
- `pg_server`: the session's server; `.url(name)`, `.new_database(migrated=True)`.
- `pg_url`: a fresh, migrated database's URL for one test.
- `backend` / `db_target`: a test taking `db_target` runs twice, on a SQLite file and on a
  PostgreSQL database (`backend` says which).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

TEMPLATE = "bot_schema_template"


class PgServer:
    def __init__(self, folder: Path):
        # pgserver keeps its lock file in the runtime folder, read when it is imported.
        runtime = folder / "run"
        runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
        import pgserver

        logging.getLogger("pgserver").setLevel(logging.WARNING)
        self.folder = folder
        self.server = pgserver.get_server(folder / "data", cleanup_mode="delete")
        self.base_url = self.server.get_uri()  # postgresql://postgres:@/postgres?host=<socket dir>
        self._names = itertools.count(1)
        self._template_ready = False

    def url(self, database: str) -> str:
        head, _, query = self.base_url.partition("?")
        return f"{head.rsplit('/', 1)[0]}/{database}" + (f"?{query}" if query else "")

    async def _admin(self, *statements: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.base_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()

    async def new_database(self, *, migrated: bool = True) -> str:
        """The URL of a new, empty database; with `migrated`, one that holds the current schema."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        if migrated and not self._template_ready:
            await self._make_template()
        template = TEMPLATE if migrated else "template0"
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return self.url(name)

    async def restore(self, archive: Path) -> str:
        """A new database holding what a pg_dump archive holds (as an operator restores one)."""
        from bot.storage.postgres.dump import restore_dump

        url = await self.new_database(migrated=False)
        await restore_dump(archive, url)
        return url

    async def _make_template(self) -> None:
        from bot.storage.postgres.database import PostgresDatabase

        await self._admin(f"DROP DATABASE IF EXISTS {TEMPLATE}", f"CREATE DATABASE {TEMPLATE}")
        db = await PostgresDatabase.open(self.url(TEMPLATE), migrate_schema=True, clock=_never)
        await db.close()
        self._template_ready = True

    def cpu_seconds(self) -> float:
        """CPU time the server and its backends have used so far (for the benchmarks; psutil
        comes with pgserver)."""
        import psutil

        root = psutil.Process(self.server.get_pid())
        times = root.cpu_times()  # the ended backends' time is the postmaster's children's
        total = times.user + times.system + times.children_user + times.children_system
        for proc in root.children(recursive=True):  # the backends still running
            try:
                times = proc.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return total

    def stop(self) -> None:
        self.server.cleanup()


def _never():
    raise AssertionError("a new database is never backed up before its first migration")


@pytest.fixture(scope="session")
def pg_server():
    # Not under pytest's own temporary folder: as root the server runs as the user `pgserver`,
    # and another pytest run makes /tmp/pytest-of-root private again while this one still runs.
    folder = Path(tempfile.mkdtemp(prefix="boardgame-pg-"))
    server = PgServer(folder)
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server):
    return asyncio.run(pg_server.new_database())


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request):
    return request.param


@pytest.fixture
def db_target(request, backend, tmp_path):
    """Where a test's database is: a SQLite file in tmp_path, or a new PostgreSQL database."""
    if backend == "sqlite":
        return tmp_path / "data" / "bot.sqlite"
    return request.getfixturevalue("pg_url")


__all__ = ["backend", "db_target", "pg_server", "pg_url"]  # the fixtures conftest.py takes


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


async def pg_database_at_schema(url: str, version: int, scratch: Path):
    """An open asyncpg connection to the (empty) database at `url`, brought to schema `version`
    only (the first `version` PostgreSQL migrations, copied to the folder `scratch`)."""
    import asyncpg

    from bot.storage.postgres.migrate import migrate, postgres_migrations

    scratch.mkdir(parents=True, exist_ok=True)
    for migration in postgres_migrations()[:version]:
        (scratch / migration.path.name).write_text(migration.sql(), encoding="utf-8")
    conn = await asyncpg.connect(url)
    await migrate(conn, scratch)
    return conn
