"""Play-by-post across many games (issue 29), through the real bot's commands and buttons with a
hand-moved clock: `/game mine` (marks, links, order, pages, "All my games" under a reminder),
`/mod games` (the longest waits first, stalled games), pace in `/stats player` and `/game status`,
and `/settings away` (no reminders; a bot stands in where the game allows it; back by command or
click)."""

from __future__ import annotations

import re

import pytest
from bot_fakes import World, current_prompts, pass_label, waiting_member

from bot.scheduling.departures import FORGET_AFTER
from bot.service.members.overview import PAGE, page_bounds


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def new_game(world: World, members, *, start: bool = True, name: str = "game", seed: int = 7, **options):
    """A Byzantium game in a new channel with `members` seated in this order (the first hosts)."""
    channel = world.channel(name)
    await world.slash(members[0], channel, "game new", game="byzantium", **options)
    card = channel.messages[-1]
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    await world.bot.storage.update_lobby(game_id, seed=seed)
    for member in members[1:]:
        await world.click(member, card, "Join")
    if start:
        await world.click(members[0], card, "Start")
    return channel, game_id


async def pass_turn(world: World, channel, members):
    """Whoever the game waits on passes; returns who did."""
    prompt = current_prompts(channel)[0]
    who = waiting_member(prompt, members)
    await world.click(who, prompt, pass_label(prompt))
    return who


async def mine(world: World, member, channel, **options):
    ix = await world.slash(member, channel, "game mine", **options)
    [reply] = ix.replies
    assert reply.ephemeral
    return reply


def game_lines(reply) -> list[str]:
    return game_lines_of(reply.content)


def game_lines_of(content: str) -> list[str]:
    return [line for line in content.splitlines() if line.startswith("• ")]


async def test_game_mine_lists_every_game_of_the_member_waiting_ones_first_with_links(world):
    ann, bo, cy = world.member("Ann"), world.member("Bo"), world.member("Cy")
    first, _ = await new_game(world, [ann, bo], name="byz-1")
    if waiting_member(current_prompts(first)[0], [ann, bo]) is ann:
        await pass_turn(world, first, [ann, bo])  # this one now waits on Bo
    world.clock.advance(hours=3)
    second, _ = await new_game(world, [bo, ann], name="byz-2")
    while waiting_member(current_prompts(second)[0], [ann, bo]) is not ann:
        await pass_turn(world, second, [ann, bo])
    lobby, lobby_id = await new_game(world, [cy, ann], start=False, name="lobby")
    await new_game(world, [bo, cy], name="not-hers")

    reply = await mine(world, ann, lobby)
    lines = game_lines(reply)
    assert reply.content.startswith("**Your games here** (3; 1 waiting on you):\n")
    assert len(lines) == 3
    assert lines[0].startswith(f"• <#{second.id}> **Byzantium**") and "⏰ **waiting on you** since <t:" in lines[0]
    assert "choose your action" in lines[0]
    assert lines[1].startswith(f"• <#{first.id}>") and f"waiting on <@{bo.id}> since <t:" in lines[1]
    assert lines[2] == f"• <#{lobby.id}> **Byzantium** #{lobby_id} · 🚪 lobby, 2 seated"

    only = game_lines(await mine(world, ann, lobby, waiting_on_me=True))
    assert only == lines[:1]
    # Someone else's list: nothing of Ann's.
    assert f"<#{second.id}>" not in (await mine(world, cy, lobby)).content


async def test_ended_games_only_when_asked_and_pages_within_discords_limits(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    mod = world.member("Mia", manage_channels=True)
    channels = [(await new_game(world, [ann, bo], name=f"g{i}"))[0] for i in range(PAGE + 2)]
    ix = await world.slash(mod, channels[0], "mod abandon")
    [ask] = [m for m in ix.replies if m.components]
    await world.click(mod, ask, ask.buttons()[0])
    open_list = await mine(world, ann, channels[1])
    assert f"<#{channels[0].id}>" not in open_list.content
    first_page = await mine(world, ann, channels[1], ended=True)
    assert "Page 1 of 2" in first_page.content and first_page.buttons() == ["◀", "▶"]
    assert len(game_lines(first_page)) == PAGE and len(first_page.content) <= 2000
    turned = await world.click(ann, first_page, "▶")
    assert "Page 2 of 2" in first_page.content  # the same private message, edited
    assert any(f"<#{channels[0].id}>" in line and "🏁 abandoned" in line for line in game_lines(first_page))
    assert turned.replies == []
    other = await world.click(bo, first_page, "◀")  # only its reader turns its pages
    assert "someone else's" in other.reply_text


async def test_all_my_games_under_a_reminder_answers_the_clicker_privately(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    channel, _ = await new_game(world, [ann, bo])
    waiting = waiting_member(current_prompts(channel)[0], [ann, bo])
    world.clock.advance(hours=12)
    assert await world.bot.reminders.run_due() == 1
    [reminder] = [m for m in channel.messages if m.content.startswith("⏰")]
    assert reminder.buttons() == ["All my games"]
    ix = await world.click(waiting, reminder, "All my games")
    [answer] = ix.replies
    assert answer.ephemeral and "⏰ **waiting on you**" in answer.content and f"<#{channel.id}>" in answer.content
    assert reminder.content.startswith("⏰")  # the reminder itself is left as it was


async def test_mod_games_shows_the_longest_waits_first_and_only_stalled_ones_when_asked(world):
    ann, bo, cy = world.member("Ann"), world.member("Bo"), world.member("Cy")
    mod = world.member("Mia", manage_channels=True)
    stalled, stalled_id = await new_game(world, [ann, bo], name="stalled")
    world.clock.advance(hours=50)
    fresh, _ = await new_game(world, [bo, cy], name="fresh", bots=1)
    refused = await world.slash(ann, fresh, "mod games")
    assert "Only moderators" in refused.reply_text
    reply = (await world.slash(mod, fresh, "mod games")).replies[0]
    lines = game_lines(reply)
    assert [line.split()[1] for line in lines] == [f"<#{stalled.id}>", f"<#{fresh.id}>"]
    assert "players: Ann and Bo" in lines[0] and "since <t:" in lines[0]
    assert "🤖 1 seat played by a bot" in lines[1]
    only = game_lines((await world.slash(mod, fresh, "mod games", stalled_hours=48)).replies[0])
    assert len(only) == 1 and only[0].startswith(f"• <#{stalled.id}> **Byzantium** #{stalled_id}")
    assert "No game here has waited 100 h" in (await world.slash(mod, fresh, "mod games", stalled_hours=100)).reply_text


async def test_pace_appears_in_stats_and_status(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    channel, _ = await new_game(world, [ann, bo])
    world.clock.advance(hours=2)
    quick = await pass_turn(world, channel, [ann, bo])
    world.clock.advance(hours=30)
    slow = await pass_turn(world, channel, [ann, bo])
    status = (await world.slash(ann, channel, "game status")).reply_text
    medians = {quick.name: "2 h", slow.name: "30 h"}
    assert f"⏱️ Median time to answer here: **Ann** {medians['Ann']} · **Bo** {medians['Bo']}" in status
    stats = (await world.slash(slow, channel, "stats player")).reply_text
    assert "• Byzantium: no game finished yet" in stats  # paced before any game ended
    assert "⏱️ 1 answer timed: median 30 h, 90% within 30 h" in stats
    mine = (await world.slash(quick, channel, "stats player")).reply_text
    assert "⏱️ 1 answer timed: median 2 h, 90% within 2 h" in mine


async def test_an_away_member_is_not_reminded_and_a_bot_plays_where_the_game_allows(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    plain, _ = await new_game(world, [ann, bo], name="plain")
    standin, standin_id = await new_game(world, [bo, ann], name="standin", seed=11, bot_takeover_hours=24)
    for channel in (plain, standin):
        while waiting_member(current_prompts(channel)[0], [ann, bo]) is not ann:
            await pass_turn(world, channel, [ann, bo])
    answer = (await world.slash(ann, plain, "settings away", until="3d")).reply_text
    assert answer.startswith("💤 You are away until <t:")
    refused = (await world.slash(ann, plain, "settings away", until="soon")).reply_text
    assert "number of hours" in refused
    await world.bot.reminders.run_due()  # the stand-in game: a bot takes her seat at once
    notice = [m for m in standin.messages if m.content.startswith(f"🤖 <@{ann.id}> is away until <t:")]
    assert len(notice) == 1 and notice[0].buttons() == ["I'm back"]
    world.clock.advance(seconds=5)
    await world.bot.reminders.run_due()
    await world.bot.reminders.wait_bots()
    seats = {s.user_id: s for s in (await world.bot.storage.game(standin_id)).seats}
    assert seats[ann.id].away
    assert (await world.bot.storage.choices(standin_id))[-1].user_id is None  # the bot's choice

    world.clock.advance(hours=30)
    await world.bot.reminders.run_due()
    assert not [m for m in plain.messages if m.content.startswith("⏰")]  # not reminded while away
    status = (await world.slash(bo, plain, "game status")).reply_text
    assert f"(<@{ann.id}>) is away until <t:" in status
    listed = (await mine(world, ann, plain)).content
    assert listed.startswith("💤 You are away until <t:")
    standin_line = next(line for line in game_lines_of(listed) if f"<#{standin.id}>" in line)
    assert "🤖 a bot plays your seat until you click **I'm back**" in standin_line

    back = await world.slash(ann, plain, "settings back")
    assert back.reply_text.startswith("Welcome back")
    assert f"👋 <@{ann.id}> is back" in standin.messages[-1].content or any(
        f"👋 <@{ann.id}> is back" in m.content for m in standin.messages)
    assert not {s.user_id: s for s in (await world.bot.storage.game(standin_id)).seats}[ann.id].away
    world.clock.advance(hours=48)
    await world.bot.reminders.run_due()
    assert [m for m in plain.messages if m.content.startswith("⏰")]  # reminded again


async def test_any_click_ends_an_absence(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    channel, _ = await new_game(world, [ann, bo])
    await world.slash(ann, channel, "settings away", until="48")
    assert await world.bot.storage.away_until([ann.id], world.clock())
    board = next(m for m in channel.messages if "🗺️ Full board" in m.buttons())
    await world.click(ann, board, "🗺️ Full board")
    assert await world.bot.storage.away_until([ann.id], world.clock()) == {}


async def test_a_server_that_removed_the_bot_is_forgotten_after_the_documented_period(world):
    ann, bo = world.member("Ann"), world.member("Bo")
    await new_game(world, [ann, bo])
    store = world.bot.storage
    await world.bot.on_guild_remove(world.guild)
    world.clock.advance(days=29)
    await world.bot.reminders.run_due()
    assert (await store.guild_rows(world.guild.id))["games"] == 1  # kept for the period
    await world.bot.on_guild_join(world.guild)  # added back: nothing is deleted
    world.clock.advance(days=2)
    await world.bot.reminders.run_due()
    assert (await store.guild_rows(world.guild.id))["games"] == 1
    await world.bot.on_guild_remove(world.guild)
    world.clock.advance(days=FORGET_AFTER.days)
    await world.bot.reminders.run_due()
    assert set((await store.guild_rows(world.guild.id)).values()) == {0}


def test_pages_hold_at_most_eight_games_and_stay_short_enough_to_translate():
    assert page_bounds([100] * 20, 50) == [(0, 8), (8, 16), (16, 20)]
    assert page_bounds([400] * 5, 50) == [(0, 2), (2, 4), (4, 5)]  # 50 + 2 * 401 <= 1200 < 50 + 3 * 401
    assert page_bounds([1500, 10], 50) == [(0, 1), (1, 2)]  # a line too long alone is a page of its own
    assert page_bounds([], 50) == [(0, 0)]
    for sizes in ([300] * 30, [90, 700, 5, 1100, 40] * 6):
        for start, end in page_bounds(sizes, 60):
            assert end - start <= PAGE and (end - start == 1 or 60 + sum(s + 1 for s in sizes[start:end]) <= 1200)


async def test_game_mine_reads_in_the_members_language_with_its_plurals(world):
    ann, bo = world.member("Ann", locale="de"), world.member("Bo")
    channel, _ = await new_game(world, [ann, bo])
    while waiting_member(current_prompts(channel)[0], [ann, bo]) is not ann:
        await pass_turn(world, channel, [ann, bo])
    lobby, _ = await new_game(world, [ann], start=False, name="lobby")
    reply = await mine(world, ann, lobby)
    assert reply.content.startswith("**Deine Spiele hier** (2; 1 wartet auf dich):")
    assert "⏰ **wartet auf dich** seit <t:" in reply.content and "🚪 Lobby, 1 Platz besetzt" in reply.content
