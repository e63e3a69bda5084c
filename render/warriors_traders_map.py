"""The Warriors & Traders map as it changes: who holds each province (fill, edge band and
letter), names, armies, barbarians, fortresses, princesses, sea links and the highlight."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.text import term
from render import kit
from render.warriors_traders_board import (
    BARBARIAN,
    DAMAGE,
    KIND_MARK,
    LINK,
    MapBoard,
    cells,
    fill_colours,
)

TOKEN = 34  # army token size, px
# Distance between pieces in a row: a piece's count badge (top right) stays clear of the next
# piece (at 38 the badge covered its neighbour's edge, and a stack read as one blur at a phone's
# 360 px: issue 28 item 6). tests/test_render_wt_stacks.py holds it.
STEP = 48
PER_ROW = 4
NAME_SIZE = 19
ARMY_SHAPES = {"infantry": "square", "archer": "triangle", "cavalry": "diamond"}
ARMY_ORDER = ("cavalry", "archer", "infantry")
BARBARIAN_MARK = "☠"
MARK_TEXT = 16  # the smallest text on the map: 24 px in the chat's focus view (zoom 1.5)
COUNT_RADIUS = 13  # a stack's count badge: its number 17 px, 25 px in the focus view
COUNT_AT = (17, -15)  # the count badge's centre from an army token's (top right)
ROAD = (128, 98, 70)
MARK_COLOURS = {"capital": (150, 110, 0), "trade_center": (150, 110, 0), "contested": (90, 70, 60)}


def draw_fills(image: Image.Image, b: MapBoard, summary: dict | None, colours: dict[str, kit.RGB]) -> None:
    """Held provinces in a light tint of the holder's colour with a full-colour strip inside
    their edge, free ones neutral, those the variant leaves out grey: the cells image through
    a palette that colours every province at once, pasted under the province mask (lines and
    coast stay as the static layer has them). The static layer already has every cell
    neutral, so only the boxes of the other cells are pasted, or the whole map when they
    cover most of it."""
    labels, mask = cells(b.id, b.variant, b.view)
    flat = fill_colours(b, summary, colours)
    provinces = (summary or {}).get("provinces") or {}
    boxes = [
        p.box for name, p in b.provinces.items()
        if p.box and (provinces.get(name) is None or provinces[name].get("owner") in colours)
    ]  # fmt: skip
    if summary is None or sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > 0.5 * b.map_width * b.map_height:
        boxes = [(0, 0, b.map_width, b.map_height)]
    for box in boxes:
        coloured = labels.crop(box)
        coloured.putpalette(flat)
        image.paste(coloured.convert("RGB"), (box[0], box[1] + b.header), mask.crop(box))


NATION_INK = (120, 92, 64)
NATION_OUTLINE = (246, 240, 226)


def short_nation(name: str) -> str:
    """"Serenissima Repubblica di Venezia" -> "Venezia", "Stati della Chiesa" -> "Chiesa": the
    map has no room for the Italian states' full titles (the panels give them)."""
    for joint in (" della ", " delle ", " di "):
        if joint in name:
            name = name.rsplit(joint, 1)[1]
    return name


def draw_nations(draw: ImageDraw.ImageDraw, b: MapBoard, summary: dict) -> None:
    """Each nation's name and number in muted capitals amid its provinces (the middle of their
    centres, nudged by the layout where that is crowded), under the lines and pieces."""
    provinces = summary.get("provinces") or {}
    for nation_id, nation in (summary.get("nations") or {}).items():
        own = [b.at(n) for n, info in provinces.items() if info.get("nation") == nation_id and n in b.provinces]
        if not own:
            continue
        x = sum(p[0] for p in own) / len(own)
        y = sum(p[1] for p in own) / len(own)
        dx, dy = b.nation_labels.get(nation_id, (0, 0))
        name = nation["name"]  # (term() takes a variable: an extractor reads literals inside it)
        name = short_nation(kit.say(term("wt nation", name))).upper()
        label = f"{name} {nation.get('number', '')}".strip()
        half = kit.text_width(label, 20) / 2 + 4  # a longer name (a language) stays on the map
        x = min(max(x + dx, half), b.map_width - half)
        kit.text(draw, (x, y + dy), label, 20, NATION_INK, outline=NATION_OUTLINE, stroke=3, anchor="mm")


def draw_borders(draw: ImageDraw.ImageDraw, b: MapBoard, summary: dict, within: tuple | None = None) -> None:
    """Every border of the rules as a line between the two centres: solid where the cells
    touch on land, dotted blue where they do not (sea crossings and the schematic map's
    longer borders). The cells show the land; these lines are what movement follows. With
    `within` (board px), a line wholly outside that box is left out (as draw_provinces)."""
    provinces = summary.get("provinces") or {}
    links = {frozenset(pair) for pair in b.links}
    dotted = []
    for name, info in provinces.items():
        for other in info.get("neighbours") or []:
            if other <= name or other not in provinces or name not in b.provinces or other not in b.provinces:
                continue
            if within is not None and not _line_reaches(within, b.at(name), b.at(other)):
                continue
            if frozenset((name, other)) in links:
                dotted.append((name, other))
            else:
                draw.line((*b.at(name), *b.at(other)), fill=ROAD, width=2)
                kit.mark("border_land")
    for a, c in dotted:
        kit.patterned_line(draw, b.at(a), b.at(c), LINK, 4, dots=True, gap=12)
        kit.mark("border_sea")


def _fortress(draw, centre, fill: kit.RGB, letter: str, size: int = 32) -> None:
    """A small tower: battlements over a body, the owner's letter on it."""
    x, y = centre
    h = size / 2
    w = h * 0.85
    body = (x - w, y - h * 0.45, x + w, y + h)
    draw.rectangle(body, fill=fill, outline=kit.INK, width=2)
    for i in range(3):
        bx = x - w + i * (2 * w / 3) + w / 3 - h * 0.2
        draw.rectangle((bx, y - h, bx + h * 0.4, y - h * 0.45 + 2), fill=fill, outline=kit.INK, width=2)
    draw.rectangle((x - w + 2, y - h * 0.45, x + w - 2, y - h * 0.45 + 2), fill=fill)
    ink = kit.contrast_ink(fill)
    kit.text(draw, (x, y + h * 0.3), letter, int(size * 0.5), ink, outline=kit.outline_for(ink), stroke=2, anchor="mm")


def _princess(draw, centre, fill: kit.RGB, count: int, letter: str, size: int = 30, means: tuple = ()) -> None:
    """A crown in the owner's colour with the owner's letter; the count beside it."""
    x, y = centre
    h = size / 2
    crown = [
        (x - h, y + h * 0.6), (x - h, y - h * 0.5), (x - h * 0.5, y), (x, y - h * 0.85),
        (x + h * 0.5, y), (x + h, y - h * 0.5), (x + h, y + h * 0.6),
    ]  # fmt: skip
    draw.polygon(crown, fill=fill, outline=kit.INK, width=2)
    ink = kit.contrast_ink(fill)
    kit.text(draw, (x, y + h * 0.2), letter, max(MARK_TEXT, int(size * 0.42)), ink, outline=kit.outline_for(ink), stroke=2,
             anchor="mm")  # fmt: skip
    if count > 1:
        kit.badge(draw, (x + h, y - h * 0.7), COUNT_RADIUS, kit.WHITE, str(count), means=means)
        kit.mark("count")


def _damage(draw, centre, amount: int, means: tuple = ()) -> None:
    """Damage taken this turn: a red tag with the points, below right of the piece."""
    x, y = centre
    kit.token(draw, (x + 13, y + 12), 22, DAMAGE, shape="square", border_width=2)
    kit.text(draw, (x + 13, y + 12), f"{amount}", MARK_TEXT, kit.WHITE, outline=kit.INK, stroke=2, anchor="mm",
             means=means)
    kit.mark("damage")


def _retreated(draw, centre) -> None:
    """Retreated (lying on its side until the turn ends): a dark bar across the piece."""
    x, y = centre
    draw.line((x - 18, y + 12, x + 18, y - 12), fill=kit.WHITE, width=8)
    draw.line((x - 18, y + 12, x + 18, y - 12), fill=kit.INK, width=4)


def attack_mark(draw, centre, size: float = TOKEN) -> None:
    """An army that entered a hostile province and still has its battle to fight: an orange
    burst behind it."""
    x, y = centre
    draw.regular_polygon((x, y, size * 0.78), 8, rotation=22.5, fill=kit.HIGHLIGHT)
    draw.regular_polygon((x, y, size * 0.78), 8, fill=kit.HIGHLIGHT)


def _army_marks(draw, c, retreated: bool, count: int, damage: int, means: tuple) -> None:
    """What sits on an army token (a player's or the barbarians'): the retreat stroke, how
    many stand in the stack, and the damage taken. `means`: (province, owner, kind, damage,
    retreated, attacking), what the numbers are checked against (records.TextMark)."""
    if retreated:
        _retreated(draw, c)
        kit.mark("retreated")
    if count > 1:
        kit.badge(draw, (c[0] + COUNT_AT[0], c[1] + COUNT_AT[1]), COUNT_RADIUS, kit.WHITE, str(count),
                  means=("stack", *means))
        kit.mark("count")
    if damage:
        _damage(draw, c, damage, means=("damage", *means[:3]))


def _pieces(name: str, info: dict, colours: dict[str, kit.RGB], letters: dict[str, str], order: Sequence[str]):
    """The province's pieces as drawing calls, in a fixed order (fortresses, armies by holder
    and kind, barbarians, princesses): each (draw function of (draw, centre))."""
    rank = {name: i for i, name in enumerate(order)}
    items = []
    for fort in sorted(info.get("fortresses") or [], key=lambda f: (rank.get(f.get("owner"), 99), f.get("damage", 0))):
        owner = fort.get("owner")
        fill = colours.get(owner, BARBARIAN)
        letter = letters.get(owner, BARBARIAN_MARK)
        damage = int(fort.get("damage") or 0)

        def fortress(draw, c, fill=fill, letter=letter, damage=damage, owner=owner):
            _fortress(draw, c, fill, letter)
            kit.mark("fortress")
            if damage:
                _damage(draw, c, damage, means=("damage", name, owner, "fortress"))

        items.append(fortress)
    groups: dict[tuple, int] = {}
    for army in info.get("armies") or []:
        key = (rank.get(army.get("owner"), 99), army.get("owner"), ARMY_ORDER.index(army["kind"]) if army["kind"] in ARMY_ORDER else 9,
               army["kind"], int(army.get("damage") or 0), bool(army.get("retreated")), bool(army.get("attacking")))
        groups[key] = groups.get(key, 0) + 1
    for key in sorted(groups, key=lambda k: (k[0], k[2], k[4], k[5], k[6])):
        _, owner, _, kind, damage, retreated, attacking = key
        count = groups[key]

        def army(draw, c, owner=owner, kind=kind, damage=damage, retreated=retreated, count=count, attacking=attacking):
            if attacking:
                attack_mark(draw, c)
                kit.mark("attacking")
            kit.token(draw, c, TOKEN, colours.get(owner, BARBARIAN), shape=ARMY_SHAPES.get(kind, "circle"),
                      letter=letters.get(owner, "?"), border_width=2)
            kit.mark(kind)
            _army_marks(draw, c, retreated, count, damage, (name, owner, kind, damage, retreated, attacking))

        items.append(army)
    barbs: dict[tuple, int] = {}
    for barb in info.get("barbarian_armies") or []:
        key = (int(barb.get("damage") or 0), bool(barb.get("retreated")))
        barbs[key] = barbs.get(key, 0) + 1
    for (damage, retreated), count in sorted(barbs.items()):

        def barbarian(draw, c, damage=damage, retreated=retreated, count=count):
            kit.token(draw, c, TOKEN, BARBARIAN, shape="hexagon", letter=BARBARIAN_MARK, border_width=2)
            kit.mark("barbarian")
            _army_marks(draw, c, retreated, count, damage, (name, None, "barbarian", damage, retreated, False))

        items.append(barbarian)
    for owner, count in sorted((info.get("princesses") or {}).items(), key=lambda kv: rank.get(kv[0], 99)):
        if count:
            fill = colours.get(owner, BARBARIAN)
            def princess(draw, c, fill=fill, count=count, owner=owner):
                _princess(draw, c, fill, count, letters.get(owner, "?"), means=("princesses", name, owner))
                kit.mark("princess")

            items.append(princess)
    return items


def piece_spots(centre: tuple[float, float], count: int, right: float = 1e9) -> list[tuple[float, float]]:
    """Where `count` pieces go: rows of up to four, centred under the province's name (moved
    left where a row would cross `right`, the map's edge)."""
    x, y = centre
    x = min(x, right - 22 - (min(PER_ROW, count) - 1) * STEP / 2)
    spots = []
    rows = math.ceil(count / PER_ROW) if count else 0
    for r in range(rows):
        n = min(PER_ROW, count - r * PER_ROW)
        for i in range(n):
            spots.append((x + (i - (n - 1) / 2) * STEP, y + 16 + r * (STEP - 2)))
    return spots


def draw_provinces(
    draw: ImageDraw.ImageDraw,
    b: MapBoard,
    summary: dict,
    order: Sequence[str],
    letters: dict[str, str],
    colours: dict[str, kit.RGB],
    within: tuple[float, float, float, float] | None = None,
) -> None:
    """Each province in play: its name (with the holder's letter and its type mark), then its
    pieces in rows below. With `within` (board px), a province drawn wholly outside that box is
    left out (a close-up shows and reads only that part: render.inline.close_up_reach)."""
    provinces = summary.get("provinces") or {}
    for name, info in provinces.items():
        if name not in b.provinces:
            continue
        x, y = b.at(name)
        owner = info.get("owner")
        label_y = y - 16 + b.provinces[name].label_dy
        mark = KIND_MARK.get(info.get("kind"), "")
        shown = kit.say(term("wt province", name))
        width = kit.text_width(shown, NAME_SIZE)
        left = x - width / 2 + b.provinces[name].label_dx
        if owner in colours:
            left += 13
        # Names near the map's edge stay whole: shifted in, never cut by the panel column.
        left = min(max(left, 32), b.map_width - width - (24 if mark else 6))
        items = _pieces(name, info, colours, letters, order)
        spots = piece_spots((x, y), len(items), b.map_width)
        if within is not None and not _reaches(within, left, width, label_y, spots):
            continue
        if owner in colours:
            kit.badge(draw, (left - 16, label_y), 12, colours[owner], letters.get(owner, "?"))
            kit.mark("held")
        kit.text(draw, (left, label_y), shown, NAME_SIZE, kit.INK, outline=kit.WHITE, stroke=3, anchor="lm")
        if mark:
            kit.mark("kinds")
            mx = left + width + 11
            kit.text(draw, (mx, label_y), mark, 18, MARK_COLOURS[info["kind"]], outline=kit.WHITE, stroke=3, anchor="mm")
        for item, spot in zip(items, spots, strict=True):
            item(draw, spot)


LINE_REACH = 8  # px round a border's line (4 px dots at most): generous


def _line_reaches(within, a, c) -> bool:
    """Whether the line from `a` to `c` may draw inside `within` (its bounding box does)."""
    x0, y0, x1, y1 = within
    return (min(a[0], c[0]) - LINE_REACH < x1 and max(a[0], c[0]) + LINE_REACH > x0
            and min(a[1], c[1]) - LINE_REACH < y1 and max(a[1], c[1]) + LINE_REACH > y0)


# How far a province's drawing reaches round its name's text (the holder's disc on the left, the
# type mark on the right, the outline) and round each piece's centre (its token, the attack
# mark, the count and damage badges): generous, a close-up's pixels depend on it.
LABEL_REACH = (40, 24, 48)  # left, above and below, right
PIECE_REACH = 48


def _reaches(within, left: float, width: float, label_y: float, spots) -> bool:
    """Whether a province's name at (left, label_y) `width` wide, or a piece at one of `spots`,
    may draw inside `within`."""
    x0, y0, x1, y1 = within
    before, around, after = LABEL_REACH
    if left - before < x1 and left + width + after > x0 and label_y - around < y1 and label_y + around > y0:
        return True
    return any(sx - PIECE_REACH < x1 and sx + PIECE_REACH > x0 and sy - PIECE_REACH < y1 and sy + PIECE_REACH > y0
               for sx, sy in spots)


RING = (62, 44, 50)  # the highlight ring's half width, and its reach above and below the centre


def ring_box(b: MapBoard, name: str) -> tuple[float, float, float, float]:
    """The highlight ring round a province, moved inward where the map's edge would cut it
    (Provence at the bottom, Pomerania beside the panels)."""
    x, y = b.at(name)
    w, up, down = RING
    x = min(max(x, w + 2), b.map_width - w - 3)
    y = min(max(y, b.header + up + 2), b.height - down - 3)
    return (x - w, y - up, x + w, y + down)


def draw_highlight(draw: ImageDraw.ImageDraw, b: MapBoard, highlight: dict) -> None:
    """The last action: orange rings round its provinces, orange arrows along its moves."""
    for name in highlight.get("provinces") or highlight.get("cities") or []:
        if name in b.provinces:
            x0, y0, x1, y1 = ring_box(b, name)
            draw.ellipse((x0, y0, x1, y1), outline=kit.WHITE, width=9)
            draw.ellipse((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=kit.HIGHLIGHT, width=5)
            kit.mark("ring")
    for pair in highlight.get("routes") or []:
        if len(pair) == 2 and all(p in b.provinces for p in pair):
            (x0, y0), (x1, y1) = b.at(pair[0]), b.at(pair[1])
            d = math.hypot(x1 - x0, y1 - y0) or 1
            ux, uy = (x1 - x0) / d, (y1 - y0) / d
            stop = min(56.0, d * 0.45)  # the point rests on the target's ring, clear of its pieces
            kit.arrow(draw, (x0 + ux * 8, y0 + uy * 8), (x1 - ux * stop, y1 - uy * stop), kit.HIGHLIGHT, 8, 24)
            kit.mark("arrow")


