"""Command line: play a game in the terminal, replay a recorded game, or fuzz the rules.

    python -m engine play byzantium --players Ann,Bo,Cy [--seed N] [--png DIR] [--option KEY=VALUE ...] [--open]
    python -m engine play byzantium --players Ann,bot,bot:easy [--budget-ms MS]   (seats played by the bot)
    python -m engine play byzantium --players Ann,Bo --lang it   (every word in Italian: en, it, de, pl)
    python -m engine selfplay byzantium --games N [--players 4] [--level normal] [--budget-ms MS] [--seed S]
    python -m engine replay FILE.json [--lang de]
    python -m engine fuzz byzantium --games N [--seed S] [--option KEY=VALUE ...] [--max-steps N]
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
import time
from pathlib import Path

from engine.ai import LEVELS, choose
from engine.ai.players import Streak, play_game, searcher
from engine.core import Game, IllegalAction, enumerate_answers, same_labels
from engine.games import game_names, get_game
from engine.replay import ReplayError, load_replay, replay
from engine.terminal import Terminal, translate
from engine.text import Msg, layout, msg

LANGS = ("en", "it", "de", "pl", "qps")  # locales.LANGUAGES and the test pseudo-language


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Board game engines.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play in the terminal, everyone at one keyboard")
    play.add_argument("game", choices=game_names())
    play.add_argument("--players", required=True,
                      help="comma-separated names in seating order; 'bot' or 'bot:easy' for a bot seat")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--png", type=Path, default=None, help="write the board to DIR after every choice")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a setup option, e.g. map=east (a JSON value is read as JSON); repeatable")
    play.add_argument("--open", action="store_true",
                      help="solitaire: show every secret, never hide the screen between private decisions")
    play.add_argument("--budget-ms", type=float, default=1000, help="the bots' thinking budget per decision")
    play.add_argument("--lang", choices=LANGS, default="en", help="the language of every text (default English)")
    selfplay = sub.add_parser("selfplay", help="bots play whole games against each other; prints the results")
    selfplay.add_argument("game", choices=game_names())
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--players", type=int, default=None, help="number of seats (default: the most, at most 4)")
    selfplay.add_argument("--level", choices=sorted(LEVELS), default="normal")
    selfplay.add_argument("--budget-ms", type=float, default=100, help="thinking budget per decision")
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                          help="a setup option for every game; repeatable")
    rep = sub.add_parser("replay", help="replay a game file and print its final summary as JSON")
    rep.add_argument("file", type=Path)
    rep.add_argument("--lang", choices=LANGS, default="en", help="the language of the summary's texts")
    fuzz = sub.add_parser("fuzz", help="random games to the end, checking invariants after every step")
    fuzz.add_argument("game", choices=game_names())
    fuzz.add_argument("--games", type=int, default=100)
    fuzz.add_argument("--seed", type=int, default=0)
    fuzz.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a setup option for every game, e.g. map=random; repeatable")
    fuzz.add_argument("--max-steps", type=int, default=0,
                      help="stop each game after this many decisions (games without a turn limit)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_command(args.file, args.lang)
    try:
        options = parse_options(args.option)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if args.command == "play":
        return play_command(args.game, args.players, args.seed, args.png, options, open_table=args.open,
                            budget_ms=args.budget_ms, lang=args.lang)
    if args.command == "selfplay":
        return selfplay_command(args.game, args.games, args.players, args.level, args.budget_ms, args.seed, options)
    return fuzz_command(args.game, args.games, args.seed, options, args.max_steps)


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


def bot_seats(names: list[str]) -> tuple[list[str], dict[str, str]]:
    """Seat names with each "bot" / "bot:<level>" renamed "Bot 1", "Bot 2"...; and their levels."""
    seats, levels = [], {}
    for name in names:
        word, _, level = name.partition(":")
        if word.lower() != "bot":
            seats.append(name)
            continue
        level = level or "normal"
        if level not in LEVELS:
            raise ValueError(f"Unknown bot level '{level}' (known: {', '.join(sorted(LEVELS))}).")
        seat = f"Bot {len(levels) + 1}"
        seats.append(seat)
        levels[seat] = level
    return seats, levels


def play_command(name: str, players_arg: str, seed: int | None, png_dir: Path | None,
                 options: dict | None = None, *, open_table: bool = False, budget_ms: float = 1000,
                 lang: str = "en") -> int:
    game = get_game(name)

    def say(text) -> None:
        print(translate(text, lang))

    try:
        players, levels = bot_seats([p.strip() for p in players_arg.split(",") if p.strip()])
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    # 128 secret bits: nobody can work out the dice or the deck from what the game shows.
    seed = seed if seed is not None else secrets.randbits(128)
    options = options or {}
    try:
        state = game.setup(players, seed, options)
    except IllegalAction as error:
        print(translate(error.args[0] if error.args else error, lang), file=sys.stderr)
        return 2
    alone = bool(levels) and sum(1 for p in players if p not in levels) == 1  # one person against bots
    if game.secrets and not open_table and not alone:
        say(msg("{game}. Type the number of an option; 'q' saves the replay and quits. Private decisions are "
                "played on a private screen.", game=game.title))
    else:
        say(msg("{game}. Type the number of an option; 'q' saves the replay and quits.", game=game.title))
    say(msg("Before each step only what changed on the board is printed; type `s` to see all of it."))
    write_png(game, state, png_dir, 0, None)
    bot_seed = secrets.randbits(64)  # the bots' own: a new game thinks afresh

    streak = Streak(game)  # so a bot never goes round a loop of undoable steps

    def bot(state, seat: str) -> str:
        return choose(game, state, seat, seed=bot_seed + state.version, budget_ms=budget_ms, level=levels[seat],
                      avoid=streak.before(state, seat))

    terminal = Terminal(game, ask=input, say=print, open_table=open_table, bots={seat: bot for seat in levels},
                        lang=lang)
    terminal.on_change = lambda new, events: write_png(game, new, png_dir, len(terminal.choices), events)
    state = terminal.play(state)
    if game.is_over(state):
        print()
        for line in standings_lines(game, state):
            say(line)
    saved = Path(f"replay-{name}-{seed}.json")
    saved.write_text(json.dumps({"game": name, "players": players, "seed": seed, "options": options,
                                 "choices": terminal.choices}, indent=1))
    say(msg("Replay saved to {file} (seed {seed})", file=str(saved), seed=seed))
    return 0


def standings_lines(game: Game, state) -> list[Msg]:
    """The final standings; in a game of sides (Alexander) each player's side, and how it ended."""
    out = [msg("Final standings:")]
    rows = game.result(state)
    for row in rows:
        if "side" in row:
            out.append(layout("  {rank}. {player} ({side}): {score}", rank=row["rank"], player=row["player"],
                              side=row["side"], score=row["score"]))
        else:
            out.append(layout("  {rank}. {player}: {score}", rank=row["rank"], player=row["player"], score=row["score"]))
    reason = next((row["reason"] for row in rows if row.get("reason")), None)
    if reason is not None:
        out.append(msg("How it ended: {reason}.", reason=reason))
    return out


def write_png(game: Game, state, png_dir: Path | None, step: int, events) -> None:
    if png_dir is None:
        return
    from render import highlight_from_events, render_png  # only needed with --png

    png_dir.mkdir(parents=True, exist_ok=True)
    # Drawn from public information only, as the bot does: a game with secrets gives its public
    # view, and only public events mark the board.
    public = [e for e in events or [] if e.public]
    highlight = highlight_from_events(game.name, public) if public else None
    board = game.view(state, None) if game.secrets else state
    (png_dir / f"{step:04d}.png").write_bytes(render_png(game.name, board, highlight=highlight))


def replay_command(path: Path, lang: str = "en") -> int:
    try:
        record = load_replay(path.read_bytes())
        game = get_game(record["game"])
        state = replay(game, record)
    except (OSError, ReplayError, IllegalAction) as error:
        print(f"replay failed: {error}", file=sys.stderr)
        return 1
    out = {"summary": game.summary(state), "result": game.result(state) if game.is_over(state) else None,
           "version": game.version(state)}
    print(json.dumps(translated(out, lang), indent=1, ensure_ascii=False))
    return 0


def translated(data, lang: str):
    """`data` (JSON-able) with every text in it (a Msg) in `lang`; keys and other values unchanged."""
    if isinstance(data, Msg):
        return translate(data, lang)
    if isinstance(data, dict):
        return {key: translated(value, lang) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [translated(value, lang) for value in data]
    return data


def selfplay_command(name: str, games: int, seats: int | None, level: str, budget_ms: float, seed: int,
                     options: dict | None = None) -> int:
    """Bot-only games: one line per game (the standings), then wins per seat and the bots' speed."""
    game = get_game(name)
    count = seats or min(game.max_players, 4)
    if not game.min_players <= count <= game.max_players:
        print(f"{game.title} takes {game.min_players} to {game.max_players} players.", file=sys.stderr)
        return 2
    names = [f"Bot {i + 1}" for i in range(count)]
    wins = dict.fromkeys(names, 0)
    decisions, thinking = 0, 0.0
    for number in range(games):
        started = time.perf_counter()
        try:
            record = play_game(game, names, dict.fromkeys(names, searcher(level, budget_ms)), seed + number, options)
        except IllegalAction as error:
            print(error, file=sys.stderr)
            return 2
        elapsed = time.perf_counter() - started
        decisions, thinking = decisions + len(record.choices), thinking + elapsed
        for row in record.result:
            if row["rank"] == 1:
                for winner in row.get("players") or [row["player"]]:
                    wins[winner] += 1
        standings = ", ".join(f"{row['rank']}. {row['player']} {row['score']}" for row in record.result)
        print(f"game {number + 1} (seed {seed + number}): {standings}  ({len(record.choices)} decisions, "
              f"{elapsed:.1f} s)", flush=True)
    print(f"{games} games of {game.title}, {count} {level} bots at {budget_ms:g} ms: wins "
          + ", ".join(f"{seat} {n}" for seat, n in wins.items())
          + f"; {decisions / max(thinking, 1e-9):.1f} decisions/s, {1000 * thinking / max(decisions, 1):.0f} ms "
          "per decision")
    return 0


def fuzz_command(name: str, games: int, seed: int, options: dict | None = None, max_steps: int = 0) -> int:
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
        while not game.is_over(state) and not (max_steps and steps >= max_steps):
            decision = rng.choice(game.pending(state))
            twice = same_labels(decision)
            if twice:
                print(f"game {number} (seed {game_seed}, {count} players), step {steps} ({decision.player}, "
                      f"{decision.kind}): two options labelled {', '.join(repr(t) for t in twice)}", file=sys.stderr)
                return 1
            # Every answer, choices of several things included (a game may refuse a combination).
            answer = rng.choice(enumerate_answers(decision, 100))
            try:
                state, _events = game.apply(state, decision.player, answer)
            except IllegalAction:
                continue
            steps += 1
            broken = game.invariants(state)
            if broken:
                print(f"game {number} (seed {game_seed}, {count} players), step {steps} "
                      f"({decision.player}: {answer}): {'; '.join(broken)}", file=sys.stderr)
                return 1
        decisions += steps
    elapsed = time.perf_counter() - started
    print(f"{games} games, {decisions} decisions, {decisions / elapsed:.0f} decisions/s, "
          f"{games / elapsed:.1f} games/s, no invariant broken, no two options with one label")
    return 0


if __name__ == "__main__":
    sys.exit(main())
