"""A cheap estimate of how a Byzantium game stands, for bot players (`Game.evaluate`).

Each player's final VP is estimated side by side: the VP on the track, the city markers the
player holds (each scores 1 VP at the end), and, weighted by the part of the game still to
play, what money and armies can still become. The money is the treasury plus the income to
come minus the upkeep to pay; a debt costs VP (unpaid cubes leave the game at -1 VP each).

Two endings are weighed: the normal one (the rulebook's halving rule) and the fall of
Constantinople, after which only Arab VP count. Its chance grows with the strongest Arab field
army and its nearness to the capital, so a bot keeps its Arab VP in the race instead of
staking everything on the Byzantine track. The scores become win shares (engine/ai/value.py).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from engine.ai.value import win_shares
from engine.byzantium.board import ARMY_SIDES, CONSTANTINOPLE, ROUNDS, Side, board
from engine.byzantium.flow import Ctx
from engine.byzantium.rounds import upkeep_cost
from engine.byzantium.state import ByzantiumState

MONEY_VP = 0.25  # VP per bezant that can still be spent
ARMY_VP = 0.4  # VP per point of field army strength that can still fight
DEBT_VP = 0.5  # VP lost per bezant of upkeep that cannot be paid
# The chance that Constantinople falls before the end: a base, plus so much per point of the
# most threatening Arab army's strength divided by (1 + its distance in routes), at most MAX.
FALL_BASE, FALL_PER_THREAT, FALL_MAX = 0.08, 0.04, 0.5


def time_left(s: ByzantiumState) -> float:
    """The part of the game still to play, from 1 (the start) to 0 (the last action)."""
    passed = sum(1 for p in s.players if p.passed) / len(s.players)
    return max(0.0, (ROUNDS - s.round + 1 - passed) / ROUNDS)


@cache
def distance_to_capital() -> dict[str, int]:
    """Routes (of any kind) from each city to Constantinople."""
    links = board().links
    seen = {CONSTANTINOPLE: 0}
    queue = deque([CONSTANTINOPLE])
    while queue:
        city = queue.popleft()
        for route in links[city]:
            other = route.other(city)
            if other not in seen:
                seen[other] = seen[city] + 1
                queue.append(other)
    return seen


def side_estimates(s: ByzantiumState) -> dict[str, dict[Side, float]]:
    """Each player's estimated final VP on each side."""
    ctx = Ctx(s)
    left = time_left(s)
    round_ends = ROUNDS - s.round + 1
    held = {(seat, side): 0 for seat in range(len(s.players)) for side in ARMY_SIDES}
    for city in s.cities.values():
        if city.controller is not None and city.side in ARMY_SIDES:
            held[(city.controller, city.side)] += city.markers
    out = {}
    for seat, player in enumerate(s.players):
        sides = {}
        for side in ARMY_SIDES:
            income = 2 * held[(seat, side)]
            money = player.treasury[side] + round_ends * (income - upkeep_cost(ctx, seat, side))
            worth = MONEY_VP * money * left if money > 0 else DEBT_VP * money
            card = player.card(side)
            sides[side] = player.vp[side] + held[(seat, side)] + worth + ARMY_VP * card.strength() * left
        out[player.name] = sides
    return out


def final_score(sides: dict[Side, float]) -> float:
    """The rulebook's score: both tracks, or only the higher when the lower is under half of it."""
    low, high = sorted(sides.values())
    return high if low * 2 < high else low + high


def fall_chance(s: ByzantiumState) -> float:
    left = time_left(s)
    distance = distance_to_capital()
    threat = max((p.arab.strength() / (1 + distance.get(p.arab.at, 9)) for p in s.players if p.arab.at),
                 default=0.0)
    return min(FALL_MAX, FALL_BASE + FALL_PER_THREAT * threat) * min(1.0, 3 * left)


def evaluate(s: ByzantiumState) -> dict[str, float]:
    estimates = side_estimates(s)
    arab = {name: sides[Side.ARAB] for name, sides in estimates.items()}
    # Near the end a lead of a few VP is decisive; early on it is not.
    temperature = 2.0 + 8.0 * time_left(s)
    if s.constantinople_fallen:
        return win_shares(arab, temperature)
    normal = win_shares({name: final_score(sides) for name, sides in estimates.items()}, temperature)
    fallen = win_shares(arab, temperature)
    p = fall_chance(s)
    return {name: (1 - p) * normal[name] + p * fallen[name] for name in normal}
