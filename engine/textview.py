"""The board as text for the terminal."""

from __future__ import annotations

from engine.core import Game


def board_text(game: Game, state) -> str:
    return game.describe(state)
