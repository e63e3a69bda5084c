"""The Alexander board's key: one row per kind of mark, each with a sample drawn by the same
code as the map. Every kind a render notes with kit.mark must be in a row (a test checks)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import kit
from render.alexander_board import (
    CONTROL_FILL,
    CONTROL_STRIP,
    LINK_STYLES,
    MAC,
    PER,
    REGION_INK,
    SIDE_COLOURS,
    TRIBE,
)
from render.alexander_pieces import (
    ELITE,
    NO_LOC,
    Flag,
    alexandria_star,
    chip,
    halo,
    loose,
    marker,
    royal_token,
    ship,
    siege_ring,
    symbol,
    treasury_ring,
)
from render.alexander_static import defense_tag, draw_link
from render.alexander_words import LABELS

KEY_SIZE, KEY_SWATCH, KEY_ROW = 16, 72, 26
BLUE, RED = SIDE_COLOURS[MAC], SIDE_COLOURS[PER]


def _mid(box):
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


def _symbol(kind: str, fill=kit.WHITE, number: str = ""):
    def sample(draw, box):
        symbol(draw, kind, _mid(box), fill, number, means=("key example",))

    return sample


def _major(draw, box):
    x, y = _mid(box)
    symbol(draw, "major_city", (x - 14, y))
    defense_tag(draw, (x + 16, y), 2)


def _treasury(draw, box):
    x, y = _mid(box)
    for dx, level in ((-20, "full"), (0, "low"), (20, "empty")):
        treasury_ring(draw, (x + dx, y), level, radius=9)


def _unusable(draw, box):
    treasury_ring(draw, _mid(box), "full", True, radius=11)


def _link(kind: str):
    def sample(draw, box):
        x0, y0, x1, y1 = box
        draw_link(draw, (x0 + 2, (y0 + y1) / 2), (x1 - 2, (y0 + y1) / 2), kind)

    return sample


def _control(draw, box):
    x0, y0, x1, y1 = box
    mx = (x0 + x1) / 2
    for (a, b), side in (((x0, mx - 2), MAC), ((mx + 2, x1), PER)):
        draw.rectangle((a, y0 + 2, b, y1 - 2), fill=CONTROL_STRIP[side])
        draw.rectangle((a + 4, y0 + 6, b - 4, y1 - 6), fill=CONTROL_FILL[side])


def _regions(draw, box):
    x0, y0, x1, y1 = box
    for i, region in enumerate(("europe", "frontier", "persia")):
        draw.rectangle((x0 + i * 22, y0 + 5, x0 + i * 22 + 18, y1 - 5), fill=REGION_INK[region])


def _loose(draw, box):
    loose(draw, _mid(box), RED, 8, means=("key example",))


def _army(draw, box):
    x0, y0, x1, y1 = box
    h = y1 - y0
    draw.rounded_rectangle((x0 + 4, y0, x1 - 4, y1), radius=5, fill=(222, 230, 248), outline=kit.INK, width=2)
    draw.rounded_rectangle((x0 + 4, y0, x0 + 4 + h, y1), radius=5, fill=BLUE, outline=kit.INK, width=2)
    kit.text(
        draw,
        (x0 + 4 + h / 2, (y0 + y1) / 2),
        "33",
        KEY_SIZE,
        kit.WHITE,
        outline=kit.INK,
        stroke=1,
        anchor="mm",
        means=("key example",),
    )
    kit.text(draw, (x0 + 8 + h, (y0 + y1) / 2), "#1", KEY_SIZE, kit.INK, anchor="lm")


def _flag(flag: Flag):
    def sample(draw, box):
        kit.text(draw, _mid(box), flag.text, KEY_SIZE, flag.colour, anchor="mm")

    return sample


def _spent(draw, box):
    word, size = kit.fit_text(LABELS["fatigued"], KEY_SIZE, box[2] - box[0], min_size=KEY_SIZE)
    kit.text(draw, _mid(box), word, size, NO_LOC, anchor="mm")


def _fleet(draw, box):
    x, y = _mid(box)
    ship(draw, (x, y), 34, 22, RED, "4", means=("key example",))


def _besieged(draw, box):
    x, y = _mid(box)
    siege_ring(draw, (x - 16, y), 7, BLUE)
    symbol(draw, "major_city", (x - 16, y), kit.WHITE, "", 5)
    kit.text(draw, (x + 16, y), "⚔2/3", KEY_SIZE, BLUE, anchor="mm")


def _leader(draw, box):
    x, y = _mid(box)
    word, _ = kit.fit_text(LABELS["key_leader_sample"], KEY_SIZE, KEY_SWATCH - 16, min_size=KEY_SIZE)
    chip(draw, (x, y), RED, word)


def _royal(draw, box):
    x, y = _mid(box)
    royal_token(draw, (x - 15, y), "royal_treasury", RED)
    royal_token(draw, (x + 15, y), "royal_family", RED)


def _alexandria(draw, box):
    x, y = _mid(box)
    alexandria_star(draw, (x, y), 12)
    symbol(draw, "minor_city", (x, y), kit.WHITE, "", 7)


def _marker(kind: str):
    def sample(draw, box):
        marker(draw, _mid(box), kind)

    return sample


def _last(draw, box):
    x0, y0, x1, y1 = box
    y = (y0 + y1) / 2
    draw.line((x0 + 2, y, x1 - 20, y), fill=kit.HIGHLIGHT, width=10)
    halo(draw, (x1 - 12, y), 11)
    symbol(draw, "minor_city", (x1 - 12, y), kit.WHITE, "", 6)


def _garrison(draw, box):
    x, y = _mid(box)
    symbol(draw, "minor_city", (x - 13, y), BLUE, "2", means=("key example",))
    symbol(draw, "major_city", (x + 13, y), RED, "4", means=("key example",))


# (kinds of mark, label key, sample). Labels are in LABELS (to be translated).
KEY_ROWS = (
    (("minor_city",), "key_minor_city", _symbol("minor_city")),
    (("major_city", "defense"), "key_major_city", _major),
    (("treasury_city",), "key_treasury_city", _treasury),
    (("treasury_unusable",), "key_unusable", _unusable),
    (("stronghold",), "key_stronghold", _symbol("stronghold")),
    (("transit",), "key_transit", _symbol("transit")),
    *(((f"link_{kind}",), f"key_link_{kind}", _link(kind)) for kind in LINK_STYLES),
    (("control",), "key_control", _control),
    (("region_europe", "region_frontier", "region_persia", "region_independent", "region_island"), "key_regions",
     _regions),
    (("garrison",), "key_garrison", _garrison),
    (("tribe",), "key_tribe", _symbol("stronghold", TRIBE, "2")),
    (("loose",), "key_loose", _loose),
    (("army",), "key_army", _army),
    (("elite",), "key_elite", _flag(Flag("★3", ELITE, "elite"))),
    (("inside",), "key_inside", _flag(Flag("♜", kit.INK, "inside"))),
    (("spent",), "key_spent", _spent),
    (("no_loc",), "key_no_loc", _flag(Flag("⊘", NO_LOC, "no_loc"))),
    (("besieging",), "key_besieging", _besieged),
    (("fleet",), "key_fleet", _fleet),
    (("leader",), "key_leader", _leader),
    (("royal_treasury", "royal_family"), "key_royal", _royal),
    (("alexandria",), "key_alexandria", _alexandria),
    (("revolt",), "key_revolt", _marker("revolt")),
    (("devastated",), "key_devastated", _marker("devastated")),
    (("drought",), "key_drought", _marker("drought")),
    (("bad_weather",), "key_bad_weather", _marker("bad_weather")),
    (("halo", "band"), "key_last", _last),
)  # fmt: skip
# Marks of the panels, explained by the panels' own words rather than the key.
PANEL_KINDS = frozenset({"hand", "face_down", "track", "objective", "apm", "streak"})
KINDS = frozenset(kind for kinds, _, _ in KEY_ROWS for kind in kinds) | PANEL_KINDS


def _fit_rows(labels: list[str], width: float, room: float) -> tuple[int, float | None]:
    """Row height and wrapping width that fit the labels in `room` px (longer words wrap,
    then rows tighten); width None: not even one line each fits, cut them."""
    for row in (KEY_ROW, KEY_ROW - 3):
        if kit.legend_height(labels, width, size=KEY_SIZE, row=row, swatch=KEY_SWATCH) <= room:
            return row, width
    return KEY_ROW - 3, None


@kit.per_language(4)
def key_layer(box: tuple[float, float, float, float]) -> tuple[Image.Image, kit.Drawn]:
    """The key drawn once into its panel: (the panel's image, what it drew in board px)."""
    x0, y0, x1, y1 = box
    canvas = Image.new("RGB", (round(x1) + 1, round(y1) + 1), (236, 230, 216))
    draw = ImageDraw.Draw(canvas)
    with kit.recording(layer=True) as drawn:
        top = kit.panel(draw, box, title=LABELS["key"], title_size=20, fill=(250, 247, 238))
        half = (x1 - x0 - 20) / 2
        per_column = -(-len(KEY_ROWS) // 2)
        columns = [KEY_ROWS[i * per_column : (i + 1) * per_column] for i in range(2)]
        room = y1 - top - 6
        for column, rows in enumerate(columns):
            labels = [LABELS[label] for _, label, _ in rows]
            row, width = _fit_rows(labels, half - 6, room)
            if width is None:  # even one line a row is too tall: each label cut to one line
                labels = [
                    kit.fit_text(text, KEY_SIZE, half - 16 - KEY_SWATCH, min_size=KEY_SIZE)[0]
                    for text in labels
                ]
            entries = [(sample, text) for (_, _, sample), text in zip(rows, labels, strict=True)]
            kit.legend(draw, (x0 + 10 + column * half, top), entries, size=KEY_SIZE, row=row, swatch=KEY_SWATCH,
                       width=width)  # fmt: skip
    drawn.marks.clear()  # the samples explain marks; they are not marks on the board
    return canvas.crop((round(x0), round(y0), round(x1) + 1, round(y1) + 1)), drawn
