"""The Macedonian's own pull back to a European province lost that no army can reach by land:
Crete, an island province (3.4: Greece is held only while every European province is).

The shared points (engine/alexander/evaluate.py `home_front`) draw the home army nearest a
European province not held to it, per MP over the map's LAND links. Crete has none (Cnossus's
only links are by sea: Naxos, Cydonia, the open sea), so every army counts as the farthest
(HOME_CAP) wherever it stands: nothing draws one towards it. Crete is held at the start by its
control marker alone (3.1j) and goes to the only side with a fleet in one of its ports (6.2):
in traces (seed 2000 games 2 and 3 against greedy, seed 6000 game 1 against random, all
unfinished after 2000 decisions) the Persian fleet took it, once by beating the Greek fleet
at Cnossus, and it stayed Persian for the last 96, 177 and 107 rounds: Greece not held, with
the Great King 4/4 and the cult 3/4 in the last. The home armies stood in Macedonia and
Thrace, while an army of up to 15 ASP sails Athens - Naxos - Cnossus in 2 sea MP (10.7).

Here, for a lost European province no home army reaches by land, the same pull counted over
land and sea, credited back in the Macedonian's favour: at most 15 ASP by sea, one land leg and
one sea leg of at most 4 sea MP, a land leg after it on the island (open sea left out: never
with land), and only into spaces no enemy fleet can intercept in (10.6: within 2 coastal MP).
So the lost island costs what the shared points charge while no army can sail there safely,
never more; an army on a safe way makes it cost less. Without the fleets' watch a first
version sent both home armies of seed 6000 game 1 to sea along the coast with the Persian
fleet that took Crete two sea MP away: each was intercepted, failed to avoid and was sunk (any
6 of three dice, 11.5), and Europe was left with no army. With it, in that game the home army
waited until the fleet had sailed, then landed on Crete in two rounds (lost 14 rounds in all,
107 before). Dev seeds 2000 (greedy) and 6000 (random), games 1-8 each: the same wins (1 and
3) and losses; Greece not held at the end of 3 unfinished games against greedy (4 before) and
0 against random (1); rounds with a European province lost 542 (937) and 22 (178). A Persian
fleet parked in a Cretan port still keeps it: taking it back needs the fleets (to do)."""

from __future__ import annotations

import heapq
from functools import cache, lru_cache

from engine.alexander.board import MOVE_COST, PER, board
from engine.alexander.evaluate import HOME_CAP, HOME_DISTANCE, home_fronts, mp_left
from engine.alexander.odds import NO_WAY, distance
from engine.alexander.state import AlexState

SEA_ASP_MAX, SEA_MP_MAX = 15, 4  # an army goes by sea with at most 15 ASP and 4 sea MP (10.7)
INTERCEPT_MP = 2  # enemy fleets within 2 coastal MP of a space entered by sea intercept there (10.6)


def island_home_front(s: AlexState, leaders: dict[str, list[str]]) -> float:
    """`home_front` for the lost European provinces out of every home army's reach by land,
    counted with a sea leg: what it charges less, in the Macedonian's favour."""
    home, fronts = home_fronts(s, leaders)
    fleets = frozenset(f.space for f in s.fleets if f.side == PER and f.nsp > 0)
    total = 0.0
    for spaces in fronts:
        if any(distance(a.space, sp) < NO_WAY for a in home for sp in spaces):
            continue  # reached by land: the shared points draw an army already
        near = min((max(0, sea_distance(a.space, sp, fleets) - mp_left(s, a.id))
                    for a in home if a.asp <= SEA_ASP_MAX for sp in spaces), default=HOME_CAP)
        total += HOME_DISTANCE * (HOME_CAP - min(near, HOME_CAP))
    return total


@cache
def _watched(space: str) -> frozenset[str]:
    """The spaces whose fleets can intercept a unit entering `space` by sea: within 2 coastal
    MP (10.6; counted through any fleet: the safe side)."""
    b = board()
    best = {space: 0}
    heap = [(0, space)]
    while heap:
        d, here = heapq.heappop(heap)
        for link in b.links.get(here, ()):
            there, cost = link.end(here), MOVE_COST[link.kind]
            if link.kind == "coastal" and d + cost <= INTERCEPT_MP and d + cost < best.get(there, NO_WAY):
                best[there] = d + cost
                heapq.heappush(heap, (d + cost, there))
    return frozenset(best)


@lru_cache(maxsize=4096)
def _sea_distances_from(space: str, enemy_fleets: frozenset[str]) -> dict[str, int]:
    """MP from `space` to every space for an army of at most 15 ASP: land links, then at most one
    sea leg of at most 4 sea MP (coastal links; open sea never with land), then land links. A
    space no enemy fleet may intercept in only: an army at sea is sunk by any 6 of the
    interceptor's dice (11.5), and a home army sent to sea where an enemy fleet waits is lost more
    often than not (see above)."""
    b = board()
    best: dict[tuple[str, int, int], int] = {}
    found: dict[str, int] = {}
    # phase 0: before the sea leg; 1: at sea (with the sea MP spent); 2: landed after it
    heap = [(0, space, 0, 0)]
    while heap:
        d, here, phase, sea_mp = heapq.heappop(heap)
        if (here, phase, sea_mp) in best:
            continue
        best[(here, phase, sea_mp)] = d
        found.setdefault(here, d)
        for link in b.links.get(here, ()):
            there, cost = link.end(here), MOVE_COST[link.kind]
            if link.kind == "open_sea":
                continue
            if link.sea:
                if phase == 2 or sea_mp + cost > SEA_MP_MAX or _watched(there) & enemy_fleets:
                    continue
                heapq.heappush(heap, (d + cost, there, 1, sea_mp + cost))
            else:
                heapq.heappush(heap, (d + cost, there, 2 if phase else 0, 0))
    return found


def sea_distance(a: str, b: str, enemy_fleets: frozenset[str] = frozenset()) -> int:
    """MP from `a` to `b` with a sea leg no fleet at `enemy_fleets` can intercept."""
    return _sea_distances_from(a, enemy_fleets).get(b, NO_WAY)
