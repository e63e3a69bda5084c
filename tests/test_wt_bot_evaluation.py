"""Warriors & Traders for bot players: the evaluation sees what armies can still take
(engine/warriors_traders/prospects.py, evaluate.py), and the bot takes a province when it can.

Rulebook passages behind the values: Punti Vittoria ("ogni Capitale controllata apporta 3 PV ...
qualsiasi altra Provincia apporterà 1 PV"; "Uccidere i Barbari – ogni Esercito Barbaro distrutto
procura 1 PV"), Nazioni e Province ("Una Provincia è considerata libera se all'interno dei suoi
confini non vi è presenza di Eserciti, Principesse o Fortezze")."""

from engine.ai import choose, search
from engine.ai.players import greedy
from engine.warriors_traders import GAME
from engine.warriors_traders.evaluate import estimated_scores
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.prospects import reach_value
from engine.warriors_traders.state import War
from engine.warriors_traders.testkit import act, clear, options, put, run, seat, set_levels, start


def position(turn=2):
    """Ann is France, Bo England; an empty board but for the capitals' fortresses."""
    state = start(nations={"Ann": "france", "Bo": "england"})
    state.turn = turn
    clear(state)
    for name, capital in (("Ann", "Île-de-France"), ("Bo", "London")):
        set_levels(state, name, production=1, trade=1, military=1)
        put(state, name, "fortress", capital)
    return state


def fence(state, *provinces):
    """Barbarian fortresses: provinces no small army can take."""
    for p in provinces:
        put(state, None, "fortress", p)


def ann(state) -> float:
    return estimated_scores(state)[0]["Ann"]


def test_an_army_next_to_a_free_province_is_worth_more_than_one_with_nothing_to_take():
    fenced = position()
    fence(fenced, "Anjou", "Artois", "Bourbon", "Normandie")
    put(fenced, "Ann", "infantry", "Île-de-France")
    open_ = position()
    fence(open_, "Artois", "Bourbon", "Normandie")  # Anjou (1 VP, 2 food) is free
    put(open_, "Ann", "infantry", "Île-de-France")
    assert ann(open_) > ann(fenced) + 0.5


def test_the_same_state_without_the_army_is_worth_less():
    with_army = position()
    fence(with_army, "Artois", "Bourbon", "Normandie")
    put(with_army, None, "barbarian", "Anjou")
    put(with_army, "Ann", "infantry", "Île-de-France", 2)
    without = position()
    fence(without, "Artois", "Bourbon", "Normandie")
    put(without, None, "barbarian", "Anjou")
    assert ann(with_army) > ann(without) + 1.0


def test_armies_strong_enough_for_the_barbarians_count_the_province_and_the_kill():
    """Turn 2: a barbarian army has strength 1 and retreats at 1 damage, so 2 infantry kill it
    and one survives to take the province; one infantry alone does not."""
    state = position(turn=2)
    put(state, None, "barbarian", "Anjou")
    put(state, "Ann", "infantry", "Île-de-France", 2)
    fence(state, "Artois", "Bourbon", "Normandie")
    reach, _ = reach_value(Ctx(state), seat(state, "Ann"), 0.0, 0.05, 0.3)
    assert reach == 2.0  # Anjou 1 VP and the barbarian's 1 VP, no income counted
    alone = position(turn=2)
    put(alone, None, "barbarian", "Anjou")
    put(alone, "Ann", "infantry", "Île-de-France", 1)
    fence(alone, "Artois", "Bourbon", "Normandie")
    reach_alone, _ = reach_value(Ctx(alone), seat(alone, "Ann"), 0.0, 0.05, 0.3)
    assert 0 < reach_alone < reach / 2


def test_a_province_of_a_player_at_peace_is_not_within_reach_and_at_war_it_is():
    """Guerra: one enters another player's province only at war with them."""
    state = position()
    for p in ("Bourbon", "Normandie", "Provence"):
        put(state, "Bo", "infantry", p)
    put(state, "Ann", "cavalry", "Anjou", 2)
    reach, _ = reach_value(Ctx(state), seat(state, "Ann"), 5.0, 0.05, 0.3)
    assert reach == 0.0
    state.wars.append(War(a=seat(state, "Ann"), b=seat(state, "Bo"), declared=state.turn))
    reach, _ = reach_value(Ctx(state), seat(state, "Ann"), 5.0, 0.05, 0.3)
    assert reach > 2  # one of the provinces (1 VP, its income) and the infantry in it (1 VP)


def maneuvering(state, player, *, then=()):
    me = seat(state, player)
    return run(state, ("maneuver_begin", me), ("move", me, {"round": 1}), ("battles", me), ("princesses", me), *then)


def take_turn(state, player, chooser):
    """Let `chooser` answer every decision of `player` until nobody waits on them."""
    for _ in range(20):
        mine = [d for d in GAME.pending(state) if d.player == player]
        if not mine:
            return state
        state, _ = act(state, player, chooser(state))
    raise AssertionError("the maneuver did not end")


def test_the_bot_takes_a_free_province_when_it_can():
    state = position()
    fence(state, "Artois", "Bourbon", "Normandie", "Provence")
    put(state, "Ann", "infantry", "Île-de-France")
    # The turn ends after the maneuver and the game goes on: with nothing after it, the game
    # would end at once, and every move but Anjou's a draw on the spot (the rollout bot takes
    # greedy's four best answers, and a draw outranks the step into Anjou there).
    state = maneuvering(state, "Ann", then=[("turn_end",)])
    assert "from:Île-de-France:Anjou" in options(state, "Ann")
    state = take_turn(state, "Ann", lambda s: choose(GAME, s, "Ann", seed=3, budget_ms=30))
    assert state.owner["Anjou"] == seat(state, "Ann")


def test_the_bot_takes_a_barbarian_province_with_enough_armies():
    state = position(turn=2)
    fence(state, "Artois", "Bourbon", "Normandie")
    put(state, None, "barbarian", "Anjou")
    put(state, "Ann", "infantry", "Île-de-France", 2)
    state = maneuvering(state, "Ann")
    state = take_turn(state, "Ann", lambda s: choose(GAME, s, "Ann", seed=5, budget_ms=30))
    assert state.owner["Anjou"] == seat(state, "Ann")
    assert state.player("Ann").vp_kills == 1


def test_the_greedy_player_builds_an_army_next_to_a_barbarian_it_can_then_take():
    """With one weapon left after a first infantry, a second one makes the barbarian next door
    takeable: a one-move player following the evaluation builds it rather than pass."""
    state = position(turn=2)
    fence(state, "Artois", "Bourbon", "Normandie")
    put(state, None, "barbarian", "Anjou")
    put(state, "Ann", "infantry", "Île-de-France")
    state.player("Ann").res.update(weapons=1)
    for p in state.players:  # no token lead to chase: tokens stay as they are
        p.tokens = {"production": 0, "trade": 0, "military": 0}
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}), ("maneuver_start",))
    assert "build:infantry:Île-de-France" in options(state, "Ann")
    choice = greedy(GAME, state, "Ann", 1)
    assert choice == "build:infantry:Île-de-France"


def test_a_gold_that_pays_for_a_fortress_is_worth_more_than_a_tenth_of_a_vp():
    """Costruttori (production IV): a fortress costs 12 goods, 2 food and 1 gold and is worth 3 VP;
    with the goods and food in hand, the one gold missing is worth most of those VP."""
    poor = position()
    set_levels(poor, "Ann", production=4)
    poor.player("Ann").res.update(goods=12, food=2, gold=0)
    rich = poor.model_copy(deep=True)
    rich.player("Ann").res.update(gold=1)
    assert ann(rich) - ann(poor) > 1.5
    early = position()  # production I: no fortress to build, a gold is a tenth of a VP
    early.player("Ann").res.update(goods=12, food=2, gold=0)
    early_rich = early.model_copy(deep=True)
    early_rich.player("Ann").res.update(gold=1)
    assert 0 < ann(early_rich) - ann(early) < 0.2


def test_a_trade_centre_within_reach_is_worth_more_to_a_player_without_one():
    """Fase Commercio: "Solo i giocatori che controllano un Centro Commerciale possono partecipare
    a questa Fase": the first trade centre opens the bank and the purchase of VP."""
    state = position()
    fence(state, "Bourbon", "Normandie")
    put(state, "Ann", "infantry", "Anjou")  # Provence, France's trade centre, is free next door
    without, _ = reach_value(Ctx(state), seat(state, "Ann"), 5.0, 0.05, 0.3)
    put(state, "Ann", "fortress", "East Anglia")  # Ann holds England's trade centre
    holding, _ = reach_value(Ctx(state), seat(state, "Ann"), 5.0, 0.05, 0.3)
    assert without - holding == 5.0 * 0.3


def test_the_search_scores_a_maneuver_half_done_without_random_moves_to_finish_it():
    """The evaluation reads armies on the march, so the search adds no random moves after the
    ones it weighs (a game without `evaluates_mid_action` gets up to QUIET_STEPS of them)."""
    state = position(turn=2)
    for p in ("Artois", "Bourbon", "Normandie", "Anjou"):
        put(state, None, "barbarian", p)
    put(state, "Ann", "infantry", "Île-de-France", 3)
    state = maneuvering(state, "Ann")

    class TreeSearch(type(GAME)):
        bot_method = "mcts"  # not the rollouts of the normal bot (engine/ai/rollout.py)

    class Settling(TreeSearch):
        evaluates_mid_action = False

    at_once = search(TreeSearch(), state, "Ann", seed=2, budget_ms=60)
    settling = search(Settling(), state, "Ann", seed=2, budget_ms=60)
    assert at_once.iterations > 2 * settling.iterations
