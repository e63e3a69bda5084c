"""A server's data on request (issue 29): `python -m bot forget-server SERVER_ID` deletes every row
of one server after a backup and a confirmation, on a SQLite file and on PostgreSQL (`db_target`),
and leaves every other server's data as it was."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from datetime import timedelta

from toygame import GAME, random_move

from bot.storage import dbcli
from bot.storage.records import Seat
from bot.storage.store import Storage

GUILD, OTHER = 10, 20
TABLES = ("choices", "snapshots", "messages", "reminders", "audit", "waits", "answer_times", "results")


async def make_servers(target) -> dict[int, list[int]]:
    """Two servers with games, moves (timed answers), results, messages, reminders, audit,
    settings, languages and a deletion schedule."""
    store = await Storage.open(target)
    games: dict[int, list[int]] = {GUILD: [], OTHER: []}
    try:
        for n, guild in enumerate((GUILD, GUILD, OTHER)):
            record = await store.create_game(guild_id=guild, channel_id=100 + n, game=GAME.name, host_user_id=1,
                                             seats=[Seat("A", "Ann", 1), Seat("B", "Bo", 2)], seed=n,
                                             options={"goal": 500})
            loaded = await store.start_game(record.id)
            rng = random.Random(n)
            for _ in range(12):
                player, option = random_move(GAME, loaded.state, rng)
                loaded, _ = await store.play(record.id, player, option, user_id={"A": 1, "B": 2}[player])
            await store.record_message(record.id, 100 + n, 9000 + n, "prompt", loaded.seq)
            await store.audit(record.id, 7, "skip")
            games[guild].append(record.id)
        await store.record_results(games[GUILD][0], GAME.result(loaded.state))
        for guild in (GUILD, OTHER):
            await store.set_guild_settings(guild, moderator_role_id=5)
            await store.set_language(guild, 0, "de", by_user_id=7)
        await store.guild_left(GUILD, store._clock() + timedelta(days=30))
    finally:
        await store.close()
    return games


async def rows_of(target, guild: int) -> dict[str, int]:
    store = await Storage.open(target, migrate_schema=False)
    try:
        return await store.guild_rows(guild)
    finally:
        await store.close()


async def orphans(target) -> dict[str, int]:
    store = await Storage.open(target, migrate_schema=False)
    try:
        found = {}
        for table in TABLES:
            rows = await store.db.fetch(f"SELECT count(*) FROM {table} WHERE game_id NOT IN (SELECT id FROM games)")  # noqa: S608
            found[table] = rows[0][0]
        return found
    finally:
        await store.close()


def test_forget_server_deletes_every_row_of_one_server_after_a_backup(db_target, tmp_path, capsys):
    games = asyncio.run(make_servers(db_target))
    before, other = asyncio.run(rows_of(db_target, GUILD)), asyncio.run(rows_of(db_target, OTHER))
    assert all(before[t] for t in ("games", "choices", "snapshots", "messages", "audit", "results", "answer_times",
                                   "guild_settings", "language_settings", "guild_departures"))
    backup = tmp_path / "before-forget.bak"
    assert dbcli.main(["forget-server", str(GUILD), "--db", str(db_target), "--yes", "--backup", str(backup)]) == 0
    out = capsys.readouterr().out
    assert f"every row of server {GUILD} deleted" in out and "backup written and checked" in out
    assert set(asyncio.run(rows_of(db_target, GUILD)).values()) == {0}
    assert set(asyncio.run(orphans(db_target)).values()) == {0}
    assert asyncio.run(rows_of(db_target, OTHER)) == other  # another server's data untouched
    assert backup.stat().st_size > 0
    if not isinstance(db_target, str):  # SQLite: the copy still holds the server, to undo this
        with sqlite3.connect(backup) as conn:
            assert conn.execute("SELECT count(*) FROM games WHERE guild_id = ?", (GUILD,)).fetchone()[0] == len(
                games[GUILD])
        conn.close()
    # Asked again: nothing is left to delete.
    assert dbcli.main(["forget-server", str(GUILD), "--db", str(db_target), "--yes"]) == 0
    assert f"nothing is stored for server {GUILD}" in capsys.readouterr().out


def test_forget_server_without_the_confirmation_changes_nothing(db_target, tmp_path, capsys):
    asyncio.run(make_servers(db_target))
    before = asyncio.run(rows_of(db_target, GUILD))
    backup = tmp_path / "never.bak"
    code = asyncio.run(dbcli.forget_server(db_target, GUILD, yes=False, backup_to=backup, ask=lambda _: "11"))
    assert code == 1 and "not confirmed; nothing was changed" in capsys.readouterr().out
    assert asyncio.run(rows_of(db_target, GUILD)) == before and not backup.exists()
    code = asyncio.run(dbcli.forget_server(db_target, GUILD, yes=False, backup_to=backup, ask=lambda _: str(GUILD)))
    assert code == 0 and backup.exists()
    assert set(asyncio.run(rows_of(db_target, GUILD)).values()) == {0}
