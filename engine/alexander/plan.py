"""The Macedonian's campaign for his bot: which objective his army makes for next, in an order
(engine/alexander/evaluate_macedonian.py adds it to his own view only)."""

from __future__ import annotations

from engine.alexander.state import AlexState


def campaign_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points for the campaign's progress, in the Macedonian's favour."""
    return 0.0
