"""Each side's win share for bot players (`Game.evaluate`): the shared points of
engine/alexander/evaluate.py, with the terms only that side's bot adds to its own view
(engine/alexander/evaluate_macedonian.py, engine/alexander/evaluate_persian.py).

Each seat's search reads only its own share, so a side's own terms change what that side plays;
the one-move greedy player reads its seat's share too."""

from __future__ import annotations

import math

from engine.alexander.board import MAC, PER
from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_persian import persian_points
from engine.alexander.state import AlexState

TEMPERATURE = 10.0  # points of doubt in the win shares


def evaluate(s: AlexState) -> dict[str, float]:
    points = macedonian_points(s)
    if s.victory.winner:
        mac = share(points)
        return {s.sides[MAC]: mac, s.sides[PER]: 1.0 - mac}
    leaders = leaders_by_army(s)
    return {s.sides[MAC]: share(points + macedonian_own_points(s, leaders)),
            s.sides[PER]: 1.0 - share(points - persian_points(s, leaders))}


def share(points: float) -> float:
    return 1.0 / (1.0 + math.exp(-points / TEMPERATURE))
