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
