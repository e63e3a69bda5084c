"""A database that disappears, and two bots on one database (issue 18, items 2 and 11).

While the bot runs, SQLite keeps writing into a deleted database through its open descriptor: the
choices it confirmed vanished with the process, and the next start created an empty database.
Now a commit is refused once the file (or its WAL) is gone, an operator sees a CRITICAL line, and
a start where a database existed (its marker says so) refuses to create an empty one.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, waiting_member
from disk_kit import one_line, run_tool
from toygame import GAME, random_move

from bot.discord_ui.app import StartupError
from bot.discord_ui.interact import GONE, SORRY
from bot.storage.records import DatabaseGone, Seat, StorageError
from bot.storage.store import Storage


async def game_in_play(path: Path) -> tuple[Storage, int]:
    store = await Storage.open(path)
    record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1,
                                     seats=[Seat("A", "Ann", 1), Seat("B", "Bo", 2)], seed=3, options={"goal": 500})
    loaded = await store.start_game(record.id)
    rng = random.Random(3)
    for _ in range(4):
        loaded, _ = await store.play(record.id, *random_move(GAME, loaded.state, rng))
    return store, record.id


async def next_choice(store: Storage, game_id: int):
    loaded = await store.load(game_id)
    return await store.play(game_id, *random_move(GAME, loaded.state, random.Random(loaded.seq)))


def delete(db: Path, *suffixes: str) -> None:
    for suffix in suffixes:
        os.remove(f"{db}{suffix}")


def replace_with_copy(db: Path) -> None:
    shutil.copy(db, db.with_name("copy.sqlite3"))
    os.replace(db.with_name("copy.sqlite3"), db)


@pytest.mark.parametrize("what", ["the file", "the file, its -wal and -shm", "only the -wal", "a copy moved over it"])
async def test_once_the_database_is_gone_no_choice_is_confirmed_and_an_operator_is_told(tmp_path, caplog, what):
    db = tmp_path / "games.sqlite3"
    store, game_id = await game_in_play(db)
    try:
        if what == "the file":
            delete(db, "")
        elif what == "the file, its -wal and -shm":
            delete(db, "", "-wal", "-shm")
        elif what == "only the -wal":
            delete(db, "-wal")
        else:
            replace_with_copy(db)
        with caplog.at_level(logging.ERROR), pytest.raises(DatabaseGone) as gone:
            await next_choice(store, game_id)
        assert "restore the database from the latest backup" in str(gone.value)
        alarms = [r for r in caplog.records if r.levelno == logging.CRITICAL]
        assert len(alarms) == 1 and "THE DATABASE IS GONE" in alarms[0].getMessage()
        # Every later write is refused too, without a second alarm; reads still answer.
        with pytest.raises(DatabaseGone):
            await store.set_guild_settings(1, default_reminder_hours=2)
        assert len([r for r in caplog.records if r.levelno == logging.CRITICAL]) == 1
        assert (await store.load(game_id)).seq == 4
    finally:
        await store.close()


async def test_tools_run_beside_the_bot_are_not_taken_for_a_lost_database(tmp_path):
    db = tmp_path / "games.sqlite3"
    store, game_id = await game_in_play(db)
    try:
        for args in (["check-db"], ["backup", str(tmp_path / "b.sqlite3")]):
            done = await asyncio.to_thread(run_tool, ["-m", "bot", *args, "--db", str(db)])
            assert "error" not in done.stderr
        loaded, _events = await next_choice(store, game_id)
        assert loaded.seq == 5
    finally:
        await store.close()


async def test_a_click_after_the_database_vanished_is_not_confirmed(tmp_path):
    world = World(tmp_path / "games.sqlite3")
    await world.start_bot()
    try:
        channel, members = await open_game(world)
        game = await loaded_game(world, channel)
        prompt = current_prompts(channel)[0]
        before = len(channel.messages)
        delete(world.db_path, "")
        interaction = await world.click(waiting_member(prompt, members), prompt, prompt.option_buttons()[-1])
        # One clear sentence, not "try again": it cannot work until the operator restores the file.
        assert interaction.reply_text == GONE != SORRY
        assert "nothing was changed" in GONE and "restart" in GONE
        assert len(channel.messages) == before and prompt.view is not None
        assert (await world.bot.storage.load(game.id)).seq == game.seq
        # A moderator's command says the same, not the storage's words for the operator.
        mia = world.member("Mia", manage_channels=True)
        for command, options in (("mod replace", {"old": members[0].mention, "new": "bot"}),
                                 ("mod pause", {})):
            answer = await world.slash(mia, channel, command, **options)
            assert answer.reply_text == GONE, command
        assert len(channel.messages) == before
        assert (await world.bot.storage.game(game.id)).seats == game.record.seats
    finally:
        await world.stop()


# -- the next start -------------------------------------------------------------------------------
async def test_a_start_where_the_database_vanished_refuses_to_create_an_empty_one(tmp_path):
    db = tmp_path / "data" / "games.sqlite3"
    store, _game_id = await game_in_play(db)
    await store.close()
    marker = db.with_name("games.sqlite3.created")
    assert marker.exists()
    delete(db, "")
    with pytest.raises(StorageError, match="is missing, but one was created there before") as refused:
        await Storage.open(db)
    assert str(marker) in str(refused.value) and "delete" in str(refused.value)
    assert not db.exists()
    db.write_bytes(b"")  # an empty file in its place is no better
    with pytest.raises(StorageError, match="is empty"):
        await Storage.open(db)
    # Deleting the marker is the operator's explicit "start afresh".
    marker.unlink()
    store = await Storage.open(db)
    try:
        assert await store.list_games(None) == []
    finally:
        await store.close()
    assert marker.exists()


def test_python_m_bot_where_the_database_vanished_is_one_line_and_exit_2(tmp_path):
    db = tmp_path / "data" / "games.sqlite3"
    store, _ = asyncio.run(game_in_play(db))
    asyncio.run(store.close())
    delete(db, "")
    done = run_tool(["-m", "bot"], cwd=tmp_path, env={"DISCORD_TOKEN": "M" + "T" * 23 + ".GaBcDe." + "x" * 27,
                                                      "DATABASE_PATH": str(db),
                                                      "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"})
    assert done.returncode == 2
    assert "is missing, but one was created there before" in one_line(done.stderr)
    assert not db.exists()


async def test_a_first_start_on_a_new_machine_creates_the_database_and_its_marker(tmp_path):
    db = tmp_path / "data" / "games.sqlite3"
    store = await Storage.open(db)
    await store.close()
    assert db.is_file() and db.with_name("games.sqlite3.created").is_file()


# -- item 11: one bot process per database ---------------------------------------------------------
async def test_a_second_bot_on_the_same_database_refuses_to_start(tmp_path):
    first = World(tmp_path / "games.sqlite3")
    await first.start_bot()
    second = World(tmp_path / "games.sqlite3")
    try:
        with pytest.raises(StartupError, match="another bot process .* is already running on"):
            await second.start_bot()
    finally:
        await second.stop()
        await first.stop()
    third = World(tmp_path / "games.sqlite3")  # the claim ends with the process that held it
    await third.start_bot()
    await third.stop()


def test_python_m_bot_beside_a_running_bot_is_one_line_naming_it(tmp_path):
    db = tmp_path / "games.sqlite3"
    holder = ("import sys, time\nfrom pathlib import Path\nfrom bot.storage.sqlite.lock import claim_database\n"
              "claim_database(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)\n")
    first = subprocess.Popen([sys.executable, "-c", holder, str(db)], cwd=tmp_path, stdout=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}, text=True)
    try:
        assert first.stdout.readline().strip() == "held"
        done = run_tool(["-m", "bot"], cwd=tmp_path, env={"DISCORD_TOKEN": "M" + "T" * 23 + ".GaBcDe." + "x" * 27,
                                                          "DATABASE_PATH": str(db),
                                                          "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"})
    finally:
        first.kill()
        first.wait()
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert f"another bot process (pid {first.pid} on " in line and "Stop that one first" in line
