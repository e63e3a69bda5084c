"""Turning a game's estimated final scores into values from 0 to 1 for each seat, the scale
`Game.evaluate` returns (the games' own evaluations use it)."""

from __future__ import annotations

import math


def win_shares(scores: dict[str, float], temperature: float) -> dict[str, float]:
    """Each seat's chance of winning if the final scores were the estimates plus noise of about
    `temperature` points (a softmax): the leader by several temperatures is close to 1. The
    shares sum to 1, so in a three-way race second place still counts for something."""
    top = max(scores.values())
    weights = {p: math.exp((s - top) / temperature) for p, s in scores.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}
