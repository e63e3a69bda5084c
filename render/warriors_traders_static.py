"""The part of a Warriors & Traders board that never changes, drawn once per map (and per
seating) and copied for every render: header band, geography with the province cells in the
unheld colour, the key, the panel column and the panels' frames. Also the fixed palette."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.text import msg
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
    kit.token(draw, ((x0 + x1) / 2, (y0 + y1) / 2), y1 - y0 - 4, DAMAGE, shape="square", letter="2", border_width=2,
              means=("key example",))


def _sample_held(draw, box):
    x0, y0, x1, y1 = box
    colour = kit.PLAYER_COLOURS["red"]
    draw.rectangle(box, fill=colour, outline=kit.INK, width=1)
    draw.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), fill=owner_fill(colour))
    kit.badge(draw, ((x0 + x1) / 2, (y0 + y1) / 2), 10, colour, "A")


def _sample_marks(draw, box):
    x0, y0, x1, y1 = box
    kit.text(draw, (x0 + 2, (y0 + y1) / 2), "★ ◆ ⚔", 18, (130, 96, 0), outline=kit.WHITE, stroke=2, anchor="lm")


def _sample_count(draw, box):
    x0, y0, x1, y1 = box
    c = ((x0 + x1) / 2 - 4, (y0 + y1) / 2 + 2)
    kit.token(draw, c, y1 - y0 - 6, kit.FAINT, shape="square", border_width=2)
    kit.badge(draw, (c[0] + 12, c[1] - 8), 9, kit.WHITE, "2", means=("key example",))


def _sample_last(draw, box):
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    draw.ellipse((x0 + 18, y0, x1, y1), outline=kit.HIGHLIGHT, width=4)
    kit.arrow(draw, (x0, cy), (x0 + 24, cy), kit.HIGHLIGHT, 4, 10)


# Rows: (the kinds of mark a row explains, its label): every kind a render notes with
# kit.mark must be in one (a test checks). Labels are message ids, drawn in the board's language.
KEY_TITLE = msg("Key")
KEY_ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("infantry",), msg("infantry")),
    (("archer",), msg("archers")),
    (("cavalry",), msg("cavalry")),
    (("barbarian",), msg("barbarian army")),
    (("fortress",), msg("fortress")),
    (("princess",), msg("princess")),
    (("count",), msg("how many stand there")),
    (("damage",), msg("damage this turn")),
    (("retreated",), msg("retreated")),
    (("attacking",), msg("attacking: battle to come")),
    (("held",), msg("held by player A")),
    (("kinds",), msg("capital · trade · contested")),
    (("border_land",), msg("border (land)")),
    (("border_sea",), msg("border (by sea)")),
    (("ring", "arrow"), msg("last action: where, moves")),
)
KEY_KINDS = frozenset(kind for kinds, _ in KEY_ROWS for kind in kinds)
_KEY_SAMPLES = {
    "infantry": _sample_token("square"), "archer": _sample_token("triangle"), "cavalry": _sample_token("diamond"),
    "barbarian": _sample_token("hexagon", BARBARIAN, BARBARIAN_MARK), "fortress": _sample_fortress,
    "princess": _sample_princess, "count": _sample_count, "damage": _sample_damage,
    "retreated": _sample_token("square", retreated=True), "attacking": _sample_attacking, "held": _sample_held,
    "kinds": _sample_marks, "border_land": _sample_line(ROAD, 2), "border_sea": _sample_line(LINK, 4, dots=True),
    "ring": _sample_last,
}  # fmt: skip
KEY_SIZE, KEY_SWATCH = 19, 46


def draw_legend(draw: ImageDraw.ImageDraw, b: MapBoard) -> None:
    x0, y0, x1, y1 = b.legend
    y0 += b.header
    y1 += b.header
    top = kit.panel(draw, (x0, y0, x1, y1), title=KEY_TITLE, title_size=20, fill=(252, 250, 244))
    row = (y1 - top - 6) / len(KEY_ROWS)
    size = KEY_SIZE if row >= 26 else KEY_SIZE - 2
    room = x1 - x0 - 20 - KEY_SWATCH - 10
    entries = [(_KEY_SAMPLES[kinds[0]], kit.fit_text(label, size, room, min_size=12)[0]) for kinds, label in KEY_ROWS]
    kit.legend(draw, (x0 + 10, top - 2), entries, size=size, row=row, swatch=KEY_SWATCH)


@lru_cache(maxsize=6)
def static_layer(map_id: str, variant: str | None = None) -> Image.Image:
    """The map (a variant's part of it enlarged) with every cell neutral, the header band and
    the panel column's ground."""
    b = board(map_id, variant)
    image = Image.new("RGB", (b.width, b.height), COLUMN_FILL)
    base = kit.asset_image(f"wt_{map_id}_base.png").convert("RGB")
    if b.view is not None:
        base = base.resize(base.size, Image.Resampling.BICUBIC, box=b.view)
    image.paste(base, (0, b.header))
    draw_fills(image, b, None, {})
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, b.width, b.header - 1), fill=HEADER_FILL)
    draw.line((b.map_width, b.header, b.map_width, b.height), fill=kit.INK, width=3)
    return image


def legend_layer(map_id: str, variant: str | None = None) -> tuple[Image.Image, kit.Drawn]:
    """The key is drawn over the map after the changing parts (it sits on the sea), so it is
    a separate small image pasted last; with it what it drew (texts, in board px). In the
    drawing's language."""
    return _legend_layer(map_id, variant, kit.current_language())


@lru_cache(maxsize=12)
def _legend_layer(map_id: str, variant: str | None, lang: str | None) -> tuple[Image.Image, kit.Drawn]:
    b = board(map_id, variant)
    x0, y0, x1, y1 = b.legend
    image = static_layer(map_id, variant).crop((x0, y0 + b.header, x1 + 1, y1 + b.header + 1))
    canvas = Image.new("RGB", (b.width, b.height))
    canvas.paste(image, (x0, y0 + b.header))
    with kit.language(lang), kit.recording(layer=True) as drawn:
        draw_legend(ImageDraw.Draw(canvas), b)
    drawn.marks.clear()  # the key's samples explain marks, they are not marks on the board
    return canvas.crop((x0, y0 + b.header, x1 + 1, y1 + b.header + 1)), drawn


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
