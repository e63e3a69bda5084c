"""Where things stand on the Byzantium board: the board facts (engine/byzantium/map.json),
the drawing layout beside them (render/byzantium_layout.json) and the colours of the sides.
Loaded and checked once; everything else in the Byzantium renderer asks this module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from render import kit
from render.byzantium_city import City
from render.byzantium_geometry import disc_circle, label_box, place_marks
from render.byzantium_key import height as key_height
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


def board() -> Board:
    """The board in the drawing's language: names and key labels differ in length, so the
    marks round each name and the key's height are placed per language."""
    return _board(kit.current_language())


LEGEND_WIDER = 120  # px the key may grow sideways, split between its left and right


def _legend_box(box, cities) -> tuple[int, int, int, int]:
    """The key's box: its bottom as laid out, its top as its rows need; wider (up to
    LEGEND_WIDER, the least first) when that top would reach a city's name or disc; as laid
    out when no width clears them."""
    x0, _, x1, y1 = box
    marks = [label_box(c) for c in cities]
    marks += [(cx - r, cy - r, cx + r, cy + r) for cx, cy, r in (disc_circle(c) for c in cities)]
    for wider in range(0, LEGEND_WIDER + 1, 10):
        for left in range(0, wider + 1, 10):
            a, b = x0 - left, x1 + wider - left
            top = round(y1 - key_height(b - a))
            if not any(m[2] > a and m[0] < b and m[3] > top and m[1] < y1 for m in marks):
                return (a, top, b, y1)
    return (x0, round(y1 - key_height(x1 - x0)), x1, y1)


@lru_cache(maxsize=8)
def _board(lang: str | None) -> Board:
    with kit.language(lang):
        return _load()


def _load() -> Board:
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
            badge_angle=float(place.get("badge", -45)),
            fort_angle=float(place.get("fort", 135)),
        )
    # Boxes are given in map pixels, like the cities, so moving the header moves them too.
    boxes = {
        name: (int(x0), int(y0) + header, int(x1), int(y1) + header) for name, (x0, y0, x1, y1) in layout["boxes"].items()
    }
    # The key grows upward from its bottom edge to hold every row (labels wrap as they grow);
    # where the words of a language make it reach a city's name (Alexandria's, in Italian and
    # Polish: issue 28), it grows wider to the right instead, as far as the sea is free.
    boxes["legend"] = _legend_box(boxes["legend"], cities.values())
    cities = place_marks(cities, layout["cities"], list(boxes.values()))
    unknown = set(layout["cities"]) - set(cities)
    if unknown:
        raise ValueError(f"render/byzantium_layout.json places unknown cities: {sorted(unknown)}")
    routes = tuple(Route(r["a"], r["b"], r["kind"]) for r in facts["routes"])
    for route in routes:
        if route.kind not in ROUTE_STYLES or route.a not in cities or route.b not in cities:
            raise ValueError(f"cannot draw route {route}")
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
