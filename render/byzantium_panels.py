"""The strip under the map (one panel per player: both army cards, treasuries, VP, cubes,
forts, titles, passed) and the header band above it (round, who must decide what, the last
action).

A panel's frame, colours and captions depend only on the seats, so they are drawn once per
set of seat colours (draw_panel_frames, cached with the static layer); only the numbers,
names and tags are drawn per state.
"""

from __future__ import annotations

from engine.text import listing, msg, term
from render import kit
from render.byzantium_board import GOLD, SIDE_COLOURS, Board

# Every word this module writes, in one table (to be translated: issue 17).
LABELS = {
    "byzantine": msg("Byzantine"), "arab": msg("Arab"),
    "elite": msg("Elite"), "main": msg("Main"), "levy": msg("Levy"), "move": msg("Move"), "at": msg("At"), "gold": msg("Bezants"), "vp": msg("VP"),
    "elite_guard": msg("{elite} +guard"), "off_map": msg("off map"),
    "available": msg("Available"), "casualty": msg("Casualty"), "forts_left": msg("Forts left"), "on_cities": msg("On cities"),
    "on_actions": msg("On actions"), "tax": msg("Tax"), "religion": msg("Religion"), "pass": msg("Pass"), "removed": msg("Removed"),
    "to_act": msg("TO ACT"), "passed": msg("PASSED"), "caliph": msg("CALIPH"), "emperor": msg("EMPEROR"),
    "title": msg("BYZANTIUM · Round {round}"),
    "to_decide": msg("{player} to decide: {prompt}"),
    "also_waiting": msg("{line} (also waiting on {players})"),
    "game_over": msg("GAME OVER   {standings}"),
    "standing": msg("{rank}. {player} ({score})"),
    "last": msg("Last:"),
    "score_byzantine": msg("Byz"), "score_arab": msg("Arab"),  # the chat's status strip
    "byzantine_vp": msg("Byzantine VP"), "arab_vp": msg("Arab VP"),  # the score chart's tracks
}  # fmt: skip
ROW = 29
TEXT = 23
SIDES = ("byzantine", "arab")
CARD_ROWS = ("elite", "main", "levy", "move", "at", "gold", "vp")
MUTED = (110, 100, 90)
FAINT_NUMBER = (170, 160, 145)
BAR = 46
# Where a player's 42 cubes are, and the fortification tokens left: label, then the number.
CUBE_GRID = (
    (("available", "available"), ("casualty", "casualty"), ("forts_left", None)),
    (("on_cities", "cities"), ("on_actions", "action_spaces"), ("tax", "taxes")),
    (("religion", "religion"), ("pass", "pass"), ("removed", "removed")),
)
GRID_ROW = 27
LAST_SIZE, LAST_MIN, LAST_LINES = 25, 20, 2  # the last action: two lines, shrunk to 20 px at most


def panel_boxes(board: Board, count: int) -> list[tuple[float, float, float, float]]:
    count = max(1, count)
    gap = 10
    width = (board.width - gap * (count + 1)) / count
    y0, y1 = board.panels_top + 10, board.height - 10
    return [(gap + i * (width + gap), y0, gap + i * (width + gap) + width, y1) for i in range(count)]


def _card_boxes(box):
    x0, y0, x1, _ = box
    top = y0 + BAR + 8
    bottom = top + 34 + len(CARD_ROWS) * ROW + 4
    mid = (x0 + x1) / 2
    return [("byzantine", (x0 + 8, top, mid - 4, bottom)), ("arab", (mid + 4, top, x1 - 8, bottom))]


def _grid_cells(box):
    """(label, key, label x, number x, y) of each cell of the cube grid under the cards."""
    x0, _, x1, _ = box
    top = _card_boxes(box)[0][1][3] + 4
    column = (x1 - x0 - 20) / 3
    for r, row in enumerate(CUBE_GRID):
        for c, (label, key) in enumerate(row):
            x = x0 + 10 + c * column
            # The number sits just after the longest label, not at the far edge of a wide panel.
            yield LABELS[label], key, x, x + min(column - 12, 150), top + r * GRID_ROW + GRID_ROW / 2, column


def _value_x(card) -> float:
    """Where a card's numbers start: after its longest caption (captions grow in translation)."""
    longest = max(kit.text_width(LABELS[label], TEXT - 3) for label in CARD_ROWS if label != "at")
    return card[0] + 10 + longest + 10


def draw_panel_frames(draw, board: Board, colours: list) -> None:
    """Everything of the players' panels that does not change during a game."""
    for box, colour in zip(panel_boxes(board, len(colours)), colours, strict=True):
        x0, y0, x1, _ = box
        draw.rounded_rectangle(box, radius=10, fill=kit.PAPER, outline=kit.INK, width=3)
        draw.rounded_rectangle((x0, y0, x1, y0 + BAR), radius=10, fill=colour, outline=kit.INK, width=3)
        for side, (cx0, cy0, cx1, cy1) in _card_boxes(box):
            fill = SIDE_COLOURS[side]
            draw.rounded_rectangle((cx0, cy0, cx1, cy1), radius=8, fill=kit.WHITE, outline=kit.INK, width=2)
            draw.rounded_rectangle((cx0, cy0, cx1, cy0 + 30), radius=8, fill=fill, outline=kit.INK, width=2)
            title, size = kit.fit_text(LABELS[side], 22, cx1 - cx0 - 20, min_size=16)
            kit.text(draw, (cx0 + 10, cy0 + 15), title, size, kit.contrast_ink(fill), anchor="lm")
            y = cy0 + 34
            for label in CARD_ROWS:
                if label == "at":  # separates the army card from the side's treasury and points
                    draw.line((cx0 + 6, y, cx1 - 6, y), fill=kit.FAINT, width=1)
                kit.text(draw, (cx0 + 10, y + ROW / 2), LABELS[label], TEXT - 3, MUTED, anchor="lm")
                y += ROW
        for label, _, x, _, y, column in _grid_cells(box):
            shown, size = kit.fit_text(label, 19, column - 40)
            kit.text(draw, (x, y), shown, size, MUTED, anchor="lm")


def _pill(draw, right: float, cy: float, label: str, fill, size: int = 18) -> float:
    """A rounded tag ending at `right`; returns where the next one (to its left) must end."""
    width = kit.text_width(label, size) + 18
    draw.rounded_rectangle((right - width, cy - 14, right, cy + 14), radius=13, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, (right - width / 2, cy), label, size, kit.contrast_ink(fill), anchor="mm")
    return right - width - 6


def _card_values(draw, box, side: str, player: dict, name: str) -> None:
    x0, y0, x1, _ = box
    army = (player.get("army") or {}).get(side) or {}
    at = army.get("at")
    values = (
        kit.say(LABELS["elite_guard"], elite=army.get("elite", 0)) if army.get("guard") else str(army.get("elite", 0)),
        str(army.get("main", 0)),
        str(army.get("levy", 0)),
        str(army.get("movement", 0)),
        kit.say(term("byzantium city", at)) if at else LABELS["off_map"],
        str((player.get("treasury") or {}).get(side, 0)),
        str((player.get("vp") or {}).get(side, 0)),
    )
    y = y0 + 34
    for label, value in zip(CARD_ROWS, values, strict=True):
        # City names need the room: the "At" caption is short, so its value starts earlier.
        value_x = x0 + 10 + kit.text_width(LABELS["at"], TEXT - 3) + 10 if label == "at" else _value_x(box)
        shown, size = kit.fit_text(value, TEXT if label == "at" else TEXT + 2, x1 - value_x - 8)
        faint = label == "at" and not at
        kit.text(draw, (value_x, y + ROW / 2), shown, size, MUTED if faint else kit.INK, anchor="lm",
                 means=() if label == "at" else ("card", name, side, label))
        y += ROW


def draw_player_panel(draw, box, name: str, player: dict, summary: dict, letter: str, colour) -> None:
    x0, y0, x1, y1 = box
    if summary.get("current") == name:
        draw.rounded_rectangle(box, radius=10, outline=kit.HIGHLIGHT, width=6)
    kit.token(draw, (x0 + 26, y0 + 23), 34, kit.WHITE, shape="circle", letter=letter, border_width=2)
    right = x1 - 8
    if summary.get("current") == name:
        right = _pill(draw, right, y0 + 23, LABELS["to_act"], kit.HIGHLIGHT)
    if player.get("passed"):
        right = _pill(draw, right, y0 + 23, LABELS["passed"], (190, 190, 190))
    if summary.get("caliph") == name:
        right = _pill(draw, right, y0 + 23, LABELS["caliph"], GOLD)
    if summary.get("emperor") == name:
        right = _pill(draw, right, y0 + 23, LABELS["emperor"], GOLD)
    label, size = kit.fit_text(name, 26, right - (x0 + 50) - 4)
    kit.text(draw, (x0 + 50, y0 + 23), label, size, kit.contrast_ink(colour), anchor="lm")
    for side, card in _card_boxes(box):
        _card_values(draw, card, side, player, name)
    cubes = player.get("cubes") or {}
    for _, key, _, number_x, y, _ in _grid_cells(box):
        value = player.get("fortifications_left", 0) if key is None else cubes.get(key, 0)
        kit.text(draw, (number_x, y), str(value), 23, kit.INK if value else FAINT_NUMBER, anchor="rm",
                 means=("cubes", name, key or "forts_left"))


def draw_player_panels(draw, board: Board, summary: dict, order: list[str], letters, colours) -> None:
    for box, name in zip(panel_boxes(board, len(order)), order, strict=True):
        player = summary["players"][name]
        draw_player_panel(draw, box, name, player, summary, letters[name], colours[name])


# The action prompt without its round: the title beside it says the round already ("BYZANTIUM ·
# Round 1 · Bo: Round 1: choose your action." said it twice: issue 28).
ROUNDLESS = {"Round {round}: choose your action.": msg("Choose your action."),
             "Round {round}: choose your action. This is the last action of the round.":
                 msg("Choose your action: the last of the round.")}


def asked_prompt(decision) -> str:
    """What the board says a decision asks, in the drawing's language (kit.public_prompt), its
    round left to the title."""
    prompt = getattr(decision, "prompt", None)
    if not getattr(decision, "private", False) and getattr(prompt, "mid", None) in ROUNDLESS:
        return kit.say(ROUNDLESS[prompt.mid])
    return kit.public_prompt(decision)


def draw_header(draw, board: Board, summary: dict, decisions, result, said, letters, colours) -> None:
    """First line: the round, then who must decide what (or the final standings). Below, on
    up to two lines: the last action, in the highlight colour used on the map; when it does
    not fit, the steps that led to its outcome give way, never the outcome."""
    width = board.width
    title = kit.say(LABELS["title"], round=summary.get("round", "?"))
    kit.text(draw, (16, 32), title, 32, kit.WHITE, anchor="lm")
    x = 16 + kit.text_width(title, 32) + 28
    if summary.get("finished") or (not decisions and result):
        standings = "   ".join(
            kit.say(LABELS["standing"], rank=row.get("rank", "?"), player=row.get("player"), score=row.get("score", "?"))
            for row in (result or [])
        )
        line, size = kit.fit_text(kit.say(LABELS["game_over"], standings=standings), 30, width - x - 16)
        kit.text(draw, (x, 32), line, size, GOLD, anchor="lm")
    elif decisions:
        decision = decisions[0]
        who = decision.player
        kit.token(draw, (x + 19, 32), 38, colours.get(who, kit.FAINT), shape="circle", letter=letters.get(who, "?"))
        waiting = {d.player for d in decisions}
        line = kit.say(LABELS["to_decide"], player=who, prompt=asked_prompt(decision))
        if len(waiting) > 1:
            line = kit.say(LABELS["also_waiting"], line=line, players=listing(sorted(waiting - {who})))
        line, size = kit.fit_text(line, 28, width - x - 60)
        kit.text(draw, (x + 48, 32), line, size, kit.WHITE, anchor="lm")
    if said:
        label = LABELS["last"]
        kit.text(draw, (16, 76), label, LAST_SIZE, kit.HIGHLIGHT, anchor="lm")
        left = 16 + kit.text_width(label, LAST_SIZE) + 10
        lines, size = kit.fit_sentences(said, LAST_SIZE, width - left - 16, LAST_LINES, LAST_MIN)
        for i, line in enumerate(lines):
            kit.text(draw, (left, 76 + i * 34), line, size, kit.HIGHLIGHT, anchor="lm")
