"""The strip under the map (one panel per player: both army cards, treasuries, VP, cubes,
forts, titles, passed) and the header band above it (round, who must decide what, the last
action)."""

from __future__ import annotations

from render import kit
from render.byzantium_board import GOLD, SIDE_COLOURS, Board

ROW = 29
TEXT = 23
SIDES = (("byzantine", "Byzantine"), ("arab", "Arab"))
MUTED = (110, 100, 90)


def _pill(draw, right: float, cy: float, label: str, fill, size: int = 18) -> float:
    """A rounded tag ending at `right`; returns where the next one (to its left) must end."""
    width = kit.text_width(label, size) + 18
    draw.rounded_rectangle((right - width, cy - 14, right, cy + 14), radius=13, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, (right - width / 2, cy), label, size, kit.contrast_ink(fill), anchor="mm")
    return right - width - 6


def _card(draw, box, side: str, title: str, player: dict) -> None:
    x0, y0, x1, y1 = box
    fill = SIDE_COLOURS[side]
    draw.rounded_rectangle(box, radius=8, fill=kit.WHITE, outline=kit.INK, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + 30), radius=8, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, (x0 + 10, y0 + 15), title, 22, kit.contrast_ink(fill), anchor="lm")
    army = (player.get("army") or {}).get(side) or {}
    at = army.get("at")
    rows = [
        ("Elite", str(army.get("elite", 0)) + (" +guard" if army.get("guard") else "")),
        ("Main", str(army.get("main", 0))),
        ("Levy", str(army.get("levy", 0))),
        ("Move", str(army.get("movement", 0))),
        ("At", at or "off map"),
        ("Gold", str((player.get("treasury") or {}).get(side, 0))),
        ("VP", str((player.get("vp") or {}).get(side, 0))),
    ]
    y = y0 + 34
    for i, (label, value) in enumerate(rows):
        if i == 4:  # separates the army card from the side's treasury and points
            draw.line((x0 + 6, y, x1 - 6, y), fill=kit.FAINT, width=1)
        kit.text(draw, (x0 + 10, y + ROW / 2), label, TEXT - 3, MUTED, anchor="lm")
        # City names need the room: "At" is short, so its value starts earlier.
        value_x = x0 + (44 if i == 4 else 78)
        shown, size = kit.fit_text(value, TEXT + 2 if i != 4 else TEXT, x1 - value_x - 8)
        faint = (i == 4 and not at)
        kit.text(draw, (value_x, y + ROW / 2), shown, size, MUTED if faint else kit.INK, anchor="lm")
        y += ROW


def draw_player_panel(draw, box, name: str, player: dict, summary: dict, letter: str, colour) -> None:
    x0, y0, x1, y1 = box
    acting = summary.get("current") == name
    draw.rounded_rectangle(box, radius=10, fill=kit.PAPER, outline=kit.HIGHLIGHT if acting else kit.INK,
                           width=6 if acting else 3)  # fmt: skip
    bar = (x0, y0, x1, y0 + 46)
    draw.rounded_rectangle(bar, radius=10, fill=colour, outline=kit.INK, width=3)
    kit.token(draw, (x0 + 26, y0 + 23), 34, kit.WHITE, shape="circle", letter=letter, border_width=2)
    right = x1 - 8
    if acting:
        right = _pill(draw, right, y0 + 23, "TO ACT", kit.HIGHLIGHT)
    if player.get("passed"):
        right = _pill(draw, right, y0 + 23, "PASSED", (190, 190, 190))
    if summary.get("caliph") == name:
        right = _pill(draw, right, y0 + 23, "CALIPH", GOLD)
    if summary.get("emperor") == name:
        right = _pill(draw, right, y0 + 23, "EMPEROR", GOLD)
    label, size = kit.fit_text(name, 26, right - (x0 + 50) - 4)
    ink = kit.contrast_ink(colour)
    kit.text(draw, (x0 + 50, y0 + 23), label, size, ink, anchor="lm")

    cards_top = y0 + 54
    card_bottom = cards_top + 34 + 7 * ROW + 4
    mid = (x0 + x1) / 2
    _card(draw, (x0 + 8, cards_top, mid - 4, card_bottom), "byzantine", "Byzantine", player)
    _card(draw, (mid + 4, cards_top, x1 - 8, card_bottom), "arab", "Arab", player)

    _cube_grid(draw, (x0 + 10, card_bottom + 4, x1 - 10), player)


# Where a player's 42 cubes are, and the fortification tokens left: label, then the number.
CUBE_GRID = (
    (("Available", "available"), ("Casualty", "casualty"), ("Forts left", None)),
    (("On cities", "cities"), ("On actions", "action_spaces"), ("Tax", "taxes")),
    (("Religion", "religion"), ("Pass", "pass"), ("Removed", "removed")),
)


def _cube_grid(draw, frame, player: dict) -> None:
    x0, y0, x1 = frame
    cubes = player.get("cubes") or {}
    column = (x1 - x0) / 3
    for r, row in enumerate(CUBE_GRID):
        for c, (label, key) in enumerate(row):
            value = player.get("fortifications_left", 0) if key is None else cubes.get(key, 0)
            x, y = x0 + c * column, y0 + r * 27 + 14
            shown, size = kit.fit_text(label, 19, column - 40)
            kit.text(draw, (x, y), shown, size, MUTED, anchor="lm")
            # The number sits just after the longest label, not at the far edge of a wide panel.
            kit.text(draw, (x + min(column - 12, 150), y), str(value), 23, kit.INK if value else FAINT_NUMBER, anchor="rm")


FAINT_NUMBER = (170, 160, 145)


def draw_player_panels(draw, board: Board, summary: dict, order: list[str], letters, colours) -> None:
    count = max(1, len(order))
    gap = 10
    width = (board.width - gap * (count + 1)) / count
    y0, y1 = board.panels_top + 10, board.height - 10
    for i, name in enumerate(order):
        x0 = gap + i * (width + gap)
        player = summary["players"][name]
        draw_player_panel(draw, (x0, y0, x0 + width, y1), name, player, summary, letters[name], colours[name])


def draw_header(draw, board: Board, summary: dict, decisions, result, highlight_text: str, letters, colours) -> None:
    """First line: the round, then who must decide what (or the final standings). Second
    line: the last action, in the highlight colour used on the map."""
    width = board.width
    title = f"BYZANTIUM · Round {summary.get('round', '?')}"
    kit.text(draw, (16, 32), title, 32, kit.WHITE, anchor="lm")
    x = 16 + kit.text_width(title, 32) + 28
    if summary.get("finished") or (not decisions and result):
        standings = "   ".join(
            f"{row.get('rank', '?')}. {row.get('player')} ({row.get('score', '?')})" for row in (result or [])
        )
        line, size = kit.fit_text(f"GAME OVER   {standings}", 30, width - x - 16)
        kit.text(draw, (x, 32), line, size, GOLD, anchor="lm")
    elif decisions:
        decision = decisions[0]
        who = decision.player
        kit.token(draw, (x + 19, 32), 38, colours.get(who, kit.FAINT), shape="circle", letter=letters.get(who, "?"))
        waiting = {d.player for d in decisions}
        others = f" (also waiting on {', '.join(sorted(waiting - {who}))})" if len(waiting) > 1 else ""
        line, size = kit.fit_text(f"{who} to decide: {decision.prompt}{others}", 28, width - x - 60)
        kit.text(draw, (x + 48, 32), line, size, kit.WHITE, anchor="lm")
    if highlight_text:
        line, size = kit.fit_text(f"Last: {highlight_text}", 26, width - 32, min_size=20)
        kit.text(draw, (16, 84), line, size, kit.HIGHLIGHT, anchor="lm")
