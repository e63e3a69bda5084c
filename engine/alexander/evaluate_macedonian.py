"""What only the Macedonian's bot adds to the shared estimate (engine/alexander/evaluate.py),
read in his own win share alone (engine/alexander/win_shares.py): it changes what the Macedonian
plays and nothing of the Persian's own view."""

from __future__ import annotations

from engine.alexander.state import AlexState


def macedonian_own_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour, added to his view of the shared estimate only."""
    return 0.0
