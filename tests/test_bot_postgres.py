"""The bot on PostgreSQL (DATABASE_URL): the same handlers over the shared database. The storage
behaviour itself is tested on both backends by the storage tests; this checks the wiring: the bot
opens the URL, plays, restarts onto the same game, and takes no SQLite file lock."""

from __future__ import annotations

import random

import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, pick, waiting_member


@pytest.fixture
async def world(tmp_path, pg_url):
    w = World(tmp_path / "unused.sqlite3")
    await w.start_bot(database_url=pg_url)
    yield w
    await w.stop()


async def test_a_game_on_postgresql_plays_and_survives_a_restart(world, tmp_path):
    assert world.bot.storage.db.dialect == "postgresql"
    assert not (tmp_path / "unused.sqlite3").exists() and not (tmp_path / "unused.sqlite3.lock").exists()
    channel, members = await open_game(world)
    rng = random.Random(5)
    for _ in range(12):
        message = current_prompts(channel)[0]
        interaction = await pick(world, message, waiting_member(message, members), rng)
        assert interaction.reply_text == "", interaction.reply_text
    before = await loaded_game(world, channel)
    assert before.seq == 12
    await world.start_bot(database_url=world.bot.settings.database_url)  # a restart: a new bot, same database
    after = await loaded_game(world, channel)
    assert after.seq == 12 and after.state == before.state
    message = current_prompts(channel)[0]
    interaction = await pick(world, message, waiting_member(message, members), rng)
    assert interaction.reply_text == "" and (await loaded_game(world, channel)).seq == 13
