"""The Royal Treasury carried by Alexander's army in the Macedonian's own view
(engine/alexander/evaluate_royal_treasury.py): 7.4, a Full Royal Treasury supplies the units in
its space, so a siege (11.4) is kept before any city Alexander reaches with it; an Empty one is
restored in an Admin Phase in a treasury city of its owner."""

from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.testkit import MAC, PER, army, clear, fresh, garrison, start
from engine.alexander.world import ALEXANDER


def deep_east(at: str = "Babylon", *, royal: str = "full", declared: int = 0, treasury: str | None = None,
              prey: str = ""):
    """Seed 8000 game 1 against random, round 104, simplified: Alexander (60 ASP) holds Babylon
    (Empty) with the Royal Treasury taken from Darius; Susa, Ecbatana and Persepolis are held by
    Persian ASP, beyond the LOC of Pella and Sardes; a small Persian army at `prey` if given."""
    state = clear(start(seed=3))
    army(state, MAC, 1, at, 60, elite=2, leaders=(ALEXANDER,))
    if prey:
        army(state, PER, 2, prey, 4, leaders=("Memnon",))
    for city in ("Susa", "Ecbatana", "Persepolis"):
        garrison(state, PER, city, asp=20)
    state.treasuries["Babylon"].owner, state.treasuries["Babylon"].level = MAC, "empty"
    rt = state.royal_treasury
    rt.level, rt.owner, rt.where = royal, MAC, "army:macedonian.1"
    if declared:
        state.move = {"unit": "macedonian.1", "side": MAC, "declared": declared, "spent": 0, "desert": 0,
                      "treasury": treasury, "legs": [], "path": [at]}
    return fresh(state)


def own_view(state) -> float:
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def test_a_long_move_paid_by_the_royal_treasury_he_carries_is_not_worth_its_roll():
    """10.1: a move above Alexander's 4 MP rolls d6 + MP above 3 against the treasury paying,
    6 or more empties it. The trace: 5 MP paid by the Full Royal Treasury at Babylon (even odds),
    it went Empty and the LOC never reached the east again. The shared points prefer the 5th MP
    (Taoce's small army in reach, 5 MP away) for a level's cost; his own view keeps the treasury he carries."""
    four, five = deep_east(declared=4, prey="Taoce"), deep_east(declared=5, treasury="royal", prey="Taoce")
    assert macedonian_points(five) > macedonian_points(four)
    assert own_view(four) > own_view(five) + 2


def test_with_the_royal_treasury_the_cities_to_besiege_beyond_the_loc_are_the_way():
    """11.4 and 7.4: beyond the LOC of Pella and Sardes, Susa is no target in the shared points
    (evaluate.py `targets`), but the Full Royal Treasury in Alexander's army keeps a siege of it.
    Der, one step from Susa, is worth more than Babylon in his own view, not in the shared one."""
    babylon, der = deep_east("Babylon"), deep_east("Der")
    assert macedonian_points(der) <= macedonian_points(babylon)
    assert own_view(der) > own_view(babylon) + 0.3


def test_an_empty_royal_treasury_carried_draws_alexander_to_a_treasury_city_of_his():
    """7.4: an Empty Royal Treasury in the space of its owner's treasury city is restored at the
    Admin Phase (admin.py `royal_restore`); Babylon is his, Empty. Standing there is worth more
    than two steps away (Opis), in his own view only."""
    there, away = deep_east("Babylon", royal="empty"), deep_east("Opis", royal="empty")
    assert own_view(there) > own_view(away) + 0.5
    assert own_view(there) - own_view(away) > macedonian_points(there) - macedonian_points(away) + 0.5


def test_nothing_is_added_once_the_royal_treasury_is_not_his():
    state = deep_east()
    state.royal_treasury.owner, state.royal_treasury.where = PER, "space:Susa"
    assert own_view(state) - macedonian_points(state) == own_view(fresh(state)) - macedonian_points(fresh(state))
    from engine.alexander.evaluate_royal_treasury import royal_treasury_carried

    assert royal_treasury_carried(state, leaders_by_army(state)) == 0.0
