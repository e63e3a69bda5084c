"""The parts of the Alexander board that never change, drawn once per process: the canvas with
the geography, the overlay of links, names and siege modifiers (pasted over the province
colours of each render), the key, and the board's fixed palette."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from render import kit
from render.alexander_board import (
    CONTROL_FILL,
    CONTROL_STRIP,
    EMPTY,
    GOLD,
    GOLD_DARK,
    HEADER_FILL,
    INDEPENDENT,
    LINK_STYLES,
    MUTED,
    NEUTRAL,
    PANEL_FILL,
    REGION_INK,
    SIDE_COLOURS,
    TRANSIT,
    TRIBE,
    Board,
    board,
    cell_images,
    fill_palette,
)
from render.alexander_geometry import (
    DEFENSE_SIZE,
    NAME_SIZE,
    PROVINCE_SIZE,
    defense_text,
    province_text,
    static_layout,
)
from render.alexander_pieces import ELITE, MARKER_GLYPHS, NO_LOC, ROYAL

NAME_INK = kit.INK
DEFENSE_FILL = (60, 52, 46)


def link_ends(b: Board, a: str, c: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """A link's line, from the edge of one symbol to the edge of the other."""
    (xa, ya), (xc, yc) = b.at(a), b.at(c)
    d = math.hypot(xc - xa, yc - ya) or 1.0
    ux, uy = (xc - xa) / d, (yc - ya) / d
    ra, rc = b.spaces[a].radius, b.spaces[c].radius
    return (xa + ux * ra, ya + uy * ra), (xc - ux * rc, yc - uy * rc)


def draw_link(draw: ImageDraw.ImageDraw, start, end, kind: str) -> None:
    colour, width, dash, gap, dots = LINK_STYLES[kind]
    if kind == "strait":  # a double line: the narrow water between two shores
        kit.patterned_line(draw, start, end, colour, width)
        kit.patterned_line(draw, start, end, kit.WHITE, 2)
        return
    if kind == "pass":  # a line with two bars across it, like a gate
        kit.patterned_line(draw, start, end, colour, width)
        mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        d = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
        px, py = -(end[1] - start[1]) / d, (end[0] - start[0]) / d
        ux, uy = (end[0] - start[0]) / d, (end[1] - start[1]) / d
        for s in (-5, 5):
            cx, cy = mx + ux * s, my + uy * s
            draw.line((cx - px * 8, cy - py * 8, cx + px * 8, cy + py * 8), fill=colour, width=3)
        return
    kit.patterned_line(draw, start, end, colour, width, dash=dash, gap=gap, dots=dots)


@cache
def canvas() -> Image.Image:
    """Header band, geography with neutral provinces, the panels' ground."""
    b = board()
    image = Image.new("RGB", (b.width, b.height), PANEL_FILL)
    image.paste(kit.asset_image("alexander_base.png").convert("RGB"), (0, b.header))
    ImageDraw.Draw(image).rectangle((0, 0, b.width, b.header - 1), fill=HEADER_FILL)
    return image


@kit.per_language(4)
def overlay() -> tuple[Image.Image, Image.Image, kit.Drawn]:
    """Links, names, province names and siege modifiers over the map: (image, mask of the
    pixels they cover, what was drawn). Pasted over the province colours at every render."""
    b = board()
    layout = static_layout()
    x0, y0, x1, y1 = b.map_box
    ground = canvas().crop((x0, y0, x1, y1))
    image = ground.copy()
    shifted = Image.new("RGB", (b.width, b.height))
    shifted.paste(image, (0, y0))
    with kit.recording(layer=True) as drawn:
        draw = ImageDraw.Draw(shifted)
        for a, c, kind in b.links:
            start, end = link_ends(b, a, c)
            draw_link(draw, start, end, kind)
            kit.mark(f"link_{kind}")
        for name, label in layout.provinces.items():
            region = b.cells[name].region
            kit.text(draw, label.xy, province_text(name), PROVINCE_SIZE, REGION_INK[region], outline=kit.WHITE,
                     stroke=3, anchor="mm")  # fmt: skip
            kit.mark(f"region_{region}")
        for name, label in layout.names.items():
            for line, at in label.lines:
                kit.text(
                    draw, at, line, NAME_SIZE, NAME_INK, outline=kit.WHITE, stroke=2, anchor=label.anchor
                )
            defense = b.spaces[name].defense
            if label.defense_xy is not None and defense is not None:
                defense_tag(draw, label.defense_xy, defense)
    image = shifted.crop((x0, y0, x1, y1))
    mask = ImageChops.difference(image, ground).convert("L").point([0] + [255] * 255)
    return image, mask, drawn


def defense_tag(draw: ImageDraw.ImageDraw, centre, defense: int) -> None:
    text = defense_text(defense)
    w = kit.text_width(text, DEFENSE_SIZE) + 8
    x, y = centre
    draw.rounded_rectangle((x - w / 2, y - 10, x + w / 2, y + 10), radius=9, fill=DEFENSE_FILL)
    kit.text(draw, (x, y), text, DEFENSE_SIZE, kit.WHITE, anchor="mm", means=("printed",))
    kit.mark("defense")


@kit.per_language(16)
def map_layer(control: tuple[tuple[str, str | None], ...]) -> Image.Image:
    """The canvas with every cell in its controller's colours and the overlay on top (one per
    distinct control, which changes a few times a game)."""
    b = board()
    image = canvas().copy()
    labels, mask = cell_images()
    coloured = labels.copy()
    coloured.putpalette(fill_palette(control))
    image.paste(coloured.convert("RGB"), (0, b.header), mask)
    over, over_mask, _ = overlay()
    image.paste(over, (0, b.header), over_mask)
    return image


def replay_overlay() -> None:
    """Count the overlay's texts and marks as drawn (map_layer pasted it)."""
    kit.replay(overlay()[2])


def repaste_overlay(image: Image.Image, boxes) -> None:
    """Put the overlay back over what was drawn under it after all (the last action's band,
    the lines from pieces to their spaces): names and links stay on top, box by box."""
    b = board()
    over, mask, _ = overlay()
    for box in boxes:
        x0, y0 = max(0, int(box[0])), max(b.header, int(box[1]))
        x1, y1 = min(b.map_width, int(box[2]) + 1), min(b.header + b.map_height, int(box[3]) + 1)
        if x1 > x0 and y1 > y0:
            crop = (x0, y0 - b.header, x1, y1 - b.header)
            image.paste(over.crop(crop), (x0, y0), mask.crop(crop))


def _blends(pairs, steps: int = 2):
    for (r0, g0, b0), (r1, g1, b1) in pairs:
        for i in range(1, steps + 1):
            t = i / (steps + 1)
            yield (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t))


@cache
def palette() -> tuple[kit.RGB, ...]:
    """The fixed 256-colour palette of every Alexander board: the named colours exactly, the
    shades between colours that touch, and the rest sampled from the static layers."""
    sides = list(SIDE_COLOURS.values())
    link_colours = [style[0] for style in LINK_STYLES.values()]
    glyphs = [colour for _, colour in MARKER_GLYPHS.values()]
    named = [kit.INK, kit.WHITE, kit.PAPER, kit.FAINT, kit.HIGHLIGHT, HEADER_FILL, PANEL_FILL, NEUTRAL, *sides,
             *CONTROL_FILL.values(), *CONTROL_STRIP.values(), INDEPENDENT, TRIBE, GOLD, GOLD_DARK, EMPTY, TRANSIT, MUTED, NAME_INK,
             DEFENSE_FILL, ELITE, NO_LOC, ROYAL, *REGION_INK.values(), *link_colours, *glyphs]  # fmt: skip
    from render.alexander_board import tint

    cards = [tint(c, 0.85, kit.WHITE) for c in [*sides, INDEPENDENT]]
    named += cards
    touching = [(kit.INK, c) for c in named[1:]] + [
        (kit.WHITE, c) for c in [*sides, *link_colours, HEADER_FILL]
    ]
    touching += [(c, f) for c, f in zip(CONTROL_STRIP.values(), CONTROL_FILL.values(), strict=True)]
    touching += [(kit.HIGHLIGHT, c) for c in [NEUTRAL, *CONTROL_FILL.values()]]
    extra = list(dict.fromkeys(named + list(_blends(touching))))
    with kit.language(None):  # the colours are the same in every language
        sample = map_layer((("Macedonia", "macedonian"), ("Lydia", "persian")))
    return kit.build_palette(sample, extra)
