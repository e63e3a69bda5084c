"""Racing appends: exactly one choice lands per sequence number; the rest are told the game moved on.

On both backends (tests/pg_kit.py): on PostgreSQL the racers of one store run on separate pooled
connections at once, and two stores are two processes' worth of connections."""

from __future__ import annotations

import asyncio
import random
import threading

from toygame import GAME

from bot.storage.records import GameMovedOn, Seat
from bot.storage.store import Storage

SEATS = [Seat("A", "Ann", 1), Seat("B", "Bo", 2), Seat("C", "Cy", 3)]


async def race(stores, game_id, rounds, racers, seed):
    """Each round, `racers` tasks load the same version and all try to append the next choice."""
    rng = random.Random(seed)
    winners, losers = [], 0
    for _ in range(rounds):
        loaded = await stores[0].load(game_id)
        if GAME.is_over(loaded.state):
            break
        decision = GAME.pending(loaded.state)[0]
        attempts = []
        for i in range(racers):
            option = rng.choice(decision.options).id
            state, events = GAME.apply(loaded.state, decision.player, option)
            store = stores[i % len(stores)]
            attempts.append(store.append_choice(game_id, loaded.seq + 1, decision.player, option, state,
                                                user_id=i, events=events))
        outcomes = await asyncio.gather(*attempts, return_exceptions=True)
        won = [o for o in outcomes if not isinstance(o, BaseException)]
        moved_on = [o for o in outcomes if isinstance(o, GameMovedOn)]
        assert len(won) == 1, outcomes
        assert len(moved_on) == racers - 1, outcomes  # and no other kind of error
        assert all(m.seq == loaded.seq + 1 for m in moved_on)
        winners.append((won[0].seq, won[0].player, won[0].option_id, won[0].user_id))
        losers += len(moved_on)
    return winners, losers


async def check_exactly_the_winners_are_stored(store, game_id, winners):
    stored = [(c.seq, c.player, c.option_id, c.user_id) for c in await store.choices(game_id)]
    assert stored == winners  # nothing duplicated, nothing lost, in order
    assert await store.verify_game(game_id) == len(winners)


async def test_many_tasks_racing_on_one_store(db_target):
    store = await Storage.open(db_target, checkpoint_every=3)
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1,
                                         seats=SEATS, seed=11, options={"goal": 80})
        await store.start_game(record.id)
        winners, losers = await race([store], record.id, rounds=25, racers=12, seed=1)
        assert len(winners) == 25 and losers == 25 * 11
        await check_exactly_the_winners_are_stored(store, record.id, winners)
    finally:
        await store.close()


async def test_racing_writers_on_separate_connections_are_stopped_by_the_database(db_target):
    """Two storage objects (as two bot processes would be): only the database's lock and key decide."""
    stores = [await Storage.open(db_target) for _ in range(2)]
    try:
        record = await stores[0].create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1,
                                             seats=SEATS, seed=12, options={"goal": 80})
        await stores[0].start_game(record.id)
        winners, _ = await race(stores, record.id, rounds=15, racers=6, seed=2)
        assert len(winners) == 15
        await check_exactly_the_winners_are_stored(stores[1], record.id, winners)
    finally:
        for store in stores:
            await store.close()


async def test_play_calls_racing_with_the_same_expected_version(db_target):
    """The bot's path: clicks carry the version they were shown; one applies, the rest are stale."""
    store = await Storage.open(db_target)
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1,
                                         seats=SEATS, seed=13, options={"goal": 80})
        await store.start_game(record.id)
        clicks = [store.play(record.id, "A", f"roll:{1 + i % 3}", expected_seq=0, user_id=i) for i in range(10)]
        outcomes = await asyncio.gather(*clicks, return_exceptions=True)
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
        assert sum(isinstance(o, GameMovedOn) for o in outcomes) == 9
        assert len(await store.choices(record.id)) == 1
    finally:
        await store.close()


async def test_a_cancelled_append_leaves_the_connection_usable(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite")
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1,
                                         seats=SEATS, seed=14, options={"goal": 80})
        loaded = await store.start_game(record.id)
        state, _ = GAME.apply(loaded.state, "A", "roll:2")
        # Cancel the caller once its write is queued in the writer's thread, behind a job that
        # keeps the thread busy until the caller is cancelled.
        busy = threading.Event()
        blocker = asyncio.ensure_future(store.db.writer._execute(busy.wait))
        task = asyncio.ensure_future(store.append_choice(record.id, 1, "A", "roll:2", state))
        while store.db.writer._tx.qsize() < 1:  # the append is queued behind the blocker
            await asyncio.sleep(0.001)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        busy.set()
        await blocker
        assert task.cancelled()
        # The transaction is one job of the thread: it still runs to its end (committed), and
        # the connection is not left inside a transaction.
        await store.set_ping_mode(1, "dm")
        assert not store.db.writer.in_transaction
        count = len(await store.choices(record.id))
        assert count == 1
        loaded = await store.load(record.id)
        assert loaded.seq == count
        await store.play(record.id, *next((d.player, d.options[0].id) for d in GAME.pending(loaded.state)))
        assert len(await store.choices(record.id)) == count + 1
    finally:
        await store.close()
