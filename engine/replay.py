"""Replay files: a game's setup plus its ordered choices, the truth a game is rebuilt from.

    {"game": "byzantium", "players": ["Ann", "Bo"], "seed": 7, "options": {},
     "choices": [["Ann", "take:Damascus"], ...]}
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import Game, IllegalAction


class ReplayError(ValueError):
    """A replay file that cannot be read or replayed; the message names the step."""


def load_replay(text: str | bytes) -> dict[str, Any]:
    """The checked record of a replay file's contents (text, or the file's bytes as read)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a BOM (some Windows editors) is fine
        except UnicodeDecodeError:
            raise ReplayError("the file is not UTF-8 text (a replay is a JSON file)") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise ReplayError(f"the file is not JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:  # thousands of nested [ or { exhaust the parser's stack
        raise ReplayError("the file nests too deeply to be a replay") from None
    if not isinstance(record, dict):
        raise ReplayError("the file must hold a JSON object")
    for key, kind in (("game", str), ("players", list), ("seed", int), ("choices", list)):
        if not isinstance(record.get(key), kind) or (kind is int and isinstance(record.get(key), bool)):
            raise ReplayError(f"'{key}' is missing or not a {kind.__name__}")
    options = record.setdefault("options", {})
    if not isinstance(options, dict):
        raise ReplayError("'options' must be an object")
    for i, choice in enumerate(record["choices"], 1):
        if not (isinstance(choice, list) and len(choice) == 2 and all(isinstance(c, str) for c in choice)):
            raise ReplayError(f"choice {i} must be [player, option_id]")
    return record


def replay(game: Game, record: dict[str, Any], upto: int | None = None):
    """The state after the first `upto` choices (all by default)."""
    try:
        recorded = record.get("rules_version")
        options = {**(game.recorded_options(recorded) if isinstance(recorded, str) else {}), **record["options"]}
        state = game.setup(record["players"], record["seed"], options)
    except IllegalAction as error:
        raise ReplayError(f"setup: {error}") from None
    for i, (player, option_id) in enumerate(record["choices"][:upto], 1):
        try:
            state, _events = game.apply(state, player, option_id)
        except IllegalAction as error:
            raise ReplayError(f"step {i} ({player}: {option_id}): {error}") from None
    return state
