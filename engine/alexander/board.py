"""The fixed parts of the game, read once from map.json and rules.json: provinces, spaces,
links, leaders, fleets, cards and tables. Nothing here changes during a game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent

MAC, PER = "macedonian", "persian"
SIDES = (MAC, PER)

LAND_KINDS = frozenset({"land", "mountain", "pass", "strait", "desert"})
SEA_KINDS = frozenset({"coastal", "open_sea"})
MOVE_COST = {"land": 1, "mountain": 2, "pass": 2, "strait": 2, "desert": 1, "coastal": 1, "open_sea": 4}
LOC_COST = {"land": 1, "mountain": 2, "pass": 2, "strait": 2, "desert": 2, "coastal": 1}  # no open sea (10.2)
# Land interception is barred over these links, and costs -1 over a mountain one (10.6).
NO_LAND_INTERCEPT = frozenset({"pass", "strait", "coastal", "open_sea"})


def other(side: str) -> str:
    return PER if side == MAC else MAC


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    kind: str

    @property
    def sea(self) -> bool:
        return self.kind in SEA_KINDS

    @property
    def cost(self) -> int:
        return MOVE_COST[self.kind]

    def end(self, start: str) -> str:
        return self.b if start == self.a else self.a


@dataclass(frozen=True)
class Space:
    name: str
    province: str | None
    type: str  # minor_city, major_city, treasury_city, stronghold, transit
    defense: int
    port: bool

    @property
    def major(self) -> bool:
        """A major city (treasury cities are major cities too): sieges, 10 GSP inside."""
        return self.type in ("major_city", "treasury_city")

    @property
    def treasury(self) -> bool:
        return self.type == "treasury_city"

    @property
    def transit(self) -> bool:
        return self.type == "transit"

    @property
    def stronghold(self) -> bool:
        return self.type == "stronghold"


@dataclass(frozen=True)
class Province:
    name: str
    region: str  # europe, frontier, persia, independent
    revolt: int | None
    spaces: tuple[str, ...]
    adjacent: frozenset[str]

    @property
    def can_revolt(self) -> bool:
        """In the revolt table with a value, and not a frontier province (6.3)."""
        return self.revolt is not None and self.region != "frontier"

    @property
    def counted_spaces(self) -> int:
        """Spaces for Devastation: transit points excluded (10.9)."""
        return len(self.spaces)


@dataclass(frozen=True)
class Leader:
    name: str
    side: str
    battle: int
    naval: int
    persian: bool = True  # the Persian/non-Persian flag (Satrap Insubordination)


@dataclass(frozen=True)
class FleetInfo:
    name: str
    max_nsp: int
    home_ports: tuple[str, ...]
    card: bool = False
    independent: bool = False


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    side: str  # any, macedonian, persian
    pat: bool
    after: str  # discard, remove, in_play


@dataclass
class Board:
    spaces: dict[str, Space]
    provinces: dict[str, Province]
    links: dict[str, list[Link]]  # space -> links leaving it
    transits: dict[str, tuple[str, ...]] = field(default_factory=dict)  # province -> its transit points
    leaders: dict[str, Leader] = field(default_factory=dict)
    fleets: dict[str, FleetInfo] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    rules: dict = field(default_factory=dict)

    def link(self, a: str, b: str, sea: bool | None = None) -> Link | None:
        """The link from a to b (the land one first unless `sea` says which)."""
        found = [lk for lk in self.links.get(a, ()) if lk.end(a) == b and (sea is None or lk.sea == sea)]
        found.sort(key=lambda lk: lk.sea)
        return found[0] if found else None

    def province_of(self, space: str) -> str | None:
        return self.spaces[space].province

    @property
    def limits(self) -> dict:
        return self.rules["limits"]

    @property
    def tables(self) -> dict:
        return self.rules["tables"]


@cache
def board() -> Board:
    data = json.loads((HERE / "map.json").read_text())
    rules = json.loads((HERE / "rules.json").read_text())
    spaces = {s["name"]: Space(s["name"], s["province"], s["type"], s["defense"] or 0, s["port"])
              for s in data["spaces"]}
    links: dict[str, list[Link]] = {name: [] for name in spaces}
    for c in data["connections"]:
        link = Link(c["a"], c["b"], c["kind"])
        links[c["a"]].append(link)
        links[c["b"]].append(link)
    adjacent: dict[str, set[str]] = {p["name"]: set() for p in data["provinces"]}
    for link in {lk for lks in links.values() for lk in lks}:
        pa, pb = spaces[link.a].province, spaces[link.b].province
        if link.kind in LAND_KINDS and pa and pb and pa != pb:
            adjacent[pa].add(pb)
            adjacent[pb].add(pa)
    provinces = {}
    transits = {}
    for p in data["provinces"]:
        name = p["name"]
        own = tuple(s for s, sp in spaces.items() if sp.province == name and not sp.transit)
        transits[name] = tuple(s for s, sp in spaces.items() if sp.province == name and sp.transit)
        provinces[name] = Province(name, p["region"], p["revolt"], own, frozenset(adjacent[name]))
    leaders = {d["name"]: Leader(d["name"], d["side"], d["battle"], d["naval"], d.get("persian", True))
               for d in rules["leaders"]["list"]}
    fleets = {d["fleet"]: FleetInfo(d["fleet"], d["max_nsp"], tuple(d["home_ports"]), d.get("card", False),
                                    d.get("independent", False)) for d in rules["fleets"]["list"]}
    cards = {d["id"]: Card(d["id"], d["name"], d["count"], d["side"], d["pat"], d["after"])
             for d in rules["cards"]["list"]}
    return Board(spaces, provinces, links, transits, leaders, fleets, cards, rules)


def column(strength: int) -> int:
    """The column of both combat tables for a strength (ASP + GSP)."""
    bounds = board().tables["columns"]["lower_bounds"]
    index = 0
    for i, low in enumerate(bounds):
        if strength >= low:
            index = i
    return index


def _row(rows: dict, roll: int) -> list:
    keys = sorted(int(k) for k in rows)
    chosen = keys[0]
    for k in keys:
        if roll >= k:
            chosen = k
    return rows[str(chosen)]


def battle_score(modified_roll: int, strength: int) -> int:
    """The Land Battle Table: a side's Battle Score."""
    return _row(board().tables["battle"]["rows"], modified_roll)[column(strength)]


def battle_losses(modified_roll: int, strength: int) -> tuple[int, bool]:
    """The Battle Losses Table: (strength points lost, the row is marked F)."""
    table = board().tables["losses"]
    return _row(table["rows"], modified_roll)[column(strength)], modified_roll >= table["fatigue_from"]


def siege_assault(modified_roll: int) -> tuple[int, int]:
    """The Siege Assault Table: (siege points to the city, ASP the attacker loses)."""
    points, lost = _row(board().tables["siege_assault"]["rows"], modified_roll)
    return points, lost


def wound_points(roll: int) -> int | str:
    """Alexander's wounds table for a 2d6 roll: injury points, or "danger" on a 12."""
    bands = board().tables["wounds"]["bands"]
    return _row({k: [v] for k, v in bands.items()}, roll)[0]
