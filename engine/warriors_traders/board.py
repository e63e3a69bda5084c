"""The Warriors & Traders boards (West, East, Italy) and piece values, loaded once and checked.

Every value that the rulebook text does not give is marked "reconstructed" in the JSON files
next to this module (maps/*.json, maps/pieces.json) and listed in docs/rules/warriors_traders.md,
so whoever owns the printed board corrects it in one place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

from engine.warriors_traders.state import ARMY_KINDS

MAPS = ("west", "east", "italy")


class Kind(StrEnum):
    """Province types (the symbol on the province token)."""

    CAPITAL = "capital"  # tower, 3 VP
    TRADE_CENTER = "trade_center"  # handshake, 2 VP, lets its owner trade
    COMMON = "common"  # no symbol, 1 VP
    CONTESTED = "contested"  # flame, 1 VP, part of either of two nations


class Res(StrEnum):
    GOLD = "gold"
    FOOD = "food"
    GOODS = "goods"
    WEAPONS = "weapons"


RESOURCES = (Res.GOLD, Res.FOOD, Res.GOODS, Res.WEAPONS)
KIND_VP = {Kind.CAPITAL: 3, Kind.TRADE_CENTER: 2, Kind.COMMON: 1, Kind.CONTESTED: 1}
TRACKS = ("production", "trade", "military")


@dataclass(frozen=True)
class Province:
    name: str
    nation: str | None  # None for a contested province
    contested: tuple[str, ...]  # the two nations of a contested province
    kind: Kind
    symbols: dict[str, int]  # food/goods/weapons symbols on the token
    lat: float
    lon: float

    def nations(self) -> tuple[str, ...]:
        return (self.nation,) if self.nation else self.contested


@dataclass(frozen=True)
class Nation:
    id: str
    name: str
    number: int
    capital: str


@dataclass(frozen=True)
class Variant:
    id: str
    players: int
    start: tuple[str, ...]  # the starting nations, fixed by the variant
    provinces: tuple[str, ...]
    nation: dict[str, str]  # contested province -> the one nation it now belongs to
    contested: dict[str, tuple[str, ...]]  # province -> the two nations that now contest it


@dataclass(frozen=True)
class Board:
    """One map as played: the whole map, or the part a 2- or 3-player variant keeps."""

    map: str
    variant: str | None
    nations: dict[str, Nation]  # by id, in nation-number order
    provinces: dict[str, Province]
    adj: dict[str, tuple[str, ...]]  # sorted neighbours

    def nation_provinces(self, nation: str, *, contested: bool = True) -> list[str]:
        return [p.name for p in self.provinces.values()
                if p.nation == nation or (contested and nation in p.contested)]


@dataclass(frozen=True)
class UnitType:
    name: str
    strength: int
    resistance: int
    food: int
    vp: int
    cost: dict[str, int]
    military_level: int


@dataclass(frozen=True)
class Pieces:
    units: dict[str, UnitType]  # infantry, archer, cavalry (smallest first)
    princess_strength: int
    princess_resistance: int
    princesses: int
    fortress_strength: int
    fortress_resistance: int
    fortresses: int
    fortress_vp: int
    fortress_per_province: int
    fortress_cost: dict[str, int]
    barbarian: dict[int, int]  # turn -> strength and resistance
    upgrade_goods: int
    reserve: int
    production: dict[int, dict[str, int]]
    trade: dict[int, dict[str, int]]
    military: dict[int, dict[str, int]]
    slots: dict[int, int]  # level -> spaces to cover
    unification: dict[int, int]
    victory_free: dict[int, int]
    victory_coop: dict[str, int]
    vp_price: int
    cap: int
    turns: int
    start_resources: dict[str, int]
    start_tokens: int


def _read(name: str) -> dict:
    return json.loads(resources.files("engine.warriors_traders").joinpath("maps", name).read_text(encoding="utf-8"))


@cache
def pieces() -> Pieces:
    d = _read("pieces.json")
    units = {n: UnitType(n, u["strength"], u["resistance"], u["food"], u["vp"], u["cost"], u["military_level"])
             for n, u in d["units"].items()}
    if tuple(units) != ARMY_KINDS:
        raise ValueError("pieces.json must list infantry, archer, cavalry in that order")
    t = d["tracks"]
    p = Pieces(
        units=units,
        princess_strength=d["princess"]["strength"], princess_resistance=d["princess"]["resistance"],
        princesses=d["princess"]["count"],
        fortress_strength=d["fortress"]["strength"], fortress_resistance=d["fortress"]["resistance"],
        fortresses=d["fortress"]["count"], fortress_vp=d["fortress"]["vp"],
        fortress_per_province=d["fortress"]["per_province"], fortress_cost=d["fortress"]["cost"],
        barbarian={int(k): v for k, v in d["barbarian_strength"].items()},
        upgrade_goods=d["upgrade_goods_per_level"], reserve=d["reserve_per_unit_type"],
        production={int(k): v for k, v in t["production"]["levels"].items()},
        trade={int(k): v for k, v in t["trade"]["levels"].items()},
        military={int(k): v for k, v in t["military"]["levels"].items()},
        slots={int(k): v for k, v in t["slots"].items()},
        unification={int(k): v for k, v in d["unification_actions"].items()},
        victory_free={int(k): v for k, v in d["victory"]["free"].items()},
        victory_coop=dict(d["victory"]["coop"]),
        vp_price=d["vp_price_gold"], cap=d["resource_cap"], turns=d["turns"],
        start_resources=d["start_resources"], start_tokens=d["start_tokens"],
    )
    for table in (p.production, p.trade, p.military):
        if sorted(table) != list(range(1, 8)):
            raise ValueError("every technology track has levels I to VII")
    if sorted(p.slots) != list(range(2, 8)) or min(p.slots.values()) < 1:
        raise ValueError("levels II-VII each need at least one space")
    if sorted(p.barbarian) != list(range(1, p.turns + 1)):
        raise ValueError("barbarian strength must be given for every turn")
    return p


@cache
def map_data(name: str) -> dict:
    if name not in MAPS:
        raise ValueError(f"unknown map {name}")
    return _read(f"{name}.json")


def variants(name: str) -> dict[str, Variant]:
    out = {}
    for vid, v in map_data(name)["variants"].items():
        out[vid] = Variant(vid, v["players"], tuple(v["start"]), tuple(v["provinces"]), dict(v["nation"]),
                           {k: tuple(x) for k, x in v["contested"].items()})
    return out


@cache
def board(name: str, variant: str | None = None) -> Board:
    """The map `name`, restricted by `variant` (None: the whole map)."""
    d = map_data(name)
    nations = {n["id"]: Nation(n["id"], n["name"], n["number"], n["capital"])
               for n in sorted(d["nations"], key=lambda n: n["number"])}
    provinces = {p["name"]: Province(p["name"], p["nation"], tuple(p["contested"]), Kind(p["type"]),
                                     dict(p["resources"]), p["lat"], p["lon"]) for p in d["provinces"]}
    borders = [tuple(b) for b in d["borders"]]
    _check_full(name, nations, provinces, borders)
    if variant is not None:
        v = variants(name).get(variant)
        if v is None:
            raise ValueError(f"map {name} has no variant {variant}")
        keep = set(v.provinces)
        unknown = keep - set(provinces)
        if unknown:
            raise ValueError(f"variant {variant} names unknown provinces {sorted(unknown)}")
        changed = {}
        for pname in v.provinces:
            p = provinces[pname]
            if pname in v.nation:
                p = Province(p.name, v.nation[pname], (), Kind.COMMON if p.kind == Kind.CONTESTED else p.kind,
                             p.symbols, p.lat, p.lon)
            if pname in v.contested:
                p = Province(p.name, None, v.contested[pname], Kind.CONTESTED, p.symbols, p.lat, p.lon)
            changed[pname] = p
        provinces = {k: changed[k] for k in provinces if k in keep}
        borders = [b for b in borders if b[0] in keep and b[1] in keep]
        for nid in v.start:
            if nations[nid].capital not in keep:
                raise ValueError(f"variant {variant}: starting nation {nid} has no capital in play")
    adj: dict[str, list[str]] = {p: [] for p in provinces}
    for a, b in borders:
        adj[a].append(b)
        adj[b].append(a)
    in_play = {n for p in provinces.values() for n in p.nations()}
    nations = {k: n for k, n in nations.items() if k in in_play and n.capital in provinces}
    return Board(name, variant, nations, provinces, {p: tuple(sorted(ns)) for p, ns in adj.items()})


def _check_full(name: str, nations: dict[str, Nation], provinces: dict[str, Province],
                borders: list[tuple[str, ...]]) -> None:
    """What the whole map must satisfy; a wrong data file fails here, not mid-game."""
    if len(nations) != 8:
        raise ValueError(f"map {name}: 8 nations expected, found {len(nations)}")
    if sorted(n.number for n in nations.values()) != list(range(1, 9)):
        raise ValueError(f"map {name}: nation numbers must be 1-8 once each")
    seen = set()
    for a, b in borders:
        if a not in provinces or b not in provinces:
            raise ValueError(f"map {name}: border {a}-{b} names an unknown province")
        key = frozenset((a, b))
        if a == b or key in seen:
            raise ValueError(f"map {name}: border {a}-{b} loops or is repeated")
        seen.add(key)
    touched = {p for b in borders for p in b}
    for p in provinces.values():
        if p.name not in touched:
            raise ValueError(f"map {name}: {p.name} has no border")
        if not ((p.nation is not None and not p.contested) or (p.nation is None and len(p.contested) == 2)):
            raise ValueError(f"map {name}: {p.name} must be in one nation or contested between two")
        for n in p.nations():
            if n not in nations:
                raise ValueError(f"map {name}: {p.name} names unknown nation {n}")
        if (p.kind == Kind.CONTESTED) != (p.nation is None):
            raise ValueError(f"map {name}: {p.name} is contested exactly when it has no single nation")
        if set(p.symbols) - {"food", "goods", "weapons"} or any(v < 0 for v in p.symbols.values()):
            raise ValueError(f"map {name}: {p.name} has bad resource symbols {p.symbols}")
    for n in nations.values():
        own = [p for p in provinces.values() if p.nation == n.id]
        caps = [p.name for p in own if p.kind == Kind.CAPITAL]
        tcs = [p.name for p in own if p.kind == Kind.TRADE_CENTER]
        if caps != [n.capital] or len(tcs) != 1:
            raise ValueError(f"map {name}: {n.id} needs exactly one capital ({n.capital}) and one trade centre")
        total = len(own) + sum(1 for p in provinces.values() if n.id in p.contested)
        if not 3 <= total <= 7:
            raise ValueError(f"map {name}: {n.id} has {total} provinces; unification covers 3 to 7")
