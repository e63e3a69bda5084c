"""Several bot processes over one PostgreSQL database: leases on shards, reminders sent by exactly
one process, and one game's requests taking turns across processes (issue 16, item 3)."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta

import pytest
from bot_fakes import FakeClock, World, current_prompts, open_game, waiting_member

from bot.scheduling.shards import ShardClaim, ShardsTaken
from bot.settings import SettingsError, load_settings
from bot.storage.records import Shards, shard_of
from bot.storage.store import Storage
from engine import get_game

T0 = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
GOOD_TOKEN = "M" + "T" * 23 + ".GaBcDe." + "x" * 27
SHARD0_GUILD, SHARD1_GUILD = 4 << 22, 5 << 22  # Discord's rule: (guild_id >> 22) % shard_count


def test_a_server_is_on_the_shard_discord_puts_it_on():
    assert shard_of(SHARD0_GUILD, 2) == 0 and shard_of(SHARD1_GUILD, 2) == 1
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4
    assert Shards((1,), 2).owns(SHARD1_GUILD) and not Shards((1,), 2).owns(SHARD0_GUILD)
    assert Shards().owns(SHARD0_GUILD) and Shards((0, 1), 2).everything


async def test_of_two_processes_racing_for_a_lease_one_gets_it_until_it_expires(db_target):
    stores = [await Storage.open(db_target) for _ in range(2)]
    try:
        taken = await asyncio.gather(*(s.take_lease("shard 0/1", f"p{i}", T0, 30) for i, s in enumerate(stores)))
        assert taken[0].owner == taken[1].owner  # both read the one winner
        winner, loser = (0, 1) if taken[0].owner == "p0" else (1, 0)
        assert await stores[winner].renew_lease("shard 0/1", f"p{winner}", T0 + timedelta(seconds=20), 30)
        assert not await stores[loser].renew_lease("shard 0/1", f"p{loser}", T0 + timedelta(seconds=20), 30)
        # The winner stops renewing (killed): once expired, the other takes it; the old owner cannot renew.
        late = T0 + timedelta(seconds=51)
        assert (await stores[loser].take_lease("shard 0/1", f"p{loser}", late, 30)).owner == f"p{loser}"
        assert not await stores[winner].renew_lease("shard 0/1", f"p{winner}", late, 30)
        await stores[loser].release_lease("shard 0/1", f"p{loser}")
        assert await stores[0].leases() == []
    finally:
        for store in stores:
            await store.close()


async def test_a_shard_claim_waits_out_a_dead_holder_and_refuses_a_live_one(pg_url):
    first, second = await Storage.open(pg_url), await Storage.open(pg_url)
    try:
        dead = ShardClaim(first, Shards((0, 1), 4), seconds=1.0, owner="killed")
        await dead.take()  # then never renewed, as after SIGKILL
        restarted = ShardClaim(second, Shards((1,), 4), seconds=1.0, owner="restarted")
        await restarted.take(poll=0.1)
        assert {lease.name: lease.owner for lease in await second.leases()}["shard 1/4"] == "restarted"

        live = ShardClaim(first, Shards((1,), 4), seconds=1.0, owner="duplicate")
        lost = []
        restarted.keep(on_lost=lambda reason: asyncio.sleep(0, lost.append(reason)))
        with pytest.raises(ShardsTaken, match="serves the same shards"):
            await live.take(poll=0.1)
        assert lost == [] and restarted.held
        other_count = ShardClaim(first, Shards((0,), 8), seconds=1.0, owner="eight")
        with pytest.raises(ShardsTaken, match="SHARD_COUNT=4"):
            await other_count.take(poll=0.1)
        await restarted.release()
        assert "shard 1/4" not in {lease.name for lease in await second.leases()}
    finally:
        await first.close()
        await second.close()


async def test_one_games_requests_take_turns_across_processes(pg_url):
    """The per-game lock holds across processes (two storages), and only for that game."""
    a, b = await Storage.open(pg_url), await Storage.open(pg_url)
    try:
        order = []

        async def hold(store, game_id, name, seconds):
            async with store.game_lock(game_id):
                order.append(f"{name} in")
                await asyncio.sleep(seconds)
                order.append(f"{name} out")

        first = asyncio.create_task(hold(a, 7, "a", 0.3))
        await asyncio.sleep(0.05)
        await asyncio.gather(hold(b, 7, "b", 0), hold(b, 8, "other game", 0))
        await first
        assert order.index("other game in") < order.index("a out")  # game 8 was never blocked
        assert order.index("b in") > order.index("a out")  # game 7 waited for the other process
    finally:
        await a.close()
        await b.close()


def test_shard_settings_and_their_mistakes(tmp_path):
    base = {"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_URL": "postgresql://bot@/games"}
    settings = load_settings({**base, "SHARD_IDS": "1, 0", "SHARD_COUNT": "4"}, None)
    assert settings.shard_ids == (0, 1) and settings.shard_count == 4
    assert load_settings({**base, "SHARD_COUNT": "2"}, None).shard_ids == (0, 1)  # all of them here
    assert load_settings({"DISCORD_TOKEN": GOOD_TOKEN}, None).shard_count is None  # the default: no setting
    for environ, words in [
        ({**base, "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({**base, "SHARD_IDS": "4", "SHARD_COUNT": "4"}, "from 0 to 3"),
        ({**base, "SHARD_COUNT": "none"}, "SHARD_COUNT must be a whole number"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "SHARD_IDS": "0,1", "SHARD_COUNT": "4"}, "set DATABASE_URL"),
    ]:
        with pytest.raises(SettingsError, match=words) as caught:
            load_settings(environ, None)
        assert "\n" not in str(caught.value)
    # All shards in one process on the SQLite file is still one process: allowed.
    assert load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "SHARD_COUNT": "2"}, None).shard_count == 2


def test_the_command_line_flags_are_the_settings():
    from bot.__main__ import shard_options

    assert shard_options(["--shards", "0,1", "--shard-count=4"]) == {"SHARD_IDS": "0,1", "SHARD_COUNT": "4"}
    with pytest.raises(ValueError, match="needs a value"):
        shard_options(["--shards"])


def reminders_in(channel):
    return [m for m in channel.messages if m.content.startswith("⏰")]


async def test_each_process_sends_the_reminders_of_its_own_shard_once(tmp_path, pg_url):
    """Two bot processes, shard 0 and shard 1 of 2, one database, a game on each shard."""
    worlds = [World(tmp_path / f"p{k}.sqlite3", guild_id=guild) for k, guild in enumerate((SHARD0_GUILD, SHARD1_GUILD))]
    try:
        for k, world in enumerate(worlds):
            await world.start_bot(database_url=pg_url, shard_ids=(k,), shard_count=2)
        tables = [await open_game(world) for world in worlds]
        for world in worlds:
            world.clock.advance(hours=12)
        # Each sends its own server's reminder (the other's channel is not even known to it).
        assert [await world.bot.reminders.run_due() for world in worlds] == [1, 1]
        assert [await world.bot.reminders.run_due() for world in worlds] == [0, 0]
        for channel, members in tables:
            [ping] = reminders_in(channel)
            assert f"<@{waiting_member(current_prompts(channel)[0], members).id}>" in ping.content
    finally:
        for world in worlds:
            await world.stop()


async def test_a_reminder_sent_before_a_crash_is_not_posted_twice_nor_lost(tmp_path, monkeypatch):
    """The row moves on only after the send; a crash in between sends it again after the restart
    with the same nonce, which Discord (and the fake) answer with the first message."""
    world = World(tmp_path / "games.sqlite3")
    await world.start_bot()
    try:
        channel, _members = await open_game(world)
        world.clock.advance(hours=12)
        storage = world.bot.storage

        async def crash(*args, **kwargs):
            raise RuntimeError("killed between the send and the bookkeeping")

        monkeypatch.setattr(storage, "advance_reminder", crash)
        assert await world.bot.reminders.run_due() == 1
        [sent] = reminders_in(channel)
        monkeypatch.undo()
        await world.start_bot()  # the restart
        assert await world.bot.reminders.run_due() == 1  # sent again: still due ...
        assert reminders_in(channel) == [sent] and sent.nonce is not None  # ... one message all the same
        assert await world.bot.reminders.run_due() == 0
        [game] = await world.bot.storage.list_games(None)
        [row] = await world.bot.storage.reminders(game.id)
        assert row.attempt == 1  # moved on once
    finally:
        await world.stop()


async def test_a_bot_turn_scheduled_by_another_process_wakes_the_shard_owner_at_once(tmp_path, pg_url):
    """Issue 15: process B (shard 1) stores a member's choice in a game of shard 0's server, and
    so schedules the bot's turn there; process A (shard 0), whose schedule waits a whole poll
    (60 s) for the member's next reminder, is woken by PostgreSQL NOTIFY and plays the bot's turn
    at once. The choice is made through the storage as B's handlers would."""
    from concurrent.futures import ThreadPoolExecutor

    import hiddengame

    from bot.service.bot_players.bot_pool import ThinkPool

    clock = FakeClock()
    worlds = [World(tmp_path / f"p{k}.sqlite3", clock=clock, guild_id=SHARD0_GUILD) for k in range(2)]
    owner, other = worlds
    run = None
    try:
        for k, world in enumerate(worlds):
            bot = await world.start_bot(database_url=pg_url, shard_ids=(k,), shard_count=2, bot_budget_ms=5.0,
                                        bot_pause_seconds=0.0)
            bot.service.thinker = ThinkPool(executor=ThreadPoolExecutor(1))
        channel = owner.channel()
        ann = owner.member("Ann")
        await owner.slash(ann, channel, "game new", game=hiddengame.NAME, bots=1)
        game_id = (await owner.bot.storage.channel_game(channel.id)).id
        card = next(m for m in reversed(channel.messages) if "lobby, hosted by" in m.content)
        await owner.click(ann, card, "Start")
        game = get_game(hiddengame.NAME)

        async def waiting_on_ann():
            loaded = await owner.bot.storage.load(game_id)
            return loaded if any(d.player == "Ann" for d in game.pending(loaded.state)) else None

        owner.bot.reminders.poll_seconds = 60.0
        run = asyncio.create_task(owner.bot.reminders.run())
        loaded = None
        for _ in range(200):  # the bot's opening turns (if it starts), woken in its own process
            loaded = await waiting_on_ann()
            if loaded is not None:
                break
            await asyncio.sleep(0.05)
        assert loaded is not None
        await asyncio.sleep(0.3)  # A's schedule now sleeps until Ann's reminder (12 h) or its poll

        decision = next(d for d in game.pending(loaded.state) if d.player == "Ann")
        await other.bot.storage.play(game_id, "Ann", decision.options[0].id, user_id=ann.id)
        after = await other.bot.storage.load(game_id)
        assert any(d.player == "Bot 1" for d in game.pending(after.state))
        await other.bot.service.schedule_reminders(after)  # B schedules the bot's turn: due now

        for _ in range(100):  # 10 s, well under the 60 s poll
            choices = await owner.bot.storage.choices(game_id)
            if choices[-1].player == "Bot 1" and choices[-1].seq > after.seq - 1:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the shard's owner did not play the bot's turn before its next poll")
        assert choices[-1].user_id is None
    finally:
        if run is not None:
            run.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await run
        for world in worlds:
            await world.stop()


async def test_on_sqlite_nobody_else_can_schedule_so_nothing_listens(tmp_path):
    store = await Storage.open(tmp_path / "games.sqlite3")
    try:
        assert await store.listen_bot_turns(lambda guild: None) is None
        await store.announce_bot_turn(SHARD0_GUILD)  # nothing to tell, nothing fails
    finally:
        await store.close()


async def test_the_scheduler_listens_again_after_its_connection_broke(pg_url):
    """A NOTIFY of any process for a server of this process's shards wakes it, one of another
    shard does not; a listening connection the server dropped is replaced at the next pass."""
    from types import SimpleNamespace

    from bot.scheduling.reminders import ReminderScheduler

    store = await Storage.open(pg_url)
    try:
        service = SimpleNamespace(storage=store, bot_due=asyncio.Event())
        scheduler = ReminderScheduler(service, None, clock=FakeClock(), shards=Shards((0,), 2))
        await scheduler.listen()
        first = scheduler._listening
        await store.announce_bot_turn(SHARD1_GUILD)  # not this process's server
        await asyncio.sleep(0.3)
        assert not service.bot_due.is_set()
        await store.announce_bot_turn(SHARD0_GUILD)
        await asyncio.wait_for(service.bot_due.wait(), 5)

        await store.db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                               " WHERE application_name = 'boardgame-bot listen'")
        for _ in range(50):
            if not first.alive():
                break
            await asyncio.sleep(0.1)
        assert not first.alive()
        await scheduler.listen()
        assert scheduler._listening is not first and scheduler._listening.alive()
        service.bot_due.clear()
        await store.announce_bot_turn(SHARD0_GUILD)
        await asyncio.wait_for(service.bot_due.wait(), 5)
    finally:
        await store.close()
