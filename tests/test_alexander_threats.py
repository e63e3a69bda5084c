"""Darius's army that would not attack, in the Macedonian's own view
(engine/alexander/evaluate_threats.py): while Darius is to be caught or killed, his army that would
lose most battles it began is not feared as if it attacked; every other army is."""

from __future__ import annotations

from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_threats import CREDIBLE, idle_threats
from engine.alexander.odds import army_force, beats
from engine.alexander.testkit import MAC, PER, army, clear, fresh, start, to_activity
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def facing_darius(alexander_at: str, persian_asp: int, *, alexander_asp: int = 72, leader: str = "Darius III"):
    """Seed 1200 game 17 against greedy, round 290: Alexander's army with his best leaders, Darius's
    army at Sippara; Soli is 7 MP from it (beyond its reach), Thapsacus 2."""
    state = clear(start(seed=3))
    army(state, MAC, 1, alexander_at, alexander_asp, elite=1, leaders=(ALEXANDER, "Ptolemy", "Hephaestion"))
    army(state, PER, 1, "Sippara", persian_asp, elite=1, leaders=(leader, "Orontobates"))
    if leader != "Darius III":
        army(state, PER, 2, "Persepolis", 3, leaders=("Darius III",))
    return to_activity(fresh(state))


def odds(state):
    leaders = leaders_by_army(state)
    mine, theirs = (army_force(state, state.army(a), leaders) for a in ("macedonian.1", "persian.1"))
    return beats(mine, theirs), beats(theirs, mine)


def test_an_army_that_would_lose_three_battles_in_four_does_not_keep_alexander_away():
    near, far = facing_darius("Thapsacus", 113), facing_darius("Soli", 113)
    his_attack, theirs = odds(near)
    assert his_attack > 0.7 and theirs < CREDIBLE
    assert macedonian_points(near) < macedonian_points(far) - 1  # the shared points fear it
    assert own_view(near) > own_view(far)  # his own view: the way to Darius pays


def test_an_army_with_a_fair_chance_is_still_feared():
    near, far = facing_darius("Thapsacus", 113, alexander_asp=20), facing_darius("Soli", 113, alexander_asp=20)
    assert odds(near)[1] >= CREDIBLE
    assert idle_threats(near, leaders_by_army(near)) == idle_threats(far, leaders_by_army(far)) == 0.0
    assert own_view(near) < own_view(far) - 3


def test_another_army_that_would_lose_is_still_feared_and_darius_caught_ends_it():
    """Only the army the Great King needs beaten is sought out so: Memnon's at the same odds is
    feared as before, and so is Darius's once he is gone."""
    near, far = facing_darius("Thapsacus", 113, leader="Memnon"), facing_darius("Soli", 113, leader="Memnon")
    assert odds(near)[1] < CREDIBLE
    assert idle_threats(near, leaders_by_army(near)) == 0.0
    assert own_view(near) < own_view(far) - 1
    caught = facing_darius("Thapsacus", 113)
    caught.victory.darius = "captured"
    assert idle_threats(caught, leaders_by_army(caught)) == 0.0
