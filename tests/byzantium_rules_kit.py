"""Small helpers shared by the one-test-per-rule files (tests/test_byzantium_rules_*.py)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.byzantium_kit import GAME, decision, option_ids, play, rebalance, set_army, set_money, turn_to


def blank(state, *names):
    """Take every cube off the army cards of the named players (all by default), armies off the board."""
    for name in names or [p.name for p in state.players]:
        for side in ("byzantine", "arab"):
            set_army(state, name, side)
    return state


def ready(state, player, casualty=None):
    """Rebalance the cubes and give `player` the move."""
    rebalance(state, casualty)
    return turn_to(state, player)


def refused(state, player, option_id):
    """The choice is refused with IllegalAction and the state is left as it was."""
    before = GAME.dumps(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, player, option_id)
    assert GAME.dumps(state) == before


def pass_all(state, *names):
    """The named players pass in turn, in the order given."""
    for name in names:
        assert decision(state).player == name, (decision(state).player, name)
        assert "pass" in option_ids(state)
        state, _ = play(state, f"{name} pass")
    return state


def offered(state, action):
    """The options that take `action` ("special:fortify": one per city that may be fortified)."""
    return [i for i in option_ids(state) if i == action or i.startswith(action + ":")]


def whose(state):
    return decision(state).player


def pass_round(state):
    """Everyone passes, starting with whoever is to act; returns the state of the next round."""
    start = state.round
    while not state.finished and state.round == start:
        d = decision(state)
        choice = "pass" if d.kind == "action" else d.options[0].id
        state, _ = play(state, f"{d.player} {choice}")
    return state


def rich(state, amount=100):
    """Fill every treasury so that upkeep never forces a choice."""
    for p in state.players:
        set_money(state, p.name, byzantine=amount, arab=amount)
    return state
