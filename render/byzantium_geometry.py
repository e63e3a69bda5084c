"""Footprints of what is drawn round each city (name, disc, armies, controller badge,
fortification, the highlight's halo) as boxes and circles, to place the small marks where
nothing else is and to check a layout for collisions. Used when the board loads (and by a
test), never per render.

Around a city, from the centre out: the disc (side colour, markers); the controller ring
(the capital: its walls); the badge, fortification and armies hang on that ring, each
covering a little of it but never the disc; the halo of the last action lies under all of
them (background: it covers nothing, and stops short of every other city's marks).
"""

from __future__ import annotations

import dataclasses
import math
from functools import lru_cache

from render import kit
from render.byzantium_city import ARMY_SPACING, ARMY_TOKEN, BADGE_RADIUS, FORT_HALF, STRENGTH_RADIUS, City

Box = tuple[float, float, float, float]
Circle = tuple[float, float, float]  # x, y, radius
# Preference order: the badge likes the upper right like a corner tag, the fort the opposite
# corner; the straight directions are the fall-backs.
_BETWEEN = (-67.5, -112.5, -22.5, -157.5, 22.5, 157.5, 67.5, 112.5)
BADGE_ANGLES = (-45.0, -135.0, 45.0, 135.0, -90.0, 0.0, 180.0, 90.0, *_BETWEEN)
FORT_ANGLES = (135.0, 45.0, -135.0, -45.0, 90.0, 180.0, 0.0, -90.0, *_BETWEEN)
HALO_MARGIN = 14  # the halo reaches this far beyond the city's rings...
HALO_CLEARANCE = 4  # ...but stops this short of any other city's marks


def _square(point: tuple[float, float], half: float) -> Box:
    return (point[0] - half, point[1] - half, point[0] + half, point[1] + half)


def intersects(a: Box, b: Box, margin: float = 1.0) -> bool:
    return a[0] < b[2] - margin and b[0] < a[2] - margin and a[1] < b[3] - margin and b[1] < a[3] - margin


def box_distance(box: Box, point: tuple[float, float]) -> float:
    """Distance from `point` to the nearest point of `box` (0 inside it)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def circle_hits_box(circle: Circle, box: Box, margin: float = 1.0) -> bool:
    return box_distance(box, circle[:2]) < circle[2] - margin


def circle_hits_circle(a: Circle, b: Circle, margin: float = 1.0) -> bool:
    return math.dist(a[:2], b[:2]) < a[2] + b[2] - margin


def label_box(city: City) -> Box:
    dx, dy, anchor = city.label
    left, top, right, bottom = kit.font(city.label_size).getbbox(city.label_text, anchor=anchor, stroke_width=4)
    return (city.x + dx + left, city.y + dy + top, city.x + dx + right, city.y + dy + bottom)


def disc_circle(city: City) -> Circle:
    """The city with its rings (what nothing of another city may touch)."""
    return (city.x, city.y, city.outer)


def core_circle(city: City) -> Circle:
    """The part of the city its own marks must leave clear: the disc with its number (the
    capital: also its walls' inner part)."""
    return (city.x, city.y, city.rim)


def _clear_distance(city: City, angle: float, half: float, laterals: list[float], radius: float) -> float:
    """The smallest distance along `angle` at which squares of `half` size, spread sideways
    by `laterals`, all stay outside the circle of `radius` round the city."""
    a = math.radians(angle)
    ux, uy, px, py = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    distance = radius
    while True:
        points = [(city.x + ux * distance + px * s, city.y + uy * distance + py * s) for s in laterals]
        if all(box_distance(_square(p, half), city.xy) >= radius for p in points):
            return distance
        distance += 1


@lru_cache(maxsize=4096)  # searched once per city and count: a render only looks it up
def army_points(city: City, count: int) -> list[tuple[float, float]]:
    """Where `count` armies at the city stand: side by side, touching the outer edge of its
    ring in the layout's direction (they sit on the city, not between cities)."""
    laterals = [ARMY_SPACING * (i - (count - 1) / 2) for i in range(count)]
    distance = _clear_distance(city, city.army_angle, ARMY_TOKEN / 2, laterals, city.ring)
    return kit.fan(city.xy, count, ARMY_SPACING, city.army_angle, distance)


def strength_point(city: City, point: tuple[float, float]) -> tuple[float, float]:
    """The army's strength badge: on the token's corner away from the city."""
    x, y = point
    across = -1 if x < city.x - 2 else 1
    down = -1 if y < city.y - 2 else 1
    return (x + across * ARMY_TOKEN / 2, y + down * ARMY_TOKEN / 2)


def army_boxes(city: City, count: int) -> list[Box]:
    """The tokens and strength badges of `count` armies standing at the city (as
    byzantium_map draws them)."""
    boxes = []
    for point in army_points(city, count):
        boxes += [_square(point, ARMY_TOKEN / 2), _square(strength_point(city, point), STRENGTH_RADIUS)]
    return boxes


def badge_point(city: City, angle: float) -> tuple[float, float]:
    return city.at_angle(angle, city.rim + BADGE_RADIUS + 1)


@lru_cache(maxsize=4096)
def fort_point(city: City, angle: float) -> tuple[float, float]:
    return city.at_angle(angle, _clear_distance(city, angle, FORT_HALF, [0.0], city.rim + 1))


def badge_box(city: City, angle: float) -> Box:
    return _square(badge_point(city, angle), BADGE_RADIUS)


def fort_box(city: City, angle: float) -> Box:
    return _square(fort_point(city, angle), FORT_HALF)


Shape = tuple[str, tuple[float, ...]]  # ("box", box) or ("circle", circle)


def _hits(box: Box, shape: Shape) -> bool:
    kind, geometry = shape
    if kind == "circle":
        return circle_hits_box(geometry, box, margin=2)  # type: ignore[arg-type]
    return intersects(box, geometry, margin=2)  # type: ignore[arg-type]


def _conflicts(boxes: list[Box], shapes: list[Shape]) -> int:
    return sum(1 for box in boxes for shape in shapes if _hits(box, shape))


def _angles_near(angle: float) -> list[float]:
    """`angle` first, then every 15 degrees, nearest first (where armies may stand instead)."""
    others = [angle + step * sign for step in range(15, 181, 15) for sign in (1, -1)]
    return [angle] + [((a + 180) % 360) - 180 for a in others]


def _halo(city: City) -> float:
    """The halo's radius: a margin beyond the city's rings (Constantinople's walls come
    close to Nicaea: there it is cut down by place_marks to stay clear)."""
    return city.outer + HALO_MARGIN


def _near(shapes: list[Shape], city: City, reach: float = 170) -> list[Shape]:
    """The shapes that come within `reach` of the city (all a mark of it could touch)."""
    out = []
    for kind, geometry in shapes:
        if kind == "circle":
            far = math.dist(city.xy, geometry[:2]) - geometry[2]  # type: ignore[misc]
        else:
            far = box_distance(geometry, city.xy)  # type: ignore[arg-type]
        if far < reach:
            out.append((kind, geometry))
    return out


def _best_marks(city: City, blocked: list[Shape], badges: list[float], forts: list[float]) -> tuple[int, float, float]:
    """(conflicts, badge angle, fort angle): the first pair, in order of preference, that
    touches nothing, else the pair that touches least."""
    best = None
    for badge in badges:
        badge_cost = _conflicts([badge_box(city, badge)], blocked) + _hits_core(city, "badge", badge_box(city, badge))
        for fort in forts:
            box = fort_box(city, fort)
            total = badge_cost + _conflicts([box], [*blocked, ("box", badge_box(city, badge))]) + _hits_core(city, "fort", box)
            if best is None or total < best[0]:
                best = (total, badge, fort)
            if total == 0:
                return best
    assert best is not None
    return best


def place_marks(cities: dict[str, City], overrides: dict[str, dict], boxes: list[Box]) -> dict[str, City]:
    """Each city with its armies', badge's and fort's directions and its halo. Armies stand in
    the layout's direction unless nothing fits there (then the nearest direction where it
    does); badge and fort take the first directions, in order of preference, where they touch
    nothing: not the city's own name, disc or armies, nor any other city's name, halo or
    marks placed before, nor a side box. The layout may fix "badge" and "fort"."""
    fixed: list[Shape] = [("box", box) for box in boxes]
    for city in cities.values():
        fixed += [("box", label_box(city)), ("circle", (city.x, city.y, _halo(city)))]
    placed_marks: list[Shape] = []
    placed: dict[str, City] = {}
    for name, city in cities.items():
        given = overrides.get(name, {})
        own = [("box", label_box(city)), ("circle", (city.x, city.y, _halo(city)))]
        others = _near([shape for shape in fixed if shape not in own] + placed_marks, city)
        badges = [float(given["badge"])] if "badge" in given else list(BADGE_ANGLES)
        forts = [float(given["fort"])] if "fort" in given else list(FORT_ANGLES)
        best = None
        for angle in _angles_near(city.army_angle):
            moved = dataclasses.replace(city, army_angle=angle)
            armies: list[Shape] = [("box", box) for box in army_boxes(moved, 1) + army_boxes(moved, 2)]
            army_cost = _conflicts([box for _, box in armies], others + own[:1])  # type: ignore[misc]
            total, badge, fort = _best_marks(moved, others + own[:1] + armies, badges, forts)
            if best is None or army_cost + total < best[0]:
                best = (army_cost + total, angle, badge, fort)
            if best[0] == 0:
                break
        assert best is not None
        _, army, badge, fort = best
        city = dataclasses.replace(city, army_angle=army, badge_angle=badge, fort_angle=fort, halo=_halo(city))
        placed_marks += [("box", box) for kind, box in city_marks(city) if kind != "label"]
        placed[name] = city
    return _fit_halos(placed)


def _fit_halos(cities: dict[str, City]) -> dict[str, City]:
    """Cut a halo down where another city's marks come closer (never below its rings)."""
    out = {}
    for name, city in cities.items():
        radius = city.halo
        for other in cities.values():
            if other.name == name:
                continue
            for _, box in city_marks(other):
                radius = min(radius, max(city.outer + 2, box_distance(box, city.xy) - HALO_CLEARANCE))
            radius = min(radius, max(city.outer + 2, math.dist(city.xy, other.xy) - other.outer - HALO_CLEARANCE))
        out[name] = dataclasses.replace(city, halo=radius)
    return out


def city_marks(city: City, armies: int = 2) -> list[tuple[str, Box]]:
    """Every mark a city can carry, as (kind, box): its name, controller badge, fortification,
    and `armies` armies ("army": token and strength badge, one mark) as drawn when that many
    stand there."""
    marks = [("label", label_box(city)), ("badge", badge_box(city, city.badge_angle)),
             ("fort", fort_box(city, city.fort_angle))]  # fmt: skip
    return marks + [("army", box) for box in army_boxes(city, armies)]


def _round(kind: str) -> bool:
    return kind == "badge"


def _hits_core(city: City, kind: str, box: Box) -> bool:
    core = core_circle(city)
    if _round(kind):  # a badge is a disc: compare as circles
        return circle_hits_circle(core, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2))
    return circle_hits_box(core, box)


def collisions(cities: dict[str, City], boxes: dict[str, Box]) -> list[str]:
    """Pairs of drawn things of different meaning that overlap when every city has its
    badge, its fort, one or two armies and the highlight's halo: what a layout edit must not
    introduce. A city's own badge, fort and armies may cover its ring, never its disc, each
    other or its name; nothing touches another city's disc, rings, name, marks or halo; the
    side boxes (key, special actions, Bulgar box) touch no city."""
    found: list[str] = []
    for armies in (1, 2):
        items: list[tuple[str, str, Box]] = []
        for city in cities.values():
            items += [(city.name, kind, box) for kind, box in city_marks(city, armies)]
        items += [("board", name, box) for name, box in boxes.items()]
        for i, (owner, what, box) in enumerate(items):
            for other_owner, other_what, other_box in items[i + 1 :]:
                if owner == other_owner and (owner == "board" or what == other_what):
                    continue  # an army's token and badge are one mark; two armies are fanned apart
                if intersects(box, other_box, margin=2):
                    found.append(f"{owner} {what} / {other_owner} {other_what}")
        for city in cities.values():
            halo = (city.x, city.y, city.halo)
            for kind, box in city_marks(city, armies):
                if kind != "label" and _hits_core(city, kind, box):
                    found.append(f"{city.name} {kind} / {city.name} disc")
            for other_owner, what, box in items:
                if other_owner == city.name:
                    continue
                if circle_hits_box(disc_circle(city), box, margin=2):
                    found.append(f"{city.name} disc / {other_owner} {what}")
                if circle_hits_box(halo, box):
                    found.append(f"{city.name} halo / {other_owner} {what}")
    for city in cities.values():
        halo = (city.x, city.y, city.halo)
        for other in cities.values():
            if other.name > city.name and circle_hits_circle(disc_circle(city), disc_circle(other)):
                found.append(f"{city.name} disc / {other.name} disc")
            if other.name != city.name and circle_hits_circle(halo, disc_circle(other)):
                found.append(f"{city.name} halo / {other.name} disc")
    return list(dict.fromkeys(found))
