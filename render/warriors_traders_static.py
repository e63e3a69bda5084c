"""The part of a Warriors & Traders board that never changes, drawn once per map (and per
seating) and copied for every render: header band, geography with the province cells in the
unheld colour, the key, the panel column and the panels' frames. Also the fixed palette."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.warriors_traders_board import (
    BARBARIAN,
    COLOURS,
    COLUMN_FILL,
    DAMAGE,
    HEADER_FILL,
    LINK,
    NEUTRAL,
    OUT_OF_PLAY,
    RESOURCE_COLOURS,
    MapBoard,
    board,
    owner_fill,
)
from render.warriors_traders_map import (
    BARBARIAN_MARK,
    MARK_COLOURS,
    NATION_INK,
    NATION_OUTLINE,
    ROAD,
    _fortress,
    _princess,
    _retreated,
    attack_mark,
    draw_fills,
)
from render.warriors_traders_panels import HEADER_MUTED, MUTED, PROMPT, STATUS, WAR


def _sample_token(shape: str, fill=kit.FAINT, letter: str = "", retreated: bool = False):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        c = ((x0 + x1) / 2, (y0 + y1) / 2)
        kit.token(draw, c, y1 - y0 - 2, fill, shape=shape, letter=letter, border_width=2)
        if retreated:
            _retreated(draw, c)

    return sample


def _sample_line(colour, width, dots=False):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        kit.patterned_line(draw, (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2), colour, width, dots=dots, gap=11)

    return sample


def _sample_fortress(draw, box):
    x0, y0, x1, y1 = box
    _fortress(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 1), kit.FAINT, "", size=26)


def _sample_princess(draw, box):
    x0, y0, x1, y1 = box
    _princess(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 2), kit.FAINT, 1, "", size=24)


def _sample_attacking(draw, box):
    x0, y0, x1, y1 = box
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    attack_mark(draw, c, (y1 - y0) * 0.62)
    kit.token(draw, c, (y1 - y0) * 0.62, kit.FAINT, shape="square", border_width=2)


def _sample_damage(draw, box):
    x0, y0, x1, y1 = box
    kit.token(draw, ((x0 + x1) / 2, (y0 + y1) / 2), y1 - y0 - 4, DAMAGE, shape="square", letter="2", border_width=2)


def _sample_held(draw, box):
    x0, y0, x1, y1 = box
    colour = kit.PLAYER_COLOURS["red"]
    draw.rectangle(box, fill=colour, outline=kit.INK, width=1)
    draw.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), fill=owner_fill(colour))
    kit.badge(draw, ((x0 + x1) / 2, (y0 + y1) / 2), 10, colour, "A")


def _sample_marks(draw, box):
    x0, y0, x1, y1 = box
    kit.text(draw, (x0 + 2, (y0 + y1) / 2), "★ ◆ ⚔", 18, (130, 96, 0), outline=kit.WHITE, stroke=2, anchor="lm")


def draw_legend(draw: ImageDraw.ImageDraw, b: MapBoard) -> None:
    x0, y0, x1, y1 = b.legend
    y0 += b.header
    y1 += b.header
    top = kit.panel(draw, (x0, y0, x1, y1), title="Key", title_size=20, fill=(252, 250, 244))
    kit.legend(
        draw,
        (x0 + 10, top - 2),
        [
            (_sample_token("square"), "infantry"),
            (_sample_token("triangle"), "archers"),
            (_sample_token("diamond"), "cavalry"),
            (_sample_token("hexagon", BARBARIAN, BARBARIAN_MARK), "barbarian army"),
            (_sample_fortress, "fortress"),
            (_sample_princess, "princess"),
            (_sample_damage, "damage this turn"),
            (_sample_token("square", retreated=True), "retreated"),
            (_sample_attacking, "attacking: battle to come"),
            (_sample_held, "held by player A"),
            (_sample_marks, "capital · trade · contested"),
            (_sample_line(ROAD, 2), "border (land)"),
            (_sample_line(LINK, 4, dots=True), "border (by sea)"),
        ],
        size=19,
        row=(y1 - top - 6) / 13,
        swatch=46,
    )


@lru_cache(maxsize=3)
def static_layer(map_id: str) -> Image.Image:
    b = board(map_id)
    image = Image.new("RGB", (b.width, b.height), COLUMN_FILL)
    image.paste(kit.asset_image(f"wt_{map_id}_base.png").convert("RGB"), (0, b.header))
    draw_fills(image, b, None, {})
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, b.width, b.header - 1), fill=HEADER_FILL)
    draw.line((b.map_width, b.header, b.map_width, b.height), fill=kit.INK, width=3)
    return image


@lru_cache(maxsize=6)
def legend_layer(map_id: str) -> Image.Image:
    """The key is drawn over the map after the changing parts (it sits on the sea), so it is
    a separate small image pasted last."""
    b = board(map_id)
    x0, y0, x1, y1 = b.legend
    image = static_layer(map_id).crop((x0, y0 + b.header, x1 + 1, y1 + b.header + 1))
    canvas = Image.new("RGB", (b.width, b.height))
    canvas.paste(image, (x0, y0 + b.header))
    draw_legend(ImageDraw.Draw(canvas), b)
    return canvas.crop((x0, y0 + b.header, x1 + 1, y1 + b.header + 1))


def _blends(pairs, steps: int = 3):
    for (r0, g0, b0), (r1, g1, b1) in pairs:
        for i in range(1, steps + 1):
            t = i / (steps + 1)
            yield (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t))


@lru_cache(maxsize=3)
def palette(map_id: str) -> tuple[tuple[int, int, int], ...]:
    """The fixed 256-colour palette of a map's boards: the named colours exactly, the shades
    between colours that touch, and the rest sampled from the map's static layer."""
    players = list(COLOURS.values())
    fills = [owner_fill(c) for c in players]
    named = [
        kit.INK, kit.WHITE, kit.PAPER, kit.FAINT, kit.HIGHLIGHT, HEADER_FILL, COLUMN_FILL, NEUTRAL, OUT_OF_PLAY,
        BARBARIAN, DAMAGE, LINK, ROAD, *RESOURCE_COLOURS.values(), *players, *fills,
        NATION_INK, NATION_OUTLINE, *MARK_COLOURS.values(), MUTED, WAR, PROMPT, STATUS, HEADER_MUTED,
    ]  # fmt: skip
    touching = [(kit.INK, c) for c in named[1:]] + [(kit.WHITE, c) for c in players + [BARBARIAN, DAMAGE]]
    touching += [(c, f) for c, f in zip(players, fills, strict=True)] + [(kit.WHITE, HEADER_FILL)]
    extra = list(dict.fromkeys(named + list(_blends(touching, 2))))
    return kit.build_palette(static_layer(map_id), extra)
