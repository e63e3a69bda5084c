"""A march off the LOC to an objective that needs no siege, in the Macedonian's own view
(engine/alexander/evaluate_marches.py): Siwa just beyond the LOC's edge is reached."""

from __future__ import annotations

from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_marches import ALEXANDERS_NO_LOC, march_to_an_objective
from engine.alexander.loc import supplied
from engine.alexander.testkit import MAC, PER, army, clear, fresh, garrison, start, to_activity
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def alexander_in_egypt(space: str, *, siwa_done: bool = False):
    """Alexander's 40 ASP at `space`, far beyond his LOC (Pella and Sardes his only treasury cities);
    Egypt's major cities held by Persian garrisons (a siege each), so Siwa is the one objective there
    a march takes."""
    state = clear(start(seed=3))
    army(state, MAC, 1, space, 40, elite=1, leaders=(ALEXANDER,))
    army(state, PER, 1, "Persepolis", 20, leaders=("Darius III",))
    for city in ("Memphis", "Pelusium", "Gaza"):
        if city != space:
            garrison(state, PER, city, gsp=2)
    state.victory.siwa = siwa_done
    return to_activity(fresh(state))


def charge(state) -> float:
    return march_to_an_objective(state, leaders_by_army(state))


def test_siwa_within_a_move_off_the_loc_costs_no_loc_charge():
    """Paraetonium is 1 MP from Siwa, Jerusalem 5 (beyond his 4 MP without a LOC, 10.1)."""
    near, far = alexander_in_egypt("Paraetonium"), alexander_in_egypt("Jerusalem")
    assert "Paraetonium" not in supplied(near, MAC) and "Jerusalem" not in supplied(far, MAC)
    assert charge(near) == ALEXANDERS_NO_LOC
    assert charge(far) == 0.0


def test_once_siwa_is_done_the_charge_comes_back():
    assert charge(alexander_in_egypt("Paraetonium", siwa_done=True)) == 0.0


def test_the_step_to_within_a_move_of_siwa_pays_in_his_own_view():
    """From Joppa (5 MP) to Gaza (4 MP): the shared points gain a step of the way; his own view
    gains the LOC charge given back too."""
    joppa, gaza = alexander_in_egypt("Joppa"), alexander_in_egypt("Gaza")
    shared = macedonian_points(gaza) - macedonian_points(joppa)
    assert own_view(gaza) - own_view(joppa) > shared + ALEXANDERS_NO_LOC - 0.5
