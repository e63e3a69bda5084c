"""The Warriors & Traders header (turn, phase, who must act, the last action) and the column
of player panels (resources, technology, pieces, VP, trade routes, wars, what they are asked)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engine.text import msg, msg_n, term
from render import kit
from render.warriors_traders_board import RESOURCE_COLOURS, TURNS, MapBoard
from render.warriors_traders_map import short_nation

# Every word this module writes, in one table (to be translated: issue 17).
LABELS = {
    "no_nation": msg("no nation yet"), "unified": msg("UNIFIED"), "vp": msg("{vp} VP"), "title": msg("{name} · {nation}"),
    "tech": msg("Tech (tokens)"), "armies": msg("Armies {armies} · {forts} fort · {princesses} princ."),
    "routes": msg("Routes: {names}"), "war": msg("War with: {names}"), "peace": msg("At peace"), "team": msg("Team with: {names}"),
    "vp_from": msg("VP from {parts}"), "none": msg("none"), "prompt": msg("▶ {prompt}"),
    "game": msg("WARRIORS & TRADERS · {map}"), "teams": msg("{title} · teams"),
    "turn": msg("Turn {turn} of {turns} · {phase}"), "game_over": msg("GAME OVER after turn {turn}"),
    "winner": msg("Winner: {players}"), "winner_entry": msg("{player} ({score} VP)"), "rank_entry": msg("{rank}. {player} {score}"),
    "asked": msg("{player}: {prompt}"), "waiting": msg("Waiting for {count}:"), "prompts_in_panels": msg("(their prompts are in their panels)"),
    "order": msg("Order {letters} · Barbarians {strength}"), "last": msg("Last:"), "score": msg("VP"),
    "game_turn": msg("{game} · {turn}"),
}  # fmt: skip
# The 2- and 3-player variants (rulebook: "Varianti di Gioco per 2 e 3 giocatori"), named after
# the part of the map they are played on (the rulebook numbers them only; docs/rules/warriors_traders.md).
VARIANT_NAMES = {
    "britain2": msg("Great Britain"), "isles2": msg("British Isles"), "isles3": msg("British Isles"),
    "mainland3": msg("Continent"), "balkans2": msg("Balkans"), "north3": msg("North"),
    "south2": msg("South"), "north2": msg("North"), "peninsula3": msg("Peninsula"),
}
PHASES = {
    "setup": msg("Setup"),
    "sustenance": msg("Sustenance"),
    "trade": msg("Trade"),
    "development": msg("Development"),
    "maneuver": msg("Maneuver"),
}
ROMAN = ("0", "I", "II", "III", "IV", "V", "VI", "VII")
TRACK_NAMES = (("production", msg("Prod. {level} ({tokens})")), ("trade", msg("Trade {level} ({tokens})")),
               ("military", msg("Mil. {level} ({tokens})")))  # fmt: skip
RESOURCE_NAMES = (("gold", msg("Gold {n}")), ("food", msg("Food {n}")), ("goods", msg("Goods {n}")),
                  ("weapons", msg("Weap. {n}")))  # fmt: skip
ARMY_NAMES = (("infantry", msg("{n} inf.")), ("archer", msg("{n} arch.")), ("cavalry", msg("{n} cav.")))
VP_NAMES = {"provinces": msg("provinces {n}"), "fortresses": msg("forts {n}"), "titles": msg("titles {n}"),
            "kills": msg("kills {n}"), "bought": msg("bought {n}")}  # fmt: skip
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
    return ", ".join(f"{letters.get(n, '?')} {n}" for n in names) if names else kit.say(LABELS["none"])


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
    vp = kit.say(LABELS["vp"], vp=info.get("vp", 0))
    kit.text(draw, (x1 - 12, y0 + bar / 2), vp, 26, ink, anchor="rm", means=("vp", name))
    nation_name = info.get("nation_name")  # (term() takes a variable: an extractor reads literals inside it)
    nation = kit.say(term("wt nation", nation_name)) if nation_name else kit.say(LABELS["no_nation"])
    number = info.get("nation_number")
    tags = [kit.say(term("wt title", t)).upper() for t in info.get("titles") or []]
    if info.get("unified"):
        tags.append(kit.say(LABELS["unified"]))
    if place is not None:
        tags.insert(0, f"#{place}")
    title = kit.say(LABELS["title"], name=name, nation=nation) + (f" {number}" if number else "")
    room = x1 - x0 - 60 - kit.text_width(vp, 26) - 20
    tag_text = " ".join(tags)
    if tag_text:
        room -= kit.text_width(tag_text, 17) + 14
    if kit.text_width(title, 20) > room:  # "Serenissima Repubblica di Venezia" is too long: "Venezia"
        title = kit.say(LABELS["title"], name=name, nation=short_nation(nation)) + (f" {number}" if number else "")
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
    while res_size > 15 and sum(32 + kit.text_width(kit.say(label, n="00"), res_size) for _, label in RESOURCE_NAMES) > x1 - left:
        res_size -= 1
    x = left
    for key, label in RESOURCE_NAMES:
        draw.ellipse((x, y - 9, x + 18, y + 9), fill=RESOURCE_COLOURS[key], outline=kit.INK, width=2)
        kit.text(draw, (x + 24, y), kit.say(label, n=res.get(key, 0)), res_size, kit.INK, anchor="lm",
                 means=("resource", name, key))
        x += 32 + kit.text_width(kit.say(label, n="00"), res_size)
    y += row_h
    techs, tokens = info.get("techs") or {}, info.get("tokens") or {}
    parts = [kit.say(label, level=_roman(int(techs.get(key, 0))), tokens=tokens.get(key, 0)) for key, label in TRACK_NAMES]
    label, fitted = kit.fit_text("  ".join([kit.say(LABELS["tech"]), *parts]), size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    armies = info.get("armies") or {}
    army = ", ".join(kit.say(label, n=armies.get(k, 0)) for k, label in ARMY_NAMES)
    pieces = kit.say(LABELS["armies"], armies=army, forts=info.get("fortresses", 0), princesses=info.get("princesses", 0))
    label, fitted = kit.fit_text(pieces, size, x1 - left - 10, min_size=15)
    kit.text(draw, (left, y), label, fitted, kit.INK, anchor="lm")
    y += row_h
    detail = info.get("vp_detail") or {}
    vp_line = kit.say(LABELS["vp_from"], parts=" · ".join(kit.say(VP_NAMES[k], n=v) if k in VP_NAMES else f"{k} {v}" for k, v in detail.items()))
    routes = info.get("routes") or []
    wars = info.get("wars") or []
    routes_text = kit.say(LABELS["routes"], names=_names(routes, letters))
    war_text = kit.say(LABELS["war"], names=_names(wars, letters)) if wars else kit.say(LABELS["peace"])
    team_text = kit.say(LABELS["team"], names=_names(allies, letters)) if allies else ""
    lines = [(routes_text, kit.INK), (war_text, WAR if wars else MUTED), (vp_line, MUTED)]
    if (y1 - y) // row_h < len(lines) + len(prompts) + bool(allies):  # a short panel (5-6 players)
        # Routes, team and wars share a line, each worded as on a tall panel.
        joined = " · ".join(t for t in (routes_text, team_text, war_text if wars else "") if t)
        lines = [(joined, WAR if wars else kit.INK), (vp_line, MUTED)]
        allies = ()
    if allies:
        lines.insert(0, (team_text, kit.INK))
    for prompt in prompts:
        lines.insert(0, (kit.say(LABELS["prompt"], prompt=prompt), PROMPT))
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


def header_title(summary: dict, map_title: str) -> str:
    """"WARRIORS & TRADERS · West Europe", with the variant by its name and the number of players."""
    title = kit.say(LABELS["game"], map=term("wt map", map_title))
    variant = summary.get("variant")
    if variant:
        players = len(summary.get("players") or {})
        title = kit.say(msg_n("{title} · {variant}, {n} player", "{title} · {variant}, {n} players", players,
                              title=title, variant=VARIANT_NAMES.get(variant, variant)))
    if summary.get("coop"):
        title = kit.say(LABELS["teams"], title=title)
    return title


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
    kit.text(draw, (16, 26), header_title(summary, b.title), 28, kit.WHITE, anchor="lm")
    status = kit.say(LABELS["turn"], turn=turn, turns=TURNS, phase=phase) if not result else kit.say(LABELS["game_over"], turn=turn)
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
            label, size = kit.fit_text(kit.say(LABELS["asked"], player=who, prompt=pending[0].get("prompt", "")), 24,
                                       b.width - x - 60, min_size=16)  # fmt: skip
            kit.text(draw, (x + 36, y), label, size, kit.WHITE, anchor="lm")
        elif pending:
            label = kit.say(LABELS["waiting"], count=len(pending))
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
            label = kit.say(LABELS["order"], letters=" ".join(letters.get(n, "?") for n in order),
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
    text = kit.say(LABELS["winner"], players=" & ".join(
        kit.say(LABELS["winner_entry"], player=row["player"], score=row["score"]) for row in best))  # fmt: skip
    rest = [kit.say(LABELS["rank_entry"], rank=row["rank"], player=row["player"], score=row["score"])
            for row in result if row.get("rank") != 1]  # fmt: skip
    return text + ("   " + "  ".join(rest) if rest else "")
