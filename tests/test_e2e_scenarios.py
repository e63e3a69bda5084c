"""End to end through the Discord stand-in: refusals, a restart between a prompt and its click,
a moderator's undo, simultaneous clicks, boards in a thread, and reminders.

The bot runs exactly as `python -m bot` starts it (the start_bot_process fixture), except in the
reminders test, which runs the same GameBot in this process because it must control the clock.
Assertions are about what members see (message text, buttons, pictures, private answers) and
what the database holds.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from bot_fakes import FakeClock
from discord_standin.api import FakeDiscord
from discord_standin.runner import bot_environment, running_entry
from e2e_kit import (
    BOARD_SIZE,
    CLOSE_UP,
    STALE,
    WAIT,
    db_snapshot,
    is_board,
    open_table,
    question,
    quick_option,
    read_db,
)

NOT_PLAYING = "You are not playing in this game, so you can't choose for it."
# How the bot refuses a click that came too late or from the wrong player.
NOT_YOURS = (STALE, "It is not your decision now", "This prompt is for ")


async def test_a_non_player_and_an_old_prompt_are_refused_privately_and_nothing_changes(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    other = next(m for m in table.members if m is not first)
    dee = fake.member("Dee")  # in the server, not in the game
    [prompt] = table.live_prompts()
    before, seen = db_snapshot(table.db_path), len(fake.messages(table.channel))

    stranger = await table.refused(await table.press(dee, "pass"))
    assert stranger.content == NOT_PLAYING and stranger.ephemeral
    typed = await (await fake.slash(dee, table.channel, "byz pass")).result(WAIT)
    assert typed.content == NOT_PLAYING and typed.ephemeral
    early = await table.refused(await table.press(other, "pass"))
    assert early.content == f"It is not your decision now; the game waits on {table.seats[first.id]}."
    assert [m.content for m in fake.ephemeral_messages(dee)] == [NOT_PLAYING, NOT_PLAYING]
    assert db_snapshot(table.db_path) == before  # nothing stored, nothing rescheduled
    assert len(fake.messages(table.channel)) == seen  # nothing posted for everyone
    assert table.live_prompts() == [prompt] and "✅" not in prompt.content

    # The first player chooses taxes with /byz choose; Discord fails every edit that would take the
    # message on to the next question (tried twice with the new board, once without), so the
    # question comes in a new message and the old one still shows its buttons: a click there is
    # out of date.
    fake.faults.fail_requests(3, path_pattern=rf"/channels/{table.channel.id}/messages/{prompt.id}$")
    await table.shortcut(first, "byz choose", "tax", option="tax")
    assert prompt.buttons() and table.live_prompts() != [prompt]  # the old prompt kept its buttons
    assert "Taxes: how many cubes" in question(table.live_prompts()[0])
    before = db_snapshot(table.db_path)
    old = await table.refused(await fake.click(first, prompt, "Pass (no more actions this round)"))
    assert STALE in old.content and old.ephemeral
    assert db_snapshot(table.db_path) == before
    await table.choose(first, "tax:byzantine=18")  # the live prompt still works
    table.assert_db_matches_acknowledged()
    assert fake.unanswered() == [] and fake.unknown_routes == []


async def test_a_click_on_a_prompt_posted_before_a_restart_still_works(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()

    await bot.restart()  # SIGTERM, then `python -m bot` again
    assert fake.standin.gateway.identifies == 2
    await table.choose(first, "pass")
    board = table.boards()[-1]
    assert f"**{table.seats[first.id]}** chose **Pass" in board.content and board.image().size == CLOSE_UP

    second = table.waiting()
    await bot.kill()  # a crash this time
    await bot.start()
    await table.choose(second, "pass")
    assert table.waiting() not in (first, second)
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_a_moderator_undoes_two_choices_and_the_board_is_posted_again(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    mia = fake.member("Mia", manage_channels=True)
    first = table.waiting()
    refused = await (await fake.slash(first, table.channel, "mod undo", steps=1)).result(WAIT)
    assert refused.ephemeral and refused.content.startswith("Only moderators")
    await table.choose(first, "place:arab:Mecca")
    await table.choose(first, "done")
    second = table.waiting()
    await table.choose(second, "pass")
    assert len(table.stored()) == 3

    ask = await fake.slash(mia, table.channel, "mod undo", steps=2)
    confirm = await ask.result(WAIT)
    assert confirm.ephemeral and confirm.content == "Undo the last 2 choices (back to choice 1)?"
    assert [b.label for b in confirm.buttons()] == ["Undo"]
    assert len(table.stored()) == 3  # nothing happens before the confirmation

    await fake.click(mia, confirm, "Undo")
    board = await fake.wait_for_message(table.channel, lambda m: is_board(m) and "undone by a moderator" in m.content,
                                        timeout=WAIT)
    assert board.content.startswith("↩️ The last 2 choices were undone by a moderator.")
    assert board.image().size == CLOSE_UP
    announcement = next(m for m in table.bot_messages() if m.content.startswith("🛠️ Moderator"))
    assert announcement.content == f"🛠️ Moderator <@{mia.id}> undid the last 2 choices."
    await fake.wait_for(lambda: table.version() == 1, WAIT, "the prompt of choice 1 again")
    assert confirm.content == "✅ Undo done." and confirm.buttons() == []
    assert table.waiting() is first and "done" in table.options()
    table.acked = table.acked[:1]
    table.assert_db_matches_acknowledged()
    audit = read_db(table.db_path, "SELECT action, user_id FROM audit WHERE game_id = ?", (table.game_id,))
    assert [(a["action"], a["user_id"]) for a in audit] == [("undo", mia.id)]

    # Only the re-posted prompt can be clicked, and the game goes on from there.
    assert len([m for m in table.bot_messages() if m.buttons() or m.selects()]) == 1
    await table.choose(first, "done")
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_simultaneous_clicks_on_one_prompt_land_exactly_one_choice(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")

    # Every player clicks Pass on the same prompt at the same instant.
    first = table.waiting()
    version = table.version()
    clicks = await asyncio.gather(*(table.press(m, "pass") for m in table.members))
    await fake.wait_for(lambda: table.moved_past(version, clicks[0].id) and all(
        ix.followups for ix in clicks if ix.member is not first), WAIT, "every click answered")
    landed = [ix for ix in clicks if not ix.followups]
    assert [ix.member for ix in landed] == [first]
    for ix in clicks:
        if ix.member is not first:
            answer = ix.followups[0]
            assert answer.ephemeral and any(why in answer.content for why in NOT_YOURS), answer.content
    table.acked.append((table.seats[first.id], "pass", first.id))
    table.assert_db_matches_acknowledged()
    assert sum("✅" in m.content for m in table.bot_messages()) == 1

    # The next player, on two devices, clicks two different options at the same instant.
    second = table.waiting()
    version, stored = table.version(), len(table.stored())
    double = await asyncio.gather(table.press(second, "pass"), table.press(second, "reinforce"))
    await fake.wait_for(lambda: table.moved_past(version, double[0].id) and (
        any(ix.followups for ix in double) or len(table.stored()) > stored + 1), WAIT, "both clicks answered")
    assert len(table.stored()) == stored + 1, "two clicks of one member on one prompt both counted"
    [kept] = [ix for ix in double if not ix.followups]
    chosen = "pass" if kept is double[0] else "reinforce"
    table.acked.append((table.seats[second.id], chosen, second.id))
    table.assert_db_matches_acknowledged()
    [refusal] = [ix.followups[0] for ix in double if ix.followups]
    assert refusal.ephemeral and any(why in refusal.content for why in (*NOT_YOURS, "not offered any more")), \
        refusal.content

    # At the upkeep a player chooses the cubes that go in one decision: a double click on it removes
    # them once, not twice (the second click is for a version gone by).
    for _ in range(30):
        if any(o.startswith("disband:") for o in table.options()):
            break
        await table.choose(table.waiting(), quick_option(table.options()))
    upkeep = table.live_prompts()[0]
    assert "Upkeep" in upkeep.content, upkeep.content
    payer = table.waiting()
    cheapest = next(c for c in table.options().values() if c.option_id.startswith("disband:"))  # fewest VP
    version, stored = table.version(), len(table.stored())
    double = await asyncio.gather(table.press(payer, cheapest.option_id), table.press(payer, cheapest.option_id))
    await fake.wait_for(lambda: table.moved_past(version, double[0].id) and (
        any(ix.followups for ix in double) or len(table.stored()) > stored + 1), WAIT, "both clicks answered")
    assert len(table.stored()) == stored + 1, f"a double click on {cheapest.option_id} counted twice"
    [refusal] = [ix.followups[0] for ix in double if ix.followups]
    assert refusal.ephemeral and any(why in refusal.content for why in (STALE, *NOT_YOURS)), refusal.content
    table.acked.append((table.seats[payer.id], cheapest.option_id, payer.id))
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_boards_in_a_thread_keep_the_channel_to_prompts(fake_discord: FakeDiscord, start_bot_process,
                                                               tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3", boards_in_thread=True)
    thread = fake.thread(f"Byzantium #{table.game_id} boards")  # named after its game
    [start] = [m for m in fake.messages(thread) if is_board(m)]
    assert "**Byzantium** begins" in start.content and start.image().size == BOARD_SIZE
    first = table.waiting()
    await table.choose(first, "pass")
    boards = [m for m in fake.messages(thread) if is_board(m)]
    assert len(boards) == 2 and f"**{table.seats[first.id]}** chose **Pass" in boards[-1].content
    assert boards[-1].image().size == BOARD_SIZE
    assert table.boards() == []  # the channel holds the lobby and the turn messages only, no image
    assert table.waiting() is not first
    # The channel's turn message tells what happened above the prompt.
    assert f"**{table.seats[first.id]}** chose **Pass" in table.live_prompts()[0].content
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_reminders_fire_when_the_clock_says_so(fake_discord: FakeDiscord, tmp_path) -> None:
    """In process (not `python -m bot`): the test moves the bot's clock. The GameBot is built and
    started as bot.discord_ui.app.run does, with the same environment, only with a hand-moved clock; its own
    reminder loop sends the reminders (polling every 0.2 s instead of every minute)."""
    from bot.discord_ui.app import GameBot, point_at_api
    from bot.settings import load_settings

    fake = fake_discord
    clock = FakeClock()
    passes: list[tuple[datetime, int]] = []  # (the clock, reminders sent) of each pass of the reminder loop
    started: list[GameBot] = []

    async def entry() -> None:
        settings = load_settings(env_file=None)
        point_at_api(settings.api_base, settings.gateway_url)
        bot = GameBot(settings, clock=clock)
        async with bot:
            await bot.prepare()
            scheduler = bot.reminders
            scheduler.poll_seconds = 0.2
            run_due = scheduler.run_due

            async def counted() -> int:
                now = clock()
                sent = await run_due()
                passes.append((now, sent))
                fake.standin.store.changed()
                return sent
            scheduler.run_due = counted
            started.append(bot)
            await bot.start(settings.token)

    async def looked() -> None:
        """Wait for a whole pass of the bot's reminder loop at the clock's current time, after which
        every reminder due by then has been sent."""
        now = clock()
        await fake.wait_for(lambda: any(at >= now for at, _ in passes), WAIT, "a pass of the reminder loop")

    def reminders() -> list:
        return [m for m in fake.messages(table.channel) if m.content.startswith("⏰")]

    db_path = tmp_path / "games.sqlite3"
    env = bot_environment(fake, db_path, DEV_GUILD_ID=str(fake.guild.id))
    async with running_entry(fake, entry, env, timeout=WAIT):
        table = await open_table(fake, db_path)
        first = table.waiting()
        [prompt] = table.live_prompts()

        clock.advance(hours=11, minutes=59)
        await looked()
        assert reminders() == []
        clock.advance(minutes=1)  # 12 h after the game started waiting on the first player
        ping = await fake.wait_for_message(table.channel, lambda m: m.content.startswith("⏰"), timeout=WAIT,
                                           since=None)
        assert ping.content.startswith(f"⏰ <@{first.id}>, the Byzantium game has been waiting on you since <t:")
        assert "Round 1: choose your action." in ping.content
        assert ping.content.endswith(f"/{fake.guild.id}/{table.channel.id}/{prompt.id}")  # a link to the prompt
        assert ping.pinged_users == (first.id,)
        await looked()
        assert reminders() == [ping]  # once per wait, not once per pass

        # The first player passes; the next one wants reminders by DM.
        await table.choose(first, "pass")
        second = table.waiting()
        assert (await (await fake.slash(second, table.channel, "settings ping", mode="dm")).result(WAIT)).ephemeral
        clock.advance(hours=12)
        dm = await fake.wait_for_message(fake.dm(second), lambda m: m.content.startswith("⏰"), timeout=WAIT,
                                         since=None)
        assert dm.content.startswith(f"⏰ In <#{table.channel.id}>, the Byzantium game has been waiting on you")
        await looked()
        assert reminders() == [ping]  # nothing more in the channel

        # The next reminder comes 24 h later, not sooner.
        clock.advance(hours=23, minutes=59)
        await looked()
        assert len(fake.messages(fake.dm(second))) == 1
        clock.advance(minutes=1)
        await fake.wait_for(lambda: len(fake.messages(fake.dm(second))) == 2, WAIT, "the second reminder")

        def schedule() -> list[tuple[str, int]]:
            rows = read_db(db_path, "SELECT player, attempt FROM reminders WHERE game_id = ?", (table.game_id,))
            return [(r["player"], r["attempt"]) for r in rows]

        # The row moves on to the next attempt once the reminder is out (bot/scheduling/reminders.py).
        await fake.wait_for(lambda: schedule() == [(table.seats[second.id], 2)], WAIT, "the schedule to move on")
    fake.assert_clean()
