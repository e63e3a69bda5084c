"""Choices of several things at once (issue 12): cubes lost, disbanded or given up, the tax and
its split, a reinforcement.

Such a choice is ONE decision whose answer names the whole combination in the Amounts syntax
(`loss:elite=1,main=2`), so it is one click and one stored choice. When the legal combinations are
few they are plain options (buttons); when they are many the decision carries `amounts` (a form,
or a typed line in the terminal) and a few plain options for the common answers: shortcuts whose
ids are answers of the same amounts. Every answer a decision offers is accepted: a rule the
bounds and totals cannot say (the upkeep's "until the rest can be paid", bezants for bought
cubes) is the amounts' `check`, which refuses the other counts with its reason (issue 28: listing
every legal combination instead gave 143 buttons in 6 menus over two messages).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from engine.core import Amounts, Decision, Item, Option, Total
from engine.text import Msg

# At most this many legal combinations are offered as plain options (more when a rule the totals
# cannot say leaves only some of them legal).
PLAIN_LIMIT = 8
ALL_LIMIT = 20_000  # far above any Byzantium choice (a reinforcement has 165 answers)


def combinations(amounts: Amounts, limit: int = 10_000) -> list[dict[str, int]]:
    """The legal counts of `amounts` (at most `limit`), in the order of its items; the sum of all
    items is kept within the widest total while walking, so long lists are never built."""
    items = amounts.items
    ceiling = max((t.hi for t in amounts.totals), default=sum(i.max for i in items))
    found: list[dict[str, int]] = []

    def walk(index: int, counts: dict[str, int], used: int) -> None:
        if len(found) >= limit:
            return
        if index == len(items):
            if amounts.allows(counts):  # parse(answer(counts)), without the text between
                found.append(dict(counts))
            return
        item = items[index]
        for n in range(min(item.max, ceiling - used), item.min - 1, -1):  # the first boxes first
            counts[item.id] = n
            walk(index + 1, counts, used + n)
        counts[item.id] = 0

    walk(0, {}, 0)
    return found


def combo_decision(player: str, prompt: str, kind: str, amounts: Amounts, label: Callable[[dict[str, int]], str],
                   shortcuts: Callable[[list[dict[str, int]]], Iterable[dict[str, int]]] | None = None) -> Decision:
    """The decision for a choice of several things: every legal combination as a button when there
    are at most PLAIN_LIMIT; else the amounts (their `check` saying the rule the totals cannot),
    with `shortcuts` (picked from the legal combinations) as buttons."""
    # One wording for an answer, on a button or typed into the form (issue 28 item 7).
    amounts = dataclasses.replace(amounts, words=label)
    legal = combinations(amounts, limit=ALL_LIMIT)  # combinations() keeps what amounts.parse accepts
    legal.sort(key=lambda counts: sum(counts.values()))  # the fewest things first
    if len(legal) <= PLAIN_LIMIT:
        options = tuple(Option(amounts.answer(c), amounts.describe(c)) for c in legal)
        if not options:
            raise RuntimeError(f"a '{kind}' decision for {player} has no legal combination")
        return Decision(player=player, prompt=prompt, options=options, kind=kind)
    picked: list[dict[str, int]] = []
    for counts in (shortcuts(legal) if shortcuts else ()):
        if counts not in picked and amounts.parse(amounts.answer(counts)) is not None:
            picked.append(counts)
    options = tuple(Option(amounts.answer(c), amounts.describe(c)) for c in picked)
    return Decision(player=player, prompt=prompt, options=options, kind=kind, amounts=amounts)


def box_amounts(prefix: str, counts: dict[str, int], labels: dict[str, str], lo: int, hi: int,
                total_label: str = "", check: Callable[[dict[str, int]], Msg | None] | None = None) -> Amounts:
    """How many cubes from each box (only boxes holding any), `lo` to `hi` in all."""
    items = tuple(Item(box, labels[box], n) for box, n in counts.items() if n)
    return Amounts(items, (Total(lo, hi, label=total_label),), prefix=prefix, check=check)


def parse(amounts: Amounts, option_id: str) -> dict[str, int]:
    counts = amounts.parse(option_id)
    if counts is None:  # pragma: no cover - Game.apply checked that the decision offers it
        raise RuntimeError(f"'{option_id}' is not an answer of {amounts.prefix}")
    return counts
