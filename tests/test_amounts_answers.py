"""Choices of several things at once (`Amounts`) can always be answered (issue 27): in random play
of every game, every amounts decision met has answers, every answer `enumerate_answers` yields
parses and is accepted by the game, and every item can be set to each value within its bounds
whenever the decision's totals allow it. Item ids holding blanks ("Heraclea Lyncestis", the
"Rhodian squadron") are answered by a safe key."""

from __future__ import annotations

import random

import pytest

from engine.core import (
    Amounts,
    Decision,
    IllegalAction,
    Item,
    Option,
    Total,
    answer_key,
    enumerate_answers,
)
from engine.games import get_game

# (game, players, options, seeds, decisions per game): enough play to meet each game's amounts
# decisions (Alexander with garrisons to place, so the starting-garrison form comes up).
GAMES = [
    ("byzantium", ["Ann", "Bo", "Cy"], {}, (1, 2, 3), 3000),
    ("warriors_traders", ["Ann", "Bo", "Cy"], {}, (1, 2, 3), 3000),
    ("alexander", ["Ann", "Bo"], {"garrisons": "choose"}, (1, 2, 3, 5), 1500),
    ("alexander", ["Ann", "Bo"], {"garrisons": "choose", "solitaire": True}, (4,), 1500),
]
# Answers applied per decision (the rest are parsed only): keeps the test quick.
APPLIED = 40


def counts_with(amounts: Amounts, item: Item, value: int) -> dict[str, int] | None:
    """An answer's counts with `item` at `value` and the others as low as the totals allow, or None
    when no answer has `item` at `value` (every total is over one group of items)."""
    counts = {i.id: i.min for i in amounts.items}
    counts[item.id] = value
    for total in amounts.totals:
        group = [i for i in amounts.items if i.group == total.group]
        others = [i for i in group if i is not item]
        value_now = sum(counts[i.id] for i in group)
        room = sum(i.max - i.min for i in others)
        # The smallest sum >= the total's lower bound, on its step, that the others can reach.
        need = max(total.lo - value_now, 0)
        aligned = value_now + need
        aligned += (-(aligned - total.lo)) % total.step
        need = aligned - value_now
        if need > room or aligned > total.hi:
            return None
        for other in others:
            add = min(other.max - other.min, need)
            counts[other.id] += add
            need -= add
    return counts


def check_amounts(game, state, decision: Decision, rng: random.Random) -> list[str]:
    amounts = decision.amounts
    answers = enumerate_answers(decision)
    mine = [a for a in answers if amounts.parse(a) is not None]
    assert mine, (decision.kind, "no amounts answer at all", [i.id for i in amounts.items])
    plain = {o.id for o in decision.options}
    for answer in answers:
        assert answer in plain or amounts.parse(answer) is not None, (decision.kind, answer)
        assert decision.offers(answer), (decision.kind, answer)
    for item in amounts.items:
        assert "=" not in answer_key(item.id) and "," not in answer_key(item.id) and " " not in answer_key(item.id)
        for value in range(item.min, item.max + 1):
            counts = counts_with(amounts, item, value)
            if counts is None:
                continue
            if amounts.refusal(counts) is not None:
                # A rule the totals cannot say (Amounts.check, e.g. Byzantium's upkeep) refuses this
                # filling of the other items; the value must still be reachable by another one.
                assert any(amounts.parse(a)[item.id] == value for a in mine if amounts.parse(a)) or \
                    len(mine) >= 1000, (decision.kind, item.id, value, "unreachable")
                continue
            answer = amounts.answer(counts)
            if amounts.refusal(counts) is not None:
                continue  # a rule the bounds and totals cannot say (the game's `check`) refuses these counts
            assert amounts.parse(answer) == counts, (decision.kind, item.id, value, answer)
            assert decision.offers(answer), (decision.kind, answer)
            if value == item.max:  # the top of each item is applied too (the form's case)
                mine.append(answer)
    for answer in rng.sample(mine, min(APPLIED, len(mine))):
        try:
            game.apply(state, decision.player, answer)
        except IllegalAction as refused:
            raise AssertionError((decision.kind, answer, str(refused))) from None
    return mine


@pytest.mark.parametrize(("name", "players", "options", "seed", "cap"),
                         [(n, p, o, s, c) for n, p, o, seeds, c in GAMES for s in seeds])
def test_every_amounts_answer_met_in_random_play_parses_and_is_accepted(name, players, options, seed, cap):
    game = get_game(name)
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    met: set[str] = set()
    for _ in range(cap):
        if game.is_over(state):
            break
        decision = game.pending(state)[0]
        answers = enumerate_answers(decision, 100)
        if decision.amounts is not None:
            answers = check_amounts(game, state, decision, rng) or answers
            met.add(decision.kind)
        state, _ = game.apply(state, decision.player, rng.choice(answers))
    assert met, f"random play of {name} met no amounts decision"


def test_item_ids_with_blanks_are_answered_by_a_safe_key():
    amounts = Amounts((Item("Heraclea Lyncestis", "Heraclea Lyncestis", 3), Item("Pella", "Pella", 3)),
                      (Total(1, 4),), prefix="gsp")
    assert amounts.answer({"Heraclea Lyncestis": 2, "Pella": 1}) == "gsp:Heraclea_Lyncestis=2,Pella=1"
    assert amounts.parse("gsp:Heraclea_Lyncestis=2,Pella=1") == {"Heraclea Lyncestis": 2, "Pella": 1}
    assert amounts.parse("gsp:Heraclea Lyncestis=2") is None  # one spelling per answer
    decision = Decision("Ann", "Garrisons", (Option("back", "Back"),), amounts=amounts)
    assert "gsp:Heraclea_Lyncestis=3" in enumerate_answers(decision)


def test_a_single_target_with_a_blank_has_its_answer():
    """The naval hit that stalled: the Rhodian squadron alone, one NSP to sink."""
    amounts = Amounts((Item("Rhodian squadron", "Rhodian squadron", 1),), (Total(1, 1),), prefix="sink")
    assert enumerate_answers(Decision("Ann", "Sink", (), amounts=amounts)) == ["sink:Rhodian_squadron=1"]


def test_items_whose_keys_collide_are_refused():
    with pytest.raises(ValueError):
        Amounts((Item("a b", "A", 1), Item("a_b", "B", 1)), (Total(0, 2),))
    with pytest.raises(ValueError):
        Amounts((Item("a", "A", 1),), (Total(0, 1),), prefix="bad:prefix")


def test_the_terminal_takes_an_item_with_a_blank_by_its_key():
    from engine.terminal import typed_amounts

    amounts = Amounts((Item("Heraclea Pontica", "Heraclea Pontica", 3), Item("Heraclea Lyncestis", "H L", 3)),
                      (Total(1, 4),), prefix="gsp")
    assert typed_amounts(amounts, "Heraclea_P=2 Heraclea_L=1") == "gsp:Heraclea_Pontica=2,Heraclea_Lyncestis=1"
    assert typed_amounts(amounts, "Heraclea=2") is None  # two items begin so
