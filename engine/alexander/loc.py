"""Lines of Communication (7.3): whether a unit can trace a path to one of its usable
treasuries, and to which.

A LOC is counted in MP: land and sea links may mix up to the land limit (Macedonian 10,
Persian 8), desert links cost 2, open sea cannot be used, Devastation doubles the land links
of its province and Drought every link in its province and the adjacent ones. Besides, a
purely naval LOC may run up to 8 MP to a treasury city, or up to 2 MP to a friendly occupied
port that is not besieged (7.3). The path may not pass through a space held by enemy combat
units or a tribe; enemy fleets close the sea links of their space (a standing reading of "a
LOC by sea can be cut by an interception"), and the straits of which they hold a port unless
the side has a fleet in one of its ports. A Full Royal Treasury supplies the units in its
own space (7.4).
"""

from __future__ import annotations

import heapq
from functools import cache, lru_cache

from engine.alexander.board import LAND_KINDS, LOC_COST, board, other
from engine.alexander.state import AlexState
from engine.alexander.world import royal_treasury_space


def usable_treasuries(s: AlexState, side: str, blocked: set[str] | None = None) -> list[str]:
    """Treasury cities the side holds that are not Empty, not barred by a card, and free of
    enemy combat units."""
    if blocked is None:
        blocked = blocked_spaces(s, side)
    return [city for city, t in s.treasuries.items()
            if t.owner == side and t.level != "empty" and city not in s.unusable and city not in blocked]


def _cost_table(s: AlexState):
    """The LOC cost of each link (None: the static costs apply)."""
    if not s.devastated and not s.drought:
        return None
    return _costs(tuple(sorted(s.devastated)), tuple(sorted(s.drought)))


@lru_cache(maxsize=64)
def _costs(devastated_provinces: tuple[str, ...], drought: tuple[str, ...]) -> dict:
    b = board()
    devastated = set(devastated_provinces)
    dry = set(drought)
    for p in drought:
        dry |= b.provinces[p].adjacent
    costs = {}
    for link in _all_links():
        c = LOC_COST.get(link.kind, 0)
        pa, pb = b.spaces[link.a].province, b.spaces[link.b].province
        if link.kind in LAND_KINDS and (pa in devastated or pb in devastated):
            c *= 2
        if pa in dry or pb in dry:
            c *= 2
        costs[link] = c
    return costs


@cache
def _all_links() -> tuple:
    return tuple({lk for lks in board().links.values() for lk in lks})


@cache
def _neighbours() -> dict[str, tuple]:
    """space -> ((link, other end, static LOC cost, is sea), ...), open sea left out (10.2)."""
    b = board()
    return {space: tuple((lk, lk.end(space), LOC_COST[lk.kind], lk.sea) for lk in links if lk.kind != "open_sea")
            for space, links in b.links.items()}


def blocked_spaces(s: AlexState, side: str) -> set[str]:
    """Spaces held by enemy combat units, or by a tribe (they block a LOC, 7.3, 8.7)."""
    enemy = other(side)
    found = set(s.tribes)
    found.update(a.space for a in s.armies if a.side == enemy)
    found.update(sp for sp, g in s.garrisons.items() if g.side == enemy)
    return found


def distances(s: AlexState, side: str, sources: list[str], limit: int, *, sea_only: bool = False,
              blocked: set[str] | None = None) -> dict[str, int]:
    """LOC distances from `sources` (multi-source Dijkstra), at most `limit` MP. A blocked
    space is reached but not passed through."""
    costs = _cost_table(s)
    if blocked is None:
        blocked = blocked_spaces(s, side)
    enemy = other(side)
    enemy_fleets = {f.space for f in s.fleets if f.side == enemy}
    closed = closed_straits(s, side)
    neighbours = _neighbours()
    best: dict[str, int] = {}
    heap = [(0, src) for src in sources]
    while heap:
        d, space = heapq.heappop(heap)
        if space in best:
            continue
        best[space] = d
        if d and space in blocked:
            continue
        here_fleet = space in enemy_fleets
        for link, nxt, cost, sea in neighbours[space]:
            if nxt in best or (sea_only and not sea):
                continue
            if sea and (here_fleet or nxt in enemy_fleets):
                continue
            if link in closed:
                continue
            nd = d + (costs[link] if costs is not None else cost)
            if nd <= limit:
                heapq.heappush(heap, (nd, nxt))
    return best


@cache
def _straits() -> tuple:
    return tuple(lk for lk in _all_links() if lk.kind == "strait")


def closed_straits(s: AlexState, side: str) -> frozenset:
    """Straits an enemy fleet in one of their ports closes to the side's LOC, unless the side
    has a fleet in one of them ("L'intercettazione non può però avvenire se chi traccia la LOC
    ha una Flotta in uno Spazio di porto che fa parte di quello Stretto", 7.3)."""
    if not s.fleets:
        return frozenset()
    enemy = other(side)
    theirs = {f.space for f in s.fleets if f.side == enemy}
    ours = {f.space for f in s.fleets if f.side == side}
    return frozenset(lk for lk in _straits() if {lk.a, lk.b} & theirs and not {lk.a, lk.b} & ours)


_SUPPLIED: dict[tuple, frozenset[str]] = {}


def _fingerprint(s: AlexState, side: str) -> tuple:
    """Everything a LOC depends on, to reuse the last answers for an unchanged board."""
    return (side, tuple((a.id, a.space, a.side) for a in s.armies), tuple((sp, g.side) for sp, g in s.garrisons.items()),
            tuple(s.tribes), tuple((c, t.owner, t.level) for c, t in s.treasuries.items()), tuple(s.unusable),
            tuple(s.devastated), tuple(s.drought), tuple((f.space, f.side) for f in s.fleets), tuple(s.sieges),
            s.royal_treasury.where, s.royal_treasury.owner, s.royal_treasury.level)


def supplied(s: AlexState, side: str) -> frozenset[str]:
    """Every space from which the side can trace a LOC."""
    key = _fingerprint(s, side)
    found = _SUPPLIED.get(key)
    if found is None:
        found = _supplied(s, side)
        if len(_SUPPLIED) > 256:
            _SUPPLIED.clear()
        _SUPPLIED[key] = found
    return found


def _supplied(s: AlexState, side: str) -> frozenset[str]:
    b = board()
    limits = b.limits
    blocked = blocked_spaces(s, side)
    treasuries = usable_treasuries(s, side, blocked)
    spaces = set(distances(s, side, treasuries, limits["land_loc"][side], blocked=blocked))
    ports = [t for t in treasuries if b.spaces[t].port]
    if ports:
        spaces |= set(distances(s, side, ports, limits["naval_loc_treasury"], sea_only=True, blocked=blocked))
    held = held_ports(s, side)
    if held:
        near = distances(s, side, held, limits["naval_loc_port"], sea_only=True, blocked=blocked)
        spaces |= {sp for sp, d in near.items() if d > 0}
        for port in held:  # a held port is supplied by another held port within reach, not by itself
            if port not in spaces and any(p != port for p in distances(
                    s, side, [port], limits["naval_loc_port"], sea_only=True, blocked=blocked) if p in held):
                spaces.add(port)
    royal = royal_treasury_space(s, side)
    if royal:
        spaces.add(royal)
    return frozenset(spaces)


def held_ports(s: AlexState, side: str) -> list[str]:
    """Ports the side occupies (combat units or a fleet) that are not besieged (7.3)."""
    b = board()
    found = {a.space for a in s.armies if a.side == side}
    found.update(sp for sp, g in s.garrisons.items() if g.side == side)
    found.update(f.space for f in s.fleets if f.side == side)
    return sorted(sp for sp in found if b.spaces[sp].port and sp not in s.sieges)


def has_loc(s: AlexState, side: str, space: str) -> bool:
    return space in supplied(s, side)


def treasuries_in_reach(s: AlexState, side: str, space: str) -> list[str]:
    """The treasuries a unit at `space` may draw on ("royal" for the Royal Treasury)."""
    b = board()
    limits = b.limits
    found = []
    land = distances(s, side, [space], limits["land_loc"][side])
    sea = distances(s, side, [space], limits["naval_loc_treasury"], sea_only=True) if b.spaces[space].port else {}
    for city in usable_treasuries(s, side):
        if city in land or city in sea:
            found.append(city)
    if not found and b.spaces[space].port:
        near = distances(s, side, [space], limits["naval_loc_port"], sea_only=True)
        held = set(held_ports(s, side))
        for port in near:
            if port != space and port in held:
                found += [c for c in treasuries_in_reach_land(s, side, port) if c not in found]
    if royal_treasury_space(s, side) == space:
        found.append("royal")
    return found


def treasuries_in_reach_land(s: AlexState, side: str, space: str) -> list[str]:
    land = distances(s, side, [space], board().limits["land_loc"][side])
    return [city for city in usable_treasuries(s, side) if city in land]


def loc_mp(s: AlexState, side: str, start: str, goal: str) -> int | None:
    """The LOC length from one space to another (None: beyond the land limit or cut)."""
    return distances(s, side, [start], board().limits["land_loc"][side]).get(goal)
