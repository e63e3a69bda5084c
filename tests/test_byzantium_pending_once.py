"""Byzantium works out who waits once per choice (issue 30): the decision its rules stop at
inside an apply is kept as the new state's pending, instead of being worked out again by
`pending` (and by the forced answers' check) from the same state. Kept or worked out afresh,
the decisions are the same."""

import random

from engine.byzantium.game import Byzantium
from engine.core import enumerate_answers
from tests.byzantium_kit import GAME


def fresh(state):
    """The decisions worked out from scratch, on a copy (nothing kept)."""
    copy = GAME.copy_state(state)
    copy._decisions = None
    return GAME.pending(copy)


def games(seeds, players=("Ann", "Bo", "Cy")):
    """Every state of random games, each answered by a random waiting player."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(list(players), seed, {})
        while not GAME.is_over(state):
            d = rng.choice(GAME.pending(state))
            state, _ = GAME.apply(state, d.player, rng.choice(enumerate_answers(d, limit=300)))
            yield state


def test_the_kept_decisions_are_those_worked_out_afresh():
    several_at_once = 0
    for state in games(range(3)):
        kept = list(state._decisions)
        assert kept == fresh(state)
        several_at_once += len(kept) > 1
    assert several_at_once  # the round's upkeep, every player at once, was among them


def test_an_apply_does_not_work_out_the_waiting_decisions_again(monkeypatch):
    calls = []
    worked_out = Byzantium._pending

    def counted(self, state):
        calls.append(state)
        return worked_out(self, state)

    monkeypatch.setattr(Byzantium, "_pending", counted)
    applies = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.setup(["Ann", "Bo", "Cy", "Dee"], seed, {})
        while not GAME.is_over(state):
            d = rng.choice(GAME.pending(state))  # the state's pending, worked out at most once
            calls.clear()
            state, _ = GAME.apply(state, d.player, rng.choice(enumerate_answers(d, limit=300)))
            applies += 1
            assert calls == []  # forced answers included: each apply keeps what its rules stopped at
            assert state._decisions is not None
    assert applies > 100
