"""Values from 0 to 1 for each seat, the scale `Game.evaluate` returns: a game's estimated final
scores turned into win shares (the games' own evaluations use it), and a finished game's."""

from __future__ import annotations

import math

from engine.core import Game


def win_shares(scores: dict[str, float], temperature: float) -> dict[str, float]:
    """Each seat's chance of winning if the final scores were the estimates plus noise of about
    `temperature` points (a softmax): the leader by several temperatures is close to 1. The
    shares sum to 1, so in a three-way race second place still counts for something."""
    top = max(scores.values())
    weights = {p: math.exp((s - top) / temperature) for p, s in scores.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def standing_values(game: Game, state) -> dict[str, float]:
    """`outcome_values` of an unfinished game, if its `result` can tell (else a draw)."""
    try:
        return outcome_values(game, state)
    except Exception:  # `result` is only promised for a finished game
        return {p: 0.5 for p in game.players(state)}


def outcome_values(game: Game, state) -> dict[str, float]:
    """A finished game's value for each seat: mostly whether it won (ties share the win), a
    little for its place, so a playout that cannot win still prefers second to last."""
    rows = game.result(state)
    n = len(rows)
    winners = sum(1 for r in rows if r["rank"] == 1)
    values = {}
    for row in rows:
        win = 1.0 / winners if row["rank"] == 1 else 0.0
        place = (n - row["rank"]) / (n - 1) if n > 1 else 1.0
        for name in row.get("players") or [row["player"]]:
            values[name] = 0.8 * win + 0.2 * place
    return values


def state_values(game: Game, state) -> dict[str, float]:
    """Each seat's value of a state as a one-move look sees it: the outcome of a finished game,
    else the game's `evaluate` ({} for a game without one)."""
    if game.is_over(state):
        return outcome_values(game, state)
    return game.evaluate(state) or {}
