"""Issue 18 item 4: a choice is stored, then a write after it fails. The choice stands, its
board and next prompt are posted all the same, and the player is told what really happened,
never "nothing was changed"."""

from __future__ import annotations

import sqlite3

import discord
import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, open_group, pass_label, waiting_member

from bot.discord_ui.interact import SORRY
from bot.service import follow_up
from bot.service.core import STALE


@pytest.fixture
async def world(tmp_path, monkeypatch):
    monkeypatch.setattr(follow_up, "PAUSES", (0.0, 0.0))  # retry at once: the test needs no waiting
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    # Another process's lock is waited out for 5 s in production; 50 ms keeps the test quick.
    await w.bot.storage.db.writer.execute("PRAGMA busy_timeout = 50")
    yield w
    await w.stop()


def lock_from_another_process(world, storage_method: str, *, times: int):
    """Wrap a storage write so that, during its first `times` calls, another connection (as
    another process would) holds the database's write lock: SQLite answers "database is locked"."""
    storage = world.bot.storage
    real = getattr(storage, storage_method)
    calls = []

    async def contended(*args, **kwargs):
        calls.append(args)
        if len(calls) > times:
            return await real(*args, **kwargs)
        other = sqlite3.connect(world.db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            return await real(*args, **kwargs)
        finally:
            other.execute("ROLLBACK")
            other.close()

    setattr(storage, storage_method, contended)
    return calls


async def test_reminders_locked_by_another_process_for_a_moment_are_retried(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    calls = lock_from_another_process(world, "replace_reminders", times=1)
    clicked = await world.click(player, prompt, pass_label(prompt))
    assert clicked.reply_text == ""  # the retry got through: nothing to report
    assert len(calls) == 2
    game = await loaded_game(world, channel)
    assert game.seq == 1
    nxt = current_prompts(channel)[-1]
    assert [r.player for r in await world.bot.storage.reminders(game.id)] == [waiting_member(nxt, members).name]


async def test_reminders_locked_throughout_still_post_the_board_and_prompt_and_say_the_choice_is_saved(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    label = pass_label(prompt)
    custom_id = next(c.item.custom_id for c in prompt.components if c.item.label == label)
    calls = lock_from_another_process(world, "replace_reminders", times=99)
    clicked = await world.click(player, prompt, label)
    assert len(calls) == 1 + len(follow_up.PAUSES)
    assert clicked.reply_text != SORRY and "nothing was changed" not in clicked.reply_text
    assert clicked.reply_text.startswith(follow_up.CHOICE_SAVED) and "reminders" in clicked.reply_text
    assert (await loaded_game(world, channel)).seq == 1  # the choice stands
    nxt = current_prompts(channel)[-1]
    assert nxt is not prompt and nxt is channel.messages[-1]  # the next prompt went out ...
    assert nxt.image() is not None  # ... with the board
    # The answered prompt, clicked again (say from a second window), is out of date, and a
    # newer prompt is there to use.
    again = await world.dispatch(player, prompt, custom_id, discord.ui.Button(custom_id=custom_id, label=label))
    assert STALE in again.reply_text
    # The next player plays on as usual once the lock is free again.
    world.bot.storage.replace_reminders = type(world.bot.storage).replace_reminders.__get__(world.bot.storage)
    nxt_player = waiting_member(nxt, members)
    assert (await world.click(nxt_player, nxt, pass_label(nxt))).reply_text == ""
    assert (await loaded_game(world, channel)).seq == 2


async def test_a_full_disk_when_recording_posted_messages_still_posts_everything(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    tries = []

    async def disk_full(*args, **kwargs):
        tries.append(args)
        raise sqlite3.OperationalError("database or disk is full")

    armies = await open_group(world, player, prompt, "Bring your Arab army")  # (noted before the failure)
    world.bot.storage.record_message = disk_full
    before = len(channel.messages)
    first_image = prompt.image()
    # Placing the army has events and the same player goes on (where it moves): the message is
    # edited in place with the new board and the next question, and noting it fails.
    clicked = await world.click(player, armies, armies.option_buttons()[0])
    assert (await loaded_game(world, channel)).seq == 1
    assert channel.messages[before:] == []
    assert prompt.image() is not None and prompt.image() != first_image  # the new board
    assert current_prompts(channel)[-1] is prompt  # and the next question, both shown
    assert clicked.reply_text.startswith(follow_up.CHOICE_SAVED)
    assert "could not note" in clicked.reply_text and "nothing was changed" not in clicked.reply_text
    assert clicked.reply_text.count("could not note") == 1  # one sentence, however many notes failed
    assert len(tries) == 1 + len(follow_up.PAUSES)  # the message's note, retried


async def test_a_skip_whose_audit_line_cannot_be_written_still_stands_and_is_posted(world):
    channel, members = await open_game(world)
    waited_on = waiting_member(current_prompts(channel)[0], members)

    async def disk_full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    world.bot.storage.audit = disk_full
    mod = world.member("Mia", manage_channels=True)
    reply = await world.slash(mod, channel, "mod skip")
    assert reply.reply_text.startswith("Skipped.") and "audit log" in reply.reply_text
    game = await loaded_game(world, channel)
    assert [c.option_id for c in await world.bot.storage.choices(game.id)] == ["pass"]
    assert waiting_member(current_prompts(channel)[-1], members) is not waited_on
