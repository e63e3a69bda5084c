"""Play-by-post reminders with a hand-moved clock: delay, slower repeats, DM or channel,
stored in the database so a restarted bot still sends them."""

from __future__ import annotations

import pytest
from bot_fakes import World, current_prompts, loaded_game, open_game, waiting_member

from bot.scheduling.reminders import next_delay


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


def reminders_in(channel):
    return [m for m in channel.messages if m.content.startswith("⏰")]


def test_repeats_slow_down_to_four_times_the_delay():
    assert [next_delay(12, n).total_seconds() / 3600 for n in range(5)] == [12, 24, 48, 48, 48]


async def test_reminder_after_the_delay_then_slower(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    waiting = waiting_member(prompt, members)
    scheduler = world.bot.reminders

    world.clock.advance(hours=11, minutes=59)
    assert await scheduler.run_due() == 0
    world.clock.advance(minutes=1)
    assert await scheduler.run_due() == 1
    [ping] = reminders_in(channel)
    assert f"<@{waiting.id}>" in ping.content and waiting.id in ping.mentions
    assert "choose your action" in ping.content
    assert f"/{channel.id}/{prompt.id}" in ping.content  # a link to the prompt
    assert await scheduler.run_due() == 0  # not twice for the same wait

    world.clock.advance(hours=23, minutes=59)
    assert await scheduler.run_due() == 0
    world.clock.advance(minutes=1)
    assert await scheduler.run_due() == 1  # second reminder 24 h after the first
    world.clock.advance(hours=48)
    assert await scheduler.run_due() == 1
    assert len(reminders_in(channel)) == 3


async def test_a_choice_moves_the_reminder_to_the_next_player(world):
    channel, members = await open_game(world)
    prompt = current_prompts(channel)[0]
    first = waiting_member(prompt, members)
    world.clock.advance(hours=6)
    await world.click(first, prompt, "Pass (no more actions this round)")
    nxt = waiting_member(current_prompts(channel)[0], members)
    assert nxt is not first
    world.clock.advance(hours=7)  # 13 h after the start, 7 h after the choice
    assert await world.bot.reminders.run_due() == 0
    world.clock.advance(hours=5)
    assert await world.bot.reminders.run_due() == 1
    assert f"<@{nxt.id}>" in reminders_in(channel)[0].content


async def test_reminders_survive_a_restart(world):
    channel, members = await open_game(world)
    waiting = waiting_member(current_prompts(channel)[0], members)
    await world.start_bot()  # a new process: nothing in memory, the schedule is in the database
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 1
    assert f"<@{waiting.id}>" in reminders_in(channel)[0].content


async def test_dm_setting_and_fallback_when_dms_are_closed(world):
    channel, members = await open_game(world)
    waiting = waiting_member(current_prompts(channel)[0], members)
    reply = await world.slash(waiting, channel, "settings ping", mode="dm")
    assert "reminded by direct message" in reply.reply_text
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 1
    assert len(waiting.dms) == 1 and f"<#{channel.id}>" in waiting.dms[0]
    assert reminders_in(channel) == []  # DM only

    waiting.accepts_dms = False
    world.clock.advance(hours=24)
    assert await world.bot.reminders.run_due() == 1
    assert len(reminders_in(channel)) == 1  # fell back to the channel
    assert f"<@{waiting.id}>" in reminders_in(channel)[0].content

    await world.slash(waiting, channel, "settings ping", mode="both")
    waiting.accepts_dms = True
    world.clock.advance(hours=48)
    await world.bot.reminders.run_due()
    assert len(waiting.dms) == 2 and len(reminders_in(channel)) == 2


async def test_paused_game_sends_no_reminders(world):
    channel, members = await open_game(world)
    mod = world.member("Mia", manage_channels=True)
    await world.slash(mod, channel, "mod pause")
    world.clock.advance(hours=100)
    assert await world.bot.reminders.run_due() == 0
    await world.slash(mod, channel, "mod resume")
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 1
    assert (await loaded_game(world, channel)).record.status == "active"


async def test_turn_prompts_follow_each_players_ping_setting(world):
    """The prompt itself pings as the player chose: channel (default), DM, or both; the member
    who just acted is not pinged again for their own next decision."""
    channel, members = await open_game(world)
    first = waiting_member(current_prompts(channel)[0], members)
    order = [m for m in members if m is not first]
    await world.slash(order[0], channel, "settings ping", mode="dm")
    await world.slash(order[1], channel, "settings ping", mode="both")

    start = current_prompts(channel)[0]
    count = len(channel.messages)
    await world.slash(first, channel, "byz choose", option="tax")
    own_next = current_prompts(channel)[0]  # still `first`: how many cubes for taxes
    # The same message goes on (an edit notifies nobody); nothing new pings them.
    assert waiting_member(own_next, members) is first and own_next is start and own_next.edits == 1
    assert len(channel.messages) == count and first.dms == []

    await world.slash(first, channel, "byz choose", option="tax:byzantine=18")
    second = current_prompts(channel)[0]
    nxt = waiting_member(second, members)
    await world.slash(nxt, channel, "byz pass")
    third = current_prompts(channel)[0]
    last = waiting_member(third, members)
    assert sorted([nxt.id, last.id]) == sorted(m.id for m in order)
    prompt_of = {nxt.id: second, last.id: third}
    dm_player, both_player = order
    dm_prompt, both_prompt = prompt_of[dm_player.id], prompt_of[both_player.id]
    assert dm_prompt.mentions == []  # told privately, with a link to the prompt ...
    assert len(dm_player.dms) == 1 and f"/{channel.id}/{dm_prompt.id}" in dm_player.dms[0]
    assert "Your turn in" in dm_player.dms[0]
    assert both_prompt.mentions == [both_player.id] and len(both_player.dms) == 1  # ... or both ways
    assert first.dms == []  # the default: channel pings only


async def test_a_game_that_no_longer_loads_postpones_its_reminder_quietly(world):
    """A history the code cannot load (here: its game is not installed) is for a moderator;
    its reminder sends nothing and waits a day instead of failing at every poll."""
    import aiosqlite

    from bot.scheduling.reminders import UNLOADABLE_RETRY

    channel, _members = await open_game(world)
    game_id = (await loaded_game(world, channel)).record.id
    async with aiosqlite.connect(world.db_path) as db:
        await db.execute("UPDATE games SET game = 'chess' WHERE id = ?", (game_id,))
        await db.commit()
    storage = world.bot.service.storage
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 0
    assert reminders_in(channel) == []
    [reminder] = await storage.reminders(game_id)
    assert reminder.due_at == world.clock() + UNLOADABLE_RETRY
    assert await world.bot.reminders.run_due() == 0  # not retried at the next poll
