"""`python -m bot` and the SQLite file it is given (issue 25, items 5 and 6): a second process on
the same file through a symlink is refused, and another program's database is refused untouched.
Both with the real bot process, the first bot connected to the Discord stand-in."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from discord_standin.runner import BotProcess
from disk_kit import one_line, run_tool

GOOD_TOKEN = "M" + "T" * 23 + ".GaBcDe." + "x" * 27


async def test_a_second_bot_given_a_symlink_to_the_database_file_refuses_to_start(fake_discord, start_bot_process,
                                                                                    tmp_path):
    fake = fake_discord
    first = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    db = tmp_path / "games.sqlite3"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "link.sqlite3"
    link.symlink_to(db)
    second = BotProcess(fake, link, log_path=tmp_path / "second.log", extra_env={"DEV_GUILD_ID": str(fake.guild.id)})
    try:
        with pytest.raises(AssertionError):
            await second.start()
    finally:
        assert await second.stop() == 2
    line = error_line(second.log_path)
    assert f"another bot process (pid {first.proc.pid} on " in line and "Stop that one first" in line
    assert not (elsewhere / "link.sqlite3.lock").exists()  # the lock is the file's own, beside it
    assert first.proc.returncode is None  # the first one still serves
    fake.assert_clean()


def error_line(log: Path) -> str:
    """The process's one line on stderr saying why it stopped (log lines aside)."""
    text = log.read_text()
    assert "Traceback" not in text, text
    [line] = [line for line in text.splitlines() if line.startswith("error:")]
    return line


def _foreign_database(path: Path) -> str:
    """Another program's SQLite file (schema version 0, tables of its own); its bytes' digest."""
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT, phone TEXT);"
                       "INSERT INTO contacts (name, phone) VALUES ('Ann', '555-0100');"
                       "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL);")
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_another_programs_database_is_refused_with_one_line_and_left_as_it_was(fake_discord, tmp_path):
    fake = fake_discord
    db = tmp_path / "their.sqlite3"
    digest = _foreign_database(db)
    bot = BotProcess(fake, db, log_path=tmp_path / "bot.log")
    try:
        with pytest.raises(AssertionError):
            await bot.start()
    finally:
        assert await bot.stop() == 2
    line = error_line(bot.log_path)
    assert f"cannot open the database {db}: it is not a database of this bot" in line
    assert "tables of another program (contacts, invoices)" in line
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest  # not a byte changed
    assert not Path(f"{db}-wal").exists()  # nor its journal mode
    conn = sqlite3.connect(db)
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")] == [
        "contacts", "invoices"]
    conn.close()

    # check-db does not call it fine either.
    done = run_tool(["-m", "bot", "check-db"], cwd=tmp_path, env={"DATABASE_PATH": str(db)})
    assert done.returncode == 1 and "not a database of this bot" in one_line(done.stderr)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest
    fake.assert_clean()


async def test_another_programs_postgresql_database_is_refused_and_left_as_it_was(fake_discord, pg_server, tmp_path):
    """The same through DATABASE_URL: a database holding tables of another program and none of
    the bot's schema versions is not taken over (its tables stay its own, no table is added)."""
    url = await pg_server.new_database(migrated=False)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE contacts (id serial PRIMARY KEY, name text)")
        await conn.execute("INSERT INTO contacts (name) VALUES ('Ann')")
    finally:
        await conn.close()
    bot = BotProcess(fake_discord, tmp_path / "unused.sqlite3", log_path=tmp_path / "bot.log",
                     extra_env={"DATABASE_URL": url})
    try:
        with pytest.raises(AssertionError):
            await bot.start()
    finally:
        assert await bot.stop() == 2
    line = error_line(bot.log_path)
    assert "it is not a database of this bot" in line and "tables of another program (contacts)" in line
    done = run_tool(["-m", "bot", "check-db"], cwd=tmp_path, env={"DATABASE_URL": url})
    assert done.returncode == 1 and "not a database of this bot" in one_line(done.stderr)
    conn = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
    finally:
        await conn.close()
    assert tables == ["contacts"]
