"""A prompt is tied to the exact history it was posted for, not only to the game's version.

After a moderator undo the version goes back down, and play forward reaches the old numbers
again. A prompt of the undone branch whose buttons could not be taken off (Discord error) must
then stay refused as outdated, while the prompt of the new branch works.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import discord
import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, waiting_member

from bot.service.core import STALE
from bot.service.turn.prompt import BUTTON_TEMPLATE, history_head
from bot.storage.records import LoadedGame


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot(moderator_role=f"{w.guild.id}:Game Masters")
    yield w
    await w.stop()


def _pass_label(message) -> str:
    labels = message.option_buttons()
    return next((b for b in labels if b.startswith("Pass")), labels[0])


async def _play_pass(world, channel, members, version: int | None = None) -> None:
    message = current_prompts(channel, version)[-1]
    clicked = await world.click(waiting_member(message, members), message, _pass_label(message))
    assert clicked.reply_text == ""


def _ids(message) -> dict[str, re.Match]:
    """The prompt's buttons by label, with their parsed custom ids."""
    return {c.item.label: re.fullmatch(BUTTON_TEMPLATE, c.item.custom_id) for c in message.components
            if isinstance(c.item, discord.ui.Button)}


async def _choices(world, channel) -> list[tuple[int, str, str]]:
    loaded = await loaded_game(world, channel)
    return [(c.seq, c.player, c.option_id) for c in await world.bot.storage.choices(loaded.id)]


async def test_a_prompt_of_an_undone_branch_stays_stale_when_play_reaches_its_version_again(world):
    channel, members = await open_game(world)
    for _ in range(2):
        world.clock.advance(minutes=1)
        await _play_pass(world, channel, members)
    assert (await loaded_game(world, channel)).seq == 2
    old = current_prompts(channel)[0]
    old_player = waiting_member(old, members)
    old_ids = _ids(old)
    label = _pass_label(old)
    assert int(old_ids[label]["version"]) == 2 and old_ids[label]["head"]

    async def discord_refuses(**kwargs):
        raise discord.HTTPException(type("R", (), {"status": 500, "reason": "Server Error"})(), "try later")

    old.edit = discord_refuses  # taking the buttons off this prompt will fail: it stays clickable

    world.clock.advance(minutes=1)
    mod = world.member("Mia", manage_channels=True)
    ask = await world.slash(mod, channel, "mod undo", steps=1)
    await world.click(mod, ask.replies[0], "Undo")
    assert (await loaded_game(world, channel)).seq == 1
    assert old.buttons() == list(old_ids)  # the retire failed, the old prompt still has its buttons

    world.clock.advance(minutes=1)
    # The same choice again, on the prompt re-posted after the undo: version 2 once more.
    await _play_pass(world, channel, members, version=1)
    assert (await loaded_game(world, channel)).seq == 2
    new = current_prompts(channel)[-1]
    assert new is not old and waiting_member(new, members) is old_player
    new_ids = _ids(new)
    # Same game, version, seat and option: only the history head tells the two prompts apart.
    for key in ("game", "version", "seat", "ref"):
        assert new_ids[label][key] == old_ids[label][key]
    assert new_ids[label]["head"] != old_ids[label]["head"]

    before_choices = await _choices(world, channel)
    before_messages = len(channel.messages)
    stale = await world.click(old_player, old, old_ids[label].string)
    assert STALE in stale.reply_text
    assert await _choices(world, channel) == before_choices  # nothing applied
    assert (await loaded_game(world, channel)).seq == 2
    assert len(channel.messages) == before_messages  # nothing posted
    assert new.buttons() == list(new_ids)  # the live prompt is untouched

    fresh = await world.click(old_player, new, new_ids[label].string)
    assert fresh.reply_text == ""
    assert (await loaded_game(world, channel)).seq == 3
    assert (await _choices(world, channel))[:2] == before_choices


async def test_a_prompt_without_a_head_from_an_older_bot_is_refused_with_a_hint(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    label = _pass_label(prompt)
    ids = _ids(prompt)[label]
    legacy = f"bg:{ids['game']}:{ids['version']}:{ids['seat']}:{ids['ref']}"
    assert re.fullmatch(BUTTON_TEMPLATE, legacy)["head"] is None
    refused = await world.dispatch(waiting_member(prompt, members), prompt, legacy,
                                   discord.ui.Button(custom_id=legacy, label=label))
    assert STALE in refused.reply_text and "/game repost" in refused.reply_text
    assert (await loaded_game(world, channel)).seq == 0


async def test_history_head_is_the_same_for_the_same_history_and_differs_across_branches(world):
    channel, _members = await open_game(world)
    loaded = await loaded_game(world, channel)
    record = loaded.record
    assert loaded.seq == 0 and history_head(loaded) == history_head(LoadedGame(record, None, 0, None))
    at = datetime(2026, 1, 5, 12, 3, 4, 567891, tzinfo=UTC)
    head = history_head(LoadedGame(record, None, 4, at))
    assert re.fullmatch(r"[0-9a-f]{6}", head)
    assert history_head(LoadedGame(record, None, 4, at)) == head
    assert history_head(LoadedGame(record, None, 4, at.replace(microsecond=567892))) != head
    assert history_head(LoadedGame(record, None, 5, at)) != head
