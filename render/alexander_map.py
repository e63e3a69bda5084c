"""The Alexander map as it changes, drawn from the public view: who controls each province,
the last action's places and path, every space's symbol with its garrison, tribe, treasury,
Alexandria and siege, the province markers, and the pieces (armies, fleets, loose ASP, lone
leaders, the royal tokens) on cards beside their spaces."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from engine.text import term
from render import kit
from render.alexander_board import (
    RESERVE,
    SIDE_COLOURS,
    TREASURY_RING,
    TRIBE,
    Board,
    side_colour,
)
from render.alexander_geometry import Box, FreeSpace, inflate, static_layout
from render.alexander_pieces import (
    ELITE,
    MARKER_GLYPHS,
    MARKER_R,
    NO_LOC,
    ROYAL,
    Flag,
    alexandria_star,
    army_card,
    army_card_size,
    chip,
    chip_size,
    fleet_card,
    fleet_card_size,
    halo,
    loose,
    loose_size,
    marker,
    royal_token,
    siege_ring,
    symbol,
    treasury_ring,
)
from render.alexander_static import link_ends
from render.alexander_words import LABELS

ROUTE_BAND = 14
TITLE_WIDTH = 170  # leaders' names on a card beyond this give way to "+n"


def control_key(view: dict) -> tuple[tuple[str, str | None], ...]:
    """Who controls each cell (provinces and the four islands), as the map layer's cache key."""
    found = {name: info.get("control") for name, info in (view.get("provinces") or {}).items()}
    found.update(view.get("islands") or {})
    return tuple(sorted((name, side if side in SIDE_COLOURS else None) for name, side in found.items()))


def _outer(b: Board, name: str) -> float:
    s = b.spaces[name]
    return s.room + (TREASURY_RING if s.type == "treasury_city" else 0)


def draw_highlight(draw: ImageDraw.ImageDraw, b: Board, highlight: dict) -> list[Box]:
    """An orange band along the path moved, a halo round each place; returns the bands'
    boxes (the overlay goes back over them: names and links stay on top)."""
    boxes = []
    for route in highlight.get("routes") or ():
        steps = [p for p in route if p in b.spaces]
        for a, c in zip(steps, steps[1:], strict=False):
            if a == c:
                continue
            start, end = link_ends(b, a, c)
            draw.line((*start, *end), fill=kit.HIGHLIGHT, width=ROUTE_BAND)
            boxes.append(_line_box(start, end, ROUTE_BAND))
            kit.mark("band")
    for name in highlight.get("spaces") or ():
        if name in b.spaces:
            halo(draw, b.at(name), _outer(b, name) + RESERVE - 1)
            kit.mark("halo")
    return boxes


def _line_box(start, end, width: float) -> Box:
    return (min(start[0], end[0]) - width, min(start[1], end[1]) - width, max(start[0], end[0]) + width,
            max(start[1], end[1]) + width)  # fmt: skip


def draw_province_frames(draw: ImageDraw.ImageDraw, highlight: dict) -> None:
    """An orange frame round the names of the provinces the last action touched."""
    layout = static_layout()
    for name in highlight.get("provinces") or ():
        label = layout.provinces.get(name)
        if label is not None:
            draw.rounded_rectangle(inflate(label.box, 3), radius=6, outline=kit.HIGHLIGHT, width=4)
            kit.mark("halo")


def draw_spaces(draw: ImageDraw.ImageDraw, b: Board, view: dict) -> None:
    """Every space's symbol: filled in the colour of its garrison (GSP inside) or brown with a
    tribe; a treasury city's ring shows its level; a gold star behind an Alexandria; teeth
    round a besieged city in the besieger's colour."""
    garrisons = view.get("garrisons") or {}
    tribes = view.get("tribes") or {}
    treasuries = view.get("treasuries") or {}
    sieges = view.get("sieges") or {}
    alexandrias = set(view.get("alexandrias") or ())
    armies = {a["id"]: a for a in view.get("armies") or ()}
    for name, s in b.spaces.items():
        centre = (s.x, s.y)
        if name in alexandrias:
            alexandria_star(draw, centre, _outer(b, name) + RESERVE - 1)
            kit.mark("alexandria")
        if name in sieges:
            besieger = armies.get(sieges[name].get("army"), {})
            siege_ring(draw, centre, _outer(b, name) + 2, side_colour(besieger.get("side")))
            kit.mark("besieging")
        if s.type == "treasury_city":
            t = treasuries.get(name) or {}
            level = t.get("level", "full")
            treasury_ring(draw, centre, level, bool(t.get("unusable")))
            kit.mark("treasury_city")
            if t.get("unusable"):
                kit.mark("treasury_unusable")
        fill, number, means = kit.WHITE, "", ()
        garrison = garrisons.get(name)
        if name in tribes:
            fill, number, means = TRIBE, str(tribes[name].get("gsp", "")), ("tribe_gsp", name)
            kit.mark("tribe")
        elif garrison and garrison.get("gsp"):
            fill, number, means = side_colour(garrison.get("side")), str(garrison["gsp"]), ("garrison_gsp", name)
            kit.mark("garrison")
        kind = "minor_city" if s.type == "transit" and name in alexandrias else s.type  # 13.0: now a city
        symbol(draw, kind, centre, fill, number, means=means)
        kit.mark(kind)


@dataclass(frozen=True)
class Piece:
    """Something placed beside a space: what it is, and its forms, fullest first, each a size
    and how to draw it at a centre (a crowded spot takes a shorter form, the panels list the rest)."""

    space: str
    kind: str
    forms: tuple[tuple[tuple[float, float], object], ...]  # (size, callable(draw, centre))
    line: bool = True  # joined to its space by a line


def _short(leader: str) -> str:
    """ "Alexander III" -> "Alexander": the card has room for names, not regnal numbers. In
    the drawing's language."""
    leader = kit.say(term("alexander leader", leader))
    head, _, tail = leader.rpartition(" ")
    return head if head and tail.strip("IVX") == "" else leader


def _title(leaders: list[str], fallback: str) -> str:
    if not leaders:
        return fallback
    names = [_short(n) for n in leaders]
    full = ", ".join(names)
    if kit.text_width(full, 16) <= TITLE_WIDTH or len(names) == 1:
        return full
    return kit.say(LABELS["army_more"], leader=names[0], more=len(names) - 1)


def _army_flags(army: dict, sieges: dict) -> tuple[Flag, ...]:
    flags = []
    if army.get("leaders") and army.get("number"):
        flags.append(Flag(f"#{army['number']}", kit.INK, "army"))
    if army.get("elite"):
        flags.append(Flag(f"★{army['elite']}", ELITE, "elite"))
    if army.get("inside"):
        flags.append(Flag("♜", kit.INK, "inside"))
    city = army.get("besieging")
    if city:
        points = (sieges.get(city) or {}).get("points", 0)
        flags.append(Flag(f"⚔{points}/3", SIDE_COLOURS.get(army.get("side"), kit.INK), "besieging"))
    if army.get("royal_treasury"):
        flags.append(Flag("⛁", (150, 108, 10), "royal_treasury"))
    if army.get("royal_family"):
        flags.append(Flag("♛", ROYAL, "royal_family"))
    if not army.get("loc", True):
        flags.append(Flag("⊘", NO_LOC, "no_loc"))
    if army.get("fatigued"):
        flags.append(Flag(LABELS["fatigued"], NO_LOC, "spent"))
    if army.get("useless"):
        flags.append(Flag(LABELS["useless"], NO_LOC, "spent"))
    return tuple(flags)


def _drawn(kind: str, fn, *args, **kwargs):
    """A piece's drawing: `fn(draw, centre, *args, **kwargs)`, noting its kind of mark."""

    def draw_piece(draw, centre):
        fn(draw, centre, *args, **kwargs)
        kit.mark(kind)

    return draw_piece


def pieces(b: Board, view: dict) -> list[Piece]:
    """Everything of the view drawn beside a space, in a fixed order (placement is greedy)."""
    from engine.alexander.board import board as engine_board

    out: list[Piece] = []
    sieges = view.get("sieges") or {}
    for army in sorted(view.get("armies") or (), key=lambda a: a["id"]):
        if army.get("space") not in b.spaces:
            continue
        colour, asp = side_colour(army.get("side")), army.get("asp", 0)
        number = army.get("number")
        fallback = kit.say(LABELS["army"], number=number) if number else kit.say(LABELS["sparta"])
        leaders = list(army.get("leaders") or ())
        title = _title(leaders, fallback)
        if not leaders:
            short = kit.say(LABELS["army_short"], number=number)
        elif len(leaders) > 1:
            short = kit.say(LABELS["army_more"], leader=_short(leaders[0]), more=len(leaders) - 1)
        else:
            short = _short(leaders[0])
        flags = _army_flags(army, sieges)
        means = ("army_asp", army["id"])
        forms = [(army_card_size(title, flags), _drawn("army", army_card, colour, asp, title, flags, means=means)),
                 (army_card_size(short, ()), _drawn("army", army_card, colour, asp, short, (), means=means)),
                 (army_card_size("", ()), _drawn("army", army_card, colour, asp, "", (), means=means))]  # fmt: skip
        out.append(Piece(army["space"], "army", tuple(forms)))
    for fleet in sorted(view.get("fleets") or (), key=lambda f: f["name"]):
        if fleet.get("space") not in b.spaces:
            continue
        colour, nsp = side_colour(fleet.get("side")), fleet.get("nsp", 0)
        fleet_name = fleet["name"] + " fleet"  # the engine's term for it (words.fleet_t)
        name = kit.say(term("alexander fleet", fleet_name))
        leaders = ", ".join(_short(n) for n in fleet.get("leaders") or ())
        forms = [(fleet_card_size(name, leaders), _drawn("fleet", fleet_card, colour, nsp, name, leaders, means=("fleet_nsp", fleet["name"]))),
                 (fleet_card_size(name, ""), _drawn("fleet", fleet_card, colour, nsp, name, "", means=("fleet_nsp", fleet["name"]))),
                 (fleet_card_size("", ""), _drawn("fleet", fleet_card, colour, nsp, "", "", means=("fleet_nsp", fleet["name"])))]  # fmt: skip
        out.append(Piece(fleet["space"], "fleet", tuple(forms)))
    for space, garrison in sorted((view.get("garrisons") or {}).items()):
        if garrison.get("asp") and space in b.spaces:
            draw = _drawn("loose", loose, side_colour(garrison.get("side")), garrison["asp"],
                          means=("garrison_asp", space))
            out.append(Piece(space, "loose", ((loose_size(garrison["asp"]), draw),)))
    leaders_info = engine_board().leaders
    for name, where in sorted((view.get("leaders") or {}).items()):
        if where.startswith("space:") and where[6:] in b.spaces:
            colour = side_colour(leaders_info[name].side if name in leaders_info else None)
            draw = _drawn("leader", chip, colour, _short(name))
            out.append(Piece(where[6:], "leader", ((chip_size(_short(name)), draw),)))
    for unnamed in view.get("leaders_unnamed") or ():  # face down on the map (5.1): "?"
        if unnamed["space"] in b.spaces:
            draw = _drawn("leader", chip, side_colour(unnamed["side"]), "?")
            out.append(Piece(unnamed["space"], "leader", ((chip_size("?"), draw),)))
    for kind in ("royal_treasury", "royal_family"):
        info = view.get(kind) or {}
        where = info.get("with") or ""
        if where.startswith("space:") and where[6:] in b.spaces:
            colour = side_colour(info.get("owner") or info.get("holder"))
            out.append(
                Piece(where[6:], kind, (((30, 30), _drawn(kind, royal_token, kind, colour)),), line=False)
            )
    return out


REACH = 150  # px: a piece's fuller forms stand no further than this from their space


def place_pieces(
    b: Board, view: dict, free: FreeSpace, first: Iterable[str] = ()
) -> list[tuple[Piece, tuple[float, float], Box, object]]:
    """Each piece on the free spot nearest its space, in the fullest of its forms that has
    room within REACH px, else its shortest form wherever is nearest: (piece, centre, box,
    draw). Those at the spaces `first` (the last action's) are placed first, so they stand
    nearest. A piece the map has no room for at all is left out (never drawn over another mark)."""
    placed = []
    first = set(first)
    for piece in sorted(pieces(b, view), key=lambda p: p.space not in first):
        anchor = b.at(piece.space)
        chosen = None
        for form in piece.forms:
            box = free.place(anchor, form[0], reach=REACH)
            if box is not None:
                chosen = form
                break
        if chosen is None:
            chosen = piece.forms[-1]
            box = free.place(anchor, chosen[0])
        if box is not None:
            placed.append((piece, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), box, chosen[1]))
    return placed


def draw_tethers(draw: ImageDraw.ImageDraw, b: Board, placed) -> list[Box]:
    """The line from each piece to its space; returns their boxes (the overlay goes back over
    them, so names stay readable)."""
    boxes = []
    for piece, centre, _, _ in placed:
        if piece.line:
            _tether(draw, b, piece.space, centre)
            boxes.append(_line_box(b.at(piece.space), centre, 3))
    return boxes


def draw_pieces(draw: ImageDraw.ImageDraw, placed) -> list[tuple[str, Box, str]]:
    """The pieces at their places; returns (kind, box, space) of each."""
    for _, centre, _, draw_piece in placed:
        draw_piece(draw, centre)
    return [(piece.kind, box, piece.space) for piece, _, box, _ in placed]


def _tether(draw: ImageDraw.ImageDraw, b: Board, space: str, centre) -> None:
    x, y = b.at(space)
    draw.line((x, y, *centre), fill=kit.WHITE, width=5)
    draw.line((x, y, *centre), fill=kit.INK, width=2)


def draw_markers(
    draw: ImageDraw.ImageDraw, b: Board, view: dict, free: FreeSpace
) -> list[tuple[str, Box, str]]:
    """Revolt, devastation, drought and bad weather: discs under the province's name."""
    layout = static_layout()
    placed = []
    for name, info in sorted((view.get("provinces") or {}).items()):
        label = layout.provinces.get(name)
        if label is None:
            continue
        for kind in MARKER_GLYPHS:
            if not info.get(kind):
                continue
            anchor = ((label.box[0] + label.box[2]) / 2, label.box[3] + MARKER_R)
            box = free.place(anchor, (2 * MARKER_R + 2, 2 * MARKER_R + 2), margin=2)
            if box is None:
                continue
            marker(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), kind)
            kit.mark(kind)
            placed.append((kind, box, name))
    return placed
