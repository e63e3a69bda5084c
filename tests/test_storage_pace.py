"""Issue 29 in storage, on SQLite and PostgreSQL: each member's time to answer (a wait from the
moment the game waits on the seat to the member's own choice; bots, stand-ins and moderators'
skips left out; an undo drops the times it takes back; a pause counts for nobody), members away,
a member's games on a server, and a server's data forgotten with nothing left behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
import toygame  # noqa: F401  (registers the dice race)
from bot_fakes import FakeClock

from bot.storage.records import Seat
from bot.storage.store import Storage

GUILD, OTHER = 10, 20
ANN, BO, MOD = 101, 102, 900


@pytest.fixture
async def clocked(db_target):
    clock = FakeClock()
    store = await Storage.open(db_target, clock=clock)
    yield store, clock
    await store.close()


async def new_race(store, *, guild=GUILD, channel=700, seats=None, start=True):
    seats = seats or [Seat("Ann", "Ann", ANN), Seat("Bo", "Bo", BO)]
    record = await store.create_game(guild_id=guild, channel_id=channel, game="dice_race", host_user_id=ANN,
                                     seats=seats, seed=3, options={"goal": 200})
    return await store.start_game(record.id) if start else record


async def roll(store, loaded, *, user_id, player=None):
    """The seat the race waits on (a roll, or a shove decision) answers with its first option."""
    decision = toygame.GAME.pending(loaded.state)[0]
    assert player is None or decision.player == player
    option = decision.options[0].id
    loaded, _ = await store.play(loaded.id, decision.player, option, user_id=user_id)
    return loaded


def seconds_of(times) -> list[tuple[str, float]]:
    return [(t.player, t.seconds) for t in times]


async def test_a_members_answer_is_timed_from_when_the_game_waits_on_them(clocked):
    store, clock = clocked
    loaded = await new_race(store)
    assert toygame.GAME.pending(loaded.state)[0].player == "Ann"
    clock.advance(hours=5)
    loaded = await roll(store, loaded, user_id=ANN, player="Ann")
    # The game now waits on Bo (or on Bo's shove decision): from this moment.
    clock.advance(hours=30)
    loaded = await roll(store, loaded, user_id=BO, player="Bo")
    times = seconds_of(await store.game_answer_times(loaded.id))
    assert sorted(times) == [("Ann", 5 * 3600.0), ("Bo", 30 * 3600.0)]
    mine = await store.member_answer_times(GUILD, BO)
    assert [(t.game, t.seconds) for t in mine] == [("dice_race", 30 * 3600.0)]
    assert await store.member_answer_times(OTHER, BO) == []


async def test_bots_stand_ins_and_moderators_skips_are_not_timed(clocked):
    store, clock = clocked
    loaded = await new_race(store, seats=[Seat("Ann", "Ann", ANN), Seat("Bot 1", "Bot 1", None, bot=True)])
    clock.advance(hours=1)
    loaded = await roll(store, loaded, user_id=MOD, player="Ann")  # a moderator's skip for Ann
    while toygame.GAME.pending(loaded.state)[0].player != "Ann":
        clock.advance(hours=2)
        loaded = await roll(store, loaded, user_id=None)  # the bot seat
    # A bot stands in for Ann: her seat is a bot's, her id kept.
    await store.put_seat(loaded.id, Seat("Ann", "Ann", ANN, bot=True, level="normal"), action="away")
    clock.advance(hours=3)
    loaded = await roll(store, loaded, user_id=None, player="Ann")
    assert await store.game_answer_times(loaded.id) == []


async def test_an_undo_drops_the_times_it_takes_back_and_a_pause_counts_for_nobody(clocked):
    store, clock = clocked
    loaded = await new_race(store)
    clock.advance(hours=2)
    loaded = await roll(store, loaded, user_id=ANN, player="Ann")
    await store.undo_to(loaded.id, 0)
    assert await store.game_answer_times(loaded.id) == []
    clock.advance(hours=1)
    await store.set_status(loaded.id, "paused")
    clock.advance(hours=48)
    await store.set_status(loaded.id, "active")
    clock.advance(hours=4)
    loaded = await store.load(loaded.id)
    loaded = await roll(store, loaded, user_id=ANN, player="Ann")
    assert seconds_of(await store.game_answer_times(loaded.id)) == [("Ann", 4 * 3600.0)]


async def test_a_member_away_until_a_time_is_away_until_then(clocked):
    store, clock = clocked
    assert await store.away_until([ANN, BO]) == {}
    back = clock() + timedelta(days=3)
    await store.set_away(ANN, back)
    assert await store.away_until([ANN, BO]) == {ANN: back}
    clock.advance(days=3)
    assert await store.away_until([ANN, BO]) == {}
    await store.set_away(ANN, clock() + timedelta(hours=1))
    await store.set_away(ANN, None)
    assert await store.away_until([ANN]) == {}


async def test_a_members_games_on_one_server(clocked):
    store, _clock = clocked
    running = await new_race(store, channel=701)
    lobby = await new_race(store, channel=702, start=False, seats=[Seat("Bo", "Bo", BO), Seat("Ann", "Ann", ANN)])
    await new_race(store, channel=703, seats=[Seat("Bo", "Bo", BO), Seat("Cy", "Cy", 103)])  # not hers
    await new_race(store, guild=OTHER, channel=704)  # another server's
    ended = await new_race(store, channel=705)
    await store.set_status(ended.id, "abandoned")
    assert [g.id for g in await store.member_games(GUILD, ANN)] == [lobby.id, running.id]
    assert [g.id for g in await store.member_games(GUILD, ANN, ended=True)] == [lobby.id, running.id, ended.id]


async def test_forgetting_a_server_leaves_nothing_of_it_and_keeps_the_others(clocked):
    store, clock = clocked
    kept = await new_race(store, guild=OTHER, channel=800)
    for channel in (701, 702):
        loaded = await new_race(store, channel=channel)
        clock.advance(hours=1)
        loaded = await roll(store, loaded, user_id=ANN)
        await store.record_message(loaded.id, channel, 5000 + channel, "prompt", loaded.seq)
        await store.set_reminder(loaded.id, "Bo", clock() + timedelta(hours=1))
        await store.audit(loaded.id, MOD, "skip")
    finished = await new_race(store, channel=703)
    await store.record_results(finished.id, toygame.GAME.result(finished.state))
    await store.set_guild_settings(GUILD, moderator_role_id=5)
    await store.set_language(GUILD, 0, "it", by_user_id=MOD)
    await store.guild_left(GUILD, clock() + timedelta(days=30))
    before = await store.guild_rows(GUILD)
    assert all(before[t] for t in ("games", "choices", "snapshots", "messages", "reminders", "audit", "results",
                                   "answer_times", "guild_settings", "language_settings", "guild_departures"))
    assert await store.forget_guild(GUILD) == before
    assert set((await store.guild_rows(GUILD)).values()) == {0}
    # Nothing anywhere that points at a game that is gone, and the other server untouched.
    for table in ("choices", "snapshots", "messages", "reminders", "audit", "waits", "answer_times", "results"):
        orphans = await store.db.fetch(f"SELECT count(*) FROM {table} WHERE game_id NOT IN (SELECT id FROM games)")  # noqa: S608
        assert orphans[0][0] == 0, table
    assert (await store.load(kept.id)).seq == 0
    assert await store.guild_rows(OTHER) != {t: 0 for t in before}


async def test_a_server_the_bot_left_is_due_for_deletion_unless_it_came_back(clocked):
    store, clock = clocked
    await store.guild_left(GUILD, clock() + timedelta(days=30))
    await store.guild_left(GUILD, clock() + timedelta(days=90))  # leaving again does not postpone it
    assert await store.departure(GUILD) == clock() + timedelta(days=30)
    assert await store.departures_due(clock()) == []
    clock.advance(days=30)
    assert await store.departures_due(clock()) == [GUILD]
    assert await store.guild_joined(GUILD) is True
    assert await store.departures_due(clock()) == []
    assert await store.guild_joined(GUILD) is False


async def test_a_members_running_games_on_every_server(clocked):
    store, _clock = clocked
    here = await new_race(store, channel=701)
    there = await new_race(store, guild=OTHER, channel=702)
    await new_race(store, channel=703, start=False)  # a lobby
    await new_race(store, channel=704, seats=[Seat("Bo", "Bo", BO), Seat("Cy", "Cy", 1010)])  # 101 inside 1010
    assert [g.id for g in await store.member_open_games(ANN)] == [here.id, there.id]
