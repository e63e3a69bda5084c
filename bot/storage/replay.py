"""Rebuilding engine states from stored rows, and checking stored snapshots against the rules.

Pure functions (no database): the storage service reads rows and hands them here. Every
disagreement is raised as CorruptGame naming the game and the step; nothing is repaired.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.storage.records import CorruptGame, UnknownGame
from engine import IllegalAction, get_game
from engine.core import Game


def engine_for(name: str, game_id: int | None = None) -> Game:
    try:
        return get_game(name)
    except IllegalAction:
        raise UnknownGame(name, game_id) from None


def rules_version(game: Game) -> str:
    """The engine's rules version if it declares one; stored with each game for later audits."""
    return str(getattr(game, "rules_version", "") or "")


def with_rules_hint(exc: CorruptGame, recorded: str, game: Game) -> CorruptGame:
    """The same error, saying so when the game was recorded under other rules than the code's."""
    current = rules_version(game)
    if recorded == current:
        return exc
    hint = f" (recorded under rules version {recorded or 'none'}, the code has {current or 'none'})"
    return CorruptGame(exc.game_id, exc.step, exc.reason + hint)


def setup_options(game: Game, recorded: str, options: dict) -> dict:
    """The options to set up a game recorded under rules version `recorded` with.

    A game keeping older rules behind its version gets the options that select them
    (`Game.recorded_options`). Games recorded before the keyed generator (their version is one of the game's
    `splitmix_rules_versions`) replay with the old one, `{"rng": "splitmix64"}`, unless their
    options name a generator themselves (an imported replay may).
    """
    options = {**game.recorded_options(recorded), **options}
    if "rng" not in options and recorded in getattr(game, "splitmix_rules_versions", ()):
        options["rng"] = "splitmix64"
    return options


def setup_state(game: Game, game_id: int, players: list[str], seed: int, options: dict, recorded: str) -> Any:
    """The state after setup of a game recorded under rules version `recorded`."""
    try:
        return game.setup(players, seed, setup_options(game, recorded, options))
    except IllegalAction as exc:
        raise CorruptGame(game_id, 0, f"setup refused by the rules: {exc}") from None


def parse_snapshot(game: Game, game_id: int, seq: int, text: str) -> Any:
    try:
        state = game.loads(text)
    except Exception as exc:  # pydantic raises its own ValidationError; any failure is corruption
        raise CorruptGame(game_id, seq, f"snapshot does not load: {exc}") from None
    if game.version(state) != seq:
        raise CorruptGame(game_id, seq, f"snapshot has version {game.version(state)}, expected {seq}")
    return state


def apply_choice(game: Game, game_id: int, state: Any, seq: int, player: str, option_id: str):
    """One stored choice through the rules; returns (state, events)."""
    if game.version(state) != seq - 1:
        raise CorruptGame(game_id, seq, f"choice {seq} follows state version {game.version(state)}")
    try:
        return game.apply(state, player, option_id)
    except IllegalAction as exc:
        raise CorruptGame(game_id, seq, f"the rules refuse {player} choosing '{option_id}': {exc}") from None
    except Exception as exc:  # an engine bug is still this game failing at this step
        raise CorruptGame(game_id, seq, f"the engine failed on {player} choosing '{option_id}': {exc!r}") from None


def replay(game: Game, game_id: int, state: Any, choices: Iterable[tuple[int, str, str]]) -> Any:
    """Apply (seq, player, option_id) rows in order to `state`."""
    for seq, player, option_id in choices:
        state, _events = apply_choice(game, game_id, state, seq, player, option_id)
    return state


def same_state(game: Game, state: Any, text: str) -> bool:
    """Exact equality of a state and a stored snapshot, compared as JSON values."""
    try:
        return json.loads(game.dumps(state)) == json.loads(text)
    except ValueError:
        return False


def verify(
    game: Game,
    game_id: int,
    players: list[str],
    seed: int,
    options: dict,
    recorded: str,
    choices: list[tuple[int, str, str]],
    snapshots: dict[int, str],
) -> Any:
    """Replay from setup, checking every stored snapshot on the way; returns the final state."""
    latest = choices[-1][0] if choices else 0
    for seq, _ in enumerate(choices, start=1):
        if choices[seq - 1][0] != seq:
            raise CorruptGame(game_id, seq, f"choice numbers jump from {seq - 1} to {choices[seq - 1][0]}")
    stray = [seq for seq in snapshots if seq > latest]
    if stray:
        raise CorruptGame(game_id, min(stray), f"snapshot beyond the last choice ({latest})")
    state = setup_state(game, game_id, players, seed, options, recorded)
    _check(game, game_id, 0, state, snapshots)
    for seq, player, option_id in choices:
        state, _events = apply_choice(game, game_id, state, seq, player, option_id)
        _check(game, game_id, seq, state, snapshots)
    return state


def _check(game: Game, game_id: int, seq: int, state: Any, snapshots: dict[int, str]) -> None:
    text = snapshots.get(seq)
    if text is not None and not same_state(game, state, text):
        raise CorruptGame(game_id, seq, "snapshot does not match the replay of the choices")
