"""The Warriors & Traders header (turn, phase, who must act, the last action) and the column
of player panels (resources, technology, pieces, VP, trade routes, wars, what they are asked)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render import kit
from render.warriors_traders_board import RESOURCE_COLOURS, TURNS, MapBoard
from render.warriors_traders_map import short_nation

PHASES = {
    "setup": "Setup",
    "sustenance": "Sustenance",
    "trade": "Trade",
    "development": "Development",
    "maneuver": "Maneuver",
}
ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII")
TRACK_NAMES = (("production", "Prod."), ("trade", "Trade"), ("military", "Mil."))
RESOURCE_NAMES = (("gold", "Gold"), ("food", "Food"), ("goods", "Goods"), ("weapons", "Weap."))
ARMY_NAMES = (("infantry", "inf."), ("archer", "arch."), ("cavalry", "cav."))
VP_NAMES = {"provinces": "provinces", "fortresses": "forts", "titles": "titles", "kills": "kills", "bought": "bought"}
PANEL_GAP = 8
MAX_PANEL = 380  # two or three players: taller panels with bigger type (read on phones)
MUTED = (110, 104, 96)
WAR = (170, 20, 20)
PROMPT = (196, 92, 0)
STATUS = (255, 214, 120)  # turn and phase on the header
HEADER_MUTED = (190, 196, 210)


def panel_boxes(b: MapBoard, count: int) -> list[tuple[float, float, float, float]]:
    """The panels of `count` players, stacked in the column right of the map."""
    x0, y0, x1, y1 = b.column
    height = min(MAX_PANEL, (y1 - y0 - PANEL_GAP) / max(1, count) - PANEL_GAP)
    return [
        (x0 + PANEL_GAP, y0 + PANEL_GAP + i * (height + PANEL_GAP), x1 - PANEL_GAP, y0 + PANEL_GAP + i * (height + PANEL_GAP) + height)
        for i in range(count)
    ]


def _roman(level: int) -> str:
    return ROMAN[level] if 0 <= level < len(ROMAN) else str(level)


def _names(names: Sequence[str], letters: dict[str, str]) -> str:
    return ", ".join(f"{letters.get(n, '?')} {n}" for n in names) if names else "none"


def draw_panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    name: str,
    info: dict,
    letter: str,
    colour: kit.RGB,
    letters: dict[str, str],
    prompts: list[str],
    place: int | None,
    allies: Sequence[str] = (),
) -> None:
    x0, y0, x1, y1 = box
    acting = bool(prompts)
    if acting:
        draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=14, outline=kit.HIGHLIGHT, width=6)
    draw.rounded_rectangle(box, radius=10, fill=kit.PAPER, outline=kit.INK, width=3)
    bar = 40
    draw.rounded_rectangle((x0, y0, x1, y0 + bar), radius=10, fill=colour, outline=kit.INK, width=3)
    draw.rectangle((x0 + 3, y0 + bar - 10, x1 - 3, y0 + bar - 2), fill=colour)
    ink = kit.contrast_ink(colour)
    kit.badge(draw, (x0 + 22, y0 + bar / 2), 14, kit.WHITE, letter)
    vp = f"{info.get('vp', 0)} VP"
    kit.text(draw, (x1 - 12, y0 + bar / 2), vp, 26, ink, anchor="rm")
    nation = info.get("nation_name") or "no nation yet"
    number = info.get("nation_number")
    tags = [t.split()[-1].upper() for t in info.get("titles") or []]
    if info.get("unified"):
        tags.append("UNIFIED")
    if place is not None:
        tags.insert(0, f"#{place}")
    title = f"{name} · {nation}" + (f" {number}" if number else "")
    room = x1 - x0 - 60 - kit.text_width(vp, 26) - 20
    tag_text = " ".join(tags)
    if tag_text:
        room -= kit.text_width(tag_text, 17) + 14
    if kit.text_width(title, 20) > room:  # "Serenissima Repubblica di Venezia" is too long: "Venezia"
        title = f"{name} · {short_nation(nation)}" + (f" {number}" if number else "")
    label, size = kit.fit_text(title, 24, room, min_size=16)
    kit.text(draw, (x0 + 44, y0 + bar / 2), label, size, ink, anchor="lm")
    if tag_text:
        tx = x1 - 24 - kit.text_width(vp, 26) - kit.text_width(tag_text, 17)
        draw.rounded_rectangle((tx - 7, y0 + 8, tx + kit.text_width(tag_text, 17) + 7, y0 + bar - 8), radius=8, fill=kit.INK)
        kit.text(draw, (tx, y0 + bar / 2), tag_text, 17, kit.WHITE, anchor="lm")

    rows = max(4, int((y1 - y0 - bar - 10) // 30))
    row_h = min(46, (y1 - y0 - bar - 8) / min(rows, 6))
    size = 24 if row_h >= 42 else 21 if row_h >= 30 else 19
    y = y0 + bar + 4 + row_h / 2
    left = x0 + 12

    # Resources: a coloured disc and the amount, then the technology levels.
    res = info.get("resources") or {}
    res_size = size
    while res_size > 15 and sum(32 + kit.text_width(f"{label} 00", res_size) for _, label in RESOURCE_NAMES) > x1 - left:
        res_size -= 1
    x = left
    for key, label in RESOURCE_NAMES:
        draw.ellipse((x, y - 9, x + 18, y + 9), fill=RESOURCE_COLOURS[key], outline=kit.INK, width=2)
        kit.text(draw, (x + 24, y), f"{label} {res.get(key, 0)}", res_size, kit.INK, anchor="lm")
        x += 32 + kit.text_width(f"{label} 00", res_size)
    y += row_h
    techs, tokens = info.get("techs") or {}, info.get("tokens") or {}
    parts = [f"{label} {_roman(int(techs.get(key, 0)))} ({tokens.get(key, 0)})" for key, label in TRACK_NAMES]
    label, fitted = kit.fit_text("Tech (tokens)  " + "  ".join(parts), size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    armies = info.get("armies") or {}
    army = ", ".join(f"{armies.get(k, 0)} {label}" for k, label in ARMY_NAMES)
    pieces = f"Armies {army} · {info.get('fortresses', 0)} fort · {info.get('princesses', 0)} princ."
    label, fitted = kit.fit_text(pieces, size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    detail = info.get("vp_detail") or {}
    vp_line = "VP from " + " · ".join(f"{VP_NAMES.get(k, k)} {v}" for k, v in detail.items())
    routes = info.get("routes") or []
    wars = info.get("wars") or []
    lines = [
        (f"Routes: {_names(routes, letters)}", kit.INK),
        (f"War with: {_names(wars, letters)}" if wars else "At peace", WAR if wars else MUTED),
        (vp_line, MUTED),
    ]
    if (y1 - y) // row_h < len(lines) + len(prompts) + bool(allies):  # a short panel (5-6 players)
        at_war = f" · WAR: {_names(wars, letters)}" if wars else ""
        team = f" · Team: {_names(allies, letters)}" if allies else ""
        lines = [(f"Routes: {_names(routes, letters)}{team}{at_war}", WAR if wars else kit.INK), (vp_line, MUTED)]
        allies = ()
    if allies:
        lines.insert(0, (f"Team with: {_names(allies, letters)}", kit.INK))
    for prompt in prompts:
        lines.insert(0, (f"▶ {prompt}", PROMPT))
    for content, fill in lines:
        if y + row_h / 2 > y1 - 4:
            break
        label, fitted = kit.fit_text(content, size, x1 - left - 10, min_size=15)
        kit.text(draw, (left, y), label, fitted, fill, anchor="lm")
        y += row_h


def draw_panels(
    draw: ImageDraw.ImageDraw,
    b: MapBoard,
    summary: dict,
    order: Sequence[str],
    letters: dict[str, str],
    colours: dict[str, kit.RGB],
    result: list | None,
) -> None:
    players = summary.get("players") or {}
    prompts: dict[str, list[str]] = {}
    for pending in summary.get("pending") or []:
        prompts.setdefault(pending["player"], []).append(pending.get("prompt") or "")
    ranks = {}
    for row in result or []:
        for name in row.get("players") or [row.get("player")]:
            ranks[name] = row.get("rank")
    coop = bool(summary.get("coop"))
    for box, name in zip(panel_boxes(b, len(order)), order, strict=False):
        team = players[name].get("team")
        allies = [n for n in order if coop and n != name and players[n].get("team") == team]
        draw_panel(draw, box, name, players[name], letters[name], colours[name], letters, prompts.get(name, []),
                   ranks.get(name), allies)


def draw_header(
    draw: ImageDraw.ImageDraw,
    b: MapBoard,
    summary: dict,
    letters: dict[str, str],
    colours: dict[str, kit.RGB],
    result: list | None,
    last: str,
) -> None:
    turn = summary.get("turn", 1)
    phase = PHASES.get(summary.get("phase") or "", str(summary.get("phase") or "").title())
    variant = summary.get("variant")
    title = f"WARRIORS & TRADERS · {b.title}" + (f" ({variant})" if variant else "")
    if summary.get("coop"):
        title += " · teams"
    kit.text(draw, (16, 26), title, 28, kit.WHITE, anchor="lm")
    status = f"Turn {turn} of {TURNS} · {phase}" if not result else f"GAME OVER after turn {turn}"
    kit.text(draw, (b.width - 16, 26), status, 28, STATUS, anchor="rm")
    y = 66
    if result:
        best = [row for row in result if row.get("rank") == 1]
        text = "Winner: " + " & ".join(f"{row['player']} ({row['score']} VP)" for row in best)
        text += "   " + "  ".join(f"{row['rank']}. {row['player']} {row['score']}" for row in result if row.get("rank") != 1)
        label, size = kit.fit_text(text, 24, b.width - 32, min_size=16)
        kit.text(draw, (16, y), label, size, kit.WHITE, anchor="lm")
    else:
        pending = summary.get("pending") or []
        x = 16
        if len(pending) == 1:
            who = pending[0]["player"]
            kit.badge(draw, (x + 14, y), 14, colours.get(who, kit.FAINT), letters.get(who, "?"))
            label, size = kit.fit_text(f"{who}: {pending[0].get('prompt', '')}", 24, b.width - x - 60, min_size=16)
            kit.text(draw, (x + 36, y), label, size, kit.WHITE, anchor="lm")
        elif pending:
            label = f"Waiting for {len(pending)}:"
            kit.text(draw, (x, y), label, 24, kit.WHITE, anchor="lm")
            x += kit.text_width(label, 24) + 12
            for item in pending:
                who = item["player"]
                kit.badge(draw, (x + 14, y), 14, colours.get(who, kit.FAINT), letters.get(who, "?"))
                kit.text(draw, (x + 34, y), who, 22, kit.WHITE, anchor="lm")
                x += 52 + kit.text_width(who, 22)
            kit.text(draw, (x + 6, y), "(their prompts are in their panels)", 20, HEADER_MUTED, anchor="lm")
        order = summary.get("order") or []
        if order:
            label = "Order " + " ".join(letters.get(n, "?") for n in order)
            label += f" · Barbarians {summary.get('barbarian_strength', '?')}"
            kit.text(draw, (b.width - 16, y), label, 22, HEADER_MUTED, anchor="rm")
    if last:
        label, size = kit.fit_text(f"Last: {last}", 22, b.width - 32, min_size=19)
        kit.text(draw, (16, 104), label, size, kit.HIGHLIGHT, anchor="lm")
