"""Apply migrations/postgresql/NNN_name.sql in order, recording the version in `schema_version`.

The same numbered migrations as SQLite's (migrations/NNN_name.sql, applied by
bot/storage/sqlite/migrate.py), each in PostgreSQL's dialect; a test checks both folders hold
the same names. PostgreSQL's DDL is transactional, so each file runs in one transaction with its
version bump: a crash leaves the old schema or the new one. Several processes starting at once
take turns on an advisory lock, and each migrates only what is still to do.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg

from bot.storage.sqlite.migrate import MIGRATIONS_DIR, Migration, MigrationError, available, our_tables

POSTGRES_MIGRATIONS = MIGRATIONS_DIR / "postgresql"
# pg_advisory_xact_lock key held while migrating ("mig" in ASCII): one migrator at a time.
MIGRATION_LOCK = 0x6D6967

# Where the version lives (SQLite keeps it in the file header, PRAGMA user_version).
_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"


def postgres_migrations(directory: Path = POSTGRES_MIGRATIONS) -> list[Migration]:
    return available(directory)


async def current_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))


async def foreign_tables(conn: asyncpg.Connection, directory: Path = POSTGRES_MIGRATIONS) -> list[str]:
    """Tables of the database's schema that no migration of this bot creates."""
    names = [row[0] for row in await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")]
    ours = our_tables(directory) | {"schema_version"}
    return [name for name in names if name.lower() not in ours]


def not_ours(where: str, foreign: list[str]) -> str:
    shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
    return (f"{where} is not a database of this bot: it has no schema version of the bot and tables of another "
            f"program ({shown}); give the bot a database of its own (DATABASE_URL), nothing was changed")


async def migrate(
    conn: asyncpg.Connection, directory: Path = POSTGRES_MIGRATIONS, *,
    before_migrating: Callable[[int], Awaitable[object]] | None = None,
) -> tuple[int, int]:
    """Bring the database to the newest schema; returns (version before, version after).

    Refuses a database written by newer code. `before_migrating(version)` runs first when a
    database that has a schema is about to change: the automatic backup, whose failure stops it.
    """
    migrations = postgres_migrations(directory)
    latest = migrations[-1].version if migrations else 0
    before = await current_version(conn)
    if before > latest:
        raise MigrationError(
            f"the database is at schema version {before} but this code knows only up to {latest}; "
            "run a newer version of the bot (or restore a backup made by this version)")
    if before == 0 and (foreign := await foreign_tables(conn, directory)):
        # Another program's database (issue 25): our tables beside its own would mix the two.
        raise MigrationError(not_ours("it", foreign))
    if before_migrating is not None and 0 < before < latest:
        await before_migrating(before)
    for migration in migrations[before:]:
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute(_VERSION_TABLE)
                if await current_version(conn) >= migration.version:
                    continue  # another process applied it while this one waited for the lock
                await conn.execute(migration.sql())
                await conn.execute("DELETE FROM schema_version")
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", migration.version)
        except asyncpg.PostgresError as exc:
            raise MigrationError(f"postgresql/{migration.path.name} failed: {exc}") from exc
    return before, await current_version(conn)
