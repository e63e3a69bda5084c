"""The Warriors & Traders header (turn, phase, who must act, the last action) and the column
of player panels (resources, technology, pieces, VP, trade routes, wars, what they are asked)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render import kit
from render.warriors_traders_board import RESOURCE_COLOURS, TURNS, MapBoard
from render.warriors_traders_map import short_nation

# Every word this module writes, in one table (to be translated: issue 17).
LABELS = {
    "no_nation": "no nation yet", "unified": "UNIFIED", "vp": "{vp} VP", "title": "{name} · {nation}",
    "tech": "Tech (tokens)", "armies": "Armies {armies} · {forts} fort · {princesses} princ.",
    "routes": "Routes: {names}", "war": "War with: {names}", "peace": "At peace", "team": "Team with: {names}",
    "vp_from": "VP from {parts}", "none": "none", "prompt": "▶ {prompt}",
    "game": "WARRIORS & TRADERS · {map}", "variant": " ({variant})", "teams": " · teams",
    "turn": "Turn {turn} of {turns} · {phase}", "game_over": "GAME OVER after turn {turn}",
    "winner": "Winner: {players}", "winner_entry": "{player} ({score} VP)", "rank_entry": "{rank}. {player} {score}",
    "asked": "{player}: {prompt}", "waiting": "Waiting for {count}:", "prompts_in_panels": "(their prompts are in their panels)",
    "order": "Order {letters} · Barbarians {strength}", "last": "Last:", "score": "VP",
}  # fmt: skip
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
    return ", ".join(f"{letters.get(n, '?')} {n}" for n in names) if names else LABELS["none"]


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
    vp = LABELS["vp"].format(vp=info.get("vp", 0))
    kit.text(draw, (x1 - 12, y0 + bar / 2), vp, 26, ink, anchor="rm")
    nation = info.get("nation_name") or LABELS["no_nation"]
    number = info.get("nation_number")
    tags = [t.split()[-1].upper() for t in info.get("titles") or []]
    if info.get("unified"):
        tags.append(LABELS["unified"])
    if place is not None:
        tags.insert(0, f"#{place}")
    title = LABELS["title"].format(name=name, nation=nation) + (f" {number}" if number else "")
    room = x1 - x0 - 60 - kit.text_width(vp, 26) - 20
    tag_text = " ".join(tags)
    if tag_text:
        room -= kit.text_width(tag_text, 17) + 14
    if kit.text_width(title, 20) > room:  # "Serenissima Repubblica di Venezia" is too long: "Venezia"
        title = LABELS["title"].format(name=name, nation=short_nation(nation)) + (f" {number}" if number else "")
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
    label, fitted = kit.fit_text(LABELS["tech"] + "  " + "  ".join(parts), size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    armies = info.get("armies") or {}
    army = ", ".join(f"{armies.get(k, 0)} {label}" for k, label in ARMY_NAMES)
    pieces = LABELS["armies"].format(armies=army, forts=info.get("fortresses", 0), princesses=info.get("princesses", 0))
    label, fitted = kit.fit_text(pieces, size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    detail = info.get("vp_detail") or {}
    vp_line = LABELS["vp_from"].format(parts=" · ".join(f"{VP_NAMES.get(k, k)} {v}" for k, v in detail.items()))
    routes = info.get("routes") or []
    wars = info.get("wars") or []
    routes_text = LABELS["routes"].format(names=_names(routes, letters))
    war_text = LABELS["war"].format(names=_names(wars, letters)) if wars else LABELS["peace"]
    team_text = LABELS["team"].format(names=_names(allies, letters)) if allies else ""
    lines = [(routes_text, kit.INK), (war_text, WAR if wars else MUTED), (vp_line, MUTED)]
    if (y1 - y) // row_h < len(lines) + len(prompts) + bool(allies):  # a short panel (5-6 players)
        # Routes, team and wars share a line, each worded as on a tall panel.
        joined = " · ".join(t for t in (routes_text, team_text, war_text if wars else "") if t)
        lines = [(joined, WAR if wars else kit.INK), (vp_line, MUTED)]
        allies = ()
    if allies:
        lines.insert(0, (team_text, kit.INK))
    for prompt in prompts:
        lines.insert(0, (LABELS["prompt"].format(prompt=prompt), PROMPT))
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
    said: list[tuple[str, bool]],
) -> None:
    turn = summary.get("turn", 1)
    phase = PHASES.get(summary.get("phase") or "", str(summary.get("phase") or "").title())
    variant = summary.get("variant")
    title = LABELS["game"].format(map=b.title) + (LABELS["variant"].format(variant=variant) if variant else "")
    if summary.get("coop"):
        title += LABELS["teams"]
    kit.text(draw, (16, 26), title, 28, kit.WHITE, anchor="lm")
    status = LABELS["turn"].format(turn=turn, turns=TURNS, phase=phase) if not result else LABELS["game_over"].format(turn=turn)
    kit.text(draw, (b.width - 16, 26), status, 28, STATUS, anchor="rm")
    y = 66
    if result:
        text = standings(result)
        label, size = kit.fit_text(text, 24, b.width - 32, min_size=16)
        kit.text(draw, (16, y), label, size, kit.WHITE, anchor="lm")
    else:
        pending = summary.get("pending") or []
        x = 16
        if len(pending) == 1:
            who = pending[0]["player"]
            kit.badge(draw, (x + 14, y), 14, colours.get(who, kit.FAINT), letters.get(who, "?"))
            label, size = kit.fit_text(LABELS["asked"].format(player=who, prompt=pending[0].get("prompt", "")), 24,
                                       b.width - x - 60, min_size=16)  # fmt: skip
            kit.text(draw, (x + 36, y), label, size, kit.WHITE, anchor="lm")
        elif pending:
            label = LABELS["waiting"].format(count=len(pending))
            kit.text(draw, (x, y), label, 24, kit.WHITE, anchor="lm")
            x += kit.text_width(label, 24) + 12
            for item in pending:
                who = item["player"]
                kit.badge(draw, (x + 14, y), 14, colours.get(who, kit.FAINT), letters.get(who, "?"))
                kit.text(draw, (x + 34, y), who, 22, kit.WHITE, anchor="lm")
                x += 52 + kit.text_width(who, 22)
            kit.text(draw, (x + 6, y), LABELS["prompts_in_panels"], 20, HEADER_MUTED, anchor="lm")
        order = summary.get("order") or []
        if order:
            label = LABELS["order"].format(letters=" ".join(letters.get(n, "?") for n in order),
                                           strength=summary.get("barbarian_strength", "?"))  # fmt: skip
            kit.text(draw, (b.width - 16, y), label, 22, HEADER_MUTED, anchor="rm")
    if said:
        label = LABELS["last"]
        kit.text(draw, (16, 104), label, 22, kit.HIGHLIGHT, anchor="lm")
        left = 16 + kit.text_width(label, 22) + 8
        lines, size = kit.fit_sentences(said, 22, b.width - left - 16, 1, 19)
        kit.text(draw, (left, 104), lines[0] if lines else "", size, kit.HIGHLIGHT, anchor="lm")


def standings(result: list) -> str:
    """The final standings in one line: the winner(s) first."""
    best = [row for row in result if row.get("rank") == 1]
    text = LABELS["winner"].format(players=" & ".join(
        LABELS["winner_entry"].format(player=row["player"], score=row["score"]) for row in best))  # fmt: skip
    rest = [LABELS["rank_entry"].format(rank=row["rank"], player=row["player"], score=row["score"])
            for row in result if row.get("rank") != 1]  # fmt: skip
    return text + ("   " + "  ".join(rest) if rest else "")
