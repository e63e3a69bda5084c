"""Warriors & Traders scores reached by random play (issue 14, item 11): a figure, not a test.

    python bench/wt_scores.py [--games 30] [--players 4] [--uniform] [--option KEY=VALUE ...]

Plays whole games by random choices (biased towards doing something, as the playout tests
do, unless --uniform) and prints the best score of each game (median, max), the mean of all
players, and how many games reached the victory threshold before turn 10. Random play says
little about what good play reaches; bot players will measure that (issue 15).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

# Run as a script, this folder comes first on the path and bench/engine.py would hide the
# `engine` package: look from the repository root instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine.__main__ import parse_options  # noqa: E402
from engine.warriors_traders.flow import Ctx  # noqa: E402
from engine.warriors_traders.testkit import random_game  # noqa: E402
from engine.warriors_traders.turn import threshold  # noqa: E402
from engine.warriors_traders.world import vp  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--uniform", action="store_true", help="uniform random choices")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = parse_options(args.option)
    best, everyone, early, needed = [], [], 0, None
    for seed in range(args.games):
        state, _ = random_game([f"P{i}" for i in range(args.players)], 1000 + seed, options, bias=not args.uniform)
        ctx = Ctx(state)
        scores = [vp(ctx, p.seat) for p in state.players]
        best.append(max(scores))
        everyone += scores
        early += state.turn < ctx.pieces.turns
        needed = threshold(ctx)
    kind = "uniform" if args.uniform else "biased"
    print(f"{args.games} games, {args.players} players, {kind} random play, options {options or 'none'}: "
          f"best score per game median {statistics.median(best)}, max {max(best)}; "
          f"mean of all players {statistics.mean(everyone):.1f}; threshold {needed}, "
          f"reached before turn 10 in {early} games")


if __name__ == "__main__":
    main()
