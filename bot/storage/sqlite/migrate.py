"""Apply the numbered .sql files in migrations/ in order, recording the version in the database.

The applied version is `PRAGMA user_version`: it lives in the database header and changes in
the same transaction as the migration, so a crash leaves either the old or the new schema.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

import migrations
from bot.storage.records import StorageError

# The .sql files ship as package data of the `migrations` package, so a plain
# (non-editable) install finds them too.
MIGRATIONS_DIR = Path(migrations.__file__).resolve().parent
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
_CREATES = re.compile(r"^\s*CREATE TABLE (?:IF NOT EXISTS )?(\w+)", re.IGNORECASE | re.MULTILINE)


class MigrationError(StorageError):
    """The migrations on disk or the database's version cannot be reconciled."""


@dataclass(frozen=True)
class Migration:
    version: int
    path: Path

    def sql(self) -> str:
        return self.path.read_text(encoding="utf-8")


def available(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """The migrations on disk, checked to be numbered 1, 2, 3 ... without gaps or twins."""
    found = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if not match:
            raise MigrationError(f"{path.name}: migrations are named like 001_initial.sql")
        found.append(Migration(int(match.group(1)), path))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(f"{migration.path.name}: expected migration number {expected:03d}")
    return found


def our_tables(directory: Path = MIGRATIONS_DIR) -> set[str]:
    """The names of every table the migrations create."""
    return {name.lower() for migration in available(directory) for name in _CREATES.findall(migration.sql())}


async def foreign_tables(conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Tables of a database that no migration of this bot creates (SQLite's own left out)."""
    async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
                            "ESCAPE '\\' ORDER BY name") as cursor:
        names = [row[0] for row in await cursor.fetchall()]
    ours = our_tables(directory)
    return [name for name in names if name.lower() not in ours]


def not_ours(path: object, foreign: list[str]) -> str:
    """The one line refusing another program's database."""
    shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
    return (f"{path} is not a database of this bot: it has schema version 0 and tables of another program "
            f"({shown}); give the bot a file of its own (DATABASE_PATH), nothing was changed")


def refuse_foreign_file(path: Path) -> None:
    """Raise MigrationError if the file is another program's SQLite database (schema version 0
    and tables no migration creates), before anything opens it to write: opening it as ours
    would switch its journal to WAL. A file that cannot be read so is left to the usual checks."""
    if not path.is_file() or path.stat().st_size == 0:
        return
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            names = [row[0] for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                "ORDER BY name")]
        finally:
            conn.close()
    except sqlite3.Error:
        return
    ours = our_tables()
    foreign = [name for name in names if name.lower() not in ours]
    if version == 0 and foreign:
        raise MigrationError(not_ours("it", foreign))


async def current_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0])


async def migrate(
    conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR, *,
    before_migrating: Callable[[int], Awaitable[object]] | None = None,
) -> tuple[int, int]:
    """Bring the database to the newest schema; returns (version before, version after).

    `conn` must be in autocommit mode (isolation_level=None) so the explicit transactions
    here are the only ones. Refuses a database written by newer code: running old code on
    it could misread or damage data it does not know about. `before_migrating(version)` runs
    first when a database that has a schema (not a new, empty one) is about to change: the
    automatic backup, whose failure stops the migration.
    """
    migrations = available(directory)
    latest = migrations[-1].version if migrations else 0
    before = await current_version(conn)
    if before > latest:
        raise MigrationError(
            f"the database is at schema version {before} but this code knows only up to {latest}; "
            "run a newer version of the bot (or restore a backup made by this version)"
        )
    if before == 0:
        # Another program's database: adding our tables to it would mix two programs' data.
        foreign = await foreign_tables(conn, directory)
        if foreign:
            raise MigrationError(not_ours("it", foreign))
    if before_migrating is not None and 0 < before < latest:
        await before_migrating(before)
    for migration in migrations[before:]:
        # One transaction per file, the version bump included: all of it or none of it.
        script = f"BEGIN IMMEDIATE;\n{migration.sql()}\n;PRAGMA user_version = {migration.version};\nCOMMIT;"
        try:
            await conn.executescript(script)
        except Exception as exc:
            if conn.in_transaction:
                await conn.rollback()
            raise MigrationError(f"{migration.path.name} failed: {exc}") from exc
    return before, await current_version(conn)
