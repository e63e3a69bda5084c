"""Storage benchmark: time to append a choice with its snapshot, and to load a game.

    .venv/bin/python bench/storage.py                      # Byzantium, the default policy
    .venv/bin/python bench/storage.py --every 1 10 25 --no-head   # snapshots only every K choices
    .venv/bin/python bench/storage.py --sync NORMAL        # compare with synchronous=NORMAL
    .venv/bin/python bench/storage.py --db postgres        # the same on PostgreSQL (a pgserver server)

Games are played with random legal choices (seeded). Appends are timed alone (the engine's
apply is not counted: that is the engine's cost, the same for any storage). Loads are timed
every few choices, so they cover every distance from the last snapshot, and once more for a
game with 1,000 choices. Random Byzantium games end long before 1,000 choices, so the 1,000
choice load uses the dice race from tests/toygame.py (same code path: snapshot + replay).
Each line gives wall-clock time and the CPU time this process spent (all threads): on a
shared machine the wall-clock tail is mostly waiting for the disk and for other processes.
On PostgreSQL the server's own CPU time for the whole run is printed too (it is not this process's).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import toygame  # noqa: E402  (registers the dice race)

from bot.storage import store as storage_module  # noqa: E402
from bot.storage.records import Seat  # noqa: E402
from bot.storage.sqlite import connection as sqlite_connection  # noqa: E402
from bot.storage.store import Storage  # noqa: E402
from engine import get_game  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


class Timer:
    """Wall-clock and CPU time (all threads of this process) of one operation."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu


def line(label: str, timers: list[Timer]) -> str:
    # CPU time is what this code costs; wall time adds waiting for the disk and for other
    # processes, which on a shared machine is most of the tail.
    wall, cpu = [t.wall for t in timers], [t.cpu for t in timers]
    return (f"  {label:<34} n={len(wall):<5} wall median {statistics.median(wall) * 1000:6.2f} ms"
            f"  p95 {p95(wall) * 1000:6.2f} ms  max {max(wall) * 1000:6.2f} ms"
            f"  | cpu median {statistics.median(cpu) * 1000:5.2f} ms  p95 {p95(cpu) * 1000:5.2f} ms")


async def new_game(store: Storage, name: str, players: list[str], seed: int, options: dict):
    record = await store.create_game(guild_id=1, channel_id=seed, game=name, host_user_id=1,
                                     seats=[Seat(p, p, i) for i, p in enumerate(players)], seed=seed,
                                     options=options)
    return await store.start_game(record.id)


async def play(store: Storage, name: str, players: list[str], options: dict, choices: int, seed: int,
               load_every: int):
    """Play random games (a new one when one ends) until `choices` appends; return timings."""
    game = get_game(name)
    rng = random.Random(seed)
    appends, loads, lengths = [], [], []
    loaded = await new_game(store, name, players, seed, options)
    for n in range(1, choices + 1):
        if game.is_over(loaded.state):
            lengths.append(loaded.seq)
            loaded = await new_game(store, name, players, seed + n, options)
        player, option_id = toygame.random_move(game, loaded.state, rng)
        state, events = game.apply(loaded.state, player, option_id)
        with Timer() as timer:
            await store.append_choice(loaded.id, loaded.seq + 1, player, option_id, state, events=events)
        appends.append(timer)
        loaded.state, loaded.seq = state, loaded.seq + 1
        if n % load_every == 0:
            with Timer() as timer:
                await store.load(loaded.id)
            loads.append(timer)
    lengths.append(loaded.seq)
    return appends, loads, lengths, loaded.id


async def load_long_game(store: Storage, choices: int, repeats: int):
    """Load of a dice-race game with exactly `choices` choices, `repeats` times."""
    appends, _, _, game_id = await play(store, toygame.NAME, ["A", "B", "C"], {"goal": 10**9}, choices, 99,
                                        load_every=choices + 1)
    times = []
    for _ in range(repeats):
        with Timer() as timer:
            loaded = await store.load(game_id)
        times.append(timer)
    assert loaded.seq == choices
    start = time.perf_counter()
    await store.verify_game(game_id)
    return times, time.perf_counter() - start


async def bench(args) -> None:
    sqlite_connection.SYNCHRONOUS = args.sync  # read by connect() at open
    players = ["Ann", "Bo", "Cy", "Di"][: args.players]
    postgres = None
    if args.db == "postgres":
        from pg_kit import PgServer

        postgres = PgServer(Path(tempfile.mkdtemp(prefix="bench-pg-")))
    try:
        for every in args.every:
            await bench_one(args, players, every, postgres)
    finally:
        if postgres is not None:
            postgres.stop()


async def bench_one(args, players: list[str], every: int, postgres) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        db = Path(folder) / "bench.sqlite" if postgres is None else await postgres.new_database()
        server_before = postgres.cpu_seconds() if postgres else 0.0
        store = await Storage.open(db, checkpoint_every=every, head_snapshots=args.head)
        try:
            appends, loads, lengths, last_id = await play(store, args.game, players, {}, args.choices,
                                                          args.seed, load_every=3)
            start = time.perf_counter()
            verified = await store.verify_game(last_id)
            verify_time = time.perf_counter() - start
            long_loads, full_replay = await load_long_game(store, 1000, args.repeats)
            if postgres is not None:  # the bot's tables with their indexes and TOAST, not the catalog
                rows = await store.db.fetch(
                    "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n"
                    " ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'")
                size = int(rows[0][0]) / 1e6
        finally:
            await store.close()
        if postgres is None:
            size = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6
    durability = f"synchronous={args.sync}" if postgres is None else "PostgreSQL, synchronous_commit=on"
    print(f"\n{args.game}, {len(players)} players, {durability}, checkpoint every {every} choices"
          f"{'' if args.head else ' (no latest-state snapshot)'} ({len(lengths)} games of {min(lengths)}-{max(lengths)} choices; database {size:.1f} MB)")
    print(line("append choice + snapshot", appends))
    print(line("load (snapshot + replayed tail)", loads))
    print(line("load, dice race of 1,000 choices", long_loads))
    print(f"  {'full replay from setup, 1,000':<34} {full_replay * 1000:7.1f} ms (dice race; check-db's cost)")
    print(f"  {f'full replay, {args.game} of {verified}':<34} {verify_time * 1000:7.1f} ms"
          f" (what snapshots save a load)")
    if postgres is not None:
        server = postgres.cpu_seconds() - server_before
        print(f"  PostgreSQL server CPU, whole run: {server:.1f} s "
              f"({server / (len(appends) + len(loads)) * 1000:.2f} ms per append or load, on average)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="byzantium")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--choices", type=int, default=1000, help="appends to time")
    parser.add_argument("--every", type=int, nargs="+", default=[storage_module.CHECKPOINT_EVERY],
                        help="keep a snapshot every K choices")
    parser.add_argument("--no-head", dest="head", action="store_false",
                        help="do not snapshot every choice: loads replay from the last checkpoint")
    parser.add_argument("--sync", choices=["FULL", "NORMAL"], default=sqlite_connection.SYNCHRONOUS)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where the temporary database goes (default: system temp)")
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    asyncio.run(bench(parser.parse_args()))


if __name__ == "__main__":
    main()
