"""Byzantium works out who waits once per choice (issue 30): the decision its rules stop at
inside an apply is kept as the new state's pending, instead of being worked out again by
`pending` (and by the forced answers' check) from the same state. Kept or worked out afresh,
the decisions are the same."""

import random

from engine.byzantium.flow import CHOOSE
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


def test_an_upkeep_answer_finds_its_task_without_building_every_players_decision(monkeypatch):
    """At the round's upkeep every player who cannot pay decides at once; an answer is for its
    player's task, found by whose treasury falls short, without building the waiting players'
    decisions again (each a list of cube removals): they are built for the new pending only.
    The others' decisions stay as they were (no player's upkeep changes another's)."""
    from engine.byzantium import rounds

    built = []
    build = rounds.upkeep_decision

    def counted(ctx, task):
        built.append(task)
        return build(ctx, task)

    monkeypatch.setattr(rounds, "upkeep_decision", counted)  # what upkeep_waiting builds with
    before_choosing = []
    choose = CHOOSE["upkeep"]

    def chosen(ctx, task, option_id):
        before_choosing.append(len(built))
        return choose(ctx, task, option_id)

    monkeypatch.setitem(CHOOSE, "upkeep", chosen)
    answers = several = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.setup(["Ann", "Bo", "Cy", "Dee"], seed, {})
        while not GAME.is_over(state):
            waiting = GAME.pending(state)
            d = rng.choice(waiting)
            built.clear()
            before_choosing.clear()
            new, _ = GAME.apply(state, d.player, rng.choice(enumerate_answers(d, limit=300)))
            if d.kind == "upkeep":
                answers += 1
                assert before_choosing[0] == 0  # the answer's task found with no decision built
                after = [x for x in GAME.pending(new) if x.kind == "upkeep"]
                others = [x for x in waiting if x.player != d.player]
                several += bool(others)
                assert all(x in after for x in others)
            state = new
    assert answers > 20 and several > 5
