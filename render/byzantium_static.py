"""The part of the Byzantium board that never changes, drawn once per process and copied for
every render: base geography, routes, city names, the Bulgar box and arrows, the legend and
the frames of the side boxes. Also the fixed palette every board is encoded with.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.byzantium_board import (
    CAPITAL,
    GOLD,
    ROUTE_STYLES,
    SIDE_COLOURS,
    SIDE_SHAPES,
    Board,
    board,
)
from render.byzantium_boxes import draw_bulgars_static, draw_special_static, draw_standing_static
from render.byzantium_map import draw_fort, draw_label, draw_route, draw_walls
from render.byzantium_panels import draw_panel_frames

BASE_MAP = "byzantium_base.png"
HEADER_FILL = (44, 38, 56)


def _draw_labels(draw, b: Board) -> None:
    for city in b.cities.values():
        draw_label(draw, city)


def _route_sample(kind):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        colour, width, dash, gap, dots = ROUTE_STYLES[kind]
        kit.patterned_line(draw, (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2), colour, width, dash=dash, gap=gap, dots=dots)

    return sample


def _disc_sample(side):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SIDE_COLOURS[side], outline=kit.INK, width=2)

    return sample


def _shape_sample(side):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        kit.token(draw, ((x0 + x1) / 2, (y0 + y1) / 2), y1 - y0, kit.FAINT, shape=SIDE_SHAPES[side], border_width=3)

    return sample


def _fort_sample(draw, box):
    x0, y0, x1, y1 = box
    draw_fort(draw, ((x0 + x1) / 2, (y0 + y1) / 2), kit.FAINT)


def _draw_legend(draw, b: Board) -> None:
    x0, y0, x1, y1 = b.boxes["legend"]
    top = kit.panel(draw, (x0, y0, x1, y1), title="Key", title_size=24)
    kit.legend(
        draw,
        (x0 + 12, top),
        [
            (_route_sample("road"), "road"),
            (_route_sample("desert"), "desert track (Arabs)"),
            (_route_sample("sea"), "sea lane"),
            (_disc_sample("byzantine"), "Byzantine city: markers"),
            (_disc_sample("arab"), "Arab city: markers"),
            (_disc_sample("persian"), "Persian city: defence"),
            (_shape_sample("byzantine"), "Byzantine army"),
            (_shape_sample("arab"), "Arab army"),
            (_fort_sample, "fortified"),
        ],
        size=21,
        row=32,
        swatch=54,
    )


@lru_cache(maxsize=4)  # about 11 MB each; games mostly share the default seat colours
def seated_layer(colours: tuple[tuple[int, int, int], ...]) -> Image.Image:
    """The static layer plus the frames of one panel per seat, in the seats' colours: a game
    keeps its seats, so this is drawn once per game shape and reused for every render."""
    image = static_layer().copy()
    draw_panel_frames(ImageDraw.Draw(image), board(), list(colours))
    return image


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """The unchanging board, RGB. Callers copy it before drawing."""
    b = board()
    image = Image.new("RGB", (b.width, b.height), kit.PAPER)
    image.paste(kit.asset_image(BASE_MAP).convert("RGB"), (0, b.header))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, b.width, b.header), fill=HEADER_FILL)
    for route in b.routes:
        draw_route(draw, b, route.a, route.b, route.kind)
    draw_bulgars_static(draw, b)
    draw_walls(draw, b.cities[CAPITAL])
    _draw_labels(draw, b)
    _draw_legend(draw, b)
    draw_special_static(draw, b)
    draw_standing_static(draw, b)
    draw.line((0, b.panels_top, b.width, b.panels_top), fill=kit.INK, width=3)
    return image


def _blends(pairs, steps: int = 3):
    for (r0, g0, b0), (r1, g1, b1) in pairs:
        for i in range(1, steps + 1):
            t = i / (steps + 1)
            yield (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t))


@lru_cache(maxsize=1)
def palette() -> tuple[tuple[int, int, int], ...]:
    """The board's fixed 256-colour palette: every named colour exactly, the antialiasing
    shades between the colours that touch (text on tokens, outlines), and the rest taken
    from the static layer."""
    named = [
        kit.INK, kit.WHITE, kit.PAPER, kit.FAINT, kit.HIGHLIGHT, GOLD, HEADER_FILL,
        *kit.PLAYER_COLOURS.values(), *SIDE_COLOURS.values(), *(s[0] for s in ROUTE_STYLES.values()),
    ]  # fmt: skip
    touching = [(kit.INK, c) for c in named[1:]] + [(kit.WHITE, c) for c in kit.PLAYER_COLOURS.values()]
    touching += [(kit.WHITE, c) for c in SIDE_COLOURS.values()] + [(kit.WHITE, HEADER_FILL)]
    extra = list(dict.fromkeys(named + list(_blends(touching))))
    return kit.build_palette(static_layer(), extra)
