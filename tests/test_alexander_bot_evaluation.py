"""Alexander for bot players (issue 27): the evaluation (engine/alexander/evaluate.py) knows the
objectives, Alexander's safety and the way to the next objective, and the bot takes an obvious
gain and keeps out of an obvious loss.

Rulebook passages behind the values: 3.4 (the Macedonian's three objectives: "Gran Re", Greece,
the cult; Alexander ending his round at Gordium is King of Asia); 10.5 (an overrun at 8 to 1
eliminates the units outside a major city); 9.0 / 11.3 (the Persian wins when Alexander dies)."""

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
