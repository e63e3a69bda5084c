"""What the bots' estimates of an Alexander position share: how far apart two spaces are for an
army, and the odds of a battle between two armies (engine/alexander/evaluate.py, the shared
points, and engine/alexander/evaluate_persian.py, the Persian's own terms)."""

from __future__ import annotations

import heapq
from functools import cache

from engine.alexander.board import MOVE_COST, board, column, wound_points
from engine.alexander.state import AlexState
from engine.alexander.world import battle_rating, king

REACH = 6  # MP an enemy army can cover in one round (a LOC to a treasury)


@cache
def _distances_from(space: str) -> dict[str, int]:
    """MP from `space` to every space over the map's land links at their base cost (an army of
    more than 15 ASP cannot go by sea, 10.7; enemies ignored: a way is what an army fights
    through)."""
    b = board()
    best: dict[str, int] = {}
    heap = [(0, space)]
    while heap:
        d, here = heapq.heappop(heap)
        if here in best:
            continue
        best[here] = d
        for link in b.links.get(here, ()):
            there = link.end(here)
            if there not in best and not link.sea:
                heapq.heappush(heap, (d + MOVE_COST[link.kind], there))
    return best


NO_WAY = 60  # the distance between spaces no land way joins


def distance(a: str, b: str) -> int:
    return _distances_from(b).get(a, NO_WAY)


def army_force(s: AlexState, army, leaders: dict) -> tuple[int, int, int]:
    """(strength, leaders' DRM, Elite) an army brings to a battle: the two best leaders, the
    king always one of them (11.3 D)."""
    names = leaders.get(army.id, ())
    oc = king(s, army.side)
    ratings = sorted((battle_rating(n) for n in names if n != oc), reverse=True)
    if oc in names:
        ratings = [battle_rating(oc)] + ratings[:1]
    drm = sum(ratings[:2]) - (2 if army.fatigued or army.useless else 0)
    return army.asp, drm, army.elite


def beats(attacker: tuple[int, int, int], defender: tuple[int, int, int]) -> float:
    """The chance the attacker's Battle Score is higher than the defender's."""
    a_str, a_drm, a_elite = attacker
    d_str, d_drm, d_elite = defender
    a_mod = a_drm + max(0, a_elite - d_elite)
    d_mod = d_drm + max(0, d_elite - a_elite)
    return _win_chance(_column(max(1, a_str)), a_mod, _column(max(1, d_str)), d_mod)


@cache
def _column(strength: int) -> int:
    return column(strength)


@cache
def _win_chance(a_col: int, a_mod: int, d_col: int, d_mod: int) -> float:
    rows = board().tables["battle"]["rows"]
    keys = sorted(int(k) for k in rows)

    def score(roll: int, col: int) -> int:
        chosen = keys[0]
        for k in keys:
            if roll >= k:
                chosen = k
        return rows[str(chosen)][col]

    dist = [0.0] * 13
    for x in range(1, 7):
        for y in range(1, 7):
            dist[x + y] += 1 / 36
    win = 0.0
    for ra in range(2, 13):
        sa = score(ra + a_mod, a_col)
        for rd in range(2, 13):
            if sa > score(rd + d_mod, d_col):
                win += dist[ra] * dist[rd]
    return win


@cache
def wound_odds(kill_points: int | None = None) -> dict[int, float]:
    """Injury points of one battle of Alexander's and their chances (2d6 on his table, 11.3 I): a
    12 is its danger points, or with `kill_points` its roll that kills him counts as that many."""
    table = board().tables["wounds"]
    odds: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            points = wound_points(a + b)
            if points == "danger":
                if kill_points is not None:
                    kill = (7 - table["danger_kill"]) / 6
                    odds[kill_points] = odds.get(kill_points, 0.0) + kill / 36
                    points = table["danger_points"]
                    odds[points] = odds.get(points, 0.0) + (1 - kill) / 36
                    continue
                points = table["danger_points"]
            odds[points] = odds.get(points, 0.0) + 1 / 36
    return odds
