"""The Byzantium board: cities, routes and the army-card facts, loaded once and checked."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources


class Side(StrEnum):
    """Whose markers a city carries. Armies are only ever Byzantine or Arab."""

    BYZANTINE = "byzantine"
    ARAB = "arab"
    PERSIAN = "persian"
    BULGAR = "bulgar"


ARMY_SIDES = (Side.BYZANTINE, Side.ARAB)


def other_side(side: Side) -> Side:
    return Side.ARAB if side == Side.BYZANTINE else Side.BYZANTINE


def bulgars_serve(side: Side) -> Side:
    """The side the Bulgars serve when they attack a `side` city: it pays for their cube and
    takes their VP (the other army side; the Arab side for a Persian or Bulgar city)."""
    return other_side(side) if side in ARMY_SIDES else Side.ARAB


class RouteKind(StrEnum):
    ROAD = "road"
    DESERT = "desert"  # Arab armies only
    SEA = "sea"  # never Bulgars


class Box(StrEnum):
    """The four boxes of an army card."""

    ELITE = "elite"
    MAIN = "main"
    LEVY = "levy"
    MOVEMENT = "movement"


# Bezants per cube at the end of a round (the gold circles on the army card).
UPKEEP = {Box.ELITE: 3, Box.MAIN: 1, Box.MOVEMENT: 1, Box.LEVY: 2}

CONSTANTINOPLE = "Constantinople"
NICAEA = "Nicaea"
CONSTANTINOPLE_STRENGTH = 5
CUBES_PER_PLAYER = 42
CUBE_PRICE = 3
CHURCH_PRICE = 6
BULGAR_CUBES = 11
BULGARS_AT_START = 7
ROUNDS = 3
MAX_MARKERS = 3

# Starting army cards (numbers printed in the small white boxes), pools and money.
START_CARDS = {
    Side.BYZANTINE: {Box.ELITE: 1, Box.MAIN: 3, Box.LEVY: 2, Box.MOVEMENT: 2},
    Side.ARAB: {Box.ELITE: 0, Box.MAIN: 8, Box.LEVY: 0, Box.MOVEMENT: 5},
}
START_AVAILABLE = 9
START_CASUALTY = 12
START_TREASURY = {Side.BYZANTINE: 15, Side.ARAB: 5}
START_VP = 10
FORTIFICATIONS = 2

# The 16 boxes of the special actions board, grouped by the action they offer.
SPECIAL_BOXES: dict[str, tuple[str, ...]] = {
    "bulgars": ("bulgars_1", "bulgars_2"),
    "fortify": ("fortify_1", "fortify_2"),
    "byzantine_improvement": ("byzantine_improvement_1", "byzantine_improvement_2"),
    "emperor": ("emperor",),
    "byzantine_civil_war": ("byzantine_civil_war",),
    "byzantine_fleet": ("byzantine_fleet",),
    "arab_improvement": ("arab_improvement_1", "arab_improvement_2", "arab_improvement_3"),
    "caliph": ("caliph",),
    "arab_civil_war": ("arab_civil_war_1", "arab_civil_war_2"),
    "arab_fleet": ("arab_fleet",),
}
ALL_BOXES = tuple(box for boxes in SPECIAL_BOXES.values() for box in boxes)


@dataclass(frozen=True)
class City:
    name: str
    side: Side
    strength: int
    lat: float
    lon: float
    coastal: bool
    bulgar_entry: bool


@dataclass(frozen=True)
class Route:
    a: str
    b: str
    kind: RouteKind

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Board:
    cities: dict[str, City]
    routes: tuple[Route, ...]
    # city -> routes touching it, sorted by the neighbour's name for deterministic output
    links: dict[str, tuple[Route, ...]]

    def neighbours(self, city: str, kinds: frozenset[RouteKind]) -> list[tuple[str, Route]]:
        return [(r.other(city), r) for r in self.links[city] if r.kind in kinds]


@cache
def board() -> Board:
    data = json.loads(resources.files("engine.byzantium").joinpath("map.json").read_text())
    cities = {c["name"]: City(c["name"], Side(c["side"]), c["strength"], c["lat"], c["lon"],
                              c["coastal"], c["bulgar_entry"]) for c in data["cities"]}
    routes = tuple(Route(r["a"], r["b"], RouteKind(r["kind"])) for r in data["routes"])
    _check(cities, routes)
    links = {name: tuple(sorted((r for r in routes if name in (r.a, r.b)), key=lambda r: r.other(name)))
             for name in cities}
    return Board(cities, routes, links)


def _check(cities: dict[str, City], routes: tuple[Route, ...]) -> None:
    if len(cities) != 33:
        raise ValueError(f"the Byzantium board has 33 cities, the data has {len(cities)}")
    seen = set()
    for route in routes:
        for end in (route.a, route.b):
            if end not in cities:
                raise ValueError(f"route {route.a}-{route.b} names an unknown city {end}")
        key = frozenset((route.a, route.b))
        if key in seen or route.a == route.b:
            raise ValueError(f"route {route.a}-{route.b} is repeated or loops")
        seen.add(key)
    if CONSTANTINOPLE not in cities:
        raise ValueError("the board has no Constantinople")
