"""Draw a saved game without Discord:

    python -m render STATE_OR_REPLAY.json -o board.png [--step N] [--lang de]

The file is either a replay ({"game", "players", "seed", "options", "choices": [[player,
option_id], ...]}), replayed through the engine (to the end, or to choice N with --step) with
the last choice's action highlighted; or a state: {"game": name, "state": <the engine's
dumps() object>}, or a bare Byzantium or Warriors & Traders state as dumps() writes it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from locales import LANGUAGES, PSEUDO
from render import highlight_from_events, render_png

DEFAULT_GAME = "byzantium"


class InputError(ValueError):
    """A file that is neither a replay nor a state this command can draw."""


def load(text: str, step: int | None = None):
    """(game name, state, highlight) for the contents of a replay or state file."""
    from engine import IllegalAction, get_game

    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"the file is not JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(record, dict):
        raise InputError("the file must hold a JSON object")
    try:
        if "choices" in record:
            return _replay(get_game(record.get("game", DEFAULT_GAME)), record, step)
        if "state" in record:
            name = record.get("game", DEFAULT_GAME)
            return name, get_game(name).loads(json.dumps(record["state"])), None
        name = _bare_state_game(record)
        return name, get_game(name).loads(text), None
    except IllegalAction as error:
        raise InputError(str(error)) from None
    except ValueError as error:  # pydantic's ValidationError is a ValueError
        raise InputError(f"not a state this command can read: {str(error).splitlines()[0]}") from None


def _bare_state_game(record: dict) -> str:
    """The game of a bare dumps() object: a Warriors & Traders state names its map and has
    units; anything else is read as Byzantium."""
    return "warriors_traders" if "map" in record and "units" in record else DEFAULT_GAME


def _replay(game, record: dict, step: int | None):
    from engine import IllegalAction

    choices = record.get("choices")
    if not isinstance(choices, list) or not isinstance(record.get("players"), list):
        raise InputError("a replay needs 'players' and 'choices' lists")
    state = game.setup(record["players"], int(record.get("seed", 0)), record.get("options") or {})
    events: list = []
    for number, choice in enumerate(choices[:step], 1):
        if not (isinstance(choice, list) and len(choice) == 2):
            raise InputError(f"choice {number} must be [player, option_id]")
        try:
            state, events = game.apply(state, choice[0], choice[1])
        except IllegalAction as error:
            raise InputError(f"choice {number} ({choice[0]}: {choice[1]}): {error}") from None
    return game.name, state, (highlight_from_events(game.name, events) if events else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description="Draw a saved game's board as a PNG.")
    parser.add_argument("file", type=Path, help="a replay or state JSON file")
    parser.add_argument("-o", "--output", type=Path, default=Path("board.png"), help="PNG to write (board.png)")
    parser.add_argument("--step", type=int, default=None, help="for a replay: draw the board after choice N")
    parser.add_argument("--lang", default=None, help=f"the board's language: {', '.join(LANGUAGES)} (default en)")
    args = parser.parse_args(argv)
    if args.lang is not None and args.lang not in LANGUAGES and args.lang != PSEUDO:
        print(f"unknown language {args.lang!r}: one of {', '.join(LANGUAGES)}", file=sys.stderr)
        return 2
    try:
        name, state, highlight = load(args.file.read_text(encoding="utf-8"), args.step)
    except (OSError, InputError) as error:
        print(f"cannot draw {args.file}: {error}", file=sys.stderr)
        return 1
    args.output.write_bytes(render_png(name, state, highlight=highlight, lang=args.lang))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
