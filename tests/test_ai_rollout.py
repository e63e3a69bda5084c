"""The rollout bot (engine/ai/rollout.py, issue 15): in a game whose `bot_method` is "rollout"
(Warriors & Traders) the normal bot takes greedy's best answers and plays each out with greedy
for every seat; it sees the reply that punishes the move greedy likes, ends its rollouts at
the same point of the game whatever the candidate, stays within its work budget and chooses
the same for the same seed."""

from __future__ import annotations

from ai_games import Bait

from engine import get_game
from engine.ai import search
from engine.ai.players import greedy
from engine.ai.rollout import Rollouts, rollout_search
from engine.ai.work import APPLY
from engine.core import Decision, Option


def test_greedy_takes_the_bait_and_the_rollout_bot_sees_the_reply():
    game = Bait()
    state = game.setup(["Ann", "Bo"], 1, {})
    assert greedy(game, state, "Ann", 1) == "gem"
    result = search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None)
    assert result.option == "wall"
    after, _ = game.apply(state, "Ann", result.option)
    assert greedy(game, after, "Bo", 1) == "dig"  # the reply the rollout expected: a draw, not a raid


def test_the_easy_level_keeps_the_tree_search():
    game = Bait()
    state = game.setup(["Ann", "Bo"], 1, {})
    easy = search(game, state, "Ann", seed=1, budget_ms=20, level="easy", wall_cap_ms=None)
    rolled = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None)
    # The tree search's visits go to every answer; the rollouts only to greedy's best four.
    assert set(easy.visits) == set(Bait.TAKES) and sum(easy.visits.values()) == easy.iterations > 0
    assert set(rolled.means) == {"gem", "wall", "coin", "nap"} and rolled.rounds > 0


class BaitByMoves(Bait):
    def stage(self, state):
        return state.turn  # a stage for each move: Ann's, Bo's


def test_rollouts_end_when_the_stage_has_changed_as_often_as_asked():
    """With a stage for each move, a rollout of one stage stops when Bo is to move: it does not
    see his raid; one of two stages does."""
    game = BaitByMoves()
    state = game.setup(["Ann", "Bo"], 1, {})
    short = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None, settings=Rollouts(stages=1))
    long = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None, settings=Rollouts(stages=2))
    assert short.option == "gem" and long.option == "wall"
    assert long.means["gem"] < long.means["wall"]


def test_only_greedys_best_answers_are_rolled_out_and_one_candidate_is_greedy():
    game = Bait()
    state = game.setup(["Ann", "Bo"], 1, {})
    two = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None, settings=Rollouts(candidates=2))
    assert set(two.means) == {"gem", "wall"} and two.option == "wall"
    one = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None, settings=Rollouts(candidates=1))
    assert one.option == "gem" and one.rounds == 0


def test_without_the_budget_for_one_round_the_bot_plays_greedys_answer():
    game = Bait()
    state = game.setup(["Ann", "Bo"], 1, {})
    # A determinize and the four answers' looks (5 units each) fit; a round of rollouts does not.
    result = rollout_search(game, state, "Ann", seed=1, budget_ms=23 / 6, wall_cap_ms=None)
    assert result.rounds == 0 and result.option == "gem"


def warriors_and_traders_some_way_in():
    game = get_game("warriors_traders")
    state = game.setup(["Ann", "Bo"], 3, {})
    for step in range(12):
        seat = game.pending(state)[0].player
        state, _ = game.apply(state, seat, greedy(game, state, seat, step))
    return game, state, game.pending(state)[0].player


def test_warriors_and_traders_rolls_out_within_its_budget_and_the_same_for_a_seed():
    game, state, seat = warriors_and_traders_some_way_in()
    assert getattr(game, "bot_method", "") == "rollout"
    first = rollout_search(game, state, seat, seed=4, budget_ms=150, wall_cap_ms=None)
    again = rollout_search(game, state, seat, seed=4, budget_ms=150, wall_cap_ms=None)
    assert first.limit - APPLY < first.units <= first.limit
    assert first.rounds >= 1 and len(first.means) > 1
    assert (first.option, first.means, first.units) == (again.option, again.means, again.units)
    assert any(d.player == seat and d.offers(first.option) for d in game.pending(state))
    through_search = search(game, state, seat, seed=4, budget_ms=150, wall_cap_ms=None)
    assert through_search.option == first.option and sum(through_search.visits.values()) == through_search.iterations


def test_a_margin_keeps_greedys_answer_unless_another_is_clearly_better():
    game = Bait()
    state = game.setup(["Ann", "Bo"], 1, {})
    rolled = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None)
    gap = rolled.means["wall"] - rolled.means["gem"]
    assert rolled.option == "wall" and gap > 0
    wide = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None,
                          settings=Rollouts(margin=gap + 0.01))
    assert wide.option == "gem"


class Menu(Bait):
    """Ann first opens a menu ("idle" listed first, then "shop"): opening changes nothing, but
    the shop's next choice takes the gem and idling only the nap. Bo never moves."""

    def _pending(self, state):
        first, _ = state.seats
        if state.turn == 0:
            return [Decision(first, "Where?", (Option("idle", "idle"), Option("shop", "shop")), kind="menu")]
        if state.turn == 1:
            takes = ("gem", "nap") if state.bait else ("nap",)
            return [Decision(first, "Take?", tuple(Option(a, a) for a in takes), kind="take")]
        return []

    def _apply(self, state, player, option_id):
        if state.turn == 0:
            state.bait = option_id == "shop"
        else:
            state.ann += self.TAKES[option_id]
        state.turn += 1
        return []


def test_the_screen_looks_one_own_decision_deeper_when_asked():
    """One move deep "idle" and "shop" look alike (greedy's order keeps "idle"); a screen one
    decision deeper sees that the shop leads to the gem."""
    game = Menu()
    state = game.setup(["Ann", "Bo"], 1, {})
    flat = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None, settings=Rollouts(candidates=1))
    deep = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None,
                          settings=Rollouts(candidates=1, screen_depth=1))
    assert flat.option == "idle" and deep.option == "shop"


class Gamble(Bait):
    """Ann takes 2 points for sure ("safe", listed first) or throws a die ("dice"): 9 points on
    2 to 6, 3 lost on a 1 (7 in expectation); then Bo replies as in Bait."""

    def _pending(self, state):
        first, _ = state.seats
        if state.turn == 0:
            return [Decision(first, "Take?", (Option("safe", "safe"), Option("dice", "dice")), kind="take")]
        return super()._pending(state)

    def _apply(self, state, player, option_id):
        from engine.core import random_below

        if state.turn:
            return super()._apply(state, player, option_id)
        state.ann += 2 if option_id == "safe" else (9 if random_below(state, 6) >= 1 else -3)
        state.turn += 1
        return []


def test_an_answer_that_throws_dice_is_screened_at_its_expectation():
    """On one world the gamble looks as good as its one throw: where that throw is a 1 a screen
    of one world keeps the sure 2 points. Screened over several worlds the gamble is worth its
    expectation, 7, and is taken whatever the seed."""
    game = Gamble()
    state = game.setup(["Ann", "Bo"], 1, {})
    flat, expected = [], []
    for seed in range(20):
        flat.append(rollout_search(game, state, "Ann", seed=seed, budget_ms=20, wall_cap_ms=None,
                                   settings=Rollouts(candidates=1)).option)
        expected.append(rollout_search(game, state, "Ann", seed=seed, budget_ms=100, wall_cap_ms=None,
                                       settings=Rollouts(candidates=1, chance_worlds=16)).option)
    assert "safe" in flat and "dice" in flat  # one world: whichever the die showed
    assert expected == ["dice"] * 20


class Form(Bait):
    """Ann may take "ok" (1 point lost) or open a form, from which "back" returns to where she
    was and "junk" loses 3 points; then Bo replies as in Bait."""

    def _pending(self, state):
        first, _ = state.seats
        if state.turn == 0:
            take = ("back", "junk") if state.bait else ("ok", "open")
            return [Decision(first, "Take?", tuple(Option(a, a) for a in take), kind="take")]
        return super()._pending(state)

    def _apply(self, state, player, option_id):
        if state.turn:
            return super()._apply(state, player, option_id)
        state.bait = option_id == "open"  # the form is open
        if option_id in ("ok", "junk"):
            state.ann -= 1 if option_id == "ok" else 3
            state.turn = 1
        return []


def test_the_deep_screen_does_not_count_going_back_where_it_started():
    """"open", then "back" is where the seat stood: worth nothing, and in play a loop it avoids
    (it would have to take the junk). The deep screen weighs the form by its junk and takes "ok"."""
    game = Form()
    state = game.setup(["Ann", "Bo"], 1, {})
    deep = rollout_search(game, state, "Ann", seed=1, budget_ms=20, wall_cap_ms=None,
                          settings=Rollouts(candidates=1, screen_depth=1))
    assert deep.option == "ok"


class Desk(Bait):
    """Ann may open one of eight forms (each of twelve answers loses 1 to 3 points) or sign, the
    last answer offered, which gains 1 point and hands the move to Bo."""

    FORMS, ITEMS = 8, 12

    def _pending(self, state):
        first, _ = state.seats
        if state.turn == 0:
            take = [f"item{i}" for i in range(self.ITEMS)] if state.bait else \
                [f"open{i}" for i in range(self.FORMS)] + ["sign"]
            return [Decision(first, "Take?", tuple(Option(a, a) for a in take), kind="take")]
        return super()._pending(state)

    def _apply(self, state, player, option_id):
        if state.turn:
            return super()._apply(state, player, option_id)
        if option_id.startswith("open"):
            state.bait = True  # a form is open: Ann decides again
            return []
        state.ann += 1 if option_id == "sign" else -(1 + int(option_id[4:]) % 3)
        state.bait, state.turn = False, 1
        return []


def test_the_deep_screen_weighs_every_answer_that_ends_the_seats_turn_whatever_its_budget():
    """The deep screen looks one decision further after each answer that opens one; when its
    budget ran out among them, the answers not yet screened were dropped, the best with them if
    it came last (Alexander's "Proclaim the Proskynesis", after a dozen moves). An answer after
    which the seat does not decide costs nothing to screen: it is always weighed."""
    game = Desk()
    state = game.setup(["Ann", "Bo"], 1, {})
    per_form = Desk.ITEMS * APPLY  # the screen of one form, at least
    budget_ms = 3 * per_form / 6  # units: 6 a millisecond; room for two or three forms, not eight
    found = rollout_search(game, state, "Ann", seed=1, budget_ms=budget_ms, wall_cap_ms=None,
                           settings=Rollouts(candidates=1, screen_depth=1, width=Desk.ITEMS))
    assert found.units > found.limit - APPLY - 1  # the budget ran out while screening the forms
    assert found.option == "sign"


class SignedDesk(Desk):
    """As Desk, but after signing Ann files the form herself (her decision again) before Bo moves."""

    def _pending(self, state):
        first, _ = state.seats
        if state.turn == 0 and state.ann > 0:
            return [Decision(first, "File?", (Option("file", "file"),), kind="file")]
        return super()._pending(state)

    def _apply(self, state, player, option_id):
        if option_id == "file":
            state.turn = 1
            return []
        super()._apply(state, player, option_id)
        if option_id == "sign":
            state.turn = 0  # filed next
        return []


def test_the_deep_screen_weighs_the_best_answers_at_a_glance_first():
    """When every answer leaves the seat deciding on, those worth most at once are screened first:
    "sign" (a point at once, then filed) is weighed though a dozen forms come before it."""
    game = SignedDesk()
    state = game.setup(["Ann", "Bo"], 1, {})
    budget_ms = 3 * Desk.ITEMS * APPLY / 6
    found = rollout_search(game, state, "Ann", seed=1, budget_ms=budget_ms, wall_cap_ms=None,
                           settings=Rollouts(candidates=1, screen_depth=1, width=Desk.ITEMS))
    assert found.units > found.limit - APPLY - 1
    assert found.option == "sign"
