"""Bot players end to end (issue 15): the real bot (`python -m bot`, its bots thinking in their
worker process) against the Discord stand-in. Two members and two bot seats play Byzantium to
the final scores; members' clicks are acknowledged and answered while a bot is thinking."""

from __future__ import annotations

import json

from bot_fakes import FakeClock
from discord_standin.api import FakeDiscord
from discord_standin.message_record import walk_components
from discord_standin.runner import bot_environment, running_entry
from e2e_kit import BUTTON_ID, SELECT_ID, WAIT, Table, db_choices, open_table, quick_option, read_db

BOTS_FAST = {"BOT_BUDGET_MS": "5", "BOT_PAUSE_SECONDS": "0"}


async def test_two_members_and_two_bots_play_byzantium_to_the_final_scores(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id), **BOTS_FAST)
    table = await open_table(fake, tmp_path / "games.sqlite3", names=("Ann", "Bo"), bots=2)
    seats = json.loads(read_db(table.db_path, "SELECT seats FROM games WHERE id = ?", (table.game_id,))[0]["seats"])
    assert [(s["seat"], s.get("bot", False)) for s in seats] == [("Ann", False), ("Bot 1", True), ("Bot 2", True),
                                                                  ("Bo", False)]
    for _ in range(400):
        await fake.wait_for(lambda: table.final() or table.live_prompts() or None, 120, "a prompt or the end")
        if table.final() is not None:
            break
        await table.choose(table.waiting(), quick_option(table.options()), timeout=120)
    else:
        raise AssertionError("the game did not end in 400 member choices")

    # The final scores: the bots marked, the members named, the game said not to count.
    result = table.final()
    lines = result.content.splitlines()
    start = lines.index("🏁 **Byzantium** is over. Final scores:")  # after the account of the last move
    assert sum("🤖" in line for line in lines[start + 1:start + 5]) == 2
    assert "counts for nobody's skill rating" in lines[-1]
    assert all(f"<@{m.id}>" in result.content for m in table.members)
    # Every prompt posted named a member: nobody is asked to click for a bot.
    asked = {int(match["seat"]) for m in table.bot_messages() for c in walk_components(m.versions[0].components)
             if (match := BUTTON_ID.fullmatch(c.get("custom_id") or "") or SELECT_ID.fullmatch(c.get("custom_id") or ""))}
    assert asked == {0, 3}  # the seat numbers of Ann and Bo

    # Stored as ordinary choices: the members' as acknowledged, the bots' with nobody's click.
    stored = db_choices(table.db_path, table.game_id)
    assert [(p, o, u) for _s, p, o, u in stored if p in ("Ann", "Bo")] == table.acked
    bots = [(p, u) for _s, p, _o, u in stored if p.startswith("Bot")]
    assert bots and all(u is None for _p, u in bots)
    assert read_db(table.db_path, "SELECT status FROM games")[0]["status"] == "finished"
    results = {r["player"]: r["user_id"] for r in read_db(table.db_path, "SELECT player, user_id FROM results")}
    assert results["Bot 1"] is None and results["Bot 2"] is None
    fake.assert_clean()


async def test_members_clicks_are_answered_while_a_bot_thinks(fake_discord: FakeDiscord, start_bot_process,
                                                              tmp_path) -> None:
    """A bot given a long budget thinks in its worker process; meanwhile the members of another
    game play, and the host of the bot's game asks for the status: every interaction is
    acknowledged within Discord's deadline and answered (the stand-in records any late one)."""
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id), BOT_BUDGET_MS="60000", BOT_PAUSE_SECONDS="0")
    db = tmp_path / "games.sqlite3"
    await fake.wait_for_commands("game", "byz", "mod", timeout=WAIT)
    ann, general = fake.member("Ann"), fake.channel("general")
    ix = await fake.slash(ann, general, "game new", game="byzantium", bots=3)
    assert (await ix.result(WAIT)).content == "Lobby for Byzantium opened."
    lobby = await fake.wait_for_message(general, lambda m: "lobby, hosted by" in m.content, timeout=WAIT, since=ix)
    await fake.click(ann, lobby, "Start")
    bots = Table(fake, general, [ann], db)
    await fake.wait_for(lambda: read_db(db, "SELECT id FROM games WHERE status = 'active'") or None, WAIT, "the start")
    bots.game_id = read_db(db, "SELECT id FROM games WHERE status = 'active'")[0]["id"]
    bots.seats = {ann.id: "Ann"}

    def waiting_on() -> list[str]:
        return [r["player"] for r in read_db(db, "SELECT player FROM reminders WHERE game_id = ?", (bots.game_id,))]

    # The host passes whenever asked, until the game waits on a bot (one that thinks for long).
    for _ in range(4):
        await fake.wait_for(lambda: waiting_on() or None, WAIT, "the game to wait on someone")
        if "Ann" not in waiting_on():
            break
        await bots.wait_prompt()
        made = len(db_choices(db, bots.game_id))
        await bots.press(ann, "pass")  # the next prompt may be a bot's long way off: wait for the row
        await fake.wait_for(lambda made=made: len(db_choices(db, bots.game_id)) > made or None, WAIT, "Ann's pass")
    assert waiting_on() and all(p.startswith("Bot") for p in waiting_on()), waiting_on()
    thinking_since = len(db_choices(db, bots.game_id))

    fake.channel("side")
    people = await open_table(fake, db, names=("Cy", "Dee"), channel="side")
    for _ in range(4):
        await people.choose(people.waiting(), quick_option(people.options()))
    status = await (await fake.slash(bots.members[0], bots.channel, "game status")).result(WAIT)
    assert status.ephemeral and "Bot" in status.content

    assert len(db_choices(db, bots.game_id)) == thinking_since  # the bot was thinking all along
    people.assert_db_matches_acknowledged()
    fake.assert_clean()  # no interaction answered late, none left unanswered


def clocked_bot(fake: FakeDiscord, db):
    """The bot run in this process on a clock the test moves, its schedule polled often, with
    bot players that think fast: (clock, entry, environment)."""
    clock = FakeClock()
    env = bot_environment(fake, db, DEV_GUILD_ID=str(fake.guild.id), **BOTS_FAST)

    async def entry() -> None:
        from bot.discord_ui.app import GameBot, point_at_api
        from bot.settings import load_settings

        settings = load_settings(env_file=None)
        point_at_api(settings.api_base, settings.gateway_url)
        bot = GameBot(settings, clock=clock)
        async with bot:
            await bot.prepare()
            bot.reminders.poll_seconds = 0.2
            await bot.start(settings.token)

    return clock, entry, env


async def test_a_bot_stands_in_for_an_absent_member_who_takes_the_seat_back(fake_discord: FakeDiscord,
                                                                           tmp_path) -> None:
    """In process (as the reminders test): the test moves the bot's clock past the game's
    bot_takeover_hours; the bot's own scheduler announces the stand-in and plays the absent
    member's turn in the worker process; the member clicks I'm back."""
    fake = fake_discord
    db = tmp_path / "games.sqlite3"
    clock, entry, env = clocked_bot(fake, db)
    async with running_entry(fake, entry, env, timeout=WAIT):
        table = await open_table(fake, db, names=("Ann", "Bo"), bot_takeover_hours=6)
        first = table.waiting()
        clock.advance(hours=6)
        notice = await fake.wait_for_message(table.channel, lambda m: m.content.startswith(f"🤖 <@{first.id}> has not answered"),
                                             timeout=WAIT, since=None)
        assert notice.pinged_users == (first.id,) and [b.label for b in notice.buttons()] == ["I'm back"]
        await fake.wait_for(lambda: db_choices(db, table.game_id) or None, WAIT, "the bot's choice for the member")
        [(_seq, player, _option, user)] = db_choices(db, table.game_id)[:1]
        assert (player, user) == (table.seats[first.id], None)

        ix = await fake.click(first, notice, "I'm back")
        answer = await ix.result(WAIT)
        assert answer.ephemeral and answer.content == "Welcome back: your seat is yours again."
        await fake.wait_for_message(table.channel, lambda m: m.content.startswith(f"👋 <@{first.id}> is back"),
                                    timeout=WAIT, since=ix)
        seat = next(s for s in json.loads(read_db(db, "SELECT seats FROM games")[0]["seats"])
                    if s["user_id"] == first.id)
        assert not seat.get("bot") and seat.get("bot_played")
        # From now on the game asks the member again.
        made = len(db_choices(db, table.game_id))
        await fake.wait_for(lambda: table.live_prompts() or None, WAIT, "a prompt")
        if table.waiting() is first:
            await table.choose(first, quick_option(table.options()))
            assert db_choices(db, table.game_id)[made][3] == first.id
    fake.assert_clean()


async def test_a_moderator_sets_the_takeover_hours_of_a_running_game_through_discord(fake_discord: FakeDiscord,
                                                                                     tmp_path) -> None:
    """In process (the test moves the bot's clock): a game opened without bot stand-ins; a
    moderator's `/mod takeover hours:2` is answered, announced, audited and shown by `/game
    status`; two hours on, the bot's own scheduler stands in for the member it waits on."""
    fake = fake_discord
    db = tmp_path / "games.sqlite3"
    clock, entry, env = clocked_bot(fake, db)
    async with running_entry(fake, entry, env, timeout=WAIT):
        table = await open_table(fake, db, names=("Ann", "Bo"))
        first = table.waiting()
        mod = fake.member("Mod", manage_channels=True)
        ix = await fake.slash(mod, table.channel, "mod takeover", hours=2)
        answer = await ix.result(WAIT)
        assert answer.ephemeral and answer.content == "Setting changed."
        await fake.wait_for_message(table.channel, lambda m: m.content == (
            f"🛠️ <@{mod.id}> changed the setting: a bot now plays for anyone who has not answered for 2 h, until "
            "they click a prompt of theirs."), timeout=WAIT, since=ix)
        assert [(r["action"], r["user_id"]) for r in read_db(db, "SELECT action, user_id FROM audit")
                if r["action"] == "takeover"] == [("takeover", mod.id)]
        status = await (await fake.slash(first, table.channel, "game status")).result(WAIT)
        assert "🤖 A bot plays for anyone who has not answered for 2 h" in status.content
        clock.advance(hours=2)
        await fake.wait_for_message(table.channel, lambda m: m.content.startswith(
            f"🤖 <@{first.id}> has not answered for 2 h"), timeout=WAIT, since=None)
        await fake.wait_for(lambda: db_choices(db, table.game_id) or None, WAIT, "the bot's choice for the member")
        assert db_choices(db, table.game_id)[0][1:4:2] == (table.seats[first.id], None)
    fake.assert_clean()
