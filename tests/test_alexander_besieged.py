"""Alexander besieged (engine/alexander/evaluate_besieged.py, the Macedonian's own view): 11.4,
the third Siege Point takes the city and everything inside dies, Alexander too."""

from __future__ import annotations

import pytest

from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_besieged import besieged_alexander
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.state import Siege
from engine.alexander.testkit import MAC, PER, answer, army, clear, fresh, ids, start, to_activity
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def besieged(points: int, *, inside: bool = True, weariness: int = 8, asp: int = 61):
    """As in a trace (seed 9500 game 1 against greedy): Alexander's army inside Ecbatana, a
    Persian army of 35 ASP besieging it at `points` Siege Points; Darius's army at Susa."""
    state = clear(start(seed=3))
    army(state, MAC, 1, "Ecbatana", asp, elite=2, leaders=(ALEXANDER,), inside=inside)
    army(state, PER, 1, "Susa", 20, leaders=("Darius III",), inside=True)
    army(state, PER, 2, "Ecbatana", 35, leaders=("Memnon",))
    state.sieges["Ecbatana"] = Siege(army="persian.2", points=points)
    state.weariness = weariness
    return to_activity(fresh(state))


def test_besieged_alexander_counterattacks_rather_than_wait_for_the_city_to_fall():
    """At Weariness 8 the counterattack's battle outside Europe (+1 Weariness, 9.0) cost him more
    in the shared points than the siege of his city (a share of what the city is worth), so in a
    trace he sat 43 rounds inside Ecbatana until an assault took it, and him. In his own view the
    move declared (the counterattack its first step) and the counterattack itself are worth more
    than staying inside."""
    state = besieged(2)
    declared = answer(answer(state, "move:macedonian.1"), "mp:1")
    assert "counterattack" in ids(declared)
    sally = answer(declared, "counterattack")
    stay = answer(declared, "stop")
    assert macedonian_points(sally) < macedonian_points(stay)  # the shared points: the old choice
    assert own_view(sally) > own_view(stay) + 20
    assert own_view(declared) > own_view(state) + 20


def test_the_charge_grows_with_the_siege_points_toward_the_game():
    """Ecbatana's value is 1: an assault's d6 - 1 gains a Siege Point on 4-6. Three assaults
    ahead: the city falls with chance 1/8 from none, 1/2 from one, 7/8 from two."""
    from engine.alexander.evaluate import OVERRUN

    charges = []
    for points in (0, 1, 2):
        state = besieged(points)
        charges.append(besieged_alexander(state, leaders_by_army(state)))
    assert charges == pytest.approx([-OVERRUN / 8, -OVERRUN / 2, -OVERRUN * 7 / 8])


def test_no_charge_outside_the_walls_or_in_the_sally_won():
    """Alexander's army outside the city (no one to assault) owes nothing; a counterattack
    counts at the chance the besiegers hold (a big army against a small one: little)."""
    outside = besieged(2, inside=False)
    assert besieged_alexander(outside, leaders_by_army(outside)) == 0.0
    big = answer(answer(answer(besieged(2, asp=120), "move:macedonian.1"), "mp:1"), "counterattack")
    small = answer(answer(answer(besieged(2, asp=20), "move:macedonian.1"), "mp:1"), "counterattack")
    assert besieged_alexander(small, leaders_by_army(small)) < besieged_alexander(big, leaders_by_army(big)) < 0
