"""Command line: play a game in the terminal, replay a recorded game, or fuzz the rules.

    python -m engine play byzantium --players Ann,Bo,Cy [--seed N] [--png DIR] [--option KEY=VALUE ...]
    python -m engine replay FILE.json
    python -m engine fuzz byzantium --games N [--seed S] [--option KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from engine.core import Game, IllegalAction, game_names, get_game
from engine.replay import ReplayError, load_replay, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Board game engines.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play in the terminal, everyone at one keyboard")
    play.add_argument("game", choices=game_names())
    play.add_argument("--players", required=True, help="comma-separated names in seating order")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--png", type=Path, default=None, help="write the board to DIR after every choice")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a setup option, e.g. map=east (a JSON value is read as JSON); repeatable")
    rep = sub.add_parser("replay", help="replay a game file and print its final summary as JSON")
    rep.add_argument("file", type=Path)
    fuzz = sub.add_parser("fuzz", help="random games to the end, checking invariants after every step")
    fuzz.add_argument("game", choices=game_names())
    fuzz.add_argument("--games", type=int, default=100)
    fuzz.add_argument("--seed", type=int, default=0)
    fuzz.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a setup option for every game, e.g. map=random; repeatable")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_command(args.file)
    try:
        options = parse_options(args.option)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if args.command == "play":
        return play_command(args.game, args.players, args.seed, args.png, options)
    return fuzz_command(args.game, args.games, args.seed, options)


def parse_options(pairs: list[str]) -> dict:
    """--option KEY=VALUE pairs as setup options: VALUE is JSON when it parses, else text."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option takes KEY=VALUE, not '{pair}'.")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def play_command(name: str, players_arg: str, seed: int | None, png_dir: Path | None,
                 options: dict | None = None) -> int:
    game = get_game(name)
    players = [p.strip() for p in players_arg.split(",") if p.strip()]
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    options = options or {}
    try:
        state = game.setup(players, seed, options)
    except IllegalAction as error:
        print(error, file=sys.stderr)
        return 2
    choices: list[list[str]] = []
    print(f"{game.title}, seed {seed}. Type the number of an option; 'q' saves the replay and quits.")
    write_png(game, state, png_dir, 0, None)
    while not game.is_over(state):
        print()
        print(game.describe(state))
        decision = game.pending(state)[0]
        print(f"\n{decision.player}: {decision.prompt}")
        for i, option in enumerate(decision.options, 1):
            print(f"  {i:>2}. {option.label}  [{option.id}]")
        try:
            answer = input("> ").strip()
        except EOFError:
            answer = "q"
        if answer == "q":
            break
        option_id = pick(decision, answer)
        if option_id is None:
            print("Type one of the numbers shown (or an option id).")
            continue
        state, events = game.apply(state, decision.player, option_id)
        choices.append([decision.player, option_id])
        for event in events:
            print(f"  * {event.text}")
        write_png(game, state, png_dir, len(choices), events)
    if game.is_over(state):
        print("\nFinal standings:")
        for row in game.result(state):
            print(f"  {row['rank']}. {row['player']}: {row['score']}")
    saved = Path(f"replay-{name}-{seed}.json")
    saved.write_text(json.dumps({"game": name, "players": players, "seed": seed, "options": options,
                                 "choices": choices}, indent=1))
    print(f"Replay saved to {saved}")
    return 0


def pick(decision, answer: str) -> str | None:
    if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
        return decision.options[int(answer) - 1].id
    return answer if decision.option(answer) else None


def write_png(game: Game, state, png_dir: Path | None, step: int, events) -> None:
    if png_dir is None:
        return
    from render import highlight_from_events, render_png  # only needed with --png

    png_dir.mkdir(parents=True, exist_ok=True)
    highlight = highlight_from_events(game.name, events) if events else None
    (png_dir / f"{step:04d}.png").write_bytes(render_png(game.name, state, highlight=highlight))


def replay_command(path: Path) -> int:
    try:
        record = load_replay(path.read_text())
        game = get_game(record["game"])
        state = replay(game, record)
    except (OSError, ReplayError, IllegalAction) as error:
        print(f"replay failed: {error}", file=sys.stderr)
        return 1
    print(json.dumps({"summary": game.summary(state), "result": game.result(state) if game.is_over(state) else None,
                      "version": game.version(state)}, indent=1))
    return 0


def fuzz_command(name: str, games: int, seed: int, options: dict | None = None) -> int:
    game = get_game(name)
    rng = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    for number in range(games):
        count = game.min_players + number % (game.max_players - game.min_players + 1)
        players = [f"P{i + 1}" for i in range(count)]
        game_seed = rng.randrange(1 << 31)
        try:
            state = game.setup(players, game_seed, dict(options or {}))
        except IllegalAction as error:
            print(f"game {number} ({count} players): {error}", file=sys.stderr)
            return 2
        steps = 0
        while not game.is_over(state):
            decision = rng.choice(game.pending(state))
            option = rng.choice(decision.options)
            state, _events = game.apply(state, decision.player, option.id)
            steps += 1
            broken = game.invariants(state)
            if broken:
                print(f"game {number} (seed {game_seed}, {count} players), step {steps} "
                      f"({decision.player}: {option.id}): {'; '.join(broken)}", file=sys.stderr)
                return 1
        decisions += steps
    elapsed = time.perf_counter() - started
    print(f"{games} games, {decisions} decisions, {decisions / elapsed:.0f} decisions/s, "
          f"{games / elapsed:.1f} games/s, no invariant broken")
    return 0


if __name__ == "__main__":
    sys.exit(main())
