"""The database as a file (issue 18, items 3, 5, 10, 11): bad files never hang a tool, everything is
created private, backups work on any schema version and come before a migration, and a backup that
cannot be written is one line and leaves nothing half-written behind."""

from __future__ import annotations

import asyncio
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest
from disk_kit import ReadOnlyFolder, damage_header, database_at_schema, one_line, run_tool, schema_version
from test_storage_dbcli import make_db

from bot.storage import dbcli
from bot.storage.records import StorageError
from bot.storage.sqlite.migrate import available
from bot.storage.store import Storage

LATEST = len(available())


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def schema_two_database(path: Path, tmp_path: Path) -> None:
    """A database as the code of schema 2 left it, with one game row."""
    conn = await database_at_schema(path, 2, tmp_path / "migrations-then")
    try:
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, game, seats, seed, status, host_user_id, created_at, updated_at)"
            " VALUES (1, 1, 'byzantium', '[]', 77, 'lobby', 1, '2026-01-01T00:00:00.000000Z',"
            " '2026-01-01T00:00:00.000000Z')")
    finally:
        await conn.close()


# -- item 3: files that are not databases -----------------------------------------------------------
@pytest.mark.parametrize("kind", ["text", "damaged header"])
@pytest.mark.parametrize("command", ["check-db", "backup"])
def test_the_tools_say_in_one_line_that_a_file_is_no_database_and_exit(tmp_path, kind, command):
    bad = tmp_path / "notadb.txt"
    if kind == "text":
        bad.write_text("hello, I am a shopping list\n" * 20)
    else:
        asyncio.run(make_db(bad, games=1))
        damage_header(bad)
    args = ["check-db"] if command == "check-db" else ["backup", str(tmp_path / "copy.sqlite3")]
    done = run_tool(["-m", "bot", *args, "--db", str(bad)])
    assert done.returncode == 1
    assert "is not a SQLite database" in one_line(done.stderr)
    assert not (tmp_path / "copy.sqlite3").exists() and not (tmp_path / "copy.sqlite3.partial").exists()


# -- item 10: private files -----------------------------------------------------------------------
async def test_the_database_its_wal_its_folder_and_backups_are_private(tmp_path):
    db = tmp_path / "data" / "games.sqlite3"
    await make_db(db, games=1)  # writes, so the WAL exists while it is open
    store = await Storage.open(db)
    try:
        await store.set_guild_settings(1, default_reminder_hours=3)
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            assert mode(path) == 0o600, path
        assert mode(db.parent) == 0o700
        copy = await store.backup(tmp_path / "backups" / "b.sqlite3")
        assert mode(copy) == 0o600 and mode(copy.parent) == 0o700
    finally:
        await store.close()
    assert await asyncio.to_thread(dbcli.main, ["backup", str(tmp_path / "b2.sqlite3"), "--db", str(db)]) == 0
    assert mode(tmp_path / "b2.sqlite3") == 0o600


async def test_a_database_readable_by_others_is_named_in_a_warning_at_start(tmp_path, caplog):
    db = tmp_path / "games.sqlite3"
    await make_db(db, games=1)
    db.chmod(0o644)  # as older code (or a copy) left it
    store = await Storage.open(db)
    await store.close()
    assert any("readable by other users" in r.getMessage() and f"chmod 600 {db}" in r.getMessage()
               for r in caplog.records if r.levelname == "WARNING")


# -- item 5: backups of any schema, and before every migration --------------------------------------
def test_backup_copies_a_database_of_an_older_schema_as_it_is(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    asyncio.run(schema_two_database(db, tmp_path))
    assert dbcli.main(["backup", str(tmp_path / "before-upgrade.sqlite3"), "--db", str(db)]) == 0
    assert "backup written and checked" in capsys.readouterr().out
    assert schema_version(tmp_path / "before-upgrade.sqlite3") == 2
    assert schema_version(db) == 2  # the backup changed nothing


async def test_starting_on_an_older_schema_backs_it_up_before_migrating(tmp_path):
    db = tmp_path / "games.sqlite3"
    await schema_two_database(db, tmp_path)
    moment = datetime(2026, 11, 23, 8, 30, 5, tzinfo=UTC)
    store = await Storage.open(db, clock=lambda: moment)
    try:
        assert [r.seed for r in await store.list_games(None)] == [77]
    finally:
        await store.close()
    copy = tmp_path / "games-schema2-before-migration-20261123-083005.sqlite3"
    assert schema_version(copy) == 2 and schema_version(db) == LATEST
    assert mode(copy) == 0o600
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT seed FROM games").fetchall() == [(77,)]
    conn.close()
    # A database already at the newest schema is opened without another copy.
    store = await Storage.open(db)
    await store.close()
    assert sorted(p.name for p in tmp_path.glob("*before-migration*")) == [copy.name]


async def test_no_migration_when_the_backup_before_it_cannot_be_written(tmp_path, monkeypatch):
    db = tmp_path / "games.sqlite3"
    await schema_two_database(db, tmp_path)

    async def disk_full(_conn, target):
        raise StorageError(f"cannot write the backup {target}: No space left on device")

    monkeypatch.setattr("bot.storage.sqlite.database.copy_database", disk_full)
    with pytest.raises(StorageError, match="No space left"):
        await Storage.open(db)
    assert schema_version(db) == 2


async def test_a_backup_name_taken_already_gets_the_next_free_one(tmp_path):
    """Issue 25 item 7: two starts within one second asked the operator to "choose a new name",
    which the bot, not the operator, chooses."""
    db = tmp_path / "games.sqlite3"
    await schema_two_database(db, tmp_path)
    moment = datetime(2026, 11, 23, 8, 30, 5, tzinfo=UTC)
    taken = tmp_path / "games-schema2-before-migration-20261123-083005.sqlite3"
    taken.write_text("in the way")
    (tmp_path / "games-schema2-before-migration-20261123-083005-2.sqlite3").write_text("this one too")
    store = await Storage.open(db, clock=lambda: moment)
    await store.close()
    copy = tmp_path / "games-schema2-before-migration-20261123-083005-3.sqlite3"
    assert schema_version(copy) == 2 and schema_version(db) == LATEST and taken.read_text() == "in the way"


# -- item 11: rough edges of the tools --------------------------------------------------------------
def test_check_db_on_a_newer_schema_says_to_run_the_newer_bot(tmp_path, capsys):
    db = tmp_path / "games.sqlite3"
    asyncio.run(make_db(db, games=1))
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    assert dbcli.main(["check-db", "--db", str(db)]) == 1
    err = one_line(capsys.readouterr().err)
    assert "newer version of the bot" in err and "migrate" not in err


def test_backup_under_a_file_is_one_line(tmp_path):
    db = tmp_path / "games.sqlite3"
    asyncio.run(make_db(db, games=1))
    (tmp_path / "afile").write_text("not a folder")
    for target in (tmp_path / "afile" / "b.sqlite3", tmp_path / "afile" / "deeper" / "b.sqlite3"):
        done = run_tool(["-m", "bot", "backup", str(target), "--db", str(db)])
        assert done.returncode == 1
        assert f"{tmp_path / 'afile'} is a file, not a folder" in one_line(done.stderr)


def test_backup_to_a_read_only_folder_is_one_line_and_leaves_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    asyncio.run(make_db(db, games=1))
    folder = ReadOnlyFolder(tmp_path / "ro")
    try:
        folder.freeze()
        done = run_tool(["-m", "bot", "backup", str(folder.path / "b.sqlite3"), "--db", str(db)])
        assert done.returncode == 1
        assert "cannot write the backup" in one_line(done.stderr)
        assert list(folder.path.iterdir()) == []
    finally:
        folder.close()


def test_backup_to_a_full_disk_is_one_line_and_leaves_no_partial_file(tmp_path):
    db = tmp_path / "games.sqlite3"
    asyncio.run(make_db(db, games=3))
    assert db.stat().st_size > 80_000
    target = tmp_path / "backups" / "b.sqlite3"
    target.parent.mkdir()
    # Every file the tool writes stops at 40 kB (above the 32 kB -shm file): the copy cannot be
    # finished, as on a full disk.
    done = run_tool(["-m", "bot", "backup", str(target), "--db", str(db)], file_size_limit=40_000)
    assert done.returncode == 1
    assert "cannot write the backup" in one_line(done.stderr)
    assert list(target.parent.iterdir()) == []
