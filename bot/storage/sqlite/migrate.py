"""Apply the numbered .sql files in migrations/ in order, recording the version in the database.

The applied version is `PRAGMA user_version`: it lives in the database header and changes in
the same transaction as the migration, so a crash leaves either the old or the new schema.
"""

from __future__ import annotations

import re
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
