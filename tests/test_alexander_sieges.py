"""The Macedonian's sieges in his own view (engine/alexander/evaluate_sieges.py): a siege's +1
Weariness (9.0) charged as its city is credited, and a treasury city taken counted with the
mutiny's chance it takes from the Persian (after a mutiny he wins on a die below the treasury
cities he holds)."""

from __future__ import annotations

import pytest

from engine.alexander.evaluate import leaders_by_army, macedonian_points, mutiny_chance
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_sieges import mutiny_relief, sieges_at_their_odds
from engine.alexander.loc import supplied
from engine.alexander.state import Siege
from engine.alexander.testkit import MAC, PER, army, clear, fresh, garrison, start, to_activity
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def beside(city: str, *, weariness: int, points: int | None = None, taken=("Babylon", "Sardes", "Damascus")):
    """Alexander's 60 ASP at `city` (outside), a Persian garrison inside, the Macedonian holding the
    treasuries `taken` (the LOC reaches `city` from Babylon); with `points`, his siege of it."""
    state = clear(start(seed=3))
    army(state, MAC, 1, city, 60, leaders=(ALEXANDER,))
    army(state, PER, 1, "Persepolis", 20, leaders=("Darius III",), inside=True)
    garrison(state, PER, city, gsp=4)
    for name in taken:
        state.treasuries[name].owner = MAC
    state.weariness = weariness
    if points is not None:
        state.sieges[city] = Siege(army="macedonian.1", points=points)
    return to_activity(fresh(state))


def test_at_weariness_9_the_siege_of_a_treasury_city_is_laid_every_siege_point_pays_and_so_does_the_fall():
    """Session 7's stall: from Weariness 7 the shared points charge the siege's point in full when it
    is laid against a tenth of the city's worth, so the siege was never laid (Alexander
    stood beside Susa for 150 rounds). With the Persian down to three treasury cities, Susa taken
    leaves him two for his die after a mutiny (8.3 points at Weariness 10, against 8.9 for the
    point): in the Macedonian's own view the siege is laid, each Siege Point pays, and the fall
    pays more than the second point."""
    taken = ("Babylon", "Sardes", "Damascus", "Memphis")
    before = beside("Susa", weariness=9, taken=taken)
    assert "Susa" in supplied(before, MAC)
    laid = [beside("Susa", weariness=9, taken=taken, points=k) for k in (0, 1, 2)]
    assert macedonian_points(laid[0]) < macedonian_points(before) - 5  # the shared points: the valley
    fallen = beside("Susa", weariness=10, taken=taken + ("Susa",))
    fallen.garrisons.pop("Susa")
    fallen.armies[0].inside = True
    values = [own_view(s) for s in laid]
    assert own_view(before) < values[0] < values[1] < values[2] < own_view(fallen)


def test_a_city_worth_no_more_than_itself_is_not_besieged_at_high_weariness():
    """Pasargadae holds no treasury and is not Persis's last enemy foothold (Persepolis is held):
    the whole bargain does not pay, and nothing is added to the shared points' charge."""
    state = beside("Pasargadae", weariness=8, points=0)
    assert "Pasargadae" in supplied(state, MAC)
    assert sieges_at_their_odds(state) <= 0.0  # never more than the shared points count
    assert own_view(state) < own_view(beside("Pasargadae", weariness=8))


def test_no_bargain_no_credit():
    """With six treasury cities the Persian's, Susa at Weariness 8 (7 points; a point of Weariness
    costs 14.5, its fall would take 4.2 of the mutiny's chance) is no bargain: the Weariness is
    charged when the siege is laid, as the shared points do, and it is not laid."""
    state = beside("Susa", weariness=8, points=0, taken=("Babylon",))
    assert "Susa" in supplied(state, MAC)
    assert own_view(state) < own_view(beside("Susa", weariness=8, taken=("Babylon",))) - 5


def test_no_credit_for_a_siege_without_its_loc_or_left_behind():
    """11.4: a siege without a LOC is lifted at the next Player Phase (+1 Weariness): the shared
    points charge it in full and his own view adds nothing."""
    cut = beside("Susa", weariness=8, points=1, taken=())
    assert "Susa" not in supplied(cut, MAC)
    assert sieges_at_their_odds(cut) == 0.0
    left = beside("Susa", weariness=8, points=1)
    left.armies[0].space = "Babylon"
    assert sieges_at_their_odds(left) == 0.0


def test_the_mutiny_relief_is_a_treasury_city_fewer_for_the_persians_die():
    """9.0: after a mutiny the Persian wins on a die below his treasury cities; Susa taken leaves him
    three of four, at the Weariness the siege's end brings (9: 2d6 of 11 or more, 3 in 36)."""
    state = beside("Susa", weariness=8)
    assert mutiny_chance(state, 9) == pytest.approx(3 / 36 * 3 / 6)
    assert mutiny_relief(state, "Susa") == pytest.approx(300 * 3 / 36 * (3 / 6 - 2 / 6))
    assert mutiny_relief(state, "Pasargadae") == 0.0
    alone = beside("Susa", weariness=8, taken=("Babylon", "Sardes", "Damascus", "Memphis", "Ecbatana", "Persepolis"))
    assert mutiny_relief(alone, "Susa") == 0.0  # his last treasury city: a mutiny no longer loses the game


def test_a_first_city_of_an_objectives_province_is_worth_pressing():
    """Egypt is won when no enemy is left in it (3.4, 6.2); the shared points count its objective
    only at its last enemy city's fall, so Pelusium, with Memphis still Persian, was worth 1, and
    a siege of it was laid and never pressed (seed 9700 game 9 against greedy: every assault
    declined from round 178). In his own view each Siege Point and the fall pay."""
    from engine.alexander.evaluate_footholds import foothold_step, provinces_footholds

    def pelusium(points=None, *, fallen=False):
        state = clear(start(seed=3))
        army(state, MAC, 1, "Pelusium", 60, leaders=(ALEXANDER,), inside=fallen)
        army(state, PER, 1, "Persepolis", 20, leaders=("Darius III",), inside=True)
        garrison(state, PER, "Memphis", gsp=2)
        if not fallen:
            garrison(state, PER, "Pelusium", gsp=2)
        state.treasuries["Damascus"].owner = MAC
        state.weariness = 5 if fallen else 4  # a siege's end: +1 (9.0)
        if points is not None:
            state.sieges["Pelusium"] = Siege(army="macedonian.1", points=points)
        state = fresh(state)
        state.control["Egypt"] = PER  # a marker: kept while both sides are there (6.2)
        return to_activity(state)

    before = pelusium()
    assert "Pelusium" in supplied(before, MAC)
    assert foothold_step(before, "Pelusium") > 0 and foothold_step(before, "Memphis") > 0
    laid = [pelusium(k) for k in (0, 1, 2)]
    values = [own_view(s) for s in laid]
    assert own_view(before) < values[0] < values[1] < values[2] < own_view(pelusium(fallen=True))
    assert provinces_footholds(pelusium(fallen=True)) > provinces_footholds(before)


def test_the_last_assault_pays_when_the_next_objective_is_far():
    """The shared points credit a siege 0.7 of its city's worth at two Siege Points; the fall
    brings less: the city's own point is never realized, and the way jumps to the next objective.
    Pelusium, Egypt's last enemy city, with the next objective 15 MP off: the last assault looked
    worse than the siege, and Alexander sat at two Siege Points for 400 decisions (seed 9700 game 6
    against random, session 8). In his own view the fall pays."""
    def pelusium(points=None, *, fallen=False):
        state = clear(start(seed=3))
        army(state, MAC, 1, "Pelusium", 60, leaders=(ALEXANDER,), inside=fallen)
        army(state, PER, 1, "Persepolis", 20, leaders=("Darius III",), inside=True)
        if not fallen:
            garrison(state, PER, "Pelusium", gsp=2)
        for name in ("Damascus", "Memphis", "Babylon", "Susa", "Ecbatana", "Persepolis", "Sardes"):
            state.treasuries[name].owner = MAC
        state.victory.siwa = state.victory.king_of_asia = True
        state.weariness = 5 if fallen else 4
        if points is not None:
            state.sieges["Pelusium"] = Siege(army="macedonian.1", points=points)
        state = fresh(state)
        state.control["Egypt"] = MAC if fallen else PER
        return to_activity(state)

    two = pelusium(2)
    fallen = pelusium(fallen=True)
    assert macedonian_points(fallen) < macedonian_points(two)  # the shared points: the stall
    assert own_view(fallen) > own_view(two) > own_view(pelusium(1)) > own_view(pelusium(0))
