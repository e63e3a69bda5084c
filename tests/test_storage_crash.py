"""Crash safety: a writer killed with SIGKILL at random moments never loses a confirmed choice.

A child process appends random legal Byzantium choices to several games (a few at once, as
the bot would for games in different channels), starting a new game when one ends, and prints
`game seq player option` to stdout only after each commit. The parent kills it at random moments, many times over, then checks the
database: integrity holds, every reported choice is there, in order, and every game replays
from setup to each of its snapshots exactly.

The test runs on both backends: a SQLite file, and a PostgreSQL database (tests/pg_kit.py) whose
server outlives the killed writer, as it would the bot.

Run as `python tests/test_storage_crash.py child DB SEED` to be the child (DB: a file or a URL).
"""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_NAME = "byzantium"
PLAYERS = ["Ann", "Bo", "Cy"]
GAMES = 3
# PostgreSQL's commits are the server's, whoever dies: fewer kills show it (and keep the suite quick).
KILLS = {"sqlite": 25, "postgresql": 12}
MIN_KILLS = {"sqlite": 10, "postgresql": 6}
BUDGET_SECONDS = 35


async def _open_game(store, channel_id: int) -> int:
    from bot.storage.records import Seat

    record = await store.create_game(guild_id=1, channel_id=channel_id, game=GAME_NAME, host_user_id=1,
                                     seats=[Seat(p, p, i) for i, p in enumerate(PLAYERS)], seed=channel_id)
    return (await store.start_game(record.id)).id


# -- the child ---------------------------------------------------------------------------
async def child(db: str, seed: int) -> None:
    from toygame import random_move

    from bot.storage.store import Storage
    from engine import get_game

    game = get_game(GAME_NAME)
    rng = random.Random(seed)
    store = await Storage.open(db)

    async def one_choice(game_id: int) -> None:
        loaded = await store.load(game_id)
        player, option_id = random_move(game, loaded.state, rng)
        new, _ = await store.play(game_id, player, option_id)
        print(f"{game_id} {new.seq} {player} {option_id}", flush=True)

    while True:
        games = await store.list_games(None)
        active = [g.id for g in games if g.status == "active"]
        if len(active) < GAMES:  # a game ended (or a start was cut off): open another
            active.append(await _open_game(store, max(g.channel_id for g in games) + 1))
        await asyncio.gather(*(one_choice(g) for g in rng.sample(active, rng.randint(1, len(active)))))


# -- the parent --------------------------------------------------------------------------
async def _create_games(db: Path | str) -> dict[int, list[tuple[int, str, str]]]:
    """Open the games; bring the last close to its end so the children surely finish one.

    Returns the choices made here, as the children report theirs."""
    from toygame import random_move

    from bot.storage.store import Storage
    from engine import get_game

    game = get_game(GAME_NAME)
    store = await Storage.open(db)
    try:
        for n in range(GAMES):
            game_id = await _open_game(store, 100 + n)
        loaded = await store.load(game_id)
        rng, state, moves = random.Random(7), loaded.state, []
        while not game.is_over(state):  # a dry run to find a path to the end
            moves.append(random_move(game, state, rng))
            state, _ = game.apply(state, *moves[-1])
        made = []
        for player, option_id in moves[:-3]:
            loaded, _ = await store.play(game_id, player, option_id)
            made.append((loaded.seq, player, option_id))
        return {game_id: made}
    finally:
        await store.close()


def _run_and_kill(db: Path | str, seed: int, rng: random.Random) -> list[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests")])}
    proc = subprocess.Popen([sys.executable, __file__, "child", str(db), str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # Kill only once the child is writing, at a random moment within its next few commits.
        ready, _, _ = select.select([proc.stdout], [], [], 20)
        assert ready, "the child never committed a choice"
        time.sleep(rng.uniform(0, 0.4))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL, err.decode()
    # A line cut off by the kill has no newline: that choice was never reported.
    return [line for line in out.decode().split("\n")[:-1]]


async def _check(db: Path | str, reported: dict[int, list[tuple[int, str, str]]]) -> int:
    from bot.storage.store import Storage
    from engine import get_game

    store = await Storage.open(db)
    try:
        assert await store.integrity_problems() == []
        games = await store.list_games(None, limit=10_000)
        assert set(reported) <= {g.id for g in games}
        for record in games:
            game_id = record.id
            if record.status == "lobby":  # killed between opening a game and starting it
                continue
            stored = [(c.seq, c.player, c.option_id) for c in await store.choices(game_id)]
            assert [s[0] for s in stored] == list(range(1, len(stored) + 1))
            seqs = [r[0] for r in reported[game_id]]
            assert seqs == sorted(set(seqs)), "reported out of order or twice"
            by_seq = {s[0]: s for s in stored}
            missing = [r for r in reported[game_id] if by_seq.get(r[0]) != r]
            assert not missing, f"game {game_id}: confirmed choices lost or changed: {missing[:5]}"
            # At most the one choice in flight when killed was committed but never reported.
            assert len(stored) - len(seqs) <= max(KILLS.values())
            assert await store.verify_game(game_id) == len(stored)
            loaded = await store.load(game_id)
            assert loaded.seq == len(stored)
            assert (record.status == "finished") == get_game(GAME_NAME).is_over(loaded.state)
        return sum(1 for g in games if g.status == "finished")
    finally:
        await store.close()


def test_sigkilled_writer_loses_no_confirmed_choice(db_target, backend):
    db = db_target
    reported: dict[int, list[tuple[int, str, str]]] = defaultdict(list, asyncio.run(_create_games(db)))
    rng = random.Random(20261121)
    started, kills = time.monotonic(), 0
    while kills < KILLS[backend] and time.monotonic() - started < BUDGET_SECONDS:
        for line in _run_and_kill(db, rng.randrange(1 << 30), rng):
            game_id, seq, player, option_id = line.split(" ", 3)
            reported[int(game_id)].append((int(seq), player, option_id))
        kills += 1
    assert kills >= MIN_KILLS[backend], f"only {kills} kills fitted in the time budget"
    assert sum(len(r) for r in reported.values()) > kills
    finished = asyncio.run(_check(db, reported))
    assert finished >= 1, "no game ran to its end: the finishing step was never crash-tested"


if __name__ == "__main__" and sys.argv[1:2] == ["child"]:
    asyncio.run(child(sys.argv[2], int(sys.argv[3])))
