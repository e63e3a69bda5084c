"""Where things stand on the Byzantium board: the board facts (engine/byzantium/map.json),
the drawing layout beside them (render/byzantium_layout.json) and the colours of the sides.
Loaded and checked once; everything else in the Byzantium renderer asks this module.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from render.projection import Projection

RGB = tuple[int, int, int]

# The printed board's side colours (city markers, army cards).
SIDE_COLOURS: dict[str, RGB] = {
    "byzantine": (112, 48, 160),
    "arab": (250, 250, 246),
    "persian": (138, 138, 138),
    "bulgar": (236, 124, 24),
}
SIDE_SHAPES = {"byzantine": "square", "arab": "circle"}
ROUTE_STYLES = {
    # kind: (colour, width, dash, gap, dots)
    "road": ((92, 64, 40), 5, 0, 0, False),
    "desert": ((196, 150, 80), 5, 18, 12, False),
    "sea": ((34, 92, 170), 7, 0, 15, True),
}
GOLD: RGB = (214, 168, 32)

CITY_RADIUS = 24
CAPITAL_RADIUS = 33
LABEL_SIZE = 26
CAPITAL = "Constantinople"


@dataclass(frozen=True)
class City:
    name: str
    side: str
    strength: int
    coastal: bool
    bulgar_entry: bool
    x: float
    y: float
    label: tuple[float, float, str]
    army_angle: float
    badge_angle: float
    fort_angle: float

    @property
    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def radius(self) -> int:
        return CAPITAL_RADIUS if self.name == CAPITAL else CITY_RADIUS

    @property
    def outer(self) -> int:
        """Radius of everything drawn round the disc (controller ring, the capital's walls)."""
        return self.radius + (24 if self.name == CAPITAL else 10)


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def _free_angles(label: tuple[float, float, str], army: float) -> tuple[float, float]:
    """Where the controller badge and the fort go: diagonals clear of the city's label (which
    starts right beside the disc, so it blocks a wide angle) and of its armies (farther out,
    so they block less); computed, not hand-placed, unless the layout says otherwise."""
    dx, dy, _ = label
    label_dir = math.degrees(math.atan2(dy, dx))
    candidates = [-45.0, -135.0, 45.0, 135.0]  # the badge prefers upper right, like a corner tag

    def clearance(a: float) -> float:
        return min(_angle_gap(a, label_dir) - 60, _angle_gap(a, army) - 40)

    ranked = sorted(candidates, key=lambda a: (clearance(a) < 0, -clearance(a) if clearance(a) < 0 else 0,
                                                candidates.index(a)))  # fmt: skip
    badge = ranked[0]
    fort = next(a for a in ranked[1:] if _angle_gap(a, badge) >= 90)
    return badge, fort


@dataclass(frozen=True)
class Route:
    a: str
    b: str
    kind: str


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    header: int
    map_height: int
    projection: Projection
    cities: dict[str, City]
    routes: tuple[Route, ...]
    boxes: dict[str, tuple[int, int, int, int]]

    @property
    def panels_top(self) -> int:
        return self.header + self.map_height


def _read_json(package: str, name: str) -> dict:
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def board() -> Board:
    facts = _read_json("engine.byzantium", "map.json")
    layout = _read_json("render", "byzantium_layout.json")
    projection = Projection.from_dict(layout["projection"])
    canvas = layout["canvas"]
    header = int(canvas["header"])
    cities: dict[str, City] = {}
    for entry in facts["cities"]:
        name = entry["name"]
        place = layout["cities"].get(name)
        if place is None:
            raise ValueError(f"render/byzantium_layout.json has no place for the city {name}")
        x, y = projection.to_pixel(entry["lat"], entry["lon"])
        nx, ny = place.get("nudge", (0, 0))
        dx, dy, anchor = place["label"]
        badge, fort = _free_angles((dx, dy, anchor), float(place["army"]))
        badge, fort = float(place.get("badge", badge)), float(place.get("fort", fort))
        cities[name] = City(
            name=name,
            side=entry["side"],
            strength=int(entry["strength"]),
            coastal=bool(entry.get("coastal")),
            bulgar_entry=bool(entry.get("bulgar_entry")),
            x=round(x + nx),
            y=round(y + ny + header),
            label=(float(dx), float(dy), str(anchor)),
            army_angle=float(place["army"]),
            badge_angle=badge,
            fort_angle=fort,
        )
    unknown = set(layout["cities"]) - set(cities)
    if unknown:
        raise ValueError(f"render/byzantium_layout.json places unknown cities: {sorted(unknown)}")
    routes = tuple(Route(r["a"], r["b"], r["kind"]) for r in facts["routes"])
    for route in routes:
        if route.kind not in ROUTE_STYLES or route.a not in cities or route.b not in cities:
            raise ValueError(f"cannot draw route {route}")
    # Boxes are given in map pixels, like the cities, so moving the header moves them too.
    boxes = {
        name: (int(x0), int(y0) + header, int(x1), int(y1) + header) for name, (x0, y0, x1, y1) in layout["boxes"].items()
    }
    return Board(
        width=int(canvas["width"]),
        height=header + projection.height + int(canvas["panels"]),
        header=header,
        map_height=projection.height,
        projection=projection,
        cities=cities,
        routes=routes,
        boxes=boxes,  # type: ignore[arg-type]
    )
