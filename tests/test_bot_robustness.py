"""Robustness: limits by construction, rendering off the event loop, errors answered politely,
two processes racing on one game, and every command valid for Discord's registration."""

from __future__ import annotations

import asyncio
import logging
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from bot_fakes import Interaction, World, current_prompts, loaded_game, open_game, open_group, waiting_member

from bot.discord_ui import app
from bot.discord_ui.interact import SORRY
from bot.service import text
from bot.service.turn.prompt import BUTTON_TEMPLATE
from engine import Event


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


def test_a_long_account_is_split_without_losing_a_roll():
    events = [Event("roll", f"Army {i} rolls {[6, 5, 4, 3, 2, 1] * 3}: {i} hits.", {"dice": [6]}) for i in range(200)]
    chunks = text.account("**Ann** attacks.", events)
    assert len(chunks) > 1 and all(len(c) <= 2000 for c in chunks)
    joined = "\n".join(chunks)
    assert all(f"Army {i} rolls" in joined for i in range(200))
    assert chunks[0].startswith("**Ann** attacks.")


def test_dice_are_recognised_in_events():
    assert text.has_dice(Event("roll", "x", {"dice": [3]}))
    assert text.has_dice(Event("siege", "x", {"attacker_dice": [1, 2]}))
    assert not text.has_dice(Event("take", "x", {"city": "Damascus"}))


async def test_every_command_registers_within_discord_limits(tmp_path):
    world = World(tmp_path / "x.sqlite3")
    bot = await world.start_bot()
    payload = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    await world.stop()
    names = {p["name"] for p in payload}
    assert names == {"game", "byz", "wt", "alex", "mod", "settings", "stats"}

    def walk(node):
        assert 1 <= len(node["name"]) <= 32 and node["name"] == node["name"].lower()
        assert 1 <= len(node.get("description", "x")) <= 100
        for option in node.get("options", []):
            walk(option)
        assert len(node.get("options", [])) <= 25

    for command in payload:
        walk(command)
    guild_only = {p["name"] for p in payload if p.get("contexts") == [0] or p.get("dm_permission") is False}
    assert {"game", "byz", "wt", "mod", "stats"} <= guild_only


async def test_rendering_runs_off_the_event_loop(world, monkeypatch):
    import render

    threads = []
    real = render.render_inline  # what a turn message's close-up is drawn with

    def spy(game_name, state, **kwargs):
        threads.append(threading.current_thread())
        return real(game_name, state, **kwargs)

    monkeypatch.setattr(render, "render_inline", spy)
    await open_game(world)
    assert threads and all(t is not threading.main_thread() for t in threads)


async def test_an_unexpected_error_is_logged_with_game_and_user_and_answered_politely(world, caplog):
    channel, members = await open_game(world)
    game = await loaded_game(world, channel)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    world.bot.storage.append_choice = broken
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    with caplog.at_level(logging.ERROR):
        interaction = await world.click(player, prompt, prompt.option_buttons()[-1])
    assert interaction.reply_text == SORRY
    failure = next(r for r in caplog.records if "request failed" in r.getMessage())
    assert f"user={player.id}" in failure.getMessage() and f"game={game.id}" in failure.getMessage()
    assert failure.exc_info is not None
    assert prompt.view is not None  # the prompt stays usable


async def test_two_processes_racing_on_one_game_exactly_one_lands(tmp_path, monkeypatch):
    """Two bots on one database file: the storage's sequence check decides. A second bot process
    is refused at start (tests/test_storage_lost.py); this is the second line of defence, so the
    second bot here skips the claim on the database."""
    first = World(tmp_path / "shared.sqlite3")
    await first.start_bot()
    channel, members = await open_game(first)
    second = World(tmp_path / "shared.sqlite3", guild_id=first.guild.id)
    second.channels = first.channels
    monkeypatch.setattr(app, "claim_database", lambda path: None)
    await second.start_bot()
    try:
        prompt = current_prompts(channel)[0]
        player = waiting_member(prompt, members)
        labels = prompt.option_buttons()
        a, b = await asyncio.gather(first.click(player, prompt, labels[0]),
                                    second.click(player, prompt, labels[-1]))
        refused = [i for i in (a, b) if i.reply_text]
        assert len(refused) == 1 and "out of date" in refused[0].reply_text
        game = await loaded_game(first, channel)
        assert len(await first.bot.storage.choices(game.id)) == 1
    finally:
        await second.stop()
        await first.stop()


def test_the_service_layer_does_not_import_discord():
    """The service speaks plain data, so it can be driven (and reused) without discord.py."""
    code = "import sys, bot.service.game_service, bot.scheduling.reminders; print('discord' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.strip() == "False", done.stderr


async def test_a_failed_board_upload_keeps_the_choice_and_the_next_prompt(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    cities = await open_group(world, player, prompt, "Take a")
    channel.fail_uploads = True
    interaction = await world.click(player, cities, cities.option_buttons()[0])
    assert "/game repost" in interaction.reply_text
    assert (await loaded_game(world, channel)).seq == 1  # the choice stands
    nxt = waiting_member(current_prompts(channel)[-1], members)
    assert nxt is not None and nxt is not player  # the next prompt went out (the cube came by itself)
    channel.fail_uploads = False
    await world.slash(player, channel, "game repost")
    assert channel.messages[-1].image() is not None


async def test_a_game_whose_history_no_longer_replays_is_reported_not_guessed(world):
    import sqlite3

    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    await world.click(waiting_member(prompt, members), prompt, "Pass (no more actions this round)")
    game = await loaded_game(world, channel)
    with sqlite3.connect(world.db_path) as db:  # someone edits the file by hand
        db.execute("UPDATE snapshots SET state = json_set(state, '$.version', 7) WHERE game_id = ? AND seq = 1",
                   (game.id,))
    status = await world.slash(members[0], channel, "game status")
    assert "does not replay" in status.reply_text and "step 1" in status.reply_text
    fresh = current_prompts(channel)[0]
    click = await world.click(waiting_member(fresh, members), fresh, fresh.option_buttons()[0])
    assert "does not replay" in click.reply_text
    with sqlite3.connect(world.db_path) as db:
        assert db.execute("SELECT count(*) FROM choices WHERE game_id = ?", (game.id,)).fetchone()[0] == 1


async def test_errors_before_a_handler_are_answered_in_one_private_sentence(world, caplog):
    from discord import app_commands

    from bot.discord_ui.app import on_command_error

    channel = world.channel()
    ann = world.member("Ann")
    assert world.bot.tree.on_error is on_command_error
    dm = Interaction(world.bot, ann, channel)
    dm.command = None
    with caplog.at_level(logging.ERROR):
        await on_command_error(dm, app_commands.NoPrivateMessage())
    assert dm.response.sent == ["That command works in a server channel, not in direct messages."]
    broken = Interaction(world.bot, ann, channel)
    broken.command = None
    await broken.response.defer(ephemeral=True)
    await on_command_error(broken, app_commands.AppCommandError("boom"))
    assert broken.reply_text == "Sorry, that command failed on my side; nothing was changed."
    assert any("failed before its handler" in r.getMessage() for r in caplog.records)


def test_a_file_over_the_upload_limit_is_left_out_with_a_note():
    from bot.discord_ui.publish import _content, _files
    from bot.service.posts import Attachment, Post

    post = Post("Board.", (Attachment("board.png", b"x" * 2000), Attachment("log.json", b"{}")))
    files, note = _files(post, limit=1000)
    assert [f.filename for f in files] == ["log.json"]
    assert note == "(board.png is too large to upload here)"
    assert _content(post, note) == "Board.\n(board.png is too large to upload here)"


async def test_a_choice_stored_just_before_a_crash_gets_its_prompt_after_restart(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    player = waiting_member(prompt, members)
    # The service stores the choice; the process dies before the publisher posts anything.
    from bot.discord_ui.interact import actor_from

    click = Interaction(world.bot, player, channel)
    custom_id = next(c.item.custom_id for c in prompt.components if c.item.custom_id.endswith(":pass"))
    ids = re.fullmatch(BUTTON_TEMPLATE, custom_id)
    outcome = await world.bot.service.choose(int(ids["game"]), int(ids["version"]), "pass", actor_from(click),
                                             seat=int(ids["seat"]), head=ids["head"])
    assert outcome.ok and outcome.posts
    before = len(channel.messages)
    # While this process runs, a choice not yet posted is in flight, not lost: left alone.
    assert await world.bot.recover_posts() == 0
    world.clock.advance(minutes=5)
    bot = await world.start_bot()
    assert await bot.recover_posts() == 1
    fresh = current_prompts(channel)
    assert fresh and fresh[0] is channel.messages[-1] and len(channel.messages) > before
    assert "Back online" in channel.messages[before].content
    assert prompt.view is None  # the outdated prompt lost its buttons
    assert await bot.recover_posts() == 0  # nothing left to recover
