"""Bot players at the table (issue 15, item 3), through the real handlers with the in-process
fakes: bot seats from the lobby and from `/game new bots:N`, a bot's turn (stored as an ordinary
choice, no prompt posted for it, played after a restart), `/mod replace` to a bot and back, and the
refusals that change nothing. The whole game against the Discord stand-in is in
test_e2e_bot_players.py."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import hiddengame
import pytest
from bot_fakes import World, current_prompts, loaded_game, waiting_member

from bot.service.bot_players.bot_pool import ThinkPool
from bot.service.bot_players.bots import _world_and_avoid
from engine import get_game
from engine.core import enumerate_answers

BOTS = {"bot_budget_ms": 5.0, "bot_pause_seconds": 0.0}


async def start(world: World):
    bot = await world.start_bot(**BOTS)
    # In-process thinking: the worker process is the e2e tests' business.
    bot.service.thinker = ThinkPool(executor=ThreadPoolExecutor(1))
    return bot


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await start(w)
    yield w
    await w.stop()


def lobby_of(channel):
    card = next(m for m in reversed(channel.messages) if "lobby, hosted by" in m.content)
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    return card, game_id


async def play_bots(world: World) -> None:
    """Run every bot turn due now, and those they lead to, until the game waits on a member."""
    for _ in range(500):
        await world.bot.reminders.run_due()
        if not world.bot.reminders._bot_turns:
            return
        await world.bot.reminders.wait_bots()
    raise AssertionError("the bots never stopped")


async def bot_table(world: World, *, seed: int = 7):
    """Ann hosts, Bo joins, Ann adds a normal and an easy bot and starts (Byzantium, 4 seats)."""
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium")
    card, game_id = lobby_of(channel)
    await world.bot.storage.update_lobby(game_id, seed=seed)
    await world.click(bo, card, "Join")
    await world.click(ann, card, "🤖 Add bot")
    await world.click(ann, card, "🤖 Add easy bot")
    assert "**Bot 1** 🤖 (bot, normal)" in card.content and "**Bot 2** 🤖 (bot, easy)" in card.content
    await world.click(ann, card, "Start")
    assert "Started" in card.content
    return channel, ann, bo


# -- seats -----------------------------------------------------------------------------------------
async def test_the_host_adds_and_removes_bots_in_the_lobby_and_only_the_host(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium")
    card, game_id = lobby_of(channel)
    refused = await world.click(bo, card, "🤖 Add bot")
    assert "Only the host" in refused.reply_text
    await world.click(ann, card, "🤖 Add bot")
    await world.click(ann, card, "🤖 Add easy bot")
    record = await world.bot.storage.game(game_id)
    assert [(s.seat, s.bot, s.level, s.user_id) for s in record.seats] == [
        ("Ann", False, None, ann.id), ("Bot 1", True, "normal", None), ("Bot 2", True, "easy", None)]
    await world.click(ann, card, "Remove a bot")
    assert [s.seat for s in (await world.bot.storage.game(game_id)).seats] == ["Ann", "Bot 1"]


async def test_add_bot_in_a_full_lobby_is_refused_and_changes_nothing(world):
    channel = world.channel()
    ann = world.member("Ann")
    await world.slash(ann, channel, "game new", game="byzantium", bots=3)
    card, game_id = lobby_of(channel)
    before = await world.bot.storage.game(game_id)
    assert len(before.seats) == 4
    refused = await world.click(ann, card, "🤖 Add bot")
    assert refused.reply_text == "Byzantium takes at most 4 players; the table is full."
    assert (await world.bot.storage.game(game_id)).seats == before.seats


async def test_game_new_with_too_many_bots_is_refused_and_opens_nothing(world):
    channel = world.channel()
    ann = world.member("Ann")
    reply = await world.slash(ann, channel, "game new", game="byzantium", bots=4)
    assert reply.reply_text == "Byzantium takes at most 4 players: there is room for 3 more, not 4."
    assert await world.bot.storage.channel_game(channel.id) is None and channel.messages == []


async def test_game_new_bots_seats_them_after_the_host(world):
    channel = world.channel()
    ann = world.member("Ann")
    await world.slash(ann, channel, "game new", game="warriors_traders", bots=2, bot_level="easy")
    _card, game_id = lobby_of(channel)
    seats = (await world.bot.storage.game(game_id)).seats
    assert [(s.seat, s.bot, s.level) for s in seats] == [("Ann", False, None), ("Bot 1", True, "easy"),
                                                         ("Bot 2", True, "easy")]


# -- a bot's turn --------------------------------------------------------------------------------------
async def test_bots_play_their_turns_as_ordinary_choices_and_get_no_prompt(world):
    channel, ann, bo = await bot_table(world)
    game = await loaded_game(world, channel)
    members = {ann.id: ann, bo.id: bo}
    for _ in range(6):  # members pass, bots play, a few times round the table
        await play_bots(world)
        prompts = current_prompts(channel)
        if not prompts:
            break
        member = waiting_member(prompts[0], list(members.values()))
        label = next((b for b in prompts[0].buttons() if b.startswith("Pass")), prompts[0].buttons()[-1])
        await world.click(member, prompts[0], label)
    choices = await world.bot.storage.choices(game.id)
    by_bots = [c for c in choices if c.player in ("Bot 1", "Bot 2")]
    assert by_bots and all(c.user_id is None for c in by_bots)  # stored like any choice, nobody clicked
    # Nobody is ever asked to click for a bot: every prompt names a member.
    prompts = [m for m in channel.messages if m.view is not None and m.content.startswith("<@")]
    assert all(m.content.startswith((f"<@{ann.id}>", f"<@{bo.id}>")) for m in prompts)
    assert any(m.content.startswith("🤖 **Bot") for m in channel.messages)
    # The stored choices replay to the state the bot holds: no search runs again.
    again = await world.bot.storage.load(game.id)
    assert again.seq == len(choices)


async def test_a_bot_turn_due_when_the_bot_stopped_is_played_after_a_restart(world):
    channel, ann, bo = await bot_table(world)
    game = await loaded_game(world, channel)
    # Members pass until the game waits on a bot; then the process stops before the turn is played.
    for _ in range(6):
        decisions = get_game("byzantium").pending(game.state)
        if any(d.player.startswith("Bot") for d in decisions):
            break
        prompt = current_prompts(channel)[0]
        member = waiting_member(prompt, [ann, bo])
        await world.click(member, prompt, next(b for b in prompt.buttons() if b.startswith("Pass")))
        game = await loaded_game(world, channel)
    waiting_on = {d.player for d in get_game("byzantium").pending(game.state)}
    assert waiting_on <= {"Bot 1", "Bot 2"}, waiting_on
    rows = await world.bot.storage.reminders(game.id)
    assert {r.player for r in rows} == waiting_on  # the turn is in the database, not in memory
    await start(world)  # a new process: nothing of the old one's memory
    await world.bot.reminders.run_due()
    await world.bot.reminders.wait_bots()
    after = await world.bot.storage.load(game.id)
    assert after.seq > game.seq
    assert (await world.bot.storage.choices(game.id))[game.seq].player in waiting_on


# -- /mod replace to a bot and back -----------------------------------------------------------------------
async def test_a_moderator_hands_a_seat_to_a_bot_and_back(world):
    channel = world.channel()
    ann, bo, cy = world.member("Ann"), world.member("Bo"), world.member("Cy")
    mia = world.member("Mia", manage_channels=True)
    await world.slash(ann, channel, "game new", game="byzantium")
    card, game_id = lobby_of(channel)
    await world.bot.storage.update_lobby(game_id, seed=7)
    for m in (bo, cy):
        await world.click(m, card, "Join")
    await world.click(ann, card, "Start")
    prompt = current_prompts(channel)[0]
    first = waiting_member(prompt, [ann, bo, cy])
    reply = await world.slash(mia, channel, "mod replace", old=first.mention, new="bot")
    assert reply.reply_text == "Seat handed to a bot player."
    assert f"handed the seat **{first.name}** to a bot player (normal)." in channel.messages[-1].content
    record = await world.bot.storage.game(game_id)
    assert record.seat_named(first.name).bot and record.seat_named(first.name).user_id is None
    # The old prompt is no longer theirs; the bot plays the seat.
    refused = await world.click(first, prompt, next(b for b in prompt.buttons() if b.startswith("Pass")))
    assert "not playing" in refused.reply_text
    await play_bots(world)
    choices = await world.bot.storage.choices(game_id)
    assert choices and choices[0].player == first.name and choices[0].user_id is None
    # And back: the member takes the seat again; the game counts for no rating.
    reply = await world.slash(mia, channel, "mod replace", old="bot", new=first.mention)
    assert reply.reply_text == "Seat handed over."
    seat = (await world.bot.storage.game(game_id)).seat_named(first.name)
    assert (seat.user_id, seat.bot, seat.bot_played) == (first.id, False, True)


async def test_replace_refusals_change_nothing(world):
    channel = world.channel()
    ann, bo, stranger = world.member("Ann"), world.member("Bo"), world.member("Zed")
    mia = world.member("Mia", manage_channels=True)
    await world.slash(ann, channel, "game new", game="byzantium")
    card, game_id = lobby_of(channel)
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    before = await world.bot.storage.game(game_id)
    not_seated = await world.slash(mia, channel, "mod replace", old=stranger.mention, new="bot")
    assert not_seated.reply_text == f"<@{stranger.id}> has no seat in this game. Seats: Ann, Bo."
    no_bot = await world.slash(mia, channel, "mod replace", old="bot", new=stranger.mention)
    assert no_bot.reply_text == "No seat of this game is played by a bot. Seats: Ann, Bo."
    bad_level = await world.slash(mia, channel, "mod replace", old="Ann", new="bot:genius")
    assert bad_level.reply_text == "Bot players come in these levels: easy, normal."
    nonsense = await world.slash(mia, channel, "mod replace", old="Ann", new="somebody")
    assert "@mention" in nonsense.reply_text
    not_mod = await world.slash(bo, channel, "mod replace", old="Ann", new="bot")
    assert "Only moderators" in not_mod.reply_text
    after = await world.bot.storage.game(game_id)
    assert after.seats == before.seats and await world.bot.storage.audit_log(game_id) == \
        [a for a in await world.bot.storage.audit_log(game_id) if a["action"] != "replace"]


# -- results and statistics ------------------------------------------------------------------------
async def test_results_mark_bots_and_stats_leave_them_out(world):
    channel = world.channel()
    ann = world.member("Ann")
    await world.slash(ann, channel, "game new", game=hiddengame.NAME, bots=1)
    card, game_id = lobby_of(channel)
    await world.click(ann, card, "Start")
    for _ in range(200):
        await play_bots(world)
        record = await world.bot.storage.game(game_id)
        if record.status == "finished":
            break
        game = await world.bot.storage.load(game_id)
        decision = next(d for d in get_game(hiddengame.NAME).pending(game.state) if d.player == "Ann")
        await world.bot.storage.play(game_id, "Ann", decision.options[0].id, user_id=ann.id)
        await world.bot.service.schedule_reminders(await world.bot.storage.load(game_id))
    else:
        raise AssertionError("the game did not end")
    final = await world.slash(ann, channel, "game status")
    assert "**Bot 1** 🤖" in final.reply_text and "counts for nobody's skill rating" in final.reply_text
    stats = await world.slash(ann, channel, "stats player")
    assert "1 played" in stats.reply_text and "(1 with bot players, not rated)" in stats.reply_text
    assert "skill rating" not in stats.reply_text
    top = await world.slash(ann, channel, "stats top")
    assert top.reply_text == "No rated game has finished on this server yet."


# -- secrets ----------------------------------------------------------------------------------------------
def test_the_worker_gets_the_same_world_whatever_an_opponent_holds():
    """Two states that differ only in Bo's hidden hand give Ann's bot the very same job: it works
    from what Ann may see."""
    from bot.storage.records import LoadedGame

    game = get_game(hiddengame.NAME)
    state = game.setup(["Ann", "Bo"], 3, {})
    other = state.model_copy(deep=True)
    hands = dict(other.hands)
    hands["Bo"], deck = list(other.deck[: len(hands["Bo"])]), list(hands["Bo"]) + list(other.deck[len(hands["Bo"]):])
    other.hands, other.deck = hands, deck
    assert game.view(state, "Ann") == game.view(other, "Ann") and state.hands["Bo"] != other.hands["Bo"]

    def job(s):
        return _world_and_avoid(game, LoadedGame(None, s, 0), "Ann", 99, (None, []))

    assert job(state) == job(other)


# -- a member away: a bot stands in, the member takes the seat back -----------------------------------
async def away_table(world: World, hours: float = 6):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="byzantium", bot_takeover_hours=hours)
    card, game_id = lobby_of(channel)
    assert "A bot plays for anyone who has not answered for 6 h" in card.content
    await world.bot.storage.update_lobby(game_id, seed=7)
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    prompt = current_prompts(channel)[0]
    return channel, game_id, prompt, waiting_member(prompt, [ann, bo])


async def test_a_bot_stands_in_after_the_set_hours_and_a_click_takes_the_seat_back(world):
    channel, game_id, prompt, first = await away_table(world)
    world.clock.advance(hours=5, minutes=59)
    await world.bot.reminders.run_due()
    assert not (await world.bot.storage.game(game_id)).seat_named(first.name).bot
    world.clock.advance(minutes=1)
    await world.bot.reminders.run_due()
    notice = channel.messages[-1]
    assert notice.content == (f"🤖 <@{first.id}> has not answered for 6 h: a bot plays **{first.name}** for them "
                              "until they click **I'm back** or any prompt of theirs.")
    seat = (await world.bot.storage.game(game_id)).seat_named(first.name)
    assert (seat.user_id, seat.bot, seat.away) == (first.id, True, True)
    # The bot's turn waits for the pause: the member's click on their prompt comes first and counts.
    world.bot.service.bot_pause = timedelta(hours=1)
    await world.bot.service.schedule_seat(await world.bot.storage.load(game_id), first.name)
    clicked = await world.click(first, prompt, next(b for b in prompt.buttons() if b.startswith("Pass")))
    assert clicked.reply_text == ""
    assert any(m.content == f"👋 <@{first.id}> is back: **{first.name}** is theirs again, the bot stops playing it."
               for m in channel.messages)
    seat = (await world.bot.storage.game(game_id)).seat_named(first.name)
    assert (seat.user_id, seat.bot, seat.bot_played) == (first.id, False, True)
    [choice] = await world.bot.storage.choices(game_id)
    assert (choice.player, choice.option_id, choice.user_id) == (first.name, "pass", first.id)


async def test_the_bot_plays_for_the_absent_member_until_they_click_im_back(world):
    channel, game_id, _prompt, first = await away_table(world)
    world.clock.advance(hours=6)
    await world.bot.reminders.run_due()
    notice = channel.messages[-1]
    await play_bots(world)
    choices = await world.bot.storage.choices(game_id)  # an action may take several steps
    assert choices and {(c.player, c.user_id) for c in choices} == {(first.name, None)}  # the bot played their turn
    other = next(m for m in world.members.values() if m.name in ("Ann", "Bo") and m is not first)
    refused = await world.click(other, notice, "I'm back")
    assert refused.reply_text == "This button is for the member whose seat a bot played."
    back = await world.click(first, notice, "I'm back")
    assert back.reply_text == "Welcome back: your seat is yours again."
    seat = (await world.bot.storage.game(game_id)).seat_named(first.name)
    assert (seat.user_id, seat.bot) == (first.id, False)
    again = await world.click(first, notice, "I'm back")
    assert again.reply_text == "Your seat is yours already: no bot plays it."
    # A member again: the schedule reminds them rather than playing for them.
    rows = {r.player: r.due_at for r in await world.bot.storage.reminders(game_id)}
    assert first.name not in rows or rows[first.name] > world.clock()


# -- /mod takeover: the setting changed while the game runs --------------------------------------------------
async def later(world: World, game_id: int, member, **delta):
    """Move the clock on, run what the schedule has due, and return the member's seat."""
    world.clock.advance(**delta)
    await world.bot.reminders.run_due()
    return (await world.bot.storage.game(game_id)).seat_named(member.name)


async def test_a_moderator_sets_the_takeover_hours_of_a_running_game_and_a_bot_stands_in_then(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    mia = world.member("Mia", manage_channels=True)
    await world.slash(ann, channel, "game new", game="byzantium")
    card, game_id = lobby_of(channel)
    await world.bot.storage.update_lobby(game_id, seed=7)
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    first = waiting_member(current_prompts(channel)[0], [ann, bo])
    world.clock.advance(hours=1)
    assert "A bot plays for anyone" not in (await world.slash(ann, channel, "game status")).reply_text

    reply = await world.slash(mia, channel, "mod takeover", hours=2)
    assert reply.reply_text == "Setting changed."
    assert channel.messages[-1].content == (f"🛠️ <@{mia.id}> changed the setting: a bot now plays for anyone who has "
                                            "not answered for 2 h, until they click a prompt of theirs.")
    assert (await world.bot.storage.game(game_id)).bot_takeover_hours == 2
    assert [(a["user_id"], a["action"], a["detail"]) for a in await world.bot.storage.audit_log(game_id)
            if a["action"] == "takeover"] == [(mia.id, "takeover", {"hours": 2})]
    status = await world.slash(bo, channel, "game status")
    assert "🤖 A bot plays for anyone who has not answered for 2 h, until they click a prompt of theirs." \
        in status.reply_text
    # The waiting member's schedule follows: 2 h after the game started waiting on them (not the 12 h reminder).
    assert not (await later(world, game_id, first, minutes=59)).bot
    await later(world, game_id, first, minutes=1)
    assert channel.messages[-1].content.startswith(f"🤖 <@{first.id}> has not answered for 2 h")
    assert (await world.bot.storage.game(game_id)).seat_named(first.name).away


async def test_the_host_turns_the_takeover_off_and_others_are_refused_with_nothing_changed(world):
    channel, game_id, _prompt, first = await away_table(world)
    ann = next(m for m in world.members.values() if m.name == "Ann")
    bo = next(m for m in world.members.values() if m.name == "Bo")
    before = len(channel.messages)
    refused = await world.slash(bo, channel, "mod takeover", hours=1)
    assert refused.reply_text == "Only a moderator or the game's host can change that."
    too_short = await world.slash(ann, channel, "mod takeover", hours=0.5)
    assert too_short.reply_text == "Give a number of hours from 1 to 336, or 0 to let no bot stand in."
    assert len(channel.messages) == before and (await world.bot.storage.game(game_id)).bot_takeover_hours == 6
    assert not [a for a in await world.bot.storage.audit_log(game_id) if a["action"] == "takeover"]

    off = await world.slash(ann, channel, "mod takeover", hours=0)
    assert off.reply_text == "Setting changed."
    assert channel.messages[-1].content.startswith(f"🛠️ <@{ann.id}> changed the setting: no bot plays for a member")
    assert (await world.bot.storage.game(game_id)).bot_takeover_hours is None
    assert "A bot plays for anyone" not in (await world.slash(ann, channel, "game status")).reply_text
    # Past the old 6 h nobody stands in: the member is reminded at 12 h as usual.
    assert not (await later(world, game_id, first, hours=6)).bot
    assert not (await later(world, game_id, first, hours=6)).bot
    assert channel.messages[-1].content.startswith(f"⏰ <@{first.id}>")


class OneAtATime:
    """A bot that places its garrisons one GSP per choice (the first answer that is not the
    suggested placement or a step back), whatever the game's AI would do."""

    async def choose(self, job) -> str:
        game = get_game(job.game)
        state = game.loads(job.state)
        [decision] = [d for d in game.pending(state) if d.player == job.seat]
        return next(a for a in enumerate_answers(decision, 50) if a not in ("suggested", "back"))


async def test_a_bots_run_of_choices_is_one_post_the_persian_starting_garrisons(world):
    """Issue 27: the Persian bot places its starting garrisons one choice at a time, while the
    game waits on it alone; the channel gets one post per run of at most BOT_RUN_MAX choices,
    with every placement, not one per choice."""
    from bot.service.bot_players.bots import BOT_RUN_MAX

    world.bot.service.thinker = OneAtATime()
    channel, ann = world.channel(), world.member("Ann")
    await world.slash(ann, channel, "game new", game="alexander", bots=1, side="macedonian")
    card, _game_id = lobby_of(channel)
    await world.click(ann, card, "Start")
    await world.slash(ann, channel, "alex choose", option="suggested")
    before, seq = len(channel.messages), (await loaded_game(world, channel)).seq
    await play_bots(world)
    choices = (await loaded_game(world, channel)).seq - seq
    posts = channel.messages[before:]
    placed = [line for p in posts for line in p.content.splitlines() if line.startswith("• Persian places ")]
    assert choices > BOT_RUN_MAX and len(posts) == -(-choices // BOT_RUN_MAX)  # one post per run
    assert len(placed) == choices - 1 - (choices - 1) // 2  # a province, then its GSP, ...; then done
    assert all(p.content.startswith("🤖 **Bot 1** has chosen.") for p in posts) and f"<@{ann.id}>" in posts[-1].content


async def test_the_macedonian_bot_takes_its_standing_order_through_the_service(world):
    """Issue 27: the Macedonian's bot answers the Admin Phase's standing order "ask" before its
    first choice (`Game.bot_preferences`: under "auto" it could never free the GSP the Alexandria
    in Egypt needs). Through the service the order is stored as the seat's quiet preference, the
    bot goes on to play, and nothing is refused or postponed."""
    channel, ann = world.channel(), world.member("Ann")
    await world.slash(ann, channel, "game new", game="alexander", bots=1, side="persian")
    card, _game_id = lobby_of(channel)
    await world.click(ann, card, "Start")
    await play_bots(world)
    loaded = await loaded_game(world, channel)
    game = get_game("alexander")
    bot_seat = next(seat.seat for seat in loaded.record.seats if seat.bot)
    assert loaded.state.sides["macedonian"] == bot_seat
    assert game.preference(loaded.state, bot_seat, "admin") == "ask"
    # Ann answers what she is asked; the bot plays on. Her 30 starting GSP placed one by one take
    # about 60 answers, and the bot's search is cut by the wall clock on a busy machine, so round 1
    # asks her a varying number more: room for all of them (the loop ends with round 1).
    for _ in range(200):
        if game.is_over(loaded.state) or loaded.state.round > 1:
            break
        [decision] = [d for d in game.pending(loaded.state) if d.player == "Ann"]
        answer = next(a for a in enumerate_answers(decision, 50) if a not in ("suggested", "back"))
        await world.slash(ann, channel, "alex choose", option=answer)
        await play_bots(world)
        loaded = await loaded_game(world, channel)
    assert loaded.state.round > 1 or game.is_over(loaded.state)
    assert game.preference(loaded.state, bot_seat, "admin") == "ask"
    assert not world.bot.reminders._bot_turns
    # the order is quiet: no bot post says only that it has chosen
    bot_posts = [m.content for m in channel.messages if m.content.startswith("🤖")]
    assert bot_posts and all(len(content.splitlines()) > 1 for content in bot_posts)
