"""Alexander's wounds (engine/alexander/evaluate_wounds.py, the Macedonian's own view): 11.3 I,
from 20 injury points every Admin Phase kills him on an odd die, and injury never heals."""

from __future__ import annotations

import pytest

from engine.alexander.evaluate import MUTINY, leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_wounds import DEATH_WATCH, expected_wounds, wounds_ahead
from engine.alexander.testkit import MAC, PER, answer, clear, fresh, start, to_activity
from engine.alexander.testkit import army as lay
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def marching(injury: int):
    """Alexander's 40 ASP at Gordium, 3 MP declared, Memnon's 10 ASP next door at Ancyra and
    Darius's 3 at Tyana; `injury` points."""
    state = clear(start(seed=3))
    lay(state, MAC, 1, "Gordium", 40, elite=2, leaders=(ALEXANDER,))
    lay(state, PER, 1, "Tyana", 3, leaders=("Darius III",))
    lay(state, PER, 2, "Ancyra", 10, leaders=("Memnon",))
    state.injury = injury
    return answer(answer(to_activity(fresh(state)), "move:macedonian.1"), "mp:3")


def test_at_nineteen_injury_points_alexander_does_not_march_into_a_battle():
    """In a trace (seed 9500 game 3 against greedy) Alexander at 19 injury points fought two
    battles on one march (to 21) and died at the next Admin Phase: the shared points charge 10
    at the check. In his own view the battle entered is worth less than stopping, by the wounds'
    odds of the check (6 or more on 2d6: 26 in 36) at the mutiny's stake for even odds; at 17
    points and below (two at most a battle) nothing changes."""
    state = marching(19)
    battle, stop = answer(state, "go:Ancyra"), answer(state, "stop")
    assert battle.battle and not stop.battle
    assert macedonian_points(battle) > macedonian_points(stop)  # the shared points: the old choice
    assert own_view(battle) < own_view(stop) - 50
    assert expected_wounds(19) == pytest.approx(DEATH_WATCH * 26 / 36)
    for injury in (10, 17):  # the check out of one battle's reach (a 12: two points): nothing
        fit = marching(injury)
        for state in (fit, answer(fit, "go:Ancyra")):
            assert wounds_ahead(state, leaders_by_army(state)) == 0.0


def test_the_check_costs_the_game_at_even_odds():
    """From 20 points: half the mutiny's stake, whatever the points beyond."""
    assert DEATH_WATCH == MUTINY / 2
    assert own_view(marching(20)) - own_view(marching(19)) < -DEATH_WATCH + 10
    assert own_view(marching(25)) - own_view(marching(20)) == pytest.approx(
        macedonian_points(marching(25)) - macedonian_points(marching(20)), abs=1.0)


def test_the_pull_of_enemies_in_reach_is_taken_off_by_the_wounds_never_below_nothing():
    """The shared pull of the enemy armies a move can still reach: at 19 points the wounds' share
    of it exceeds it, so the MP declared draw him nowhere, and are no worse than not declared."""
    from engine.alexander.evaluate import _within_reach, mp_left
    state = marching(19)
    pull = _within_reach(state, state.move, mp_left(state, "macedonian.1"))
    assert pull > 1.0
    assert wounds_ahead(state, leaders_by_army(state)) == pytest.approx(-pull)
    stopped = answer(state, "stop")
    assert wounds_ahead(stopped, leaders_by_army(stopped)) == 0.0
