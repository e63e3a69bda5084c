"""Where things go on the Alexander map so that nothing of one meaning covers another: each
space's name (and a major city's siege modifier) beside its symbol, each province's name (with
room under it for its markers) inside its cell, placed once when the board loads; and the
pieces of a state (army and fleet cards, loose strength, lone leaders, royal tokens), placed
at each render in the first free spot round their space.

Every footprint is a box; a grid of the boxes already taken answers "is this free?" quickly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from engine.text import term
from render import kit
from render.alexander_board import BAND, RESERVE, TREASURY_RING, Board, Space, board, cell_images, layout

Box = tuple[float, float, float, float]
NAME_SIZE = 16  # the smallest map text: 20 px in the chat's focus view (zoom 1.25)
PROVINCE_SIZE = 17
DEFENSE_SIZE = 16
MARKER = 24  # a province marker (revolt, devastation, drought, bad weather)
STROKE = 2  # outline of map text


def inflate(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_box(xy: tuple[float, float], content: str, size: int, anchor: str, stroke: int = STROKE) -> Box:
    """The box kit.text covers for this text (outline included)."""
    left, top, right, bottom = kit.font(size).getbbox(content, anchor=anchor, stroke_width=stroke)
    x, y = round(xy[0]), round(xy[1])
    return (x + left, y + top, x + right, y + bottom)


class Grid:
    """Boxes by the cells of a coarse grid, each with its meaning."""

    CELL = 64

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[tuple[Box, str]]] = {}

    def _keys(self, box: Box) -> Iterator[tuple[int, int]]:
        c = self.CELL
        for gx in range(int(box[0] // c), int(box[2] // c) + 1):
            for gy in range(int(box[1] // c), int(box[3] // c) + 1):
                yield gx, gy

    def add(self, box: Box, kind: str) -> None:
        for key in self._keys(box):
            self._cells.setdefault(key, []).append((box, kind))

    def hits(self, box: Box) -> bool:
        return any(overlaps(box, other) for key in self._keys(box) for other, _ in self._cells.get(key, ()))

    def copy(self) -> Grid:
        new = Grid()
        new._cells = {k: list(v) for k, v in self._cells.items()}
        return new


def symbol_box(space: Space, reserve: float = RESERVE) -> Box:
    """A space's symbol with the ring round it kept free (halo, siege ring, treasury ring)."""
    r = space.room + (TREASURY_RING if space.type == "treasury_city" else 0) + reserve
    return (space.x - r, space.y - r, space.x + r, space.y + r)


@dataclass(frozen=True)
class NameLabel:
    xy: tuple[float, float]
    anchor: str
    box: Box  # the name, and the siege modifier after it
    defense_xy: tuple[float, float] | None  # centre of the siege modifier's tag
    lines: tuple[tuple[str, tuple[float, float]], ...]  # the name's lines and where each goes


@dataclass(frozen=True)
class ProvinceLabel:
    xy: tuple[float, float]  # centre of the name
    box: Box


def defense_text(defense: int) -> str:
    return f"{defense:+d}"


def defense_size(defense: int) -> tuple[float, float]:
    return kit.text_width(defense_text(defense), DEFENSE_SIZE) + 8, 20


# (dx, dy) directions of a name round its symbol, by preference, and the text anchor for each.
_NAME_SPOTS = ((1, 0, "lm"), (-1, 0, "rm"), (0, -1, "mb"), (0, 1, "mt"),
               (0.8, -0.8, "lb"), (0.8, 0.8, "lt"), (-0.8, -0.8, "rb"), (-0.8, 0.8, "rt"),
               (1, -0.45, "lm"), (1, 0.45, "lm"), (-1, -0.45, "rm"), (-1, 0.45, "rm"))  # fmt: skip


LINE = 18  # between the two lines of a name broken in two


def _lines(
    name: str, xy: tuple[float, float], anchor: str, split: bool
) -> tuple[tuple[str, tuple[float, float]], ...]:
    """The name's lines and where each is drawn (with the label's anchor): one line, or broken
    at the space nearest its middle into two."""
    if not split:
        return ((name, xy),)
    cut = min((i for i, c in enumerate(name) if c == " "), key=lambda i: abs(i - len(name) / 2))
    first, second = name[:cut], name[cut + 1 :]
    x, y = xy
    offsets = {"m": (-LINE / 2, LINE / 2), "b": (-LINE, 0), "t": (0, LINE)}[anchor[1]]
    return ((first, (x, y + offsets[0])), (second, (x, y + offsets[1])))


def _union(boxes) -> Box:
    boxes = list(boxes)
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _name_candidates(space: Space) -> Iterator[NameLabel]:
    """Places for the name round its symbol, nearest first; a name of several words may be
    broken in two where one line finds no room."""
    gap = space.room + (TREASURY_RING if space.type == "treasury_city" else 0) + RESERVE + 1
    name = kit.say(term("alexander space", space.name))
    for split in (False, True) if " " in name else (False,):
        for extra in (0, 8, 18, 30, 44):
            for dx, dy, anchor in _NAME_SPOTS:
                xy = (space.x + dx * (gap + extra), space.y + dy * (gap + extra))
                lines = _lines(name, xy, anchor, split)
                box = _union(text_box(at, text, NAME_SIZE, anchor) for text, at in lines)
                if space.defense is None:
                    yield NameLabel(xy, anchor, box, None, lines)
                    continue
                w, h = defense_size(space.defense)
                if anchor[0] == "r":  # the tag goes on the side away from the symbol
                    tag = (box[0] - 3 - w / 2, (box[1] + box[3]) / 2)
                else:
                    tag = (box[2] + 3 + w / 2, (box[1] + box[3]) / 2)
                whole = _union((box, (tag[0] - w / 2, tag[1] - h / 2, tag[0] + w / 2, tag[1] + h / 2)))
                yield NameLabel(xy, anchor, whole, tag, lines)


def _box_distance(box: Box, point: tuple[float, float]) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def _owned(box: Box, space: Space, near: list[Space]) -> bool:
    """A name reads as its space's when no other symbol is as near to it."""
    own = _box_distance(box, (space.x, space.y))
    return all(_box_distance(box, (o.x, o.y)) > own + 6 for o in near)


def _crowding(b: Board, space: Space) -> int:
    return sum(
        1 for o in b.spaces.values() if o is not space and math.dist((o.x, o.y), (space.x, space.y)) < 90
    )


@dataclass(frozen=True)
class StaticLayout:
    names: dict[str, NameLabel]
    provinces: dict[str, ProvinceLabel]
    grid: Grid  # every symbol, name and province label: what pieces must not cover
    unplaced: tuple[str, ...]  # names that found no free spot (drawn at their first choice)


def _symbols_grid(b: Board) -> Grid:
    grid = Grid()
    for s in b.spaces.values():
        grid.add(symbol_box(s), "symbol")
    return grid


def _place_name(s: Space, near: list[Space], grid: Grid, area: Box) -> NameLabel | None:
    """The first free place for the name, preferring those nearer its own symbol than any other."""
    for strict in (True, False):
        for label in _name_candidates(s):
            if (
                _within(label.box, area)
                and not grid.hits(inflate(label.box, 1))
                and (not strict or _owned(label.box, s, near))
            ):
                return label
    return None


def _place_names(b: Board, order: list[Space], area: Box) -> tuple[dict[str, NameLabel], list[str]]:
    """Names in `order`, greedily; names left without room are then placed first among their
    neighbours (whose names are taken up and placed again after), or failing that first of all,
    as long as that leaves fewer out."""
    near = {s.name: [o for o in b.spaces.values() if o is not s and math.dist((o.x, o.y), (s.x, s.y)) < 200]
            for s in order}  # fmt: skip

    def run(sequence: list[Space], fixed: dict[str, NameLabel]) -> tuple[dict[str, NameLabel], list[str]]:
        grid = _symbols_grid(b)
        for label in fixed.values():
            grid.add(label.box, "name")
        placed, missing = dict(fixed), []
        for s in sequence:
            label = _place_name(s, near[s.name], grid, area)
            if label is None:
                missing.append(s.name)
                continue
            placed[s.name] = label
            grid.add(label.box, "name")
        return placed, missing

    names, missing = run(order, {})
    for _ in range(4):  # the names left out go first, among their neighbours, then everywhere
        if not missing:
            break
        late = [b.spaces[n] for n in missing]
        around = {
            o.name for s in late for o in order if o.name in names and math.dist((o.x, o.y), (s.x, s.y)) < 200
        }
        fixed = {n: label for n, label in names.items() if n not in around}
        again, still = run(late + [o for o in order if o.name in around], fixed)
        if still:
            again, still = run(late + [o for o in order if o.name not in missing], {})
        if len(still) < len(missing):
            names, missing = again, still
        else:
            break
    for name in missing:  # drawn at its first choice (the layout test reports it)
        names[name] = next(_name_candidates(b.spaces[name]))
    return names, missing


@kit.per_language(4)
def static_layout() -> StaticLayout:
    """Names and province names placed clear of every mark, in the drawing's language (their
    lengths differ)."""
    b = board()
    x0, y0, x1, y1 = b.map_box
    inside = (x0 + 4, y0 + 4, x1 - 4, y1 - 4)
    first = layout()["names_first"]  # placed before the rest: names that otherwise find no room
    order = sorted(b.spaces.values(), key=lambda s: (s.name not in first, -_crowding(b, s), s.name))
    names, unplaced = _place_names(b, order, inside)
    grid = _symbols_grid(b)
    for label in names.values():
        grid.add(label.box, "name")
    provinces = {}
    for name, cell in sorted(b.cells.items()):
        if cell.kind != "province":
            continue
        label = _place_province(b, name, grid, inside)
        if label is None:
            unplaced.append(name)
            continue
        provinces[name] = label
        grid.add(label.box, "province")
    return StaticLayout(names, provinces, grid, tuple(unplaced))


def _within(box: Box, area: Box) -> bool:
    return box[0] >= area[0] and box[1] >= area[1] and box[2] <= area[2] and box[3] <= area[3]


def province_text(name: str) -> str:
    return kit.say(term("alexander province", name)).upper()


def _place_province(b: Board, name: str, grid: Grid, area: Box) -> ProvinceLabel | None:
    """The free spot nearest the middle of the province's spaces with the name's centre inside
    its cell, or failing that just off it on no other cell (over the sea round an island), or
    failing that anywhere near."""
    cell = b.cells[name]
    if cell.box is None:
        return None
    labels, _ = cell_images()
    own = [s for s in b.spaces.values() if s.province == name]
    mx = sum(s.x for s in own) / len(own)
    my = sum(s.y for s in own) / len(own)
    text = province_text(name)
    left, top, right, bottom = text_box((0, 0), text, PROVINCE_SIZE, "mm", 3)
    cx0, cy0, cx1, cy1 = cell.box
    mine = (cell.index, cell.index + BAND)
    anywhere = tuple(range(256))
    for values, margin in ((mine, 0), ((0, *mine), 40), (anywhere, 90)):
        spots = []
        for y in range(max(0, cy0 - margin), min(b.map_height, cy1 + margin), 5):
            for x in range(max(0, cx0 - margin), min(b.map_width, cx1 + margin), 5):
                if labels.getpixel((x, y)) in values:
                    spots.append((x, y + b.header))
        spots.sort(key=lambda p: (math.dist(p, (mx, my)), p))
        for x, y in spots:
            box = (x + left, y + top, x + right, y + bottom)
            if _within(box, area) and not grid.hits(inflate(box, 2)):
                return ProvinceLabel((x, y), box)
    return None


# -- pieces of a state -----------------------------------------------------------------------------


class FreeSpace:
    """The map in cells of CELL px, taken (by a static mark or a piece placed) or free: the
    free spot for a piece nearest its space, anywhere on the map, with Pillow (no numpy).

    For a piece of w x h cells, a window is blocked where any of its cells is taken: the
    static marks grown by the piece's size (a max over shifted copies) once per size and
    process, then each piece placed since drawn grown into it as one rectangle. The nearest
    free window is found a row at a time with bytes.find."""

    CELL = 6

    def __init__(self, area: Box, boxes: Iterable[Box]) -> None:
        self.area = area
        self.cols = int((area[2] - area[0]) // self.CELL)
        self.rows = int((area[3] - area[1]) // self.CELL)
        self.static = Image.new("L", (self.cols, self.rows), 0)
        draw = ImageDraw.Draw(self.static)
        for box in boxes:
            draw.rectangle(self._cells(box), fill=255)
        self.placed: list[tuple[int, int, int, int]] = []  # cells of the pieces placed

    def copy(self) -> FreeSpace:
        new = FreeSpace.__new__(FreeSpace)
        new.area, new.cols, new.rows, new.static = self.area, self.cols, self.rows, self.static
        new.placed = list(self.placed)
        return new

    def _cells(self, box: Box) -> tuple[int, int, int, int]:
        """The cells a box touches (first and last column and row)."""
        c, (ax, ay) = self.CELL, self.area[:2]
        return (math.floor((box[0] - ax) / c), math.floor((box[1] - ay) / c),
                math.ceil((box[2] - ax) / c) - 1, math.ceil((box[3] - ay) / c) - 1)  # fmt: skip

    def place(
        self,
        anchor: tuple[float, float],
        size: tuple[float, float],
        margin: float = 4,
        reach: float | None = None,
    ) -> Box | None:
        """The box of `size` (kept `margin` px from anything) whose centre is nearest `anchor`
        on free cells, within `reach` px if given; it is then taken. None when there is no
        such room."""
        c, (ax, ay) = self.CELL, self.area[:2]
        cw = math.ceil((size[0] + 2 * margin) / c)
        ch = math.ceil((size[1] + 2 * margin) / c)
        blocked = _grown(cw, ch).copy()
        draw = ImageDraw.Draw(blocked)
        for i0, j0, i1, j1 in self.placed:
            draw.rectangle((i0 - cw + 1, j0 - ch + 1, i1, j1), fill=255)
        limit = None if reach is None else (reach / c) ** 2
        found = _nearest_free(blocked.tobytes(), self.cols, self.rows - ch + 1, self.cols - cw + 1,
                              round((anchor[0] - ax) / c - cw / 2), round((anchor[1] - ay) / c - ch / 2), limit)  # fmt: skip
        if found is None:
            return None
        i, j = found
        x0, y0 = ax + i * c, ay + j * c
        cx, cy = x0 + cw * c / 2, y0 + ch * c / 2
        box = (cx - size[0] / 2, cy - size[1] / 2, cx + size[0] / 2, cy + size[1] / 2)
        self.placed.append(self._cells(box))
        return box


def _nearest_free(
    cells: bytes, stride: int, rows: int, cols: int, ti: int, tj: int, limit: float | None = None
) -> tuple[int, int] | None:
    """The free (zero) cell nearest (ti, tj) among the first `rows` rows and `cols` columns,
    no further than sqrt(`limit`) cells: rows outwards from tj, in each the nearest zero left
    and right of ti."""
    best, best_d = None, limit
    ti = min(max(ti, 0), cols - 1)
    for step in range(max(abs(tj), abs(rows - tj)) + 1):
        if best_d is not None and step * step > best_d:
            break  # every row further out is further than the best found
        for j in (tj,) if step == 0 else (tj - step, tj + step):
            if not 0 <= j < rows:
                continue
            start = j * stride
            for at in (cells.rfind(0, start, start + ti), cells.find(0, start + ti, start + cols)):
                if at >= 0:
                    d = (at - start - ti) ** 2 + (j - tj) ** 2
                    if best_d is None or d < best_d or (best is None and d <= best_d):
                        best, best_d = (at - start, j), d
    return best


@kit.per_language(256)
def _grown(cw: int, ch: int) -> Image.Image:
    """The windows of cw x ch cells blocked by the static marks (once per size and process)."""
    return _grow(_grow(free_space().static, cw, horizontal=True), ch, horizontal=False)


def _grow(taken: Image.Image, count: int, *, horizontal: bool) -> Image.Image:
    """Each cell becomes the max of itself and the `count` - 1 cells after it (right or down):
    a window starting there is blocked."""
    result, reach = taken, 1
    while reach < count:
        step = min(reach, count - reach)
        result = ImageChops.lighter(result, _shifted(result, step, horizontal))
        reach += step
    return result


def _shifted(image: Image.Image, step: int, horizontal: bool) -> Image.Image:
    """The image moved `step` cells left (or up), the vacated edge taken (nothing lies beyond)."""
    w, h = image.size
    out = Image.new("L", (w, h), 255)
    out.paste(image.crop((step, 0, w, h) if horizontal else (0, step, w, h)), (0, 0))
    return out


@kit.per_language(4)
def free_space() -> FreeSpace:
    """The map with every static mark taken: copied for each render's pieces."""
    b = board()
    x0, y0, x1, y1 = b.map_box
    return FreeSpace((x0 + 4, y0 + 4, x1 - 4, y1 - 4), (box for _, _, box in static_footprints(reserve=True)))


def static_footprints(*, reserve: bool = False) -> Iterable[tuple[str, str, Box]]:
    """Every static footprint: (kind, whose, box); symbols with the ring kept round them when
    `reserve` (pieces keep off it: the halo and the siege ring go there)."""
    b = board()
    layout = static_layout()
    for s in b.spaces.values():
        yield "symbol", s.name, symbol_box(s, RESERVE if reserve else 0)
    for name, label in layout.names.items():
        yield "name", name, label.box
    for name, label in layout.provinces.items():
        yield "province", name, label.box
