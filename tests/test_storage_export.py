"""Undo and export round-trip through `python -m engine replay` on Byzantium (issue 4, done-when)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from toygame import random_move

from bot.storage.records import Seat
from bot.storage.store import Storage
from engine import get_game

ROOT = Path(__file__).resolve().parent.parent
BYZ = get_game("byzantium")


def engine_replay(path: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def as_json(value) -> object:
    return json.loads(json.dumps(value))


async def test_undone_game_exports_a_replay_the_engine_cli_reproduces(tmp_path):
    store = await Storage.open(tmp_path / "db.sqlite")
    try:
        record = await store.create_game(guild_id=1, channel_id=1, game="byzantium", host_user_id=1,
                                         seats=[Seat("Ann", "Ann", 1), Seat("Bo", "Bo", 2), Seat("Cy", "Cy", 3)],
                                         seed=4)
        loaded = await store.start_game(record.id)
        rng = random.Random(4)
        for _ in range(40):
            loaded, _ = await store.play(record.id, *random_move(BYZ, loaded.state, rng))
        undone = await store.undo_to(record.id, 23)
        replay = await store.export_game(record.id, reveal=True)
        assert len(replay["choices"]) == 23
        path = tmp_path / "game.json"
        path.write_text(json.dumps(replay))
        printed = engine_replay(path)
        assert printed["version"] == 23
        assert printed["summary"] == as_json(BYZ.summary(undone.state))

        # ... and the file comes back in as a game identical to the one undone.
        imported = await store.import_game(json.loads(path.read_text()), guild_id=1, channel_id=2, host_user_id=1)
        assert BYZ.dumps(imported.state) == BYZ.dumps(undone.state)
        assert await store.verify_game(imported.id) == 23
    finally:
        await store.close()


async def play_byzantium(store, channel_id: int, choices: int, seed: int):
    record = await store.create_game(guild_id=1, channel_id=channel_id, game="byzantium", host_user_id=1,
                                     seats=[Seat("Ann", "Ann", 1), Seat("Bo", "Bo", 2), Seat("Cy", "Cy", 3)])
    loaded = await store.start_game(record.id)  # a secret 128-bit seed, as the bot draws it
    rng = random.Random(seed)
    for _ in range(choices):
        if not BYZ.pending(loaded.state):  # random players can end a game early
            break
        loaded, _ = await store.play(record.id, *random_move(BYZ, loaded.state, rng))
    return loaded


async def test_a_game_moves_between_sqlite_and_postgresql_and_replays_identically(tmp_path, pg_url):
    """Export from one backend, import into the other, both ways: the same state, the same events."""
    sqlite_store, pg_store = await Storage.open(tmp_path / "db.sqlite"), await Storage.open(pg_url)
    try:
        for source, target in ((sqlite_store, pg_store), (pg_store, sqlite_store)):
            played = await play_byzantium(source, channel_id=10 + len(await source.list_games(None)), choices=35,
                                          seed=5)
            replay = json.loads(json.dumps(await source.export_game(played.id, reveal=True)))  # as a file
            assert replay["seed"] >= 1 << 64  # wider than either database's integers
            moved = await target.import_game(replay, guild_id=1, channel_id=99 + played.id, host_user_id=1)
            assert BYZ.dumps(moved.state) == BYZ.dumps(played.state)
            assert await target.verify_game(moved.id) == len(await source.choices(played.id)) > 10
            assert BYZ.dumps((await target.load(moved.id)).state) == BYZ.dumps(played.state)
            events = [c.events for c in await source.choices(played.id)]
            assert [c.events for c in await target.choices(moved.id)] == events
            assert await target.export_game(moved.id, reveal=True) == replay
    finally:
        await sqlite_store.close()
        await pg_store.close()
