"""The migrator: applies numbered files in order, records the version, refuses newer databases."""

from __future__ import annotations

import aiosqlite
import pytest

from bot.storage.sqlite.migrate import MigrationError, available, current_version, migrate


async def connect(path):
    return await aiosqlite.connect(str(path), isolation_level=None)


async def test_fresh_database_gets_every_migration_and_its_version(tmp_path):
    conn = await connect(tmp_path / "db.sqlite")
    try:
        before, after = await migrate(conn)
        assert (before, after) == (0, len(available()))
        async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
            tables = {r[0] for r in await cur.fetchall()}
        assert {"games", "choices", "snapshots", "messages", "reminders", "guild_settings",
                "user_settings", "results"} <= tables
        assert await migrate(conn) == (after, after)  # running again changes nothing
    finally:
        await conn.close()


async def test_a_database_newer_than_the_code_is_refused(tmp_path):
    conn = await connect(tmp_path / "db.sqlite")
    try:
        await conn.execute(f"PRAGMA user_version = {len(available()) + 1}")
        with pytest.raises(MigrationError, match="newer version of the bot"):
            await migrate(conn)
    finally:
        await conn.close()


async def test_migrations_apply_in_order_and_a_failing_one_changes_nothing(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "001_first.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "002_second.sql").write_text("ALTER TABLE a ADD COLUMN y TEXT;")
    conn = await connect(tmp_path / "db.sqlite")
    try:
        assert await migrate(conn, folder) == (0, 2)
        (folder / "003_broken.sql").write_text("CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);")
        with pytest.raises(MigrationError, match="003_broken.sql"):
            await migrate(conn, folder)
        assert await current_version(conn) == 2
        async with conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'b'") as cur:
            assert (await cur.fetchone())[0] == 0  # the half-applied file was rolled back
    finally:
        await conn.close()


def test_gaps_and_badly_named_files_are_refused(tmp_path):
    (tmp_path / "001_a.sql").write_text("")
    (tmp_path / "003_c.sql").write_text("")
    with pytest.raises(MigrationError, match="expected migration number 002"):
        available(tmp_path)
    (tmp_path / "003_c.sql").unlink()
    (tmp_path / "2_b.sql").write_text("")
    with pytest.raises(MigrationError, match="named like"):
        available(tmp_path)
