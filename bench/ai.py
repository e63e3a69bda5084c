"""The bot player's strength and speed in full games (figures, not a test; issue 15).

    nice python bench/ai.py [--budget-ms 100] [--games 40] [--greedy-games 30] [--selfplay-games 12]
                            [--parts random,greedy,selfplay] [--game byzantium,warriors_traders,alexander]
                            [--seed 0] [--verbose] [--baseline] [--side macedonian|persian|both]
                            [--max-choices 4000] [--first-game 1]

Prints, for the normal bot at a fixed budget per decision:
- its win rate against players choosing uniformly at random, in 4-player Byzantium and
  3-player Warriors & Traders (targets: at least 80%; a seat's fair share is 25% and 33%);
- its win rate head to head against the one-move greedy player (the answer whose resulting
  state evaluates best), in 2-player games of both (target: a clear majority);
- win rates with their 95% Wilson intervals, the bot's decisions per second, its time per
  decision (median and 95th percentile) and the work units it spent per millisecond (the
  calibration of engine/ai/search.py: UNITS_PER_MS);
- for Warriors & Traders between normal bots (3 players): how often a game ends by reaching
  the victory threshold, and the final scores (a check of the reconstructed economy);
- Alexander (2 sides, no turn limit): the same two matches with the bot's side given
  (`--side`; `both` alternates, game 1 Macedonian), each side's figure apart; a game still
  running after `--max-choices` decisions counts as not won ("unfinished").

A win is rank 1 alone; a first place shared with others is counted apart (and with the wins in
the second figure). The bot's seat rotates; game N of every match has the same seed. The map
and the nations favour one seat or the other, so `--baseline` also plays each head-to-head game
with greedy in the bot's seat: what that seat wins on these seeds without the bot.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the
# `engine` package: look from the repository root instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import get_game  # noqa: E402
from engine.ai import UNITS_PER_MS, search  # noqa: E402
from engine.ai.players import greedy, play_game, uniform  # noqa: E402
from engine.warriors_traders.flow import Ctx  # noqa: E402
from engine.warriors_traders.turn import team_vp, threshold  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class TimedBot:
    """The normal bot, timing each decision and counting its work units."""

    def __init__(self, budget_ms: float, level: str = "normal"):
        self.budget_ms, self.level = budget_ms, level
        self.times: list[float] = []
        self.units = 0

    def __call__(self, game, state, seat, seed, avoid=()):
        started = time.perf_counter()
        result = search(game, state, seat, seed=seed, budget_ms=self.budget_ms, level=self.level, avoid=avoid)
        self.times.append(time.perf_counter() - started)
        self.units += result.units
        return result.option

    def speed(self) -> str:
        if not self.times:
            return "no decisions"
        total = sum(self.times)
        ordered = sorted(self.times)
        return (f"{len(ordered)} bot decisions, {len(ordered) / total:.1f} decisions/s, per decision median "
                f"{statistics.median(ordered) * 1000:.0f} ms, p95 {ordered[int(len(ordered) * 0.95)] * 1000:.0f} ms; "
                f"{self.units / (total * 1000):.2f} work units/ms (calibration {UNITS_PER_MS:g})")


def outcome(record, seat: str) -> str:
    """"won" (rank 1 alone), "shared" (a first place shared with others) or "lost"."""
    top = [row for row in record.result if row["rank"] == 1]
    if not any(seat in (row.get("players") or [row["player"]]) for row in top):
        return "lost"
    return "shared" if len(top) > 1 else "won"


def match(name: str, seats: int, opponent, label: str, games: int, budget_ms: float, seed: int,
          level: str = "normal", options: dict | None = None, verbose: bool = False, baseline: bool = False) -> None:
    """`baseline`: also play every game with the opponent's player in the bot's seat, so the
    bot's figure can be read against what that seat wins on these seeds without the bot (the
    map and the nations favour one seat or the other)."""
    game = get_game(name)
    names = [f"P{i + 1}" for i in range(seats)]
    bot = TimedBot(budget_ms, level)
    counts = {"won": 0, "shared": 0, "lost": 0}
    base = {"won": 0, "shared": 0, "lost": 0}
    started = time.perf_counter()
    for number in range(games):
        me = names[number % seats]
        players = dict.fromkeys(names, opponent)
        players[me] = bot
        record = play_game(game, names, players, seed + number, options)
        counts[outcome(record, me)] += 1
        there = ""
        if baseline:
            alone = outcome(play_game(game, names, dict.fromkeys(names, opponent), seed + number, options), me)
            base[alone] += 1
            there = f"; without the bot that seat {alone}"
        if verbose:
            scores = {row.get("player", "/".join(row.get("players") or [])): row["score"] for row in record.result}
            print(f"  game {number + 1}: bot {me}, scores {scores}, bot won {counts['won']}/{number + 1} so far"
                  f"{there}", flush=True)
    wins, shared = counts["won"], counts["shared"]
    lo, hi = wilson(wins, games)
    lo_all, hi_all = wilson(wins + shared, games)
    print(f"{game.title}, {seats} players, {level} bot vs {label}: won {wins}/{games} = {wins / games:.0%} "
          f"(95% CI {lo:.0%}-{hi:.0%}); with {shared} shared first places {(wins + shared) / games:.0%} "
          f"(95% CI {lo_all:.0%}-{hi_all:.0%}); fair share {1 / seats:.0%}")
    if baseline:
        print(f"  the same seeds with {label} in the bot's seat too: that seat won "
              f"{base['won']}/{games}, {base['shared']} shared first places")
    print(f"  {bot.speed()}; {time.perf_counter() - started:.0f} s")


def match_alexander(opponent, label: str, games: int, budget_ms: float, seed: int, side: str = "both",
                    level: str = "normal", verbose: bool = False, max_choices: int = 4000, first: int = 1) -> None:
    """The bot against `opponent` in Alexander, its side fixed or alternating; each side's
    wins apart, unfinished games (no winner after `max_choices` decisions) counted as not won.
    `first`: the number of the first game played (games first..first+games-1 of the match, the
    same seeds and sides as in one run of them all: a long match split over processes)."""
    game = get_game("alexander")
    names = ["P1", "P2"]
    bot = TimedBot(budget_ms, level)
    counts = {"macedonian": {"won": 0, "lost": 0, "unfinished": 0}, "persian": {"won": 0, "lost": 0, "unfinished": 0}}
    started = time.perf_counter()
    for number in range(first - 1, first - 1 + games):
        me, them = names[number % 2], names[1 - number % 2]
        mine = side if side != "both" else ("macedonian", "persian")[number % 2]
        options = {"macedonian": me if mine == "macedonian" else them, "garrisons": "suggested"}
        record = play_game(game, names, {me: bot, them: opponent}, seed + number, options, max_choices=max_choices)
        state = record.state
        how = "unfinished" if not state.victory.winner else ("won" if state.victory.winner == mine else "lost")
        counts[mine][how] += 1
        if verbose:
            print(f"  game {number + 1}: bot {mine}, {how} ({state.victory.reason or '-'}) after {len(record.choices)} "
                  f"decisions, round {state.round}; {_objectives(state)}; {time.perf_counter() - started:.0f} s",
                  flush=True)
    for name, c in counts.items():
        n = sum(c.values())
        if not n:
            continue
        lo, hi = wilson(c["won"], n)
        print(f"{game.title}, {level} bot as the {name} vs {label}: won {c['won']}/{n} = {c['won'] / n:.0%} "
              f"(95% CI {lo:.0%}-{hi:.0%}); lost {c['lost']}, unfinished after {max_choices} decisions "
              f"{c['unfinished']}")
    print(f"  {bot.speed()}; {time.perf_counter() - started:.0f} s")


def _objectives(state) -> str:
    """How far the Macedonian got: the parts of his three objectives done, and Weariness."""
    from engine.alexander.victory import objectives

    done = objectives(state)
    # reached once, the Great King stays (3.4): its parts may lapse after (a province lost)
    gk = "done" if done["great_king"]["done"] else f"{sum(v for k, v in done['great_king'].items() if k != 'done')}/4"
    cult = sum(v for k, v in done["cult"].items() if k != "done")
    return (f"Great King {gk}, Greece {'held' if done['greece']['done'] else 'not held'}, cult {cult}/4, "
            f"Weariness {state.weariness}")


def selfplay_wt(games: int, budget_ms: float, seed: int) -> None:
    game = get_game("warriors_traders")
    names = ["P1", "P2", "P3"]
    bot = TimedBot(budget_ms)
    reached = 0
    lines = []
    started = time.perf_counter()
    for number in range(games):
        record = play_game(game, names, dict.fromkeys(names, bot), seed + number)
        state = record.state
        ctx = Ctx(state)
        top, mark = max(team_vp(ctx).values()), threshold(ctx)
        reached += top >= mark
        scores = sorted((row["score"] for row in record.result), reverse=True)
        lines.append(f"  game {number + 1}: map {state.map}{'/' + state.variant if state.variant else ''}, ended after "
                     f"turn {state.turn}, scores {scores}, threshold {mark}"
                     f"{' reached' if top >= mark else ''}")
    lo, hi = wilson(reached, games)
    print(f"Warriors & Traders, 3 normal bots: the victory threshold ended {reached}/{games} games "
          f"(95% CI {lo:.0%}-{hi:.0%})")
    print("\n".join(lines))
    print(f"  {bot.speed()}; {time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget-ms", type=float, default=100, help="the bot's budget per decision")
    parser.add_argument("--games", type=int, default=40, help="games against random players, per game")
    parser.add_argument("--greedy-games", type=int, default=30, help="head-to-head games against greedy, per game")
    parser.add_argument("--selfplay-games", type=int, default=12)
    parser.add_argument("--selfplay-budget-ms", type=float, default=None, help="default: --budget-ms")
    parser.add_argument("--parts", default="random,greedy,selfplay")
    parser.add_argument("--game", default="byzantium,warriors_traders", help="the games whose matches are played")
    parser.add_argument("--level", default="normal", help="the bot's level (a name of engine.ai.LEVELS)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    parser.add_argument("--side", default="both", help="Alexander: the bot's side (macedonian, persian, both)")
    parser.add_argument("--max-choices", type=int, default=4000, help="Alexander: decisions before a game counts "
                        "as unfinished")
    parser.add_argument("--first-game", type=int, default=1, help="Alexander: the number of the first game played "
                        "(a match split over processes: the same seeds and sides)")
    parser.add_argument("--baseline", action="store_true",
                        help="against greedy: also play each game with greedy in the bot's seat (the seat's odds)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    games = set(args.game.split(","))
    print(f"budget {args.budget_ms:g} ms per decision = {int(args.budget_ms * UNITS_PER_MS)} work units")
    common = {"budget_ms": args.budget_ms, "seed": args.seed, "level": args.level, "verbose": args.verbose}
    if "random" in parts:
        if "byzantium" in games:
            match("byzantium", 4, uniform, "3 uniform random players", args.games, **common)
        if "warriors_traders" in games:
            match("warriors_traders", 3, uniform, "2 uniform random players", args.games, **common)
        if "alexander" in games:
            match_alexander(uniform, "a uniform random player", args.games, args.budget_ms, args.seed, args.side,
                            args.level, args.verbose, args.max_choices, args.first_game)
    if "greedy" in parts:
        if "alexander" in games:
            match_alexander(greedy, "the one-move greedy player", args.greedy_games, args.budget_ms, args.seed,
                            args.side, args.level, args.verbose, args.max_choices, args.first_game)
        for name in ("byzantium", "warriors_traders"):
            if name in games:
                match(name, 2, greedy, "the one-move greedy player", args.greedy_games, **common,
                      baseline=args.baseline)
    if "selfplay" in parts and "warriors_traders" in games:
        selfplay_wt(args.selfplay_games, args.selfplay_budget_ms or args.budget_ms, args.seed)


if __name__ == "__main__":
    main()
