"""Choices of several things at once (issue 12): cubes lost, disbanded or given up, the tax and
its split, a reinforcement.

Such a choice is ONE decision whose answer names the whole combination in the Amounts syntax
(`loss:elite=1,main=2`), so it is one click and one stored choice. When the legal combinations are
few they are plain options (buttons); when they are many the decision carries `amounts` (a form,
or a typed line in the terminal) and a few plain options for the common answers: shortcuts whose
ids are answers of the same amounts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core import Amounts, Decision, Item, Option, Total

# At most this many legal combinations are offered as plain options.
PLAIN_LIMIT = 8


def combinations(amounts: Amounts, valid: Callable[[dict[str, int]], bool] | None = None,
                 limit: int = 10_000) -> list[dict[str, int]]:
    """The legal counts of `amounts` (at most `limit`), in the order of its items; the sum of all
    items is kept within the widest total while walking, so long lists are never built."""
    items = amounts.items
    ceiling = max((t.hi for t in amounts.totals), default=sum(i.max for i in items))
    found: list[dict[str, int]] = []

    def walk(index: int, counts: dict[str, int], used: int) -> None:
        if len(found) >= limit:
            return
        if index == len(items):
            answer = amounts.answer(counts)
            if amounts.parse(answer) is not None and (valid is None or valid(counts)):
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
                   valid: Callable[[dict[str, int]], bool] | None = None,
                   shortcuts: Callable[[list[dict[str, int]]], Iterable[dict[str, int]]] | None = None) -> Decision:
    """The decision for a choice of several things: every legal combination as a button when
    there are at most PLAIN_LIMIT, else the amounts with `shortcuts` (picked from the first
    legal combinations found) as buttons."""
    found = combinations(amounts, valid, limit=PLAIN_LIMIT + 1)
    found.sort(key=lambda counts: sum(counts.values()))  # the fewest things first
    if len(found) <= PLAIN_LIMIT:
        options = tuple(Option(amounts.answer(c), label(c)) for c in found)
        if not options:
            raise RuntimeError(f"a '{kind}' decision for {player} has no legal combination")
        return Decision(player=player, prompt=prompt, options=options, kind=kind)
    picked: list[dict[str, int]] = []
    for counts in (shortcuts(found) if shortcuts else ()):
        if counts not in picked and amounts.parse(amounts.answer(counts)) is not None \
                and (valid is None or valid(counts)):
            picked.append(counts)
    options = tuple(Option(amounts.answer(c), label(c)) for c in picked)
    return Decision(player=player, prompt=prompt, options=options, kind=kind, amounts=amounts)


def box_amounts(prefix: str, counts: dict[str, int], labels: dict[str, str], lo: int, hi: int,
                total_label: str = "") -> Amounts:
    """How many cubes from each box (only boxes holding any), `lo` to `hi` in all."""
    items = tuple(Item(box, labels[box], n) for box, n in counts.items() if n)
    return Amounts(items, (Total(lo, hi, label=total_label),), prefix=prefix)


def parse(amounts: Amounts, option_id: str) -> dict[str, int]:
    counts = amounts.parse(option_id)
    if counts is None:  # pragma: no cover - Game.apply checked that the decision offers it
        raise RuntimeError(f"'{option_id}' is not an answer of {amounts.prefix}")
    return counts
