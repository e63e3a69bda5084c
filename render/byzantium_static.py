"""The part of the Byzantium board that never changes, drawn once per process and copied for
every render: base geography, routes, city names, the Bulgar box and arrows, the legend and
the frames of the side boxes. Also the fixed palette every board is encoded with.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import byzantium_key as key
from render import kit
from render.byzantium_board import (
    GOLD,
    ROUTE_STYLES,
    SIDE_COLOURS,
    SIDE_SHAPES,
    Board,
    board,
)
from render.byzantium_boxes import draw_bulgars_static, draw_special_static, draw_standing_static
from render.byzantium_city import CAPITAL
from render.byzantium_map import HALO_FILL, STONE, draw_fort, draw_label, draw_route, draw_walls
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


def _centre(box):
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) / 2


def _disc(draw, cx, cy, r, side, number):
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SIDE_COLOURS[side], outline=kit.INK, width=2)
    ink = kit.contrast_ink(SIDE_COLOURS[side])
    kit.text(draw, (cx, cy), number, 16, ink, anchor="mm", means=("key example",))


def _discs_sample(*sides_numbers):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        r = (y1 - y0) / 2 - 1
        step = (x1 - x0 - 2 * r) / max(1, len(sides_numbers) - 1)
        for i, (side, number) in enumerate(sides_numbers):
            _disc(draw, x0 + r + i * step, (y0 + y1) / 2, r, side, number)

    return sample


def _persian_capital_sample(draw, box):
    x0, y0, x1, y1 = box
    cy, r = (y0 + y1) / 2, (y1 - y0) / 2
    _disc(draw, x0 + r, cy, r - 1, "persian", "3")
    cx = x1 - r
    kit.ring(draw, (cx, cy), r + 1, STONE, 5)
    _disc(draw, cx, cy, r - 5, "byzantine", "5")


def _controller_sample(draw, box):
    cx, cy, r = _centre(box)
    red = kit.PLAYER_COLOURS["red"]
    kit.ring(draw, (cx - 8, cy), r, kit.INK, 8)
    kit.ring(draw, (cx - 8, cy), r - 1, red, 5)
    draw.ellipse((cx - 8 - r + 6, cy - r + 6, cx - 8 + r - 6, cy + r - 6), fill=SIDE_COLOURS["byzantine"], outline=kit.INK, width=2)
    kit.badge(draw, (cx + r - 2, cy - 2), 11, red, "A")


def _armies_sample(draw, box):
    x0, y0, x1, y1 = box
    r = (y1 - y0) / 2
    for cx, side in ((x0 + r, "byzantine"), (x1 - r, "arab")):
        kit.token(draw, (cx, (y0 + y1) / 2), 2 * r, kit.PLAYER_COLOURS["red"], shape=SIDE_SHAPES[side], letter="A", border_width=3)


def _strength_sample(draw, box):
    cx, cy, r = _centre(box)
    kit.badge(draw, (cx, cy), round(r), kit.WHITE, "8", means=("key example",))


def _fort_sample(draw, box):
    cx, cy, _ = _centre(box)
    draw_fort(draw, (cx, cy), kit.PLAYER_COLOURS["red"], "A")


def _halo_sample(draw, box):
    cx, cy, r = _centre(box)
    kit.ring(draw, (cx, cy), r + 2, kit.INK, 3)
    kit.ring(draw, (cx, cy), r, kit.HIGHLIGHT, 6)
    draw.ellipse((cx - r + 6, cy - r + 6, cx + r - 6, cy + r - 6), fill=HALO_FILL)
    draw.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=SIDE_COLOURS["arab"], outline=kit.INK, width=2)


def _band_sample(draw, box):
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    draw.line((x0, cy, x1, cy), fill=kit.INK, width=14)
    draw.line((x0, cy, x1, cy), fill=kit.HIGHLIGHT, width=10)
    draw.line((x0, cy, x1, cy), fill=ROUTE_STYLES["road"][0], width=4)


def _box_sample(draw, box):
    cx, cy, r = _centre(box)
    draw.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=5, outline=kit.HIGHLIGHT, width=4)
    kit.token(draw, (cx, cy), 2 * r - 10, kit.PLAYER_COLOURS["red"], shape="square", letter="A", border_width=2)


def _arrow_sample(draw, box):
    x0, y0, x1, y1 = box
    kit.arrow(draw, (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2), SIDE_COLOURS["bulgar"], 6, 14)


def _standing_sample(draw, box):
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=4, fill=kit.PAPER, outline=kit.INK, width=2)
    for i, value in enumerate("201"):
        kit.text(draw, (x0 + 10 + i * 17, (y0 + y1) / 2), value, 16, kit.INK, anchor="mm", means=("key example",))


# The sample of each key row, by the first kind it explains.
SAMPLES = {
    "road": _route_sample("road"), "desert": _route_sample("desert"), "sea": _route_sample("sea"),
    "city_byzantine": _discs_sample(("byzantine", "2"), ("arab", "2"), ("bulgar", "1")),
    "city_persian": _persian_capital_sample, "controller": _controller_sample, "fort": _fort_sample,
    "army_byzantine": _armies_sample, "strength": _strength_sample, "bulgar_arrow": _arrow_sample,
    "halo": _halo_sample, "band": _band_sample, "box_taken": _box_sample, "standing": _standing_sample,
}  # fmt: skip


def _draw_legend(draw, b: Board) -> None:
    x0, y0, x1, y1 = b.boxes["legend"]
    top = kit.panel(draw, (x0, y0, x1, y1), title=key.TITLE, title_size=key.TITLE_SIZE)
    kit.legend(draw, (x0 + key.PAD, top), [(SAMPLES[kinds[0]], label) for kinds, label in key.ROWS],
               size=key.SIZE, row=key.ROW, swatch=key.SWATCH, width=x1 - x0 - 2 * key.PAD)  # fmt: skip


def seated_layer(colours: tuple[tuple[int, int, int], ...]) -> tuple[Image.Image, kit.Drawn]:
    """The static layer plus the frames of one panel per seat, in the seats' colours, in the
    drawing's language: a game keeps its seats, so this is drawn once per game shape and
    reused for every render. With it, what it drew (texts and marks), which a render replays
    into its own record."""
    return _seated_layer(colours, kit.current_language())


@lru_cache(maxsize=4)  # about 11 MB each; games mostly share the default seat colours and language
def _seated_layer(colours: tuple[tuple[int, int, int], ...], lang: str | None) -> tuple[Image.Image, kit.Drawn]:
    with kit.language(lang), kit.recording(layer=True) as drawn:
        image = static_layer().copy()
        kit.replay(static_drawn())
        draw_panel_frames(ImageDraw.Draw(image), board(), list(colours))
    return image, drawn


def static_layer() -> Image.Image:
    """The unchanging board in the drawing's language, RGB. Callers copy it before drawing."""
    return _static(kit.current_language())[0]


def static_drawn() -> kit.Drawn:
    return _static(kit.current_language())[1]


@lru_cache(maxsize=4)
def _static(lang: str | None) -> tuple[Image.Image, kit.Drawn]:
    with kit.language(lang), kit.recording(layer=True) as drawn:
        image = _draw_static()
    return image, drawn


def bare_map() -> Image.Image:
    """The map without the side boxes and key: what the chat's focus view shows where the
    key would be (its own strip explains the marks it shows)."""
    return _bare_map(kit.current_language())


@lru_cache(maxsize=4)
def _bare_map(lang: str | None) -> Image.Image:
    with kit.language(lang), kit.recording(layer=True):
        return _draw_static(boxes=False)


def _draw_static(boxes: bool = True) -> Image.Image:
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
    if boxes:
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
    with kit.language(None):  # the colours are the same in every language
        return kit.build_palette(static_layer(), extra)
