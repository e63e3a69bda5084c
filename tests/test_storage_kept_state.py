"""A load takes the state this process stored last for the game, when the stored snapshot is its
text and it is unchanged (issue 30): each click parsed the snapshot the click before had just
written, and worked out again who waits in it (the engine keeps that on the state it built). Any
other snapshot (another process's choice, an undo, a state changed since) is parsed as before."""

from __future__ import annotations

import random

import pytest

from bot.storage.records import Seat
from bot.storage.store import Storage
from engine import get_game
from engine.core import enumerate_answers

BYZ = get_game("byzantium")
SEATS = [Seat("A", "Ann", 101), Seat("B", "Bo", 102), Seat("C", "Cy", 103)]


async def new_game(store):
    record = await store.create_game(guild_id=1, channel_id=5, game="byzantium", host_user_id=101, seats=SEATS, seed=3)
    return await store.start_game(record.id)


async def play(store, loaded, rng):
    d = rng.choice(BYZ.pending(loaded.state))
    loaded, _ = await store.play(loaded.id, d.player, rng.choice(enumerate_answers(d, limit=50)))
    return loaded


async def test_a_load_takes_the_state_stored_last_without_parsing_it(tmp_path, monkeypatch):
    store = await Storage.open(tmp_path / "bot.sqlite")
    try:
        loaded = await new_game(store)
        rng = random.Random(3)
        loaded = await play(store, loaded, rng)
        parsed = []
        loads = type(BYZ).loads
        monkeypatch.setattr(type(BYZ), "loads", lambda self, text: parsed.append(text) or loads(self, text))
        for _ in range(40):
            loaded = await play(store, loaded, rng)  # loads the state the choice before stored
            again = await store.load(loaded.id)
            assert again.state is loaded.state and again.seq == loaded.seq
        assert parsed == []
        assert BYZ.pending(again.state) == BYZ.pending(BYZ.loads(BYZ.dumps(again.state)))
    finally:
        await store.close()


async def test_a_state_changed_since_it_was_stored_is_not_taken(tmp_path):
    store = await Storage.open(tmp_path / "bot.sqlite")
    try:
        loaded = await new_game(store)
        rng = random.Random(4)
        for _ in range(5):
            loaded = await play(store, loaded, rng)
        stored = BYZ.dumps(loaded.state)
        loaded.state.players[0].available += 5  # a bug somewhere changing a state in place
        again = await store.load(loaded.id)
        assert again.state is not loaded.state and BYZ.dumps(again.state) == stored
    finally:
        await store.close()


@pytest.mark.parametrize("how", ["another process", "undo"])
async def test_a_snapshot_written_otherwise_is_parsed(tmp_path, how):
    store = await Storage.open(tmp_path / "bot.sqlite")
    other = await Storage.open(tmp_path / "bot.sqlite")
    try:
        loaded = await new_game(store)
        rng = random.Random(5)
        for _ in range(6):
            loaded = await play(store, loaded, rng)
        if how == "undo":
            expected = await other.undo_to(loaded.id, 3)
        else:
            expected = await play(other, await other.load(loaded.id), rng)
        again = await store.load(loaded.id)
        assert again.state is not loaded.state and again.seq == expected.seq
        assert BYZ.dumps(again.state) == BYZ.dumps(expected.state)
        # And a choice after it is stored and taken again by this process.
        after = await play(store, again, rng)
        assert (await store.load(loaded.id)).state is after.state
    finally:
        await other.close()
        await store.close()
