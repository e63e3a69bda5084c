"""Issue 18 item 11, the service's rough edges: a backup copied over the live database, a
corrupt snapshot, and a moderator role given by name."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from contextlib import closing

import discord
import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, waiting_member

from bot.service.core import STALE


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


def _pass_label(message) -> str:
    return next(b for b in message.buttons() if b.startswith("Pass"))


async def _pass(world, channel, members) -> None:
    prompt = current_prompts(channel)[-1]
    clicked = await world.click(waiting_member(prompt, members), prompt, _pass_label(prompt))
    assert clicked.reply_text == ""


async def test_after_a_backup_is_restored_newer_prompts_are_out_of_date_not_someone_elses(world, tmp_path):
    channel, members = await open_game(world)
    await _pass(world, channel, members)
    backup = tmp_path / "backup.sqlite3"
    with closing(sqlite3.connect(world.db_path)) as live, closing(sqlite3.connect(backup)) as copy:
        live.backup(copy)  # what `python -m bot backup` takes: the game at choice 1
    for _ in range(2):
        world.clock.advance(minutes=1)
        await _pass(world, channel, members)
    newest = current_prompts(channel)[-1]
    player = waiting_member(newest, members)
    label = newest.buttons()[0]
    custom_id = next(c.item.custom_id for c in newest.components if c.item.label == label)

    # The operator stops the bot and copies the backup over the live file.
    await world.stop()
    for leftover in (world.db_path.with_name(world.db_path.name + s) for s in ("-wal", "-shm")):
        leftover.unlink(missing_ok=True)
    shutil.copyfile(backup, world.db_path)
    world.clock.advance(minutes=5)
    await world.start_bot()
    restored = await loaded_game(world, channel)
    assert restored.seq == 1
    assert player.name not in {d.player for d in world.bot.service.my_decisions(restored, player.id)}

    clicked = await world.dispatch(player, newest, custom_id, discord.ui.Button(custom_id=custom_id, label=label))
    assert STALE in clicked.reply_text  # not "It is not your decision now"
    assert (await loaded_game(world, channel)).seq == 1


async def test_a_corrupt_snapshot_shows_players_a_plain_sentence_and_logs_the_details(world, caplog):
    channel, members = await open_game(world)
    await _pass(world, channel, members)
    game = await loaded_game(world, channel)
    with closing(sqlite3.connect(world.db_path)) as db, db:  # the snapshot's contents no longer fit the rules' model
        db.execute("UPDATE snapshots SET state = json_set(state, '$.players', 'garbage') WHERE game_id = ? AND seq = 1",
                   (game.id,))
    with caplog.at_level(logging.ERROR):
        status = await world.slash(members[0], channel, "game status")
    answer = status.reply_text
    assert answer == ("This game's saved history does not replay (at step 1). Nothing was changed; "
                      "a moderator can `/mod export` or `/mod abandon` it.")
    # pydantic's report is for the operator's log, not for the players.
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "validation error" in logged and f"game {game.id} cannot be loaded" in logged
