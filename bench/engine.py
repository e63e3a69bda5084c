"""Engine speed: median time of one apply + pending, and full random 4-player games per second.

    python bench/engine.py [--games 30] [--runs 5]

Prints figures; never run as a test. Targets: one choice under 1 ms median, at least 5 full
4-player games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the
# `engine` package: look from the repository root instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import get_game  # noqa: E402


def play_random_game(game, seed: int, timings: list[float] | None = None) -> int:
    rng = random.Random(seed)
    state = game.setup(["Ann", "Bo", "Cy", "Di"], seed, {})
    steps = 0
    while not game.is_over(state):
        decision = rng.choice(game.pending(state))
        option = rng.choice(decision.options)
        started = time.perf_counter()
        state, _events = game.apply(state, decision.player, option.id)
        game.pending(state)
        if timings is not None:
            timings.append(time.perf_counter() - started)
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="byzantium")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = get_game(args.game)
    timings: list[float] = []
    for seed in range(args.games):
        play_random_game(game, seed, timings)
    timings.sort()
    print(f"{args.game}: one apply + pending: median {statistics.median(timings) * 1000:.3f} ms, "
          f"p95 {timings[int(len(timings) * 0.95)] * 1000:.3f} ms over {len(timings)} choices")
    rates = []
    for run in range(args.runs):
        started = time.perf_counter()
        for seed in range(args.games):
            play_random_game(game, 1000 * run + seed)
        rates.append(args.games / (time.perf_counter() - started))
    print(f"{args.game}: full random 4-player games per second: median {statistics.median(rates):.1f} "
          f"(runs: {', '.join(f'{r:.1f}' for r in rates)})")


if __name__ == "__main__":
    main()
