"""Alexander's army Useless in the Macedonian's own view (engine/alexander/evaluate_useless.py):
11.3 H, it may not attack, moves at most 3 spaces and is destroyed with its leaders at its next
defeat; it recovers only at an Admin Phase in a treasury city of its side."""

from __future__ import annotations

from engine.ai import search
from engine.ai.players import Streak
from engine.alexander import GAME
from engine.alexander.evaluate import leaders_by_army, macedonian_points
from engine.alexander.evaluate_macedonian import macedonian_own_points
from engine.alexander.evaluate_useless import USELESS, useless_alexander
from engine.alexander.testkit import MAC, PER, army, clear, decision, fresh, start, to_activity
from engine.alexander.world import ALEXANDER


def own_view(state) -> float:
    """The points the Macedonian's own win share is read from (engine/alexander/win_shares.py)."""
    return macedonian_points(state) + macedonian_own_points(state, leaders_by_army(state))


def alexander_at(space: str, *, useless: bool, enemy_at: str = "Ecbatana", enemy_asp: int = 30):
    """Alexander's 40 ASP at `space`, Pella the Macedonian's only treasury city (the way leads
    east, to Asia); Darius's 20 ASP at Susa, Memnon's army at `enemy_at`; no recruits left."""
    state = clear(start(seed=3))
    mine = army(state, MAC, 1, space, 40, elite=1, leaders=(ALEXANDER,))
    mine.useless = mine.fatigued = useless
    army(state, PER, 1, "Susa", 20, leaders=("Darius III",))
    army(state, PER, 2, enemy_at, enemy_asp, leaders=("Memnon",))
    state.asp_pool[MAC] = 0  # the turn is the army's move
    return to_activity(fresh(state))


def useless_cost(space: str) -> float:
    """What his army being Useless at `space` costs in his own view."""
    return own_view(alexander_at(space, useless=False)) - own_view(alexander_at(space, useless=True))


def test_a_useless_army_far_from_his_treasury_cities_costs_him_more_than_one_in_pella():
    """The shared points count a Useless army only as -2 on the battle tables, the same in Pella as
    anywhere: his own view counts the campaign stopped until it stands in a treasury city of his."""
    assert useless_cost("Chersonese") > useless_cost("Pella") + USELESS
    assert useless_alexander(alexander_at("Chersonese", useless=False), {"macedonian.1": [ALEXANDER]}) == 0.0


def test_a_useless_army_is_drawn_to_the_nearest_treasury_city_of_his_step_by_step():
    """Gordium 12 MP from Pella, Chersonese 3, Abdera 2: the nearer, the less it costs."""
    far, chersonese, abdera, pella = (useless_cost(space) for space in ("Gordium", "Chersonese", "Abdera", "Pella"))
    assert far > chersonese + 2 > abdera + 2 > pella + USELESS + 2


def test_a_useless_alexander_fears_a_defeat_as_the_game():
    """Beaten again, the army is destroyed with Alexander in it (11.3 H): an enemy army in reach
    costs a Useless Alexander far more than a fit one."""
    def enemy_cost(useless):
        far = own_view(alexander_at("Abdera", useless=useless))
        near = own_view(alexander_at("Abdera", useless=useless, enemy_at="Philippopolis", enemy_asp=60))
        return far - near

    assert enemy_cost(True) > enemy_cost(False) + 20


def test_the_bot_takes_a_useless_alexander_back_to_a_treasury_city():
    """Abdera: Pella two MP west, the objectives east in Asia. A fit army makes for them; a Useless
    one goes back to Pella to recover at the next Admin Phase."""
    seat = alexander_at("Abdera", useless=True).sides[MAC]

    def after_the_turn(useless):
        state = alexander_at("Abdera", useless=useless)
        streak = Streak(GAME)
        for n in range(40):
            if GAME.is_over(state) or decision(state).player != seat:
                break
            option = search(GAME, state, seat, seed=n, budget_ms=60, avoid=streak.before(state, seat)).option
            state, _ = GAME.apply(state, seat, option)
        return state.army("macedonian.1")

    assert after_the_turn(True).space == "Pella"
    assert after_the_turn(False).space != "Pella"

