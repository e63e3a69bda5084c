"""`Amounts.allows` says whether counts are an answer without writing them as an option id and
parsing it back (issue 30): Byzantium's upkeep and reinforcement walk every combination of their
cubes (engine.byzantium.combos.combinations), and the round trip through the id was the largest
part of the engine's work in a quick game. It must say exactly what `parse(answer(counts))` says."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.byzantium import combos, rounds
from engine.core import Amounts, Item, Total, enumerate_answers
from engine.text import msg
from tests.byzantium_kit import GAME


def random_amounts(rng: random.Random) -> Amounts:
    """Items (some ids with blanks, some in a second group) with bounds, totals with steps, and
    sometimes a check refusing some counts the totals allow."""
    items = []
    for i in range(rng.randint(1, 4)):
        low = rng.choice((0, 0, 1))
        items.append(Item(rng.choice((f"box{i}", f"Box {i} west")), f"label {i}", low + rng.randint(0, 3), low,
                          rng.choice(("", "", "b"))))
    totals = [Total(rng.randint(0, 2), rng.randint(2, 7), rng.choice((1, 1, 2)), group)
              for group in sorted({i.group for i in items}) if rng.random() < 0.8]
    check = None
    if rng.random() < 0.6:
        odd = rng.choice(items).id

        def check(counts, odd=odd):
            return msg("no odd count") if counts[odd] % 2 else None
    return Amounts(tuple(items), tuple(totals), prefix=rng.choice(("loss", "disband")), check=check)


def old_combinations(amounts: Amounts, limit: int = combos.ALL_LIMIT) -> list[dict[str, int]]:
    """combinations() as it was: every leaf written as its option id and parsed back."""
    items = amounts.items
    ceiling = max((t.hi for t in amounts.totals), default=sum(i.max for i in items))
    found: list[dict[str, int]] = []

    def walk(index, counts, used):
        if len(found) >= limit:
            return
        if index == len(items):
            if amounts.parse(amounts.answer(counts)) is not None:
                found.append(dict(counts))
            return
        item = items[index]
        for n in range(min(item.max, ceiling - used), item.min - 1, -1):
            counts[item.id] = n
            walk(index + 1, counts, used + n)
        counts[item.id] = 0

    walk(0, {}, 0)
    return found


def test_allows_says_what_parsing_the_answer_says():
    rng = random.Random(30)
    compared = accepted = 0
    for _ in range(300):
        amounts = random_amounts(rng)
        # Every count from one below the item's least (negative ones too) to one above its most.
        ranges = [range(i.min - 1, i.max + 2) for i in amounts.items]
        for values in itertools.product(*ranges):
            counts = {item.id: n for item, n in zip(amounts.items, values, strict=True)}
            expected = amounts.parse(amounts.answer(counts)) is not None
            assert amounts.allows(counts) is expected, (amounts, counts)
            compared += 1
            accepted += expected
    assert accepted > 1000 and compared - accepted > 1000  # both answers met often


def quick(decision) -> str:
    """The load bench's member (tests/e2e_kit.quick_option): pass, else the first upkeep answer."""
    ids = [o.id for o in decision.options]
    for wanted in ("pass", "done", "stay", "no_levy"):
        if wanted in ids:
            return wanted
    return next((i for i in ids if i.startswith("disband:")), sorted(ids)[0])


def walked_amounts(monkeypatch, seeds, players=("Ann", "Bo", "Cy")):
    """(kind, amounts) of every combination walk Byzantium makes in games played at random and as
    the load bench plays them (passing into every round's upkeep): the real checks."""
    walked = []
    walk = combos.combinations

    def recorded(amounts, limit=10_000):
        walked.append((amounts.prefix, amounts))
        return walk(amounts, limit)

    monkeypatch.setattr(combos, "combinations", recorded)
    for seed in seeds:
        for policy in ("random", "quick"):
            rounds._upkeep_decision.cache_clear()  # an upkeep decision met before is not walked again
            rng = random.Random(seed)
            state = GAME.setup(list(players), seed, {})
            while not GAME.is_over(state) and GAME.version(state) < 400:
                d = rng.choice(GAME.pending(state))
                answer = quick(d) if policy == "quick" else rng.choice(enumerate_answers(d, limit=300))
                state, _ = GAME.apply(state, d.player, answer)
    monkeypatch.undo()
    return walked


def test_the_combinations_of_byzantium_s_decisions_are_those_parsing_accepts(monkeypatch):
    met: dict[str, int] = {}
    for kind, amounts in walked_amounts(monkeypatch, range(5)):
        expected = old_combinations(amounts)
        with monkeypatch.context() as patched:
            # The walk writes no option id and parses none.
            patched.setattr(Amounts, "answer", lambda *a: pytest.fail("combinations wrote an option id"))
            patched.setattr(Amounts, "parse", lambda *a: pytest.fail("combinations parsed an option id"))
            assert combos.combinations(amounts, limit=combos.ALL_LIMIT) == expected
        met[kind] = met.get(kind, 0) + 1
    assert met.get("disband", 0) >= 50 and met.get("loss", 0) >= 3 and met.get("tax", 0) >= 1, met


def test_a_limited_walk_stops_at_the_same_combinations():
    rng = random.Random(7)
    for _ in range(100):
        amounts = random_amounts(rng)
        for limit in (1, 3):
            assert combos.combinations(amounts, limit=limit) == old_combinations(amounts, limit=limit)
