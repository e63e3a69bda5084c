"""Alexander for bot players (issue 27): what only the Persian's bot adds to the shared
evaluation (engine/alexander/evaluate_persian.py), read in his own win share alone.

Rulebook passages: 10.5 (an overrun at 8 to 1 eliminates the units outside a major city:
Alexander's army overrun, he dies); 10.4 (a Reorganization takes in loose ASP where an army
stands); 8.3 (Persian recruits appear at Ecbatana, Babylon, Susa or Persepolis, joining an army
there or waiting loose); 11.3 I (Alexander's wounds: at 20 injury points or more every Admin
Phase kills him on an odd die)."""

from engine.alexander.evaluate import macedonian_points
from engine.alexander.testkit import MAC, PER, army, clear, fresh, garrison, start
from engine.alexander.win_shares import evaluate
from engine.alexander.world import ALEXANDER


def board(loose_at: str = "", loose: int = 0, injury: int = 0):
    """Alexander with 10 ASP at Tarsus; Darius's Army #1 of 20 ASP at Babylon; `loose` Persian
    ASP waiting at `loose_at`."""
    state = clear(start(seed=3))
    army(state, MAC, 1, "Tarsus", 10, elite=2, leaders=(ALEXANDER,))
    army(state, PER, 1, "Babylon", 20, leaders=("Darius III",))
    if loose:
        garrison(state, PER, loose_at, asp=loose)
    state.injury = injury
    return fresh(state)


def shares(state):
    values = evaluate(state)
    return values[state.sides[MAC]], values[state.sides[PER]]


def persian_view(state) -> float:
    """The points behind the Persian's share (the logistic undone)."""
    import math

    from engine.alexander.win_shares import TEMPERATURE

    per = shares(state)[1]
    return TEMPERATURE * math.log(per / (1.0 - per))


def test_recruits_gathered_where_an_army_stands_are_worth_more_to_the_persian_than_elsewhere():
    """Recruits with no army where they appear wait loose (8.3) and fight nobody until a
    Reorganization takes them into an army standing with them (10.4): the Persian counts them
    towards the overrun of a weak Alexander where Army #1 stands, not at another city, and
    more once in the army."""
    gathered = board("Babylon", 60)
    apart = board("Susa", 60)
    joined = board()
    joined.army("persian.1").asp = 80
    assert persian_view(gathered) > persian_view(apart) + 3
    assert persian_view(joined) > persian_view(gathered) + 3


def test_the_persian_terms_leave_the_macedonians_share_as_the_shared_points_say():
    """The Macedonian's share (his bot's and greedy's) is the logistic of the shared points and his
    own terms alone: nothing of the Persian's."""
    import math

    from engine.alexander.evaluate import leaders_by_army
    from engine.alexander.evaluate_macedonian import macedonian_own_points
    from engine.alexander.win_shares import TEMPERATURE

    for state in (board("Babylon", 60), board(injury=19)):
        mac, per = shares(state)
        points = macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))
        assert mac == 1.0 / (1.0 + math.exp(-points / TEMPERATURE))
        assert per != 1.0 - mac  # the Persian's own terms on top


def test_an_army_near_alexander_at_eight_to_one_is_worth_more_than_far_away():
    near = board()
    near.army("persian.1").space, near.army("persian.1").asp = "Issus", 80
    far = board()
    far.army("persian.1").asp = 80
    assert shares(near)[1] > shares(far)[1]


def test_a_battle_under_way_with_alexanders_army_counts_his_wounds_to_come():
    """11.3 I: Alexander rolls 2d6 for wounds after every battle his army fights, won or lost."""
    state = board(injury=15)
    army(state, PER, 2, "Tarsus", 30)
    calm = persian_view(state)
    state.battle = {"space": "Tarsus", "attacker": "persian.2", "atk": PER, "dfn": MAC,
                    "defenders": ["macedonian.1"], "cards": {MAC: [], PER: []}}
    assert persian_view(state) > calm + 1


def test_the_injury_check_is_worth_more_to_the_persian_than_the_macedonian_fears_it():
    """At 20 injury points every Admin Phase may kill Alexander: the last point before it is
    worth far more to the Persian than the shared points' fear of it, and than a point at 8."""
    at = {n: board(injury=n) for n in (8, 9, 19, 20)}
    shared = macedonian_points(at[19]) - macedonian_points(at[20])
    assert persian_view(at[20]) - persian_view(at[19]) > shared + 20
    assert persian_view(at[20]) - persian_view(at[19]) > 5 * (persian_view(at[9]) - persian_view(at[8]))


def test_darius_army_in_reach_of_a_stronger_macedonian_army_is_feared_more_by_the_persian():
    """11.3 I: Darius's army beaten may see him caught in his flight (a Great King part for the
    Macedonian); the shared points weigh his army's exposure by its ASP alone."""
    near = board()
    near.army("macedonian.1").asp = 40
    near.army("persian.1").space = "Issus"
    far = board()
    far.army("macedonian.1").asp = 40
    far.army("persian.1").space = "Ecbatana"
    shared = macedonian_points(near) - macedonian_points(far)
    assert persian_view(far) - persian_view(near) > shared + 3


def test_against_a_strong_alexander_a_larger_strike_army_is_worth_its_battle_odds():
    """Alexander with 40 ASP is beyond any overrun: the Persian still gains by an army that beats
    his in battle (each battle wounds him and, outside Europe, wears his army: 9.0, 11.3 I)."""
    small, large = board(), board()
    for state, asp in ((small, 20), (large, 60)):
        state.army("macedonian.1").asp = 40
        state.army("persian.1").asp = asp
    shared = macedonian_points(small) - macedonian_points(large)
    assert persian_view(large) - persian_view(small) > shared + 3


def test_darius_army_in_a_battle_it_will_likely_lose_is_feared_more_than_in_reach():
    """Standing (or intercepting) against a stronger Alexander puts Darius's capture at stake now;
    avoiding leaves his army only in reach."""
    state = board()
    state.army("macedonian.1").asp = 40
    state.army("persian.1").space = "Tarsus"
    reach = persian_view(state)
    state.battle = {"space": "Tarsus", "attacker": "macedonian.1", "atk": MAC, "dfn": PER,
                    "defenders": ["persian.1"], "cards": {MAC: [], PER: []}}
    assert persian_view(state) < reach - 3


def test_an_army_frozen_by_broken_supremacy_counts_for_no_strike():
    """5.2: while an army is larger than Army #1 only Army #1 may act: a huge second army beside
    Alexander threatens nothing until Army #1 is the largest again."""
    small, frozen = board(), board()
    for state, asp in ((small, 20), (frozen, 80)):
        army(state, PER, 2, "Issus", asp)
    shared = macedonian_points(small) - macedonian_points(frozen)
    assert persian_view(frozen) - persian_view(small) < shared + 1



def strong_alexander(harasser_at: str = "", asp: int = 12):
    """Alexander with 60 ASP at Tarsus (beyond any overrun, and beaten in battle one time in four
    at best), injury 12; a Persian Army #2 of `asp` ASP at `harasser_at`."""
    state = board(injury=12)
    state.army("macedonian.1").asp = 60
    state.army("persian.1").asp = 40
    if harasser_at:
        army(state, PER, 2, harasser_at, asp)
    return fresh(state)


def test_an_army_of_ten_asp_near_a_strong_alexander_is_worth_the_battle_it_can_bring_him():
    """Session 5 traces (seed 3000): an Alexander of 60 ASP idle for 150 rounds at injury 12,
    Weariness 0. Any battle his army fights wounds him (11.3 I) and, outside Europe against 10
    Persian ASP or more, adds a Weariness (9.0): a small army near him is worth it to the
    Persian, though it beats him in no battle."""
    near, far = strong_alexander("Issus"), strong_alexander("Susa")
    shared = macedonian_points(far) - macedonian_points(near)
    assert persian_view(near) - persian_view(far) > shared + 1.5
    # below 10 ASP a battle adds no Weariness, and the army is no harasser
    small_near, small_far = strong_alexander("Issus", 9), strong_alexander("Susa", 9)
    assert persian_view(small_near) - persian_view(small_far) < persian_view(near) - persian_view(far) - 1


def test_a_battle_with_alexanders_army_outside_europe_against_ten_asp_counts_its_weariness():
    """9.0: +1 Weariness for the Macedonian's land battle outside Europe against 10 Persian ASP or
    more, won or lost."""
    state = strong_alexander("Tarsus")
    state.battle = {"space": "Tarsus", "attacker": "persian.2", "atk": PER, "dfn": MAC,
                    "defenders": ["macedonian.1"], "cards": {MAC: [], PER: []}}
    harassed = persian_view(state)
    state.army("persian.2").asp = 9
    assert harassed > persian_view(state) + 1


def test_a_march_declared_towards_alexander_counts_as_the_way_it_will_go():
    """The screen sees one decision ahead: the MP declared count before the steps are made."""
    state = strong_alexander("Babylon")
    before = persian_view(state)
    state.move = {"unit": "persian.2", "side": PER, "declared": 6, "spent": 0}
    assert persian_view(state) > before + 0.3


def test_a_useless_army_harasses_by_way_of_a_treasury_city_of_its_side():
    """11.3 H: a Useless army attacks nobody until an Admin Phase finds it in a treasury city of
    its side (the first harass run left 11 Useless ASP beside Alexander for 230 rounds): at
    Damascus (a Persian treasury, 5 MP from Alexander) it is worth more than at Issus (1 MP
    from him, 4 from Damascus); a sound army is worth more at Issus."""
    at = {}
    for space in ("Issus", "Damascus"):
        for useless in (False, True):
            state = strong_alexander(space)
            state.army("persian.2").useless = useless
            at[space, useless] = persian_view(state)
    assert at["Damascus", True] > at["Issus", True] + 0.5
    assert at["Issus", False] > at["Damascus", False] + 0.5
