"""The board's side boxes: the special actions board, the standing box (taxes, churches,
mosques, pass order) and the Bulgar box. Each has a static part (frame, captions, empty
slots), drawn once into the cached layer, and a dynamic part drawn per state at the same
coordinates.
"""

from __future__ import annotations

from engine.text import msg
from render import kit
from render.byzantium_board import GOLD, SIDE_COLOURS, Board

# Every word this module writes (to be translated: issue 17).
LABELS = {
    "bulgars": msg("Bulgars"), "fortify": msg("Fortify"), "byzantine_improvement": msg("Byz. improvement"), "emperor": msg("Emperor"),
    "byzantine_civil_war": msg("Byz. civil war"), "byzantine_fleet": msg("Byz. fleet"), "arab_improvement": msg("Arab improvement"),
    "caliph": msg("Caliph"), "arab_civil_war": msg("Arab civil war"), "arab_fleet": msg("Arab fleet"),
    "special_actions": msg("Special actions"), "boxes": msg("Boxes"), "tax": msg("Tax"), "church": msg("Church"), "mosque": msg("Mosque"),
    "passed": msg("Passed"), "nobody": msg("nobody"), "starts": msg("Starts"), "bulgar_box": msg("BULGARS"), "army_strength": msg("army strength"),
}  # fmt: skip
# (caption, side colour key or None, box ids) in the order of the printed board.
SPECIAL_ROWS: tuple[tuple[str, str | None, tuple[str, ...]], ...] = (
    ("bulgars", "bulgar", ("bulgars_1", "bulgars_2")),
    ("fortify", None, ("fortify_1", "fortify_2")),
    ("byzantine_improvement", "byzantine", ("byzantine_improvement_1", "byzantine_improvement_2")),
    ("emperor", "byzantine", ("emperor",)),
    ("byzantine_civil_war", "byzantine", ("byzantine_civil_war",)),
    ("byzantine_fleet", "byzantine", ("byzantine_fleet",)),
    ("arab_improvement", "arab", ("arab_improvement_1", "arab_improvement_2", "arab_improvement_3")),
    ("caliph", "arab", ("caliph",)),
    ("arab_civil_war", "arab", ("arab_civil_war_1", "arab_civil_war_2")),
    ("arab_fleet", "arab", ("arab_fleet",)),
)
SLOT = 42
SLOT_GAP = 10
ROW = 54
CAPTION_SIZE = 25
TITLE_SIZE = 26


def _row_y(board: Board, row: int) -> float:
    """Vertical centre of a row of the special actions board (below its title bar)."""
    return board.boxes["special_actions"][1] + TITLE_SIZE + 14 + 10 + row * ROW + ROW / 2


def special_slots(board: Board) -> dict[str, tuple[float, float]]:
    """Centre of each special action box, by box id."""
    x1 = board.boxes["special_actions"][2]
    slots: dict[str, tuple[float, float]] = {}
    for row, (_, _, ids) in enumerate(SPECIAL_ROWS):
        cy = _row_y(board, row)
        for i, box_id in enumerate(ids):
            slots[box_id] = (x1 - 16 - SLOT / 2 - (len(ids) - 1 - i) * (SLOT + SLOT_GAP), cy)
    return slots


def draw_special_static(draw, board: Board) -> None:
    x0, y0, x1, y1 = board.boxes["special_actions"]
    kit.panel(draw, (x0, y0, x1, y1), title=LABELS["special_actions"], title_size=TITLE_SIZE)
    slots = special_slots(board)
    for row, (caption, side, ids) in enumerate(SPECIAL_ROWS):
        cy = _row_y(board, row)
        if row % 2:
            draw.rectangle((x0 + 4, cy - ROW / 2, x1 - 4, cy + ROW / 2), fill=(240, 234, 220))
        swatch = SIDE_COLOURS.get(side or "", kit.FAINT)
        draw.rounded_rectangle((x0 + 14, cy - 13, x0 + 40, cy + 13), radius=5, fill=swatch, outline=kit.INK, width=2)
        slots_left = min(slots[box_id][0] for box_id in ids) - SLOT / 2 - 8
        label, size = kit.fit_text(LABELS[caption], CAPTION_SIZE, slots_left - (x0 + 52), min_size=20)
        kit.text(draw, (x0 + 52, cy), label, size, kit.INK, anchor="lm")
        for box_id in ids:
            sx, sy = slots[box_id]
            h = SLOT / 2
            draw.rounded_rectangle((sx - h, sy - h, sx + h, sy + h), radius=6, outline=(150, 140, 120), width=3)


def draw_special(draw, board: Board, summary: dict, letters: dict[str, str], colours: dict, marked=()) -> None:
    for box_id, (sx, sy) in special_slots(board).items():
        if box_id in (marked or ()):  # the box the last action took
            h = SLOT / 2 + 6
            draw.rounded_rectangle((sx - h, sy - h, sx + h, sy + h), radius=9, outline=kit.HIGHLIGHT, width=5)
            kit.mark("box_taken")
        holder = (summary.get("special_actions") or {}).get(box_id)
        if holder:
            kit.token(draw, (sx, sy), SLOT, colours.get(holder, kit.FAINT), shape="square", letter=letters.get(holder, "?"))


def draw_standing_static(draw, board: Board) -> None:
    x0, y0, x1, y1 = board.boxes["standing"]
    kit.panel(draw, (x0, y0, x1, y1), title=LABELS["boxes"], title_size=TITLE_SIZE)
    top = y0 + TITLE_SIZE + 14 + 8
    columns = _standing_columns(board)
    for (label, _), cx in zip(STANDING_COLUMNS, columns, strict=True):
        shown, size = kit.fit_text(LABELS[label], 21, columns[1] - columns[0] - 6, min_size=20)
        kit.text(draw, (cx, top + 12), shown, size, (90, 80, 70), anchor="mm")
    kit.mark("standing")


STANDING_COLUMNS = (("tax", "taxes"), ("church", "churches"), ("mosque", "mosques"))


def _standing_columns(board: Board) -> list[float]:
    x0, _, x1, _ = board.boxes["standing"]
    first = x0 + 96
    step = (x1 - 54 - first) / 2
    return [first, first + step, first + 2 * step]


def draw_standing(draw, board: Board, summary: dict, order: list[str], letters, colours) -> None:
    """One row per player (their letter token: names are in the panels below) with their cubes
    in the tax, church and mosque boxes, then the pass order and the start player."""
    x0, y0, x1, y1 = board.boxes["standing"]
    top = y0 + TITLE_SIZE + 14 + 8
    columns = _standing_columns(board)
    y = top + 30
    for name in order:
        cy = y + 21
        kit.token(draw, (x0 + 34, cy), 36, colours[name], shape="circle", letter=letters[name])
        for (_, key), cx in zip(STANDING_COLUMNS, columns, strict=True):
            value = (summary.get(key) or {}).get(name, 0)
            kit.text(draw, (cx, cy), str(value), 30, kit.INK if value else (170, 160, 145), anchor="mm",
                     means=(key, name))
        y += 44
    y += 6
    draw.line((x0 + 12, y, x1 - 12, y), fill=kit.FAINT, width=2)
    # The tokens start after the longer caption (captions grow in translation).
    first = x0 + 14 + max(kit.text_width(LABELS[k], 23) for k in ("passed", "starts")) + 28
    kit.text(draw, (x0 + 14, y + 22), LABELS["passed"], 23, kit.INK, anchor="lm")
    passed = summary.get("pass_order") or []
    if not passed:
        kit.text(draw, (first - 14, y + 22), LABELS["nobody"], 21, (120, 110, 100), anchor="lm")
    for i, name in enumerate(passed):
        kit.token(draw, (first + i * 42, y + 22), 36, colours.get(name, kit.FAINT), shape="circle", letter=letters.get(name, "?"))
    start = summary.get("start_player")
    if start:
        kit.text(draw, (x0 + 14, y + 66), LABELS["starts"], 23, kit.INK, anchor="lm")
        kit.token(draw, (first, y + 66), 36, colours.get(start, kit.FAINT), shape="circle", letter=letters.get(start, "?"))


def draw_bulgars_static(draw, board: Board) -> None:
    """The Bulgar box north of the Balkans, with the orange entry arrows into the cities the
    Bulgars invade."""
    x0, y0, x1, y1 = board.boxes["bulgars"]
    for city in board.cities.values():
        if city.bulgar_entry:
            # From the box's edge straight above the city where the box reaches, else its corner.
            start = (min(max(city.x, x0 + 30), x1 - 10), y1)
            dx, dy = city.x - start[0], city.y - start[1]
            length = (dx * dx + dy * dy) ** 0.5
            end = (city.x - dx / length * (city.radius + 10), city.y - dy / length * (city.radius + 10))
            kit.arrow(draw, start, end, SIDE_COLOURS["bulgar"], 9, 26)
            kit.mark("bulgar_arrow")
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=SIDE_COLOURS["bulgar"], outline=kit.INK, width=3)
    room = x1 - 80 - (x0 + 14)  # left of the strength disc
    label, size = kit.fit_text(LABELS["bulgar_box"], 26, room, min_size=20)
    kit.text(draw, (x0 + 14, (y0 + y1) / 2 - 14), label, size, kit.WHITE, outline=kit.INK, anchor="lm")
    label, size = kit.fit_text(LABELS["army_strength"], 20, room, min_size=20)
    kit.text(draw, (x0 + 14, (y0 + y1) / 2 + 18), label, size, kit.INK, anchor="lm")


def draw_bulgars(draw, board: Board, summary: dict) -> None:
    x0, y0, x1, y1 = board.boxes["bulgars"]
    strength = (summary.get("bulgars") or {}).get("army", 0)
    kit.token(draw, (x1 - 40, (y0 + y1) / 2), 58, kit.WHITE, shape="circle", border=GOLD, border_width=4)
    kit.text(draw, (x1 - 40, (y0 + y1) / 2), str(strength), 38, kit.INK, anchor="mm", means=("bulgars",))
