"""Alexander for bot players (issue 27): the evaluation (engine/alexander/evaluate.py) knows the
objectives, Alexander's safety and the way to the next objective, and the bot takes an obvious
gain and keeps out of an obvious loss.

Rulebook passages behind the values: 3.4 (the Macedonian's three objectives: "Gran Re", Greece,
the cult; Alexander ending his round at Gordium is King of Asia); 10.5 (an overrun at 8 to 1
eliminates the units outside a major city); 9.0 / 11.3 (the Persian wins when Alexander dies)."""

import pytest

from engine.ai import search
from engine.ai.players import Streak
from engine.alexander import GAME
from engine.alexander.evaluate import distance, macedonian_points, targets
from engine.alexander.testkit import MAC, PER, army, clear, decision, fresh, start
from engine.alexander.world import ALEXANDER


def position(alexander_asp: int, alexander_at: str, enemy_asp: int, enemy_at: str, darius_at: str = "Susa"):
    """Alexander's army, Darius's and Memnon's alone on the board; the Macedonian's first round."""
    state = clear(start(seed=3))
    army(state, MAC, 1, alexander_at, alexander_asp, elite=2, leaders=(ALEXANDER,))
    army(state, PER, 1, darius_at, 20 if darius_at == "Susa" else 3, leaders=("Darius III",))
    army(state, PER, 2, enemy_at, enemy_asp, leaders=("Memnon",))
    return fresh(state)


def bot_round(state, seat: str, budget_ms: float = 60, cap: int = 40):
    """The bot answers `seat`'s decisions until the game waits on the other seat (or ends),
    told the positions it has decided in, as in play (no going round "discard" / "back")."""
    streak = Streak(GAME)
    for n in range(cap):
        if GAME.is_over(state) or decision(state).player != seat:
            break
        option = search(GAME, state, seat, seed=n, budget_ms=budget_ms, avoid=streak.before(state, seat)).option
        state, _ = GAME.apply(state, seat, option)
    return state


def test_an_enemy_army_able_to_overrun_alexander_next_door_is_feared():
    near = position(3, "Perinthos", 40, "Philippopolis")
    far = position(3, "Perinthos", 40, "Ecbatana")
    assert macedonian_points(near) < macedonian_points(far) - 20


def test_gordium_is_the_way_before_king_of_asia_and_not_after():
    state = position(30, "Perinthos", 10, "Ecbatana")
    assert "Gordium" in targets(state)
    state.victory.king_of_asia = True
    assert "Gordium" not in targets(state)


def test_a_step_towards_the_next_objective_is_worth_more_than_a_step_away():
    toward = position(30, "Dorylaeum", 10, "Ecbatana")
    away = position(30, "Perinthos", 10, "Ecbatana")
    assert distance("Dorylaeum", "Gordium") < distance("Perinthos", "Gordium")
    assert macedonian_points(toward) > macedonian_points(away)


def test_an_objective_reached_outweighs_the_way_to_the_next():
    state = position(30, "Gordium", 10, "Ecbatana")
    before = macedonian_points(state)
    state.victory.king_of_asia = True
    assert macedonian_points(state) > before


def test_the_bot_falls_on_darius_small_army_next_to_alexander():
    """Darius with 3 ASP next door: an overrun (8 to 1) would take him, a part of the Great King
    objective; the bot marches on him (the Persian may then try to avoid)."""
    state = position(33, "Perinthos", 10, "Ecbatana", darius_at="Philippopolis")
    after = bot_round(state, state.sides[MAC])
    assert after.army("macedonian.1").space == "Philippopolis"
    assert decision(after).kind == "avoid" or after.victory.darius != "alive"


def test_the_bot_keeps_a_small_alexander_away_from_an_army_that_would_overrun_him():
    state = position(3, "Perinthos", 40, "Philippopolis")
    after = bot_round(state, state.sides[MAC])
    assert not after.victory.winner
    assert after.army("macedonian.1").space != "Philippopolis"


def test_weariness_near_a_mutiny_is_feared_more_than_in_proportion():
    """9.0: dice + Weariness at 20 or more is a mutiny (2d6, rules.json), and then a die below the
    Persian's treasury cities gives him the game."""
    states = {}
    for w in (4, 6, 10):
        states[w] = position(30, "Perinthos", 10, "Ecbatana")
        states[w].weariness = w
    calm = macedonian_points(states[4]) - macedonian_points(states[6])
    near = macedonian_points(states[6]) - macedonian_points(states[10])
    assert near > 2 * calm + 5


def besieging(city: str, laid: bool, points: int = 0):
    """Alexander's army of 30 ASP outside `city`, 5 Persian GSP inside, a siege laid or not."""
    from engine.alexander.state import Siege
    from engine.alexander.testkit import garrison

    state = position(30, city, 10, "Ecbatana" if city != "Ecbatana" else "Gabae")
    garrison(state, PER, city, gsp=5)
    if laid:
        state.sieges[city] = Siege(army="macedonian.1", points=points)
    return fresh(state)


def test_a_siege_with_a_loc_is_worth_a_share_of_the_city_and_each_siege_point_more():
    """11.4: three Siege Points take the city; Sardes is within the LOC from Pella."""
    none, laid, two = besieging("Sardes", False), besieging("Sardes", True), besieging("Sardes", True, 2)
    assert macedonian_points(none) < macedonian_points(laid) < macedonian_points(two)


def test_a_siege_without_a_loc_counts_as_the_weariness_it_will_cost():
    """11.4: a besieger keeps its siege only with a LOC in its Player Phase; 9.0: a siege that ends
    unwon is +1 Weariness. Babylon is far beyond the LOC from Pella: laying the siege there is
    worth less than not laying it."""
    assert macedonian_points(besieging("Babylon", True)) < macedonian_points(besieging("Babylon", False))


def test_a_siege_of_a_city_worth_little_is_not_worth_its_weariness():
    """9.0: a siege ends with +1 Weariness unless the city surrenders; Miletus holds no treasury
    and its province is no objective: laying the siege there is worth less than not laying it,
    where at Sardes (a treasury city, Lydia a Great King province) it is worth more."""
    assert macedonian_points(besieging("Miletus", True)) < macedonian_points(besieging("Miletus", False))


def test_an_army_other_than_alexanders_is_drawn_to_a_european_province_in_revolt():
    """3.4: Greece's objective needs every European province held, none in revolt; 6.3: an army
    of three times the revolt's value ending its move there puts it down."""
    def second_army_at(space: str):
        state = position(30, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, space, 12, leaders=("Antipater",))
        state.revolt = ["Greece"]
        return fresh(state)

    near, far = second_army_at("Elatea"), second_army_at("Pella")
    assert macedonian_points(near) > macedonian_points(far) + 1
    calm = second_army_at("Pella")
    calm.revolt = []
    assert macedonian_points(fresh(calm)) > macedonian_points(far)


def test_leaving_asp_on_the_march_gives_up_the_enemies_in_reach_as_stopping_would():
    """Memnon's 10 ASP one step from Alexander's 33, who has declared 4 MP: the army he can still
    reach draws him on. Leaving one ASP behind spends no MP, so if it kept that pull the bot would
    leave ASP one at a time rather than stop: it costs the pull, like stopping."""
    from engine.alexander.evaluate import under_way
    from engine.alexander.testkit import answer, to_activity

    state = answer(answer(to_activity(position(33, "Perinthos", 10, "Philippopolis")), "move:macedonian.1"), "mp:4")
    left_one = answer(answer(state, "drop"), "drop:asp=1")
    assert under_way(state) > 1.5
    assert under_way(left_one) < 0.5


def test_leaving_asp_behind_does_not_pay_for_putting_off_the_treasury_roll():
    """7.2 / 10.1: MP declared above the base cost a die at the move's end (d6 + MP above 3: 6 or
    more and the treasury is a level lower). Stopping is worth its expectation over the roll;
    leaving one ASP and going on is worth less, though the roll is still to come."""
    from engine.alexander.testkit import answer, to_activity

    state = to_activity(position(33, "Perinthos", 10, "Ecbatana"))
    state = answer(answer(state, "move:macedonian.1"), "mp:6@Pella")
    seat = state.sides[MAC]
    stops = [macedonian_points(GAME.apply(GAME.determinize(state, seat, n), seat, "stop")[0]) for n in range(36)]
    left_one = answer(answer(state, "drop"), "drop:asp=1")
    assert macedonian_points(left_one) < sum(stops) / len(stops)


def test_taking_a_great_king_city_is_worth_more_than_the_siege_at_two_points():
    """11.4: the third Siege Point takes the city (+1 Weariness, 9.0); Sardes taken gives the
    Macedonian Lydia (a Great King province, 3.4) and its treasury. The way to the next objective
    is bounded below what the city brings, so taking it is no step away from the rest (King of
    Asia already: the next objectives are far off)."""
    from engine.alexander.testkit import answer, dice, to_activity

    state = besieging("Sardes", True, 2)
    state.victory.king_of_asia = True
    state.control["Lydia"] = PER  # the marker stays with the Persian while both sides stand there (6.0)
    state = answer(to_activity(fresh(state)), "pass")
    taken = answer(dice(fresh(state), 6), "assault:Sardes")
    assert taken.control["Lydia"] == MAC and not taken.sieges
    assert macedonian_points(taken) > macedonian_points(state) + 1


def test_an_army_larger_than_alexanders_costs_more_the_larger_it_is():
    """5.2: no army may have more ASP than Army #1; while one does, only Army #1 may act (the
    Macedonian's other armies are frozen until Army #1 is larger again)."""
    def second(asp: int):
        state = position(20, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, "Pella", asp, leaders=("Antipater",))
        return fresh(state)

    # 5 ASP more in the second army are worth ASP while it is smaller, less than nothing beyond
    assert macedonian_points(second(19)) > macedonian_points(second(14))
    assert macedonian_points(second(40)) < macedonian_points(second(25))


def test_near_a_mutiny_an_enemy_army_in_reach_outside_europe_no_longer_draws_alexander_on():
    """9.0: a land battle outside Europe against 10 or more Persian strength is +1 Weariness; at
    Weariness 9 the next point makes a mutiny at the next check far likelier, so Memnon's 12 ASP
    next door are no prey worth a battle, where at Weariness 0 they are."""
    from engine.alexander.evaluate import under_way
    from engine.alexander.testkit import answer, to_activity

    def marching(weariness: int):
        state = position(33, "Gordium", 12, "Ancyra")
        state.weariness = weariness
        return answer(answer(to_activity(fresh(state)), "move:macedonian.1"), "mp:4")

    assert under_way(marching(0)) > 1.0
    assert under_way(marching(9)) < under_way(marching(0)) - 1.0


def test_a_city_to_besiege_beyond_the_loc_is_no_place_to_make_for_yet():
    """11.4: a siege is kept only with a LOC; 7.3: the Macedonian's land LOC runs 10 MP from a
    treasury (Pella here). Babylon, held by a Persian garrison, is beyond it: Alexander is not
    drawn there (he would stand before walls he cannot besiege); Sardes, within it, is a target
    (Lydia's city, and a treasury that carries the LOC further once taken)."""
    from engine.alexander.loc import supplied
    from engine.alexander.testkit import garrison

    state = position(30, "Perinthos", 10, "Ecbatana")
    garrison(state, PER, "Babylon", gsp=5)
    garrison(state, PER, "Sardes", gsp=5)
    state = fresh(state)
    assert "Babylon" in targets(state) and "Babylon" not in targets(state, supplied(state, MAC))
    assert "Sardes" in targets(state, supplied(state, MAC))


def test_a_city_is_worth_its_provinces_objective_only_as_the_last_enemy_foothold_there():
    """6.0: control goes to the only side with units in the province: Pelusium taken gives Egypt
    (3.4, the cult) only if Memphis holds no Persians either."""
    from engine.alexander.evaluate import city_worth
    from engine.alexander.testkit import garrison

    state = position(30, "Gaza", 10, "Ecbatana")
    garrison(state, PER, "Pelusium", gsp=2)
    garrison(state, PER, "Memphis", gsp=2)
    both = city_worth(fresh(state), "Pelusium")
    del state.garrisons["Memphis"]
    assert city_worth(fresh(state), "Pelusium") > both + 3


def test_the_gsp_the_alexandria_in_egypt_needs_are_kept_free():
    """13.0: an Alexandria takes 2 free GSP; the one in Egypt is part of the cult's objective (3.4).
    Two GSP placed in a garrison of no use (or an Alexandria elsewhere) are worth less than
    keeping them free while it is not built, and next to nothing once it is."""
    from engine.alexander.testkit import garrison

    def gsp_placed(placed: bool, built: bool = False):
        state = position(30, "Sardes", 10, "Ecbatana")
        garrison(state, MAC, "Pella", gsp=18)  # 20 counters: 2 left free
        if placed:
            garrison(state, MAC, "Miletus", gsp=2)
        if built:
            state.alexandrias = ["Alexandria"]
        return fresh(state)

    assert macedonian_points(gsp_placed(False)) > macedonian_points(gsp_placed(True)) + 4
    built_placed, built_free = macedonian_points(gsp_placed(True, built=True)), macedonian_points(gsp_placed(False, built=True))
    assert abs(built_placed - built_free) < 0.5  # once it stands, two GSP are two GSP


def test_putting_greece_down_pays_even_with_an_island_out_of_reach():
    """6.3: an army of three times the revolt's value ending its move in the province puts the
    revolt down; Crete (an island, no land way) held by the Persian stays lost. Putting Greece
    down must pay: the island's distance is bounded, not a cliff that makes the revolt look
    better."""
    from engine.alexander.testkit import garrison

    def home(space: str, revolt: bool):
        state = position(30, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, space, 12, leaders=("Antipater",))
        garrison(state, PER, "Cnossus", gsp=1)
        state.revolt = ["Greece"] if revolt else []
        if not revolt:
            state.control["Greece"] = MAC
        return fresh(state)

    assert macedonian_points(home("Athens", False)) > macedonian_points(home("Pella", True)) + 1


def test_losing_the_home_army_never_makes_a_lost_province_look_better():
    """3.4 / 6.3: Greece in revolt is put down only by an army of 6 ASP or more; with none left
    the province is as far from held as it can be (the home army worn from 6 ASP to 5 no
    longer counted its distance at all)."""
    def home(asp: int):
        state = position(30, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, "Pella", asp, leaders=("Antipater",))
        state.revolt = ["Greece"]
        return fresh(state)

    assert macedonian_points(home(6)) > macedonian_points(home(5)) + 1


def test_assaulting_egypts_last_city_pays_at_its_expectation_with_a_small_army():
    """11.4 / C/4: an assault costs 1 ASP for about 2/3 of a Siege Point at +0; Pelusium is the
    last Persian foothold in Egypt (an objective, 3.4). Averaged over the die, assaulting beats
    waiting, with Alexander's army at 20 ASP (in a trace he sat there 50 rounds)."""
    from engine.alexander.loc import supplied
    from engine.alexander.state import Siege
    from engine.alexander.testkit import answer, dice, garrison, to_activity
    from engine.alexander.world import controls

    state = position(20, "Pelusium", 10, "Ecbatana")
    garrison(state, PER, "Pelusium", gsp=2)
    state.control["Egypt"] = PER
    state.treasuries["Damascus"].owner = MAC  # the LOC that keeps the siege (11.4)
    state.sieges["Pelusium"] = Siege(army="macedonian.1", points=0)
    state.victory.king_of_asia = state.victory.siwa = True
    state = answer(to_activity(fresh(state)), "pass")
    assert "assault:Pelusium" in [o.id for o in decision(state).options]
    assert "Pelusium" in supplied(state, MAC) and not controls(state, MAC, "Egypt")
    rolls = [macedonian_points(answer(dice(fresh(state), roll), "assault:Pelusium")) for roll in range(1, 7)]
    assert sum(rolls) / 6 > macedonian_points(answer(fresh(state), "none"))


def test_the_macedonians_last_treasury_spent_to_empty_costs_far_more_than_a_level():
    """7.3: a LOC runs to a treasury city that is not Empty; with Pella his only one, the
    Macedonian's Low -> Empty (a recruit, a long move's treasury roll, 8.3 / 10.1) leaves every
    army without a LOC: no siege kept (11.4), 3 MP a move. It costs far more than Full -> Low."""
    def pella(level: str):
        state = position(30, "Ilium", 10, "Ecbatana")
        state.treasuries["Sardes"].owner = PER
        state.treasuries["Pella"].level = level
        return fresh(state)

    full, low, empty = (macedonian_points(pella(level)) for level in ("full", "low", "empty"))
    assert low - empty > full - low + 3


def test_asp_beyond_what_keeps_europe_are_worth_little_outside_alexanders_army():
    """5.2: no army may have more ASP than Army #1 (the king's); recruits (8.3) belong with
    Alexander. Ten more ASP in a second army of 20 are worth far less than in Alexander's."""
    def armies(alexander: int, second: int):
        state = position(alexander, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, "Pella", second, leaders=("Antipater",))
        return macedonian_points(fresh(state))

    assert armies(35, 30) - armies(35, 20) < 1.5
    assert armies(35, 20) - armies(25, 20) > 3 * (armies(35, 30) - armies(35, 20))


def test_a_persian_army_within_alexanders_reach_is_no_gain_until_he_attacks_it():
    """A trace: Alexander (39 ASP) stood at Sippara for 40 rounds, where two Persian armies were
    within his reach, attacking neither; one step on would have left one out of reach. A weak
    Persian army in reach is worth nothing before the battle (its worth is won by beating it)."""
    near = position(39, "Sippara", 16, "Uruk")
    far = position(39, "Sippara", 16, "Persepolis")
    assert macedonian_points(near) <= macedonian_points(far) + 0.1


def test_a_second_desert_link_in_a_move_costs_the_weariness_it_brings():
    """9.0: a round in which a Macedonian army moves more than one desert link is +1 Weariness,
    counted when the move ends; a move under way past its second desert link is worth that less."""
    def marching(desert: int):
        state = position(30, "Tadmor", 10, "Ecbatana")
        state.weariness = 8
        state.move = {"unit": "macedonian.1", "side": MAC, "declared": 4, "spent": 2, "desert": desert,
                      "treasury": None, "legs": ["land", "land"], "path": ["Damascus", "Tadmor"]}
        return macedonian_points(fresh(state))

    assert marching(1) > marching(2) + 1


def test_a_larger_persian_army_beyond_his_army_one_is_never_better_for_the_macedonian():
    """5.2: a Persian army larger than Darius's Army #1 freezes the others; that is worth
    something to the Macedonian, but the more ASP it has the worse for him (in a trace the
    per-ASP share of the freeze kept Alexander from taking Persepolis with 45 ASP inside)."""
    small, large = position(40, "Sardes", 30, "Ecbatana"), position(40, "Sardes", 45, "Ecbatana")
    assert macedonian_points(large) < macedonian_points(small)


def test_a_home_army_declaring_its_march_on_a_revolt_already_counts_the_way_it_will_go():
    """10.1: a move begins by declaring its MP; the bot's search sees one decision ahead, so the
    MP declared by an army marching on a European revolt (6.3) count as the way it will go (a
    trace: Greece in revolt for 150 rounds, the home armies never set out)."""
    def declared(mp: int):
        state = position(40, "Sardes", 10, "Ecbatana")
        army(state, MAC, 2, "Pella", 15, leaders=("Antipater",))
        state.revolt = ["Greece"]
        state.move = {"unit": "macedonian.2", "side": MAC, "declared": mp, "spent": 0, "desert": 0,
                      "treasury": None, "legs": [], "path": ["Pella"]}
        return macedonian_points(fresh(state))

    assert declared(3) > declared(1) + 1.5


def test_a_garrison_that_holds_nothing_is_not_worth_a_free_gsp():
    """13.0 / 3.3 D: GSP on the map come back only when lost or removed in an Admin Phase (a bot
    keeps the standing order 'keep my garrisons'); in traces 13 of the 15 free GSP were on the
    map by round 7, and later the 2 the Alexandria in Egypt needs were not free. A GSP left in a
    space whose province it does not win is worth less than keeping it free."""
    from engine.alexander.testkit import garrison

    def placed(gsp: int):
        state = position(30, "Sardes", 10, "Ecbatana")
        state.alexandrias = ["Alexandria"]
        garrison(state, MAC, "Pella", gsp=2 + gsp)
        return macedonian_points(fresh(state))

    assert placed(1) < placed(0)



def test_the_macedonians_bot_asks_to_be_asked_in_the_admin_phase():
    """3.3 D / 13.0: the Admin Phase's garrison removal is offered only to a player whose standing
    order is "ask"; under the default "auto" (keep my garrisons) the bot could never free the two
    GSP the Alexandria in Egypt needs. Its first answer as the Macedonian sets the order; the
    Persian's bot keeps the default."""
    state = position(30, "Sardes", 10, "Ecbatana")
    mac, per = state.sides[MAC], state.sides[PER]
    first = search(GAME, state, mac, seed=1, budget_ms=20).option
    assert first == GAME.preference_id("admin", "ask")
    after, _ = GAME.apply(state, mac, first)
    assert GAME.preference(after, mac, "admin") == "ask"
    assert search(GAME, after, mac, seed=1, budget_ms=20).option != first
    assert GAME.bot_preferences(after, per) == {}


# -- the Macedonian's own view: safeguards (engine/alexander/evaluate_macedonian.py) ---------------
def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    from engine.alexander.evaluate import leaders_by_army
    from engine.alexander.evaluate_macedonian import macedonian_own_points

    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def test_a_chase_counts_the_preys_chance_to_avoid_the_battle():
    """11.3 A: an army outside a major city attacked may try to avoid the battle, a die + its
    king's Battle Rating (Darius: 1) at 6 or more, an overrun too (10.5). The shared points count
    the armies a move can still reach as if they stood: declaring 3 MP with Darius's 1 ASP three
    MP away was worth a siege left (in a trace Alexander left three for such chases). In the
    Macedonian's own view the chase counts at the chance Darius does not get away, 4 in 6."""
    from engine.alexander.evaluate import MP_LEFT
    from engine.alexander.testkit import answer, to_activity

    state = to_activity(position(40, "Gordium", 10, "Ecbatana", darius_at="Tyana"))
    declared = answer(answer(state, "move:macedonian.1"), "mp:3")
    chase = macedonian_points(declared) - macedonian_points(state) - MP_LEFT * 3  # the MP declared aside
    assert chase > 4.0
    assert own_view(declared) - own_view(state) - MP_LEFT * 3 == pytest.approx(chase * 4 / 6)


def crete_lost(home_at: str, home_asp: int = 12):
    """Greece's provinces all held but Crete (an island: no land way), which a Persian garrison
    at Cnossus holds; a home army of `home_asp` ASP at `home_at`."""
    from engine.alexander.testkit import garrison

    state = position(30, "Sardes", 10, "Ecbatana")
    army(state, MAC, 2, home_at, home_asp, leaders=("Antipater",))
    garrison(state, PER, "Cnossus", gsp=1)
    return fresh(state)


def test_a_home_army_is_drawn_by_sea_to_an_island_province_lost():
    """3.4: Greece is held only while every European province is, Crete too; 10.7: an army of up to
    15 ASP goes by sea (Athens - Naxos - Cnossus, 2 sea MP). The shared points count the way
    over land only, so for Crete every army was as far as can be: in a trace the two home armies
    stood in Macedonia and Epirus for the last 59 rounds, Greece lost. In his own view the army
    at Athens, a sea leg from Crete, is worth more than the same army at Pella."""
    from engine.alexander.evaluate_greece import sea_distance

    assert sea_distance("Athens", "Cnossus") == 2 and distance("Athens", "Cnossus") == 60
    near, far = crete_lost("Athens"), crete_lost("Pella")
    shared = macedonian_points(near) - macedonian_points(far)
    assert own_view(near) - own_view(far) > shared + 5


def test_the_pull_by_sea_never_makes_crete_lost_look_better_than_held():
    """The island's pull counts what the shared points charge for it, less: never more. An army
    over 15 ASP may not go by sea (10.7): no pull."""
    from engine.alexander.evaluate import leaders_by_army
    from engine.alexander.evaluate_greece import island_home_front

    lost = crete_lost("Athens")
    held = crete_lost("Athens")
    del held.garrisons["Cnossus"]
    held.control["Crete"] = MAC
    assert own_view(held) > own_view(lost)
    big = crete_lost("Athens", home_asp=20)
    assert island_home_front(big, leaders_by_army(big)) == 0.0


def test_no_pull_by_sea_where_an_enemy_fleet_would_intercept():
    """10.6 / 11.5: enemy fleets within 2 coastal MP intercept a unit entering a space by sea, and
    any 6 of their dice sinks every ASP carried. In a trace the pull by sea sent both home armies
    to sea with the Persian fleet that took Crete waiting at Cnossus: both sunk. With an enemy
    fleet at Cnossus the army at Athens is drawn no more than the one at Pella."""
    from engine.alexander.testkit import fleet

    def watched(space: str):
        state = crete_lost(space)
        fleet(state, "Egyptian", PER, "Cnossus", 3)
        return fresh(state)

    near, far = watched("Athens"), watched("Pella")
    assert own_view(near) - own_view(far) == pytest.approx(macedonian_points(near) - macedonian_points(far))


def test_an_enemy_army_inside_a_major_city_is_no_prey_for_a_move():
    """10.3: a moving army that meets an enemy inside a major city goes on or lays a siege; no
    battle is fought. In a trace Memnon's 32 ASP inside Miletus counted as prey Alexander's moves
    could reach: at Weariness 2 they drew him past Miletus to a siege of Halicarnassus he left the
    next round (+1 Weariness, four times), and at Weariness 7 the battle's Weariness they would
    cost made every move declared look worse, so his 93 ASP stood at Ephesus for 140 rounds. A
    move declared is worth the same as with Memnon far away; in the field he is prey."""
    from engine.alexander.evaluate import under_way
    from engine.alexander.testkit import answer, to_activity

    def declared(memnon_at: str, weariness: int, inside: bool = True):
        state = clear(start(seed=3))
        army(state, MAC, 1, "Ephesus", 60, elite=2, leaders=(ALEXANDER,))
        army(state, PER, 1, "Susa", 20, leaders=("Darius III",))
        army(state, PER, 2, memnon_at, 32, leaders=("Memnon",), inside=inside)
        state.weariness = weariness
        return answer(answer(to_activity(fresh(state)), "move:macedonian.1"), "mp:4")

    for weariness in (2, 7):
        far = declared("Ecbatana", weariness)
        walled = declared("Miletus", weariness)
        assert under_way(walled) == pytest.approx(under_way(far))
        assert own_view(walled) - macedonian_points(walled) == pytest.approx(own_view(far) - macedonian_points(far))
    assert under_way(declared("Miletus", 2, inside=False)) > under_way(declared("Ecbatana", 2)) + 1.0


def test_building_the_alexandria_in_egypt_pays():
    """13.0, 3.4: the Alexandria in Egypt is part of the cult's objective. The two free GSP kept for
    it counted 3 points each, the Alexandria 5: building it looked 1 point worse, and in a game
    (seed 9700 game 9 against greedy, session 8) Egypt was held with 11 free GSP for 200 rounds and
    it was never built. Now the Admin Phase's "build" is the bot's answer."""
    from engine.ai.players import greedy
    from engine.alexander.testkit import answer, ids, kind, to_activity

    state = clear(start())
    army(state, MAC, 1, "Memphis", 20, leaders=["Alexander III"])
    state.control["Egypt"] = MAC
    state.prefs = {"Ann": {}, "Bo": {}}
    state = answer(to_activity(fresh(state)), "admin")
    assert kind(state) == "alexandria" and "build:Alexandria" in ids(state)
    built = answer(state, "build:Alexandria")
    assert macedonian_points(built) > macedonian_points(answer(state, "none")) + 3
    assert greedy(GAME, state, decision(state).player, seed=1) == "build:Alexandria"


def test_darius_sent_off_the_map_blocks_the_great_king_in_the_macedonians_view():
    """15.0 (Satrap Insubordination, bad blood): the higher roller of a mixed army's leaders goes to
    the cup, Darius too; 3.4: the Great King needs him captured or killed. Off the map he can be
    neither, so in the Macedonian's own view his bad blood no longer looks like a gain when it sends
    Darius away (seed 9700 game 2 against greedy: away from round 96 to 270)."""
    from engine.alexander.evaluate import leaders_by_army
    from engine.alexander.evaluate_macedonian import macedonian_own_points

    def own(state):
        return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))

    state = position(30, "Sardes", 20, "Ecbatana")
    assert state.leaders["Darius III"].startswith("army:")
    away = state.model_copy(deep=True)
    away.leaders["Darius III"] = "cup"
    away = fresh(away)
    assert macedonian_points(away) > macedonian_points(state)  # the shared points: a weaker army, no way to him
    assert own(away) < own(state) - 3


def test_the_persians_freeze_counts_no_more_than_the_armies_it_holds_in_the_macedonians_view():
    """5.2: while another Persian army is larger than his Army #1 only Army #1 acts; the shared
    points count the freeze 6 for the Macedonian, more than 11 ASP are worth, so destroying the
    army that breaks it looked a loss: Alexander sat at two Siege Points before Babylon with 11 ASP
    inside for 96 rounds (seed 9700 game 9 against random). In his own view it is a gain."""
    from engine.alexander.evaluate import leaders_by_army
    from engine.alexander.evaluate_macedonian import macedonian_own_points

    def own(state):
        return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))

    state = position(60, "Sardes", 11, "Ecbatana", darius_at="Persepolis")  # Darius's army: 3 ASP
    gone = state.model_copy(deep=True)
    gone.armies = [a for a in gone.armies if a.id != "persian.2"]
    gone = fresh(gone)
    assert macedonian_points(gone) < macedonian_points(state)  # the shared points: the freeze lost
    assert own(gone) > own(state)


def test_a_second_desert_link_in_a_round_costs_more_than_the_next_checks_chance():
    """9.0: more than one desert link in a round, +1 Weariness at the move's end. The shared points
    charge it at the next Weariness check's chance (0.6 points below Weariness 7), though it stays
    for the game: in 40 saved games a second desert link brought 2.3 Weariness a game (session 10).
    In his own view the move that has crossed two costs DESERT_AHEAD more, until its point is paid."""
    from engine.alexander.evaluate_macedonian import DESERT_AHEAD, desert_ahead
    from engine.alexander.testkit import answer, to_activity

    state = clear(start(seed=3))
    army(state, MAC, 1, "Hamath", 30, leaders=(ALEXANDER,))
    army(state, PER, 1, "Susa", 20, leaders=("Darius III",), inside=True)
    state = answer(answer(to_activity(fresh(state)), "move:macedonian.1"), "mp:4")
    one = answer(state, "go:Tadmor")  # a desert link
    assert one.move["desert"] == 1 and desert_ahead(one) == 0.0
    two = answer(one, "go:Thapsacus")  # a second one
    assert two.move["desert"] == 2 and desert_ahead(two) == -DESERT_AHEAD
    counted_once = GAME.copy_state(two)
    counted_once.move["desert"] = 1

    def own_terms(s):
        return own_view(s) - macedonian_points(s)

    assert own_terms(two) == pytest.approx(own_terms(counted_once) - DESERT_AHEAD)
    paid = GAME.copy_state(two)
    paid.turn["desert_weary"] = True  # this round's desert point already taken
    assert desert_ahead(paid) == 0.0
