"""Footprints of what is drawn round each city (name, disc, armies, controller badge,
fortification) as boxes, to place the small marks where nothing else is and to check a
layout for collisions. Used when the board loads (and by a test), never per render.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from render import kit

if TYPE_CHECKING:
    from render.byzantium_board import City

Box = tuple[float, float, float, float]
# Preference order: the badge likes the upper right like a corner tag, the fort the opposite
# corner; the straight directions are the fall-backs.
_BETWEEN = (-67.5, -112.5, -22.5, -157.5, 22.5, 157.5, 67.5, 112.5)
BADGE_ANGLES = (-45.0, -135.0, 45.0, 135.0, -90.0, 0.0, 180.0, 90.0, *_BETWEEN)
FORT_ANGLES = (135.0, 45.0, -135.0, -45.0, 90.0, 180.0, 0.0, -90.0, *_BETWEEN)


def _square(point: tuple[float, float], half: float) -> Box:
    return (point[0] - half, point[1] - half, point[0] + half, point[1] + half)


def intersects(a: Box, b: Box, margin: float = 1.0) -> bool:
    return a[0] < b[2] - margin and b[0] < a[2] - margin and a[1] < b[3] - margin and b[1] < a[3] - margin


def label_box(city: City) -> Box:
    dx, dy, anchor = city.label
    left, top, right, bottom = kit.font(city.label_size).getbbox(city.label_text, anchor=anchor, stroke_width=4)
    return (city.x + dx + left, city.y + dy + top, city.x + dx + right, city.y + dy + bottom)


def disc_box(city: City) -> Box:
    return _square(city.xy, city.outer)


def army_points(city: City, count: int) -> list[tuple[float, float]]:
    from render.byzantium_board import ARMY_GAP, ARMY_SPACING

    return kit.fan(city.xy, count, ARMY_SPACING, city.army_angle, city.outer + ARMY_GAP)


def army_boxes(city: City, most: int = 2) -> list[Box]:
    """The tokens, and their count badges on the corner away from the city, of one to `most`
    armies standing at the city (as byzantium_map draws them)."""
    from render.byzantium_board import ARMY_TOKEN

    half = ARMY_TOKEN / 2
    boxes = []
    for count in range(1, most + 1):
        for x, y in army_points(city, count):
            across = -1 if x < city.x - 2 else 1
            down = -1 if y < city.y - 2 else 1
            boxes += [_square((x, y), half), _square((x + across * half, y + down * half), 14)]
    return boxes


def badge_box(city: City, angle: float) -> Box:
    from render.byzantium_board import BADGE_RADIUS

    return _square(city.at_angle(angle, city.outer), BADGE_RADIUS)


def fort_box(city: City, angle: float) -> Box:
    from render.byzantium_board import FORT_HALF

    return _square(city.at_angle(angle, city.outer + 2), FORT_HALF)


def _obstacles(city: City, cities: dict[str, City]) -> list[Box]:
    boxes = [label_box(city), *army_boxes(city)]
    for other in cities.values():
        if other.name != city.name:
            boxes += [label_box(other), disc_box(other)]
    return boxes


def _overlap(box: Box, others: list[Box]) -> float:
    area = 0.0
    for other in others:
        w = min(box[2], other[2]) - max(box[0], other[0])
        h = min(box[3], other[3]) - max(box[1], other[1])
        if w > 1 and h > 1:
            area += w * h
    return area


def place_marks(cities: dict[str, City], overrides: dict[str, dict]) -> dict[str, City]:
    """Each city with its badge and fort directions: the layout's, where it gives them, else
    the direction (in order of preference) whose mark covers least of any label, disc or
    army, none at all where possible."""
    placed = {}
    for name, city in cities.items():
        given = overrides.get(name, {})
        blocked = _obstacles(city, cities)
        if "badge" in given:
            badge = float(given["badge"])
        else:
            badge = min(BADGE_ANGLES, key=lambda a: (_overlap(badge_box(city, a), blocked), BADGE_ANGLES.index(a)))
        blocked.append(badge_box(city, badge))
        if "fort" in given:
            fort = float(given["fort"])
        else:
            fort = min(FORT_ANGLES, key=lambda a: (_overlap(fort_box(city, a), blocked), FORT_ANGLES.index(a)))
        placed[name] = dataclasses.replace(city, badge_angle=badge, fort_angle=fort)
    return placed


def collisions(cities: dict[str, City], boxes: dict[str, Box]) -> list[str]:
    """Pairs of drawn things that overlap when every city has its badge, its fort and up to
    two armies: what a layout edit must not introduce."""
    items: list[tuple[str, str, Box]] = []
    for city in cities.values():
        items += [(city.name, "label", label_box(city)), (city.name, "badge", badge_box(city, city.badge_angle)),
                  (city.name, "fort", fort_box(city, city.fort_angle))]  # fmt: skip
        items += [(city.name, "armies", box) for box in army_boxes(city)]
        items.append((city.name, "disc", disc_box(city)))
    items += [("board", name, box) for name, box in boxes.items()]
    found = []
    for i, (owner, what, box) in enumerate(items):
        for other_owner, other_what, other_box in items[i + 1 :]:
            if owner == other_owner and "label" not in (what, other_what):
                continue  # a city's own marks are placed round its disc by construction
            if what == other_what == "disc":
                continue  # discs are round: compared as circles below
            if intersects(box, other_box, margin=2):
                found.append(f"{owner} {what} / {other_owner} {other_what}")
    for city in cities.values():  # other cities' discs, as circles
        for other in cities.values():
            if other.name <= city.name:
                continue
            if ((city.x - other.x) ** 2 + (city.y - other.y) ** 2) ** 0.5 < city.outer + other.outer:
                found.append(f"{city.name} disc / {other.name} disc")
    return found
