"""The bot's handlers end to end on Byzantium: lobby, a whole game by clicks, refusals,
restarts and racing clicks. Real bot, cogs, DynamicItems, service, storage and renderer;
only the Discord transport is faked (tests/bot_fakes.py)."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, open_group, pick, waiting_member


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def test_lobby_to_final_scores_three_players(world):
    """A whole 3-player Byzantium game from /game new to the posted final scores, every choice
    made through the component path a click takes."""
    channel, members = await open_game(world)
    first_board = channel.messages[1]
    assert first_board.image() is not None and first_board.image()[:8] == b"\x89PNG\r\n\x1a\n"
    rng = random.Random(3)
    for _step in range(2000):
        prompts = current_prompts(channel)
        if not prompts:
            break
        message = prompts[0]
        member = waiting_member(message, members)
        interaction = await pick(world, message, member, rng)
        assert interaction.reply_text == "", interaction.reply_text  # accepted: no private refusal
        # The answered question shrank to one line; the message closed (no buttons), or goes on
        # in place with the same player's next decision of the same action, or with the players
        # asked at once with them (the round's upkeep) who have not answered yet.
        assert "✅" in message.content
        assert message.view is None or message in current_prompts(channel)
    else:
        pytest.fail("the game did not end in 2000 choices")

    result = channel.messages[-1]
    assert "is over. Final scores" in result.content
    for member in members:
        assert f"<@{member.id}>" in result.content
    assert re.search(r"^1\. \*\*\w+\*\* <@\d+>: \*\*\d+\*\* \(", result.content, re.M)  # rank, seat, score, tie-breaks
    assert "total VP" in result.content
    boards = [m for m in channel.messages if m.image() is not None]
    assert len(boards) > 20  # a board on every turn message
    # Statistics count the finished game for each player.
    stats = await world.slash(members[1], channel, "stats player")
    assert "1 played" in stats.reply_text
    # The channel is free for a new game.
    again = await world.slash(members[0], channel, "game new", game="byzantium")
    assert "opened" in again.reply_text


async def test_second_game_in_a_channel_is_refused(world):
    channel, members = await open_game(world)
    refused = await world.slash(members[1], channel, "game new", game="byzantium")
    assert "already has a game" in refused.reply_text
    assert refused.replies[0].ephemeral


async def test_start_needs_enough_players_and_the_host(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium")
    card = channel.messages[-1]
    alone = await world.click(ann, card, "Start")
    assert "needs 2 to 4 players; 1 has joined" in alone.reply_text
    await world.click(bo, card, "Join")
    twice = await world.click(bo, card, "Join")
    assert "already have a seat" in twice.reply_text
    not_host = await world.click(bo, card, "Start")
    assert "Only the host" in not_host.reply_text
    assert card.view is not None  # still a lobby


async def test_duplicate_display_names_get_distinct_seats(world):
    channel, members = await open_game(world, players=("Ann", "Ann", "Bo"))
    record = await world.bot.storage.channel_game(channel.id)
    assert [s.seat for s in record.seats] == ["Ann", "Ann 2", "Bo"]


async def test_click_by_someone_else_is_refused_and_changes_nothing(world):
    channel, members = await open_game(world)
    outsider = world.member("Eve")
    message = current_prompts(channel)[0]
    waiting = waiting_member(message, members)
    before = len(channel.messages)
    for intruder in [outsider] + [m for m in members if m is not waiting]:
        interaction = await world.click(intruder, message, message.option_buttons()[0])
        assert interaction.replies and interaction.replies[0].ephemeral
        assert ("not playing in this game" in interaction.reply_text
                or "not your decision" in interaction.reply_text)
    assert len(channel.messages) == before
    assert message.view is not None
    record = await world.bot.storage.channel_game(channel.id)
    assert (await world.bot.storage.load(record.id)).seq == 0


async def test_stale_button_is_refused(world):
    channel, members = await open_game(world)
    old = current_prompts(channel)[0]
    player = waiting_member(old, members)
    saved = old.view
    await world.click(player, old, "Taxes: up to 9 cubes from the free pool, 2 bezants each")
    # The same player decides next (how many cubes for taxes), so only the version is wrong.
    assert waiting_member(current_prompts(channel)[0], members) is player
    assert old.view is not saved  # the message went on with the next decision's buttons ...
    old.view = saved  # ... but a client that has not seen the edit still shows the old ones
    interaction = await world.click(player, old, "Pass (no more actions this round)")
    assert "out of date" in interaction.reply_text and interaction.replies[0].ephemeral
    game = await loaded_game(world, channel)
    assert game.seq == 1
    assert [c.option_id for c in await world.bot.storage.choices(game.id)] == ["tax"]


async def test_restart_between_prompt_and_click(world):
    """A prompt sent by one bot process is answered after a new process opened the same file."""
    channel, members = await open_game(world)
    message = current_prompts(channel)[0]
    player = waiting_member(message, members)
    await world.start_bot()  # the old bot is closed; a new one with fresh memory takes over
    interaction = await world.click(player, message, "Pass (no more actions this round)")
    assert interaction.reply_text == ""
    record = await world.bot.storage.channel_game(channel.id)
    assert (await world.bot.storage.load(record.id)).seq == 1
    assert "passes" in channel.messages[-2].content or "passes" in "".join(m.content for m in channel.messages[-4:])


async def test_two_clicks_racing_exactly_one_lands(world):
    channel, members = await open_game(world)
    message = current_prompts(channel)[0]
    player = waiting_member(message, members)
    labels = message.option_buttons()
    first, second = await asyncio.gather(
        world.click(player, message, labels[0]),
        world.click(player, message, labels[-1]),
    )
    refusals = [i for i in (first, second) if i.reply_text]
    assert len(refusals) == 1 and "out of date" in refusals[0].reply_text
    record = await world.bot.storage.channel_game(channel.id)
    choices = await world.bot.storage.choices(record.id)
    assert len(choices) == 1


async def test_a_city_to_take_is_two_clicks_away(world):
    """The first action has more than 25 options: the cities come in groups (by side and region);
    a group's button shows its cities to the player alone, and one click there takes one."""
    channel, members = await open_game(world)
    message = current_prompts(channel)[0]
    groups = [b for b in message.buttons() if b.startswith("Take a")]
    assert len(groups) >= 3 and len(message.components) <= 25
    player = waiting_member(message, members)
    other = next(m for m in members if m is not player)
    refused = await world.click(other, message, groups[0])
    assert "not your decision" in refused.reply_text and refused.replies[0].ephemeral
    cities = await open_group(world, player, message, groups[0])
    assert cities.ephemeral and all(label.startswith("Take ") for label in cities.option_buttons())
    label = cities.option_buttons()[0]
    interaction = await world.click(player, cities, label)
    assert interaction.reply_text == ""
    assert cities.content.startswith("✅") and cities.view is None  # the private choices answered
    record = await world.bot.storage.channel_game(channel.id)
    [choice] = await world.bot.storage.choices(record.id)
    assert choice.option_id.startswith("take:") and choice.option_id.removeprefix("take:") in label
