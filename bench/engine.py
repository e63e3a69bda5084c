"""Engine speed: median time of one apply + pending, random decisions per second, and full random
games per second.

    python bench/engine.py [--game byzantium] [--games 30] [--runs 5] [--max-steps N]

Prints figures; never run as a test. Targets: one choice under 1 ms median; at least 5 full
4-player Byzantium games per second; translating a prompt (its question, every option label
and group heading) into each language under 0.1 ms median (issue 17). Games without a turn limit (Alexander) are capped with
--max-steps (default 3000 for them) and report decisions per second rather than games.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the
# `engine` package: look from the repository root instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import IllegalAction, get_game  # noqa: E402
from engine.core import enumerate_answers  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
UNCAPPED_DEFAULT = {"alexander": 3000}
SETUP = {"alexander": {"garrisons": "suggested"}}


def load(name: str):
    try:
        return get_game(name)
    except IllegalAction:  # a game not in the registry yet: its package gives GAME
        return importlib.import_module(f"engine.{name}").GAME


def play_random_game(game, seed: int, timings: list[float] | None = None, max_steps: int = 0) -> int:
    rng = random.Random(seed)
    count = min(4, game.max_players)
    state = game.setup(NAMES[:count], seed, dict(SETUP.get(game.name, {})))
    steps = 0
    while not game.is_over(state) and not (max_steps and steps >= max_steps):
        decision = rng.choice(game.pending(state))
        answer = rng.choice(enumerate_answers(decision, 100))
        started = time.perf_counter()
        try:
            state, _events = game.apply(state, decision.player, answer)
        except IllegalAction:
            continue
        game.pending(state)
        if timings is not None:
            timings.append(time.perf_counter() - started)
        steps += 1
    return steps


def translation_cost(game, games: int, max_steps: int, langs: tuple[str, ...]) -> dict[str, list[float]]:
    """Seconds to render each prompt met in random games (the question, every option's label and
    group) in each language, as the bot does when it posts it (catalogues loaded beforehand)."""
    from locales import tr, translations

    decisions = []

    def keep(state):
        decisions.extend(game.pending(state))

    for seed in range(games):
        rng = random.Random(seed)
        state = game.setup(NAMES[:min(4, game.max_players)], seed, dict(SETUP.get(game.name, {})))
        steps = 0
        while not game.is_over(state) and not (max_steps and steps >= max_steps):
            keep(state)
            decision = rng.choice(game.pending(state))
            try:
                state, _events = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
            except IllegalAction:
                continue
            steps += 1
    costs: dict[str, list[float]] = {}
    for lang in langs:
        translations(lang)  # loaded once per process, as in the bot
        found = costs.setdefault(lang, [])
        for decision in decisions:
            started = time.perf_counter()
            tr(decision.prompt, lang)
            for option in decision.options:
                tr(option.label, lang)
                if option.group:
                    tr(option.group, lang)
            found.append(time.perf_counter() - started)
    return costs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="byzantium")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-steps", type=int, default=None)
    args = parser.parse_args()
    game = load(args.game)
    cap = args.max_steps if args.max_steps is not None else UNCAPPED_DEFAULT.get(args.game, 0)
    timings: list[float] = []
    for seed in range(args.games):
        play_random_game(game, seed, timings, cap)
    timings.sort()
    print(f"{args.game}: one apply + pending: median {statistics.median(timings) * 1000:.3f} ms, "
          f"p95 {timings[int(len(timings) * 0.95)] * 1000:.3f} ms over {len(timings)} choices")
    rates, games = [], []
    for run in range(args.runs):
        started = time.perf_counter()
        steps = sum(play_random_game(game, 1000 * run + seed, max_steps=cap) for seed in range(args.games))
        elapsed = time.perf_counter() - started
        rates.append(steps / elapsed)
        games.append(args.games / elapsed)
    print(f"{args.game}: random decisions per second: median {statistics.median(rates):.0f} "
          f"(runs: {', '.join(f'{r:.0f}' for r in rates)})")
    if not cap:
        print(f"{args.game}: full random games per second: median {statistics.median(games):.1f} "
              f"(runs: {', '.join(f'{r:.1f}' for r in games)})")
    costs = translation_cost(game, min(args.games, 10), cap or 0, ("it", "de", "pl"))
    for lang, found in costs.items():
        found.sort()
        print(f"{args.game}: translating a prompt into {lang}: median {statistics.median(found) * 1000:.3f} ms, "
              f"p95 {found[int(len(found) * 0.95)] * 1000:.3f} ms over {len(found)} prompts")


if __name__ == "__main__":
    main()
