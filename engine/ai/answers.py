"""The answers a bot considers for a decision: every plain option, and for a choice of several
things (`amounts`) every answer when there are few, else a random sample of valid ones."""

from __future__ import annotations

import random

from engine.core import Amounts, Decision, Game, enumerate_answers

# Up to this many amounts answers are listed in full; beyond it the bot samples.
ENUMERATE_LIMIT = 64
# How many amounts answers a sample holds, and the tries spent finding them.
SAMPLE_SIZE = 16
_TRIES_PER_SAMPLE = 8


def answers(decision: Decision, rng: random.Random) -> list[str]:
    """The answers the bot weighs, in a fixed order for a given `rng` state."""
    if decision.amounts is None:
        return [o.id for o in decision.options]
    listed = enumerate_answers(decision, ENUMERATE_LIMIT + 1)
    if len(listed) <= ENUMERATE_LIMIT:
        return listed
    plain = [o.id for o in decision.options]
    return plain + sample_amounts(decision.amounts, rng, SAMPLE_SIZE)


def random_answer(decision: Decision, rng: random.Random) -> str:
    """One answer drawn at random (a random player's move, a playout step)."""
    if decision.amounts is None:
        return rng.choice(decision.options).id
    if decision.options and rng.random() < len(decision.options) / (len(decision.options) + 1):
        return rng.choice(decision.options).id
    drawn = sample_amounts(decision.amounts, rng, 1)
    if drawn:
        return drawn[0]
    return rng.choice(enumerate_answers(decision, ENUMERATE_LIMIT))


def sample_amounts(amounts: Amounts, rng: random.Random, count: int) -> list[str]:
    """Up to `count` distinct valid answers: pick a total for each group within its bounds, then
    share it out among the group's items one unit at a time, as far as each item takes."""
    found: list[str] = []
    for _ in range(count * _TRIES_PER_SAMPLE):
        if len(found) >= count:
            break
        counts = _draw(amounts, rng)
        if counts is None:
            continue
        answer = amounts.answer(counts)
        if answer not in found and amounts.parse(answer) is not None:
            found.append(answer)
    return found


def _draw(amounts: Amounts, rng: random.Random) -> dict[str, int] | None:
    counts = {item.id: item.min for item in amounts.items}
    bounded = set()
    for total in amounts.totals:
        items = [i for i in amounts.items if i.group == total.group]
        bounded.add(total.group)
        base = sum(i.min for i in items)
        room = sum(i.max - i.min for i in items)
        targets = [t for t in range(total.lo, total.hi + 1, total.step) if base <= t <= base + room]
        if not targets:
            return None
        left = rng.choice(targets) - base
        while left:
            open_items = [i for i in items if counts[i.id] < i.max]
            chosen = rng.choice(open_items)
            counts[chosen.id] += 1
            left -= 1
    for item in amounts.items:
        if item.group not in bounded:
            counts[item.id] = rng.randint(item.min, item.max)
    return counts


def root_answers(game: Game, state, player: str, rng: random.Random) -> list[str]:
    """The answers of `player`'s pending decisions, each once (a sample of a large amounts
    space): where a bot's search starts. ValueError when nothing waits on `player`."""
    mine = [d for d in game.pending(state) if d.player == player]
    if not mine:
        raise ValueError(f"{player} has no decision to take now")
    return list(dict.fromkeys(a for d in mine for a in answers(d, rng)))
