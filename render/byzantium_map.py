"""What changes on the Byzantium map from state to state: cities (side, markers, controller,
fortification), field armies, and the highlight of the last action. The routes, labels and
base geography are in the cached static layer (render/byzantium_static.py).
"""

from __future__ import annotations

import math

from engine.text import msg
from render import kit
from render.byzantium_board import GOLD, ROUTE_STYLES, SIDE_COLOURS, SIDE_SHAPES, Board
from render.byzantium_city import ARMY_TOKEN, BADGE_RADIUS, CAPITAL, STRENGTH_RADIUS, City
from render.byzantium_geometry import (
    army_points,
    badge_point,
    fort_point,
    intersects,
    label_box,
    strength_point,
)

MARKER_SIZE = 30
MARK_LETTER = 20  # the smallest text on the map (fort letters): readable in the chat's focus view
HALO_FILL = (255, 222, 178)  # inside the orange rim of the last action's halo
LABELS = {"fallen": msg("FALLEN")}


def draw_route(draw, board: Board, a: str, b: str, kind: str) -> None:
    colour, width, dash, gap, dots = ROUTE_STYLES[kind]
    kit.patterned_line(draw, board.cities[a].xy, board.cities[b].xy, colour, width, dash=dash, gap=gap, dots=dots)
    kit.mark(kind)


def draw_highlight(draw, board: Board, pairs, cities) -> None:
    """The last action, under every mark: a broad orange band along the route(s) it moved on
    (under the route's own pattern) and an orange halo round each city it touched. Halos stop
    short of other cities' marks (byzantium_geometry); the names and route patterns they
    cover are drawn again on top."""
    covered: list[tuple[float, float, float, float]] = []
    for pair in pairs or ():
        if len(pair) != 2 or pair[0] not in board.cities or pair[1] not in board.cities:
            continue
        a, b = board.cities[pair[0]], board.cities[pair[1]]
        draw.line((a.x, a.y, b.x, b.y), fill=kit.INK, width=18)
        draw.line((a.x, a.y, b.x, b.y), fill=kit.HIGHLIGHT, width=14)
        covered.append((min(a.x, b.x) - 9, min(a.y, b.y) - 9, max(a.x, b.x) + 9, max(a.y, b.y) + 9))
        kit.mark("band")
    marked = [board.cities[name] for name in dict.fromkeys(cities or ()) if name in board.cities]
    for city in marked:
        kit.ring(draw, city.xy, city.halo, kit.INK, 3)
        kit.ring(draw, city.xy, city.halo - 2, kit.HIGHLIGHT, 7)
        r = city.halo - 8
        draw.ellipse((city.x - r, city.y - r, city.x + r, city.y + r), fill=HALO_FILL)
        h = city.halo
        covered.append((city.x - h, city.y - h, city.x + h, city.y + h))
        kit.mark("halo")
    names = {city.name for city in marked}
    if CAPITAL in names:
        draw_walls(draw, board.cities[CAPITAL])
    for route in board.routes:  # the stubs of roads and lanes under a halo, and moved-along routes
        if route.a in names or route.b in names or [route.a, route.b] in (pairs or ()) or [route.b, route.a] in (pairs or ()):
            draw_route(draw, board, route.a, route.b, route.kind)
    if covered:
        for city in board.cities.values():
            if any(intersects(label_box(city), box) for box in covered):
                draw_label(draw, city)


def draw_fort(draw, centre, fill, letter: str = "") -> None:
    """A small crenellated tower in its owner's colour, with the owner's letter: the
    fortification token."""
    x, y = centre
    w, h, m = 17, 16, 6
    draw.polygon(
        [
            (x - w, y + h), (x - w, y - h), (x - w + m, y - h), (x - w + m, y - h + m),
            (x - m / 2, y - h + m), (x - m / 2, y - h), (x + m / 2, y - h), (x + m / 2, y - h + m),
            (x + w - m, y - h + m), (x + w - m, y - h), (x + w, y - h), (x + w, y + h),
        ],
        fill=fill, outline=kit.INK, width=3,
    )  # fmt: skip
    if letter:
        ink = kit.contrast_ink(fill)
        kit.text(draw, (x, y + 4), letter, MARK_LETTER, ink, outline=kit.outline_for(ink), stroke=2, anchor="mm")


STONE = (120, 112, 100)


def draw_label(draw, city: City) -> None:
    dx, dy, anchor = city.label
    kit.text(draw, (city.x + dx, city.y + dy), city.label_text, city.label_size, kit.INK, outline=kit.WHITE,
             stroke=4, anchor=anchor)  # fmt: skip


def draw_walls(draw, city: City) -> None:
    """Constantinople's walls: a crenellated stone ring outside the controller's ring, so the
    capital reads as such at a glance whoever holds it. Static: drawn into the cached layer."""
    x, y = city.xy
    inner, outer = city.radius + 11, city.outer - 4
    for i in range(16):
        a = math.radians(i * 22.5)
        mx, my = x + math.cos(a) * (outer + 1), y + math.sin(a) * (outer + 1)
        draw.regular_polygon((mx, my, 6), 4, rotation=-i * 22.5 + 45, fill=STONE, outline=kit.INK, width=2)
    kit.ring(draw, city.xy, outer, kit.INK, outer - inner + 4)
    kit.ring(draw, city.xy, outer - 2, STONE, outer - inner)
    kit.ring(draw, city.xy, outer - 6, GOLD, 3)


def draw_city(draw, city: City, info: dict, letters: dict, colours: dict) -> None:
    side = info.get("side", city.side)
    r = city.radius
    x, y = city.xy
    if city.name == CAPITAL:
        kit.mark("capital")
    controller = info.get("controller")
    if controller in colours:
        kit.ring(draw, city.xy, r + 8, kit.INK, 11)
        kit.ring(draw, city.xy, r + 6, colours[controller], 7)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SIDE_COLOURS.get(side, kit.FAINT), outline=kit.INK, width=3)
    kit.mark(f"city_{side}")
    markers = int(info.get("markers", 0))
    if markers == 0 and (side == "persian" or city.name == CAPITAL):
        # An unconquered Persian city and Constantinople have no markers: they defend at
        # their printed strength, which is the number a player needs to see.
        label, means = str(city.strength), ("city_strength", city.name)
    else:
        label, means = str(markers), ("city_markers", city.name)
    ink = kit.contrast_ink(SIDE_COLOURS.get(side, kit.FAINT))
    kit.text(draw, city.xy, label, MARKER_SIZE + (6 if city.name == CAPITAL else 0), ink,
             outline=kit.outline_for(ink), stroke=3, anchor="mm", means=means)  # fmt: skip
    if controller in colours:
        kit.badge(draw, badge_point(city, city.badge_angle), BADGE_RADIUS, colours[controller], letters.get(controller, "?"))
        kit.mark("controller")
    if info.get("fortified"):
        owner = info.get("fort_owner")
        draw_fort(draw, fort_point(city, city.fort_angle), colours.get(owner, kit.FAINT), letters.get(owner, ""))
        kit.mark("fort")


# How far a city's drawing reaches from its centre (the controller's ring, badge and fort, with
# their outlines), and an army's from its token's centre (the token and its strength badge): a
# close-up leaves out what lies wholly beyond its reach (tests/test_render_views.py checks both).
CITY_REACH = 96
ARMY_REACH = 48


def reaches(within, point: tuple[float, float], reach: float) -> bool:
    """Whether a drawing within `reach` of `point` may draw inside the box `within` (None: all)."""
    if within is None:
        return True
    x, y = point
    x0, y0, x1, y1 = within
    return x - reach < x1 and x + reach > x0 and y - reach < y1 and y + reach > y0


def draw_cities(draw, board: Board, summary: dict, letters, colours, within=None) -> None:
    """Every city's marks; with `within` (board px), those of the cities wholly outside it left
    out (a close-up shows and reads only that part: render.inline.close_up_reach, issue 30)."""
    cities = summary.get("cities") or {}
    for name, city in board.cities.items():
        if reaches(within, city.xy, CITY_REACH):
            draw_city(draw, city, cities.get(name, {}), letters, colours)
    if summary.get("constantinople_fallen"):
        capital = board.cities[CAPITAL]
        kit.text(draw, (capital.x, capital.y - capital.outer - 8), LABELS["fallen"], 26, (200, 20, 20),
                 outline=kit.WHITE, stroke=4, anchor="mb")  # fmt: skip


def army_positions(board: Board, summary: dict) -> list[tuple[str, str, dict, tuple[float, float], City]]:
    """(player, side, army, centre, city) for every field army on the map, fanned out beside its
    city in seat order so armies sharing a city never hide each other."""
    by_city: dict[str, list[tuple[int, str, str, dict]]] = {}
    for name, player in (summary.get("players") or {}).items():
        for side in ("byzantine", "arab"):
            army = (player.get("army") or {}).get(side) or {}
            at = army.get("at")
            if at in board.cities:
                by_city.setdefault(at, []).append((int(player.get("seat", 0)), name, side, army))
    placed = []
    for city_name in sorted(by_city):
        city = board.cities[city_name]
        group = sorted(by_city[city_name], key=lambda item: (item[0], item[2]))
        points = army_points(city, len(group))
        for (_, name, side, army), point in zip(group, points, strict=True):
            placed.append((name, side, army, point, city))
    return placed


def army_strength(army: dict) -> int:
    """The engine's strength of a field army (elite + main + the guard: the levy never fights
    beside an army, and movement cubes only move it); recounted only for a summary saved
    before the engine's figure was part of it."""
    if "strength" in army:
        return int(army["strength"])
    return int(army.get("elite", 0)) + int(army.get("main", 0)) + (1 if army.get("guard") else 0)


def draw_armies(draw, board: Board, summary: dict, letters, colours, within=None) -> None:
    """Every field army; with `within`, those wholly outside it left out (as draw_cities)."""
    for name, side, army, (x, y), city in army_positions(board, summary):
        if not reaches(within, (x, y), ARMY_REACH):
            continue
        # The side's shape (square Byzantine, circle Arab) in the player's colour, with the
        # player's letter; the small white number is the army's combat cubes, on the corner
        # away from the city so it never lands on the city's own badge.
        kit.token(draw, (x, y), ARMY_TOKEN, colours[name], shape=SIDE_SHAPES[side], letter=letters[name], border_width=4)
        kit.badge(draw, strength_point(city, (x, y)), STRENGTH_RADIUS, kit.WHITE, str(army_strength(army)),
                  means=("army_strength", name, side))
        kit.mark(f"army_{side}")
        kit.mark("strength")
