"""SQLite transactions whole in the connection's thread, and the writes waiting while a commit
syncs committed together (issue 30: at 26 choices/s the one writer was busy all the time and the
board of a choice waited behind it).

What must not change with it: each write is answered only after its commit, a failing write
takes nobody else's with it, a commit that fails confirms nothing, the order is the order asked.
"""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from toygame import GAME, random_move

from bot.storage.records import DatabaseGone, GameMovedOn, Seat
from bot.storage.sqlite.database import SuspendedBody
from bot.storage.store import Storage

SEATS = [Seat("A", "Ann", 1), Seat("B", "Bo", 2)]


async def ping_modes(store: Storage) -> dict[int, str]:
    rows = await store.db.fetch("SELECT user_id, ping_mode FROM user_settings")
    return {row["user_id"]: row["ping_mode"] for row in rows}


async def hold_the_writer(store: Storage) -> tuple[threading.Event, asyncio.Future, asyncio.Future]:
    """A first write whose commit is under way and slowed down: the writer's thread is kept busy
    until the event is set, and the write's transaction waits behind it (so later writes wait)."""
    busy = threading.Event()
    holder = asyncio.ensure_future(store.db.writer._execute(busy.wait))
    first = asyncio.ensure_future(store.set_ping_mode(1000, "dm"))
    while store.db.writer._tx.qsize() < 1:  # the first write's transaction is queued in the thread
        await asyncio.sleep(0.001)
    return busy, asyncio.gather(holder, first), first


async def queued(store: Storage, writes: int) -> None:
    """Until `writes` writes wait for the commit under way to end."""
    while len(store.db._group._waiting) < writes:
        await asyncio.sleep(0.001)


async def test_writes_waiting_while_a_commit_syncs_go_together_in_one_commit(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        await store.set_ping_mode(99, "dm")  # alone, a write goes at once
        busy, holder, first = await hold_the_writer(store)
        before = store.db._group.commits
        writes = [asyncio.ensure_future(store.set_ping_mode(user, "dm" if user % 2 else "both"))
                  for user in range(1, 31)]
        await queued(store, 30)
        assert not first.done() and not any(w.done() for w in writes)  # nobody answered before their commit
        busy.set()
        await asyncio.gather(holder, *writes)
        assert store.db._group.commits - before == 1  # the 30 that waited: one commit (one sync), not 30
        assert await ping_modes(store) == {99: "dm", 1000: "dm", **{u: "dm" if u % 2 else "both" for u in range(1, 31)}}
    finally:
        await store.close()


async def test_a_failing_write_is_rolled_back_alone_and_its_caller_told(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        async def half_then_fail(c):
            await c.execute("INSERT INTO user_settings (user_id, ping_mode, updated_at) VALUES (2, 'dm', 'x')")
            raise ValueError("refused after one statement")

        busy, holder, _ = await hold_the_writer(store)
        first = asyncio.ensure_future(store.set_ping_mode(1, "dm"))
        failing = asyncio.ensure_future(store.db.write(half_then_fail))
        last = asyncio.ensure_future(store.set_ping_mode(3, "both"))
        await queued(store, 3)  # the three go in one transaction
        busy.set()
        await asyncio.gather(holder, first, last)
        with pytest.raises(ValueError, match="refused after one statement"):
            await failing
        assert await ping_modes(store) == {1000: "dm", 1: "dm", 3: "both"}  # its first statement undone too
        assert not store.db.writer.in_transaction
    finally:
        await store.close()


async def test_two_choices_of_the_same_number_in_one_commit_one_wins_in_the_order_asked(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1, seats=SEATS,
                                         seed=5, options={"goal": 500})
        loaded = await store.start_game(record.id)
        moves = [random_move(GAME, loaded.state, random.Random(n)) for n in range(2)]
        states = [GAME.apply(loaded.state, player, option)[0] for player, option in moves]
        busy, holder, _ = await hold_the_writer(store)
        appends = [asyncio.ensure_future(store.append_choice(record.id, 1, *move, state))
                   for move, state in zip(moves, states, strict=True)]
        await queued(store, 2)  # both in the next transaction
        busy.set()
        outcomes = await asyncio.gather(*appends, return_exceptions=True)
        await holder
        assert not isinstance(outcomes[0], BaseException) and isinstance(outcomes[1], GameMovedOn)
        [stored] = await store.choices(record.id)
        assert (stored.player, stored.option_id) == moves[0]
        # Its snapshot, not the loser's.
        assert GAME.dumps((await store.load(record.id)).state) == GAME.dumps(states[0])
    finally:
        await store.close()


async def test_a_commit_refused_confirms_none_of_its_writes(tmp_path):
    db = tmp_path / "db.sqlite3"
    store = await Storage.open(db)
    try:
        await store.set_ping_mode(1, "dm")
        busy, holder, first = await hold_the_writer(store)
        writes = [asyncio.ensure_future(store.set_ping_mode(user, "both")) for user in (1, 2, 3)]
        await queued(store, 3)
        (tmp_path / "db.sqlite3-wal").unlink()  # lost under the bot: the commits are refused
        busy.set()
        outcomes = await asyncio.gather(first, *writes, return_exceptions=True)
        await asyncio.gather(holder, return_exceptions=True)
        assert all(isinstance(o, DatabaseGone) for o in outcomes), outcomes
        rows = await store.db.fetch("SELECT user_id, ping_mode FROM user_settings")
        assert {r["user_id"]: r["ping_mode"] for r in rows} == {1: "dm"}
    finally:
        await store.close()


async def test_a_transaction_is_one_job_of_its_connections_thread(tmp_path, monkeypatch):
    """A choice's append and a game's load each cost one trip to their thread, however many
    statements they run: no turn of the event loop between two statements of a transaction."""
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game=GAME.name, host_user_id=1, seats=SEATS,
                                         seed=6, options={"goal": 500})
        loaded = await store.start_game(record.id)
        # The first append also reads the game's name, kept from then on.
        player, option = random_move(GAME, loaded.state, random.Random(1))
        await store.append_choice(record.id, 1, player, option, GAME.apply(loaded.state, player, option)[0])
        loaded = await store.load(record.id)
        trips = {"writer": 0, "reader": 0}
        for name in trips:
            connection = getattr(store.db, name)
            real = connection._execute

            async def counted(fn, *args, _real=real, _name=name, **kwargs):
                trips[_name] += 1
                return await _real(fn, *args, **kwargs)

            monkeypatch.setattr(connection, "_execute", counted)
        player, option = random_move(GAME, loaded.state, random.Random(2))
        state, _ = GAME.apply(loaded.state, player, option)
        await store.append_choice(record.id, 2, player, option, state)  # several statements
        assert trips == {"writer": 1, "reader": 0}
        again = await store.load(record.id)  # the game, its snapshot, its last choice
        assert trips == {"writer": 1, "reader": 1}
        assert again.seq == 2 and GAME.dumps(again.state) == GAME.dumps(state)
    finally:
        await store.close()


async def test_a_transaction_that_awaits_anything_but_its_connection_is_refused_whole(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite3")
    try:
        async def wanders(c):
            await c.execute("INSERT INTO user_settings (user_id, ping_mode, updated_at) VALUES (7, 'dm', 'x')")
            await asyncio.sleep(0)  # would hand the connection back to the event loop mid-transaction

        with pytest.raises(SuspendedBody):
            await store.db.write(wanders)
        assert await ping_modes(store) == {}
        await store.set_ping_mode(8, "dm")  # the connection is still usable
        assert await ping_modes(store) == {8: "dm"}
    finally:
        await store.close()
