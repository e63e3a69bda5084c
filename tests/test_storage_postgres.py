"""The PostgreSQL backend's own duties: the same numbered migrations as SQLite's, in order and
once even when processes start together; a dump before migrating an older schema; one plain
line for a server that cannot serve. (The storage behaviour itself is tested on both backends by
the storage tests taking `db_target`.)"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import asyncpg
import pytest
from pg_kit import database_name, pg_database_at_schema

from bot.storage.postgres import dump
from bot.storage.postgres.database import PostgresDatabase
from bot.storage.postgres.migrate import current_version, migrate, postgres_migrations
from bot.storage.records import StorageError, time_to_text
from bot.storage.sqlite.migrate import MigrationError, available
from bot.storage.store import Storage

NOW = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
STAMP = time_to_text(NOW)


def test_both_backends_have_the_same_numbered_migrations():
    assert [m.path.name for m in postgres_migrations()] == [m.path.name for m in available()]


async def test_a_new_database_gets_every_migration_once(pg_server):
    url = await pg_server.new_database(migrated=False)
    conn = await asyncpg.connect(url)
    try:
        assert await migrate(conn) == (0, len(available()))
        tables = {r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert {"games", "choices", "snapshots", "messages", "reminders", "guild_settings", "user_settings",
                "results", "audit", "schema_version"} <= tables
        assert await migrate(conn) == (len(available()),) * 2
    finally:
        await conn.close()


async def test_processes_starting_together_migrate_once(pg_server):
    url = await pg_server.new_database(migrated=False)
    conns = [await asyncpg.connect(url) for _ in range(3)]
    try:
        results = await asyncio.gather(*(migrate(c) for c in conns))
        assert all(after == len(available()) for _, after in results)
        assert await conns[0].fetchval("SELECT count(*) FROM schema_version") == 1
    finally:
        for conn in conns:
            await conn.close()


async def test_a_failing_migration_changes_nothing_and_a_newer_database_is_refused(pg_server, tmp_path):
    url = await pg_server.new_database(migrated=False)
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "001_first.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "002_broken.sql").write_text("CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);")
    conn = await asyncpg.connect(url)
    try:
        with pytest.raises(MigrationError, match="002_broken.sql"):
            await migrate(conn, folder)
        assert await current_version(conn) == 1
        assert await conn.fetchval("SELECT to_regclass('b')") is None  # rolled back whole
        await conn.execute("UPDATE schema_version SET version = 99")
        with pytest.raises(MigrationError, match="newer version of the bot"):
            await migrate(conn, folder)
    finally:
        await conn.close()


async def test_an_older_schema_is_dumped_then_migrated_keeping_every_seed(pg_server, tmp_path):
    url = await pg_server.new_database(migrated=False)
    conn = await pg_database_at_schema(url, 2, tmp_path / "migrations-then")
    try:
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, game, seats, seed, status, host_user_id, created_at,"
            " updated_at) VALUES (1, 5, 'byzantium', '[]', $1, 'lobby', 1, $2, $2)", (1 << 63) - 1, STAMP)
    finally:
        await conn.close()
    store = await Storage.open(url, backup_dir=tmp_path / "backups", clock=lambda: NOW)
    try:
        assert (await store.game(1)).seed == (1 << 63) - 1  # BIGINT to decimal text, same value
    finally:
        await store.close()
    dumps = list((tmp_path / "backups").iterdir())
    assert [d.name for d in dumps] == [f"{database_name(url)}-schema2-before-migration-20261124-093000.dump"]
    assert await dump.check_dump(dumps[0]) > 0
    old = await pg_server.restore(dumps[0])  # the dump is the schema-2 database as it was
    conn = await asyncpg.connect(old)
    try:
        assert await current_version(conn) == 2
        assert await conn.fetchval("SELECT seed FROM games") == (1 << 63) - 1
    finally:
        await conn.close()


async def test_the_team_results_migration_splits_old_team_rows(pg_server, tmp_path):
    url = await pg_server.new_database(migrated=False)
    conn = await pg_database_at_schema(url, 1, tmp_path / "migrations-then")
    try:
        seats = [{"user_id": 101, "name": "Ann", "seat": "Ann"}, {"user_id": None, "name": "Bo", "seat": "Bo"}]
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, seats, seed, status, host_user_id, created_at,"
            " updated_at) VALUES (1, 1, 5, 'warriors_traders', $1, 1, 'finished', 101, $2, $2)", json.dumps(seats),
            STAMP)
        await conn.execute(
            "INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)"
            " VALUES (1, 'Ann & Bo', NULL, 1, 'warriors_traders', 20, 1, $1, $2)",
            json.dumps({"players": ["Ann", "Bo"]}), STAMP)
    finally:
        await conn.close()
    store = await Storage.open(url, backup_dir=tmp_path / "backups")
    try:
        assert [(r.player, r.user_id, r.score, r.rank, r.details) for r in await store.results(1)] == [
            ("Ann", 101, 20, 1, {"players": ["Ann", "Bo"], "team": "Ann & Bo"}),
            ("Bo", None, 20, 1, {"players": ["Ann", "Bo"], "team": "Ann & Bo"})]
    finally:
        await store.close()


async def test_a_missing_database_or_server_is_one_line(pg_server, tmp_path):
    with pytest.raises(StorageError, match="does not exist: create it") as info:
        await Storage.open(pg_server.url("no_such_database"))
    assert "\n" not in str(info.value)
    with pytest.raises(StorageError, match="cannot connect to PostgreSQL") as info:
        await Storage.open(f"postgresql://bot:secret@/games?host={tmp_path}")  # no server there
    assert "secret" not in str(info.value) and "\n" not in str(info.value)


async def test_a_read_only_database_is_refused_at_start(pg_server):
    url = await pg_server.new_database()
    name = database_name(url)
    conn = await asyncpg.connect(pg_server.base_url)
    try:
        await conn.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
    finally:
        await conn.close()
    with pytest.raises(StorageError, match="read-only"):
        await PostgresDatabase.open(url, migrate_schema=True, clock=lambda: NOW)


def test_a_password_never_reaches_a_command_line_or_a_message():
    bare, env = dump.split_password("postgresql://bot:s%40cret@db.example:5432/games?sslmode=require")
    assert bare == "postgresql://bot@db.example:5432/games?sslmode=require"
    assert env == {"PGPASSWORD": "s@cret"}
    assert dump.without_password("postgresql://bot@/games?host=/run/pg") == "postgresql://bot@/games?host=/run/pg"
