"""Bad stored data is reported with the game and the step, and never silently repaired."""

from __future__ import annotations

import json
import random

import pytest
from toygame import GAME, random_move

from bot.storage.records import CorruptGame, Seat, UnknownGame
from bot.storage.store import Storage

SEATS = [Seat("A", "Ann", 1), Seat("B", "Bo", 2)]


@pytest.fixture
async def storage(db_target):
    store = await Storage.open(db_target, checkpoint_every=5)
    yield store
    await store.close()


async def played_game(storage, choices=12, channel_id=1):
    record = await storage.create_game(guild_id=1, channel_id=channel_id, game=GAME.name, host_user_id=1,
                                       seats=SEATS, seed=21, options={"goal": 200})
    loaded = await storage.start_game(record.id)
    rng = random.Random(21)
    for _ in range(choices):
        loaded, _ = await storage.play(record.id, *random_move(GAME, loaded.state, rng))
    return loaded


async def dump_tables(storage):
    out = {}
    for table in ("games", "choices", "snapshots", "results"):
        out[table] = [tuple(r) for r in await storage.db.fetch(f"SELECT * FROM {table} ORDER BY 1, 2")]
    return out


async def test_a_snapshot_that_does_not_match_its_replay_is_reported_at_its_step(storage):
    loaded = await played_game(storage)
    rows = await storage.db.fetch("SELECT state FROM snapshots WHERE game_id = ? AND seq = 5", loaded.id)
    state = json.loads(rows[0][0])
    state["positions"]["A"] += 3  # a cheat, or a bit flipped on disk
    await storage.db.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = 5",
                             json.dumps(state), loaded.id)
    before = await dump_tables(storage)
    with pytest.raises(CorruptGame) as info:
        await storage.verify_game(loaded.id)
    assert (info.value.game_id, info.value.step) == (loaded.id, 5)
    assert f"game #{loaded.id} is corrupt at step 5" in str(info.value)
    assert "does not match the replay" in info.value.reason
    assert await dump_tables(storage) == before  # reported, not "fixed"


async def test_a_snapshot_with_the_wrong_version_is_reported_when_loading(storage):
    loaded = await played_game(storage, choices=10)
    state = json.loads(GAME.dumps(loaded.state))
    state["version"] = 7
    await storage.db.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = 10",
                             json.dumps(state), loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.load(loaded.id)
    assert info.value.step == 10 and "version 7" in info.value.reason


async def test_an_unreadable_snapshot_is_reported_when_loading(storage):
    loaded = await played_game(storage, choices=10)
    await storage.db.execute("UPDATE snapshots SET state = '{\"nonsense\": 1}' WHERE game_id = ? AND seq = 10", loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.load(loaded.id)
    assert info.value.step == 10 and "does not load" in info.value.reason


async def test_an_unknown_game_name_is_reported_with_the_game(storage):
    loaded = await played_game(storage, choices=3)
    await storage.db.execute("UPDATE games SET game = 'chess960' WHERE id = ?", loaded.id)
    for attempt in (storage.load(loaded.id), storage.verify_game(loaded.id)):
        with pytest.raises(UnknownGame) as info:
            await attempt
        assert info.value.game_id == loaded.id and info.value.name == "chess960"
        assert f"game #{loaded.id} uses unknown game 'chess960'" == str(info.value)


async def test_a_choice_the_rules_refuse_is_reported_at_its_step_on_load_verify_and_undo(storage):
    loaded = await played_game(storage, choices=12)
    # Without the latest snapshot (a cache) a load replays 11 and 12 from the checkpoint at 10.
    await storage.db.execute("UPDATE choices SET option_id = 'teleport' WHERE game_id = ? AND seq = 12", loaded.id)
    await storage.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq = 12", loaded.id)
    before = await dump_tables(storage)
    with pytest.raises(CorruptGame) as info:
        await storage.load(loaded.id)
    assert info.value.step == 12 and "refuse" in info.value.reason and "'teleport'" in info.value.reason
    with pytest.raises(CorruptGame) as info:
        await storage.undo_to(loaded.id, 12)
    assert info.value.step == 12
    # The wrong player for choice 7: only a replay from setup passes through it.
    await storage.db.execute("UPDATE choices SET player = CASE player WHEN 'A' THEN 'B' ELSE 'A' END"
                             " WHERE game_id = ? AND seq = 7", loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.verify_game(loaded.id)
    assert info.value.step == 7
    after = await dump_tables(storage)
    assert after["snapshots"] == before["snapshots"] and after["games"] == before["games"]


async def test_a_gap_in_the_choices_is_reported(storage):
    loaded = await played_game(storage, choices=8)
    await storage.db.execute("DELETE FROM choices WHERE game_id = ? AND seq = 4", loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.verify_game(loaded.id)
    assert info.value.step == 4 and "jump" in info.value.reason


async def test_a_snapshot_beyond_the_last_choice_is_reported(storage):
    loaded = await played_game(storage, choices=10)
    await storage.db.execute("DELETE FROM choices WHERE game_id = ? AND seq > 8", loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.load(loaded.id)
    assert info.value.step == 10 and "beyond the last choice" in info.value.reason


async def test_other_games_still_load_when_one_is_corrupt(storage):
    bad = await played_game(storage, choices=6, channel_id=1)
    good = await played_game(storage, choices=6, channel_id=2)
    await storage.db.execute("UPDATE games SET game = 'gone' WHERE id = ?", bad.id)
    assert (await storage.load(good.id)).seq == 6
    assert await storage.verify_game(good.id) == 6


async def test_a_game_recorded_under_other_rules_says_so_in_the_report(storage):
    loaded = await played_game(storage, choices=8)
    assert (await storage.game(loaded.id)).rules_version == GAME.rules_version
    # '1.5': another rules version, but not one of the old generator's (that is tested apart).
    await storage.db.execute("UPDATE games SET rules_version = '1.5' WHERE id = ?", loaded.id)
    await storage.db.execute("UPDATE choices SET option_id = 'teleport' WHERE game_id = ? AND seq = 3", loaded.id)
    with pytest.raises(CorruptGame) as info:
        await storage.verify_game(loaded.id)
    assert info.value.step == 3
    assert "(recorded under rules version 1.5, the code has 2)" in str(info.value)
