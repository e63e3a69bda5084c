"""Byzantium builds an upkeep decision once for the cubes and treasury it depends on (issue 30):
at the round's upkeep every player who cannot pay decides at once, and each answer built every
waiting player's decision again (each a walk through the combinations of his cubes), though no
player's upkeep changes another's. A kept decision must be the one built afresh."""

from __future__ import annotations

import random

from engine.byzantium import combos, rounds
from engine.core import enumerate_answers
from tests.byzantium_kit import GAME


def forget():
    rounds._upkeep_decision.cache_clear()
    rounds._upkeep_amounts.cache_clear()


def fresh(state):
    """The decisions worked out from scratch, nothing kept (on a copy)."""
    forget()
    copy = GAME.copy_state(state)
    copy._decisions = None
    return GAME.pending(copy)


def upkeep_states(seeds, players=("Ann", "Bo", "Cy", "Dee")):
    """(state before, waiting decisions, the upkeep decision answered, the answer) at every upkeep
    answer of random games, half of them played mostly passing (into every round's upkeep, as the
    load bench's members play)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(list(players), seed, {})
        while not GAME.is_over(state):
            waiting = GAME.pending(state)
            d = rng.choice(waiting)
            ids = [o.id for o in d.options]
            answer = "pass" if seed % 2 and "pass" in ids and rng.random() < 0.7 else \
                rng.choice(enumerate_answers(d, limit=300))
            if d.kind == "upkeep":
                yield state, waiting, d, answer
            state, _ = GAME.apply(state, d.player, answer)


def test_the_kept_upkeep_decisions_are_those_built_afresh():
    """Kept across games too (other players, other treasuries): each is the one built from scratch."""
    compared = 0
    for state, waiting, d, answer in upkeep_states(range(8)):
        assert waiting == fresh(state)
        after, _ = GAME.apply(state, d.player, answer)
        kept = GAME.pending(after)
        assert kept == fresh(after)
        compared += len(waiting) + len(kept)
    assert compared > 100, compared


def test_an_upkeep_answer_walks_no_other_players_combinations(monkeypatch):
    walks = []
    walk = combos.combinations

    def counted(amounts, limit=10_000):
        walks.append(amounts)
        return walk(amounts, limit)

    several = 0
    for state, waiting, d, answer in upkeep_states(range(6)):
        others = [x for x in waiting if x.player != d.player]
        if not others:
            continue
        forget()
        GAME.pending(GAME.apply(state, d.player, answer)[0])  # every decision built once ...
        monkeypatch.setattr(combos, "combinations", counted)
        walks.clear()
        after, _ = GAME.apply(state, d.player, answer)
        assert [x for x in GAME.pending(after) if x.player != d.player] == others
        assert walks == []  # ... and not again: the others' cubes and treasuries did not change
        monkeypatch.setattr(combos, "combinations", walk)
        several += 1
    assert several > 20, several
