"""Slash commands: Byzantium shortcuts with autocomplete, take-backs, reading the game,
boards in a thread, and missing permissions named."""

from __future__ import annotations

import discord
import pytest
import toygame  # noqa: F401  (registers the dice race, a game whose every turn rolls dice)
from bot_fakes import BOT_PERMISSIONS, World, current_prompts, loaded_game, open_game, waiting_member


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def test_byz_take_with_autocomplete_goes_through_the_same_path(world):
    channel, members = await open_game(world)
    player = waiting_member(current_prompts(channel)[0], members)
    other = next(m for m in members if m is not player)
    choices = await world.autocomplete(player, channel, "byz take", "city", "dam")
    assert [c.value for c in choices] == ["take:Damascus"]
    assert await world.autocomplete(other, channel, "byz take", "city", "") == []  # not their turn
    everything = await world.autocomplete(player, channel, "byz take", "city", "")
    assert 0 < len(everything) <= 25 and all(c.value.startswith("take:") for c in everything)

    refused = await world.slash(player, channel, "byz take", city="Atlantis")
    assert "not one of your options" in refused.reply_text
    wrong = await world.slash(other, channel, "byz take", city="take:Damascus")
    assert "not your decision" in wrong.reply_text

    done = await world.slash(player, channel, "byz take", city="Damascus")  # typed, not picked
    assert done.reply_text == "Done."
    game = await loaded_game(world, channel)
    assert (await world.bot.storage.choices(game.id))[0].option_id == "take:Damascus"
    assert any("takes control of Damascus" in m.content for m in channel.messages)
    # The prompt that was on screen lost its buttons: it is outdated now.
    assert all(m.view is None for m in channel.messages if m.id != current_prompts(channel)[-1].id)


async def test_byz_pass_and_choose(world):
    channel, members = await open_game(world)
    player = waiting_member(current_prompts(channel)[0], members)
    await world.slash(player, channel, "byz pass")
    nxt = waiting_member(current_prompts(channel)[0], members)
    options = await world.autocomplete(nxt, channel, "byz choose", "option", "tax")
    assert options and all("tax" in (c.name + c.value).casefold() for c in options)
    reply = await world.slash(nxt, channel, "byz choose", option=options[0].value)
    assert reply.reply_text == "Done."
    game = await loaded_game(world, channel)
    assert [c.option_id for c in await world.bot.storage.choices(game.id)][:2] == ["pass", options[0].value]


async def test_takeback_own_last_choice_only_while_nobody_chose_since(world):
    channel, members = await open_game(world)
    first = waiting_member(current_prompts(channel)[0], members)
    await world.slash(first, channel, "byz choose", option="tax")
    second_decision = current_prompts(channel)[0]  # still the same player: how many cubes go to taxes
    assert waiting_member(second_decision, members) is first

    others = [m for m in members if m is not first]
    refused = await world.slash(others[0], channel, "game takeback")
    assert "only take back your own choice" in refused.reply_text
    taken = await world.slash(first, channel, "game takeback")
    assert taken.reply_text == "Taken back."
    assert (await loaded_game(world, channel)).seq == 0
    assert "took back their last choice" in "".join(m.content for m in channel.messages[-3:])

    await world.slash(first, channel, "byz pass")
    nxt = waiting_member(current_prompts(channel)[0], members)
    await world.slash(nxt, channel, "byz pass")
    late = await world.slash(first, channel, "game takeback")  # someone chose since
    assert "only take back your own choice" in late.reply_text
    assert (await loaded_game(world, channel)).seq == 2


async def test_takeback_refused_when_dice_were_rolled(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="dice_race")
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    prompt = current_prompts(channel)[0]
    roller = waiting_member(prompt, [ann, bo])
    await world.click(roller, prompt, "Roll 1 dice")
    assert any("🎲" in m.content for m in channel.messages)  # the roll is reported
    refused = await world.slash(roller, channel, "game takeback")
    assert "Dice were rolled" in refused.reply_text
    assert (await loaded_game(world, channel)).seq == 1
    # The Byzantium shortcuts do not act on another game.
    other = waiting_member(current_prompts(channel)[0], [ann, bo])
    assert await world.autocomplete(other, channel, "byz choose", "option", "") == []
    wrong_game = await world.slash(other, channel, "byz choose", option="roll:1")
    assert "shortcuts are for Byzantium" in wrong_game.reply_text


async def test_status_map_log_help(world):
    channel, members = await open_game(world)
    player = waiting_member(current_prompts(channel)[0], members)
    await world.slash(player, channel, "byz pass")
    nxt = waiting_member(current_prompts(channel)[0], members)

    status = await world.slash(members[0], channel, "game status")
    assert f"Waiting on <@{nxt.id}>" in status.reply_text and "Round 1" in status.reply_text
    assert "Scores so far" in status.reply_text and "VP" in status.reply_text

    private = await world.slash(members[0], channel, "game map")
    assert private.replies[0].ephemeral and private.replies[0].image()[:4] == b"\x89PNG"
    before = len(channel.messages)
    await world.slash(members[0], channel, "game map", public=True)
    assert len(channel.messages) == before + 1 and channel.messages[-1].image() is not None

    log = await world.slash(members[0], channel, "game log", n=5)
    assert "#1" in log.reply_text and "passes" in log.reply_text

    helped = await world.slash(nxt, channel, "game help")
    assert "Now:" in helped.reply_text and "take a city" in helped.reply_text


async def test_boards_go_to_a_thread_when_asked(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium", boards_in_thread=True)
    card = channel.messages[-1]
    assert "boards in a thread: yes" in card.content
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    [thread] = channel.threads
    assert thread.messages and thread.messages[0].image() is not None
    assert not any(m.image() for m in channel.messages)  # the channel keeps only prompts
    assert current_prompts(channel)
    record = (await loaded_game(world, channel)).record
    assert record.board_thread_id == thread.id


async def test_missing_permissions_are_named(world):
    channel = world.channel()
    ann = world.member("Ann")
    lacking = discord.Permissions(BOT_PERMISSIONS.value)
    lacking.attach_files = False
    refused = await world.slash(ann, channel, "game new", game="byzantium", app_permissions=lacking)
    assert "missing the **Attach Files** permission" in refused.reply_text
    assert await world.bot.storage.channel_game(channel.id) is None

    channel.can_post = False  # Discord refuses the post itself
    reply = await world.slash(ann, channel, "game new", game="byzantium")
    assert "**Send Messages**" in reply.reply_text
    assert await world.bot.storage.channel_game(channel.id) is None  # no invisible lobby left behind
    channel.can_post = True
    again = await world.slash(ann, channel, "game new", game="byzantium")
    assert "opened" in again.reply_text


async def test_settings_ping_rejects_unknown_modes(world):
    channel = world.channel()
    ann = world.member("Ann")
    reply = await world.slash(ann, channel, "settings ping", mode="carrier pigeon")
    assert reply.reply_text == "Choose one of: channel, dm, both."


async def test_repost_gives_fresh_prompts_and_retires_the_old_ones(world):
    channel, members = await open_game(world)
    old = current_prompts(channel)[0]
    outsider = world.member("Eve")
    refused = await world.slash(outsider, channel, "game repost")
    assert "Only the players and moderators" in refused.reply_text
    reply = await world.slash(members[1], channel, "game repost")
    assert reply.reply_text == "Re-posted."
    assert old.view is None
    [fresh] = current_prompts(channel)
    assert fresh is channel.messages[-1] and fresh.id != old.id
    assert channel.messages[-2].image() is not None
    player = waiting_member(fresh, members)
    assert (await world.click(player, fresh, "Pass (no more actions this round)")).reply_text == ""


async def test_a_board_in_the_thread_says_what_the_choice_did(world):
    """Issue 28: the thread's boards were captioned with the choice alone ("bob chose 2 main army
    cubes."); the caption is the account: the choice and what it did."""
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium", boards_in_thread=True)
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    [thread] = channel.threads
    from engine import get_game

    game = await loaded_game(world, channel)
    first = get_game("byzantium").pending(game.state)[0].player
    member = next(m for m in (ann, bo) if m.name == first)
    await world.slash(member, channel, "byz take", city="take:Jerusalem")
    captions = [m.content for m in thread.messages[1:]]
    assert captions and any("chose" in c and "takes control of Jerusalem" in c for c in captions), captions
