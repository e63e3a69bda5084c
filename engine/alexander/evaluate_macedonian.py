"""What only the Macedonian's bot adds to the shared estimate (engine/alexander/evaluate.py),
read in his own win share alone (engine/alexander/win_shares.py): it changes what the Macedonian
plays and nothing of the Persian's own view."""

from __future__ import annotations

from engine.alexander.plan import campaign_points
from engine.alexander.state import AlexState


def macedonian_own_points(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """Points in the Macedonian's favour, added to his view of the shared estimate only."""
    return campaign_points(s, leaders) + safeguards(s, leaders)


def safeguards(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """What keeps the Macedonian in the game (Weariness, Alexander's life), in his favour."""
    return 0.0
