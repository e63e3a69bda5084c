"""A choice's "delivered" mark (docs/operations.md, crash recovery): stored unmarked, marked once its
posts and edits are out, read back at start-up; on both backends. The migration that adds it counts
every choice stored before it as delivered, so an upgrade re-posts nothing."""

from __future__ import annotations

import random
import shutil

import aiosqlite
import pytest
from pg_kit import pg_database_at_schema
from test_storage import SEATS, new_game, play_random

from bot.storage.sqlite.migrate import MIGRATIONS_DIR, migrate
from bot.storage.store import Storage

STAMP = "2026-11-20T10:00:00.000000Z"


@pytest.fixture
async def storage(db_target):
    store = await Storage.open(db_target, checkpoint_every=4)
    yield store
    await store.close()


async def test_a_choice_is_undelivered_until_marked_and_an_undone_branch_takes_its_mark_away(storage):
    loaded = await play_random(storage, await new_game(storage), 3, random.Random(3))
    assert [await storage.delivered(loaded.id, seq) for seq in (1, 2, 3)] == [False, False, False]
    assert await storage.delivered(loaded.id, 4) is None  # no such choice (as at setup: seq 0)
    await storage.mark_delivered(loaded.id, 3)
    await storage.mark_delivered(loaded.id, 3)  # twice: the same
    assert [await storage.delivered(loaded.id, seq) for seq in (1, 2, 3)] == [False, False, True]
    # Undone and played again: choice 3 of the new branch was never delivered.
    undone = await storage.undo_to(loaded.id, 2)
    await play_random(storage, undone, 1, random.Random(4))
    assert await storage.delivered(loaded.id, 3) is False


async def test_an_imported_game_counts_as_delivered(storage):
    loaded = await play_random(storage, await new_game(storage), 4, random.Random(5))
    replay = await storage.export_game(loaded.id, reveal=True)
    imported = await storage.import_game(replay, guild_id=2, channel_id=777, host_user_id=5, seats=SEATS)
    assert await storage.delivered(imported.id, 4) is True  # its posts are the import's own


async def _sqlite_at_schema_8(tmp_path):
    folder = tmp_path / "migrations-then"
    folder.mkdir()
    for path in sorted(MIGRATIONS_DIR.glob("00[1-8]_*.sql")):
        shutil.copy(path, folder)
    target = tmp_path / "bot.sqlite"
    conn = await aiosqlite.connect(str(target), isolation_level=None)
    try:
        assert await migrate(conn, folder) == (0, 8)
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, seats, seed, status, host_user_id, created_at,"
            " updated_at, started_at) VALUES (1, 1, 5, 'byzantium', '[]', 1, 'active', 1, ?, ?, ?)",
            (STAMP, STAMP, STAMP))
        await conn.execute("INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at)"
                           " VALUES (1, 1, 'A', 'pass', 101, '[]', ?)", (STAMP,))
    finally:
        await conn.close()
    return target


async def _postgres_at_schema_8(pg_server, tmp_path):
    url = await pg_server.new_database(migrated=False)
    conn = await pg_database_at_schema(url, 8, tmp_path / "migrations-then")
    try:
        game_id = await conn.fetchval(
            "INSERT INTO games (guild_id, channel_id, game, seats, seed, status, host_user_id, created_at,"
            " updated_at, started_at) VALUES (1, 5, 'byzantium', '[]', 1, 'active', 1, $1, $1, $1) RETURNING id",
            STAMP)
        assert game_id == 1
        await conn.execute("INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at)"
                           " VALUES (1, 1, 'A', 'pass', 101, '[]', $1)", STAMP)
    finally:
        await conn.close()
    return url


async def test_the_migration_counts_every_choice_stored_before_it_as_delivered(backend, request, tmp_path):
    if backend == "sqlite":
        target = await _sqlite_at_schema_8(tmp_path)
    else:
        target = await _postgres_at_schema_8(request.getfixturevalue("pg_server"), tmp_path)
    store = await Storage.open(target, backup_dir=tmp_path / "backups")  # migrates to the newest schema
    try:
        assert await store.delivered(1, 1) is True  # no mass re-post after the upgrade
    finally:
        await store.close()
