"""The Alexander board's header and panels, from the public view: round and phase, who is
asked what, the last action, the action markers (drawn, in the cup, the streak); a panel per
side (hand size, leaders held face down, pools, tracks, treasuries, the Great King and the
royal tokens) and the Macedonian objectives as a checklist."""

from __future__ import annotations

from PIL import ImageDraw

from engine.text import Msg, term
from render import kit
from render.alexander_board import (
    DONE,
    GOLD,
    HEADER_FILL,
    INDEPENDENT,
    MAC,
    MUTED,
    PER,
    SIDE_COLOURS,
    Board,
)
from render.alexander_pieces import treasury_ring
from render.alexander_words import LABELS, SIDE_WORDS

TEXT = 20
SMALL = 18
ROW = 32
WEARINESS_TRACK = 15  # boxes drawn (a higher value shows as a number)
INJURY_TRACK = 25
PANEL_GAP = 10


def panel_boxes(b: Board) -> dict[str, tuple[float, float, float, float]]:
    """Where each panel goes: Macedonian, objectives, Persian, key."""
    y0, y1 = b.panels_top + PANEL_GAP, b.height - PANEL_GAP
    edges = (PANEL_GAP, 450, 890, 1330, b.width - PANEL_GAP)
    names = ("macedonian", "objectives", "persian", "key")
    return {n: (edges[i] + (0 if i == 0 else PANEL_GAP / 2), y0, edges[i + 1] - (0 if i == 3 else PANEL_GAP / 2), y1)
            for i, n in enumerate(names)}  # fmt: skip


def side_letter(side: str) -> str:
    return LABELS.get(f"letter_{side}", "?")


def phase_text(view: dict) -> str:
    if not view.get("round"):
        return LABELS["setup"]
    active = view.get("active")
    if active in SIDE_WORDS:
        return kit.say(LABELS["phase_player"], side=SIDE_WORDS[active])
    return LABELS["phase_admin"]


def title_text(view: dict) -> str:
    return " · ".join([kit.say(LABELS["title"]), kit.say(LABELS["round"], round=view.get("round", 0)), kit.say(phase_text(view))])


def asked(view: dict) -> tuple[str, str, str] | None:
    """(side, player, public prompt) of the decision the game waits on."""
    pending = view.get("pending")
    if not pending:
        return None
    player = pending.get("player", "")
    prompt = pending.get("public_prompt") if pending.get("private") else pending.get("prompt")
    side = next((s for s, name in (view.get("sides") or {}).items() if name == player), "")
    return side, player, kit.say(without_side(prompt, side) or "")


def without_side(prompt, side: str):
    """A prompt without the side the engine puts before it (engine/alexander/flow.py, for the
    chat, where both seats of a solitaire game are one member): the header shows the side's
    badge and seat already. A view read back from JSON holds the English text."""
    if isinstance(prompt, Msg):
        return prompt.params.get("prompt", prompt) if prompt.mid == "{side}: {prompt}" else prompt
    if isinstance(prompt, str) and side:
        return prompt.removeprefix(f"{side.title()}: ")
    return prompt


def over_text(view: dict) -> str:
    victory = view.get("victory") or {}
    winner = victory.get("winner")
    if not winner:
        return ""
    reason = LABELS.get(f"reason_{victory.get('reason')}", str(victory.get("reason") or ""))
    player = (view.get("sides") or {}).get(winner, "")
    return kit.say(LABELS["over_line"], over=LABELS["over"], result=kit.say(
        LABELS["winner"], side=SIDE_WORDS.get(winner, winner), player=player, reason=reason
    ))


def draw_header(draw: ImageDraw.ImageDraw, b: Board, view: dict, said: list[tuple[str, bool]]) -> None:
    apm_left = b.width - 560
    title, size = kit.fit_text(title_text(view), 26, apm_left - 30, min_size=18)
    kit.text(draw, (16, 26), title, size, kit.WHITE, anchor="lm")
    over = over_text(view)
    if over:
        line, size = kit.fit_text(over, 22, apm_left - 30, min_size=18)
        kit.text(draw, (16, 64), line, size, GOLD, anchor="lm")
    else:
        found = asked(view)
        if found:
            side, player, prompt = found
            kit.badge(draw, (32, 64), 16, SIDE_COLOURS.get(side, INDEPENDENT), side_letter(side))
            text = kit.say(LABELS["asked"], player=player, prompt=prompt)
            line, size = kit.fit_text(text, 22, apm_left - 80, min_size=18)
            kit.text(draw, (56, 64), line, size, kit.WHITE, anchor="lm")
    if said:
        label = LABELS["last"]
        kit.text(draw, (16, 102), label, TEXT, kit.HIGHLIGHT, anchor="lm")
        left = 16 + kit.text_width(label, TEXT) + 8
        lines, size = kit.fit_sentences(said, TEXT, apm_left - left - 20, 2, 16)
        for i, line in enumerate(lines):
            kit.text(draw, (left, 102 + i * 28), line, size, kit.HIGHLIGHT, anchor="lm")
    _apm(draw, b, view, apm_left)


def _marker_disc(draw: ImageDraw.ImageDraw, centre, side: str, radius: int = 15) -> None:
    kit.badge(draw, centre, radius, SIDE_COLOURS.get(side, (236, 230, 216)), side_letter(side))
    kit.mark("apm")


def _apm(draw: ImageDraw.ImageDraw, b: Board, view: dict, left: float) -> None:
    """Drawn marker, the cup's markers by kind, and the run of one side's markers."""
    apm = view.get("apm") or {}
    draw.line((left - 12, 10, left - 12, b.header - 10), fill=MUTED, width=2)
    kit.text(draw, (left, 26), LABELS["apm"], TEXT, kit.WHITE, anchor="lm")
    kit.text(draw, (left, 64), LABELS["drawn"], SMALL, kit.FAINT, anchor="lm")
    x = left + kit.text_width(LABELS["drawn"], SMALL) + 26
    drawn = apm.get("drawn") or ""
    if drawn:
        _marker_disc(draw, (x, 64), drawn, 17)
    else:
        kit.text(draw, (x, 64), LABELS["none"], TEXT, kit.FAINT, anchor="mm")
    x += 40
    kit.text(draw, (x, 64), LABELS["in_cup"], SMALL, kit.FAINT, anchor="lm")
    x += kit.text_width(LABELS["in_cup"], SMALL) + 24
    for kind in (MAC, PER, "admin"):
        count = (apm.get("in_cup") or {}).get(kind, 0)
        _marker_disc(draw, (x, 64), kind)
        kit.text(draw, (x + 19, 64), f"×{count}", SMALL, kit.WHITE, anchor="lm", means=("apm_in_cup", kind))
        x += 66
    streak = apm.get("streak") or {}
    count, side = int(streak.get("count") or 0), streak.get("side") or ""
    limit = _streak_limit()
    text = kit.say(LABELS["streak"], count=count, limit=limit)
    kit.text(draw, (left, 102), text, SMALL, kit.FAINT, anchor="lm")
    x = left + kit.text_width(text, SMALL) + 22
    for i in range(limit):
        fill = SIDE_COLOURS.get(side, INDEPENDENT) if i < count else HEADER_FILL
        draw.ellipse((x - 9, 93, x + 9, 111), fill=fill, outline=kit.FAINT, width=2)
        x += 24
    if count:
        kit.mark("streak")


def _streak_limit() -> int:
    from engine.alexander.board import board as engine_board

    return int(engine_board().limits.get("apm_streak", 3))


# -- side panels --------------------------------------------------------------------------------------


def _row(draw, x0, x1, y, label: str, value: str, means: tuple = ()) -> None:
    """A label on the left and its value on the right; a long label shrinks, then is cut."""
    kit.text(draw, (x1, y), value, TEXT, kit.INK, anchor="rm", means=means)
    label, size = kit.fit_text(label, TEXT, x1 - x0 - kit.text_width(value, TEXT) - 12, min_size=16)
    kit.text(draw, (x0, y), label, size, kit.INK, anchor="lm")


def _card_backs(draw, x1, y, count: int, colour) -> None:
    """A small card back for each card held (never what they are)."""
    for i in range(count):
        x = x1 - 90 - i * 16
        draw.rounded_rectangle(
            (x - 10, y - 13, x + 6, y + 13), radius=3, fill=colour, outline=kit.INK, width=2
        )
    kit.mark("hand")


def draw_side_panel(draw: ImageDraw.ImageDraw, box, view: dict, side: str) -> None:
    colour = SIDE_COLOURS[side]
    player = (view.get("sides") or {}).get(side, "")
    top = kit.panel(
        draw, box, title=kit.say(LABELS["side_title"], side=kit.say(SIDE_WORDS[side]).upper(), player=player), title_fill=colour, title_size=22
    )
    x0, _, x1, y1 = box
    x0, x1 = x0 + 14, x1 - 14
    y = top + ROW / 2
    hand = int((view.get("hand_sizes") or {}).get(side, 0))
    cards = kit.say(LABELS["cards"], n=hand)
    right = x1 - kit.text_width(cards, TEXT) - 12
    _card_backs(draw, right, y, hand, colour)
    kit.text(draw, (x1, y), cards, TEXT, kit.INK, anchor="rm")
    label, size = kit.fit_text(LABELS["hand"], TEXT, right - 16 * hand - 12 - x0, min_size=16)
    kit.text(draw, (x0, y), label, size, kit.INK, anchor="lm")
    y += ROW
    held = int((view.get("leaders_held") or {}).get(side, 0))
    _row(draw, x0, x1, y, LABELS["leaders_held"], str(held), ("leaders_held", side))
    for i in range(held):
        cx = x1 - 40 - i * 26
        draw.rectangle((cx - 10, y - 11, cx + 10, y + 11), fill=MUTED, outline=kit.INK, width=2)
        kit.text(draw, (cx, y), "?", SMALL, kit.WHITE, anchor="mm")
        kit.mark("face_down")
    y += ROW
    tracks = view.get("tracks") or {}
    _row(draw, x0, x1, y, LABELS["asp_pool"], str((tracks.get("asp_pool") or {}).get(side, 0)), ("asp_pool", side))
    y += ROW
    _row(draw, x0, x1, y, LABELS["gsp_free"], str((tracks.get("gsp_free") or {}).get(side, 0)), ("gsp_free", side))
    y += ROW
    if side == MAC:
        y = _mac_tracks(draw, x0, x1, y, view)
    else:
        y = _persian_rows(draw, x0, x1, y, view)
    _treasuries(draw, x0, x1, y, view, side)


def _track(draw, x0, x1, y, value: int, boxes: int, threshold: int, colour) -> None:
    """Numbered boxes 0..boxes-1, the value's box filled; from `threshold` on framed in red."""
    step = (x1 - x0) / boxes
    for i in range(boxes):
        bx = x0 + i * step
        fill = colour if i == min(value, boxes - 1) else kit.WHITE
        outline = (190, 20, 20) if i >= threshold else MUTED
        draw.rectangle((bx + 1, y - 11, bx + step - 1, y + 11), fill=fill, outline=outline, width=2)
    if value >= boxes - 1:
        kit.text(draw, (x1, y - 24), str(value), SMALL, kit.INK, anchor="rm")
    kit.mark("track")


def _mac_tracks(draw, x0, x1, y, view: dict) -> float:
    tracks = view.get("tracks") or {}
    limits = _limits()
    weariness = int(tracks.get("weariness") or 0)
    check = engine_tables()["weariness_check"]
    mutiny = int(check["threshold"]) - 6 * int(check["dice"])  # below this no roll can reach it
    _label_and_note(
        draw, x0, x1, y, kit.say(LABELS["weariness"], n=weariness), kit.say(LABELS["mutiny_from"], n=mutiny)
    )
    _track(draw, x0, x1, y + 26, weariness, WEARINESS_TRACK, mutiny, SIDE_COLOURS[MAC])
    y += ROW + 30
    injury = int(tracks.get("injury") or 0)
    ip_check = int(limits.get("ip_check", 20))
    _label_and_note(draw, x0, x1, y, kit.say(LABELS["injury"], n=injury), kit.say(LABELS["check_from"], n=ip_check))
    _track(draw, x0, x1, y + 26, injury, INJURY_TRACK, ip_check, SIDE_COLOURS[PER])
    y += ROW + 30
    honeymoon = int(tracks.get("honeymoon") or 0)
    if honeymoon:
        kit.text(draw, (x0, y), kit.say(LABELS["honeymoon"], asp=honeymoon), TEXT, kit.INK, anchor="lm")
        y += ROW
    return y


def _label_and_note(draw, x0, x1, y, label: str, note: str) -> None:
    """A track's name and value on the left, a muted note on the right (cut to the room left)."""
    label, size = kit.fit_text(label, TEXT, (x1 - x0) * 0.6, min_size=16)
    kit.text(draw, (x0, y), label, size, kit.INK, anchor="lm")
    room = x1 - x0 - kit.text_width(label, size) - 12
    note, size = kit.fit_text(note, SMALL, room, min_size=16)
    kit.text(draw, (x1, y), note, size, MUTED, anchor="rm")


def _limits() -> dict:
    from engine.alexander.board import board as engine_board

    return engine_board().limits


def engine_tables() -> dict:
    from engine.alexander.board import board as engine_board

    return engine_board().tables


def _where(info: dict, armies: dict) -> str:
    where = info.get("with") or ""
    if where.startswith("army:"):
        army = armies.get(where[5:]) or {}
        leaders = army.get("leaders") or []
        name = term("alexander leader", leaders[0]) if leaders else kit.say(LABELS["army"], number=army.get("number", "?"))
        return kit.say(LABELS["with_army"], army=name)
    if info.get("space"):
        space = info["space"]
        return kit.say(LABELS["at_space"], space=term("alexander space", space))
    return ""


def _persian_rows(draw, x0, x1, y, view: dict) -> float:
    armies = {a["id"]: a for a in view.get("armies") or ()}
    king = view.get("great_king")
    _row(draw, x0, x1, y, LABELS["great_king"], kit.say(term("alexander leader", king)) if king else "")
    y += ROW
    royal = view.get("royal_treasury") or {}
    level = LABELS.get(royal.get("level", ""), "")
    owner = royal.get("owner")
    kit.text(draw, (x0, y), kit.say(LABELS["royal_treasury_level"], level=level), TEXT, kit.INK, anchor="lm")
    y += ROW - 6
    kit.text(draw, (x0 + 22, y), _where(royal, armies), SMALL, SIDE_COLOURS.get(owner, MUTED), anchor="lm")
    y += ROW
    family = view.get("royal_family") or {}
    kit.text(draw, (x0, y), kit.say(LABELS["royal_family_row"]), TEXT, kit.INK, anchor="lm")
    y += ROW - 6
    holder = family.get("holder")
    kit.text(draw, (x0 + 22, y), _where(family, armies), SMALL, SIDE_COLOURS.get(holder, MUTED), anchor="lm")
    return y + ROW


def _treasuries(draw, x0, x1, y, view: dict, side: str) -> None:
    """The treasuries the side holds: ring (full, low, empty) and name, two to a row."""
    own = sorted((city, t) for city, t in (view.get("treasuries") or {}).items() if t.get("owner") == side)
    if not own:
        return
    kit.text(draw, (x0, y), LABELS["treasuries"], TEXT, kit.INK, anchor="lm")
    y += ROW
    half = (x1 - x0) / 2
    for i, (city, t) in enumerate(own):
        cx = x0 + (i % 2) * half
        cy = y + (i // 2) * ROW
        treasury_ring(draw, (cx + 11, cy), t.get("level", "full"), bool(t.get("unusable")), radius=11)
        label = " · ".join(
            [kit.say(w) for w in [term("alexander space", city), LABELS.get(t.get("level", ""), "")]
             + ([LABELS["unusable"]] if t.get("unusable") else [])]
        )
        label, size = kit.fit_text(label, SMALL, half - 36, min_size=16)
        kit.text(draw, (cx + 28, cy), label, size, kit.INK, anchor="lm")


# -- objectives -------------------------------------------------------------------------------------------


def _check(draw, centre, done: bool) -> None:
    x, y = centre
    draw.rectangle((x - 10, y - 10, x + 10, y + 10), fill=kit.WHITE, outline=kit.INK, width=2)
    if done:
        kit.text(draw, (x, y), "✔", 20, DONE, anchor="mm")


def draw_objectives(draw: ImageDraw.ImageDraw, box, view: dict) -> None:
    """The three Macedonian objectives (3.4), each with the conditions that make it."""
    top = kit.panel(draw, box, title=LABELS["objectives"], title_fill=SIDE_COLOURS[MAC], title_size=22)
    x0, _, x1, _ = box
    x0 += 14
    objectives = view.get("objectives") or {}
    rows = [
        (0, "obj_great_king", (objectives.get("great_king") or {}).get("done")),
        *((1, f"obj_{k}", (objectives.get("great_king") or {}).get(k)) for k in ("provinces", "darius", "king_of_asia",
                                                                                   "married")),
        (0, "obj_greece", (objectives.get("greece") or {}).get("done")),
        (0, "obj_cult", (objectives.get("cult") or {}).get("done")),
        *((1, f"obj_{k}", (objectives.get("cult") or {}).get(k)) for k in ("egypt", "alexandria", "siwa", "proskynesis")),
    ]  # fmt: skip
    y = top + ROW / 2 + 2
    for depth, key, done in rows:
        x = x0 + depth * 30
        _check(draw, (x + 10, y), bool(done))
        text, size = kit.fit_text(LABELS[key], TEXT if depth == 0 else SMALL, x1 - 14 - x - 30, min_size=16)
        kit.text(draw, (x + 30, y), text, size, DONE if done else kit.INK, anchor="lm")
        y += ROW + (4 if depth == 0 else 0)
    kit.mark("objective")
    _cards_and_absent(draw, x0, x1 - 14, y + 4, view)


def _cards_and_absent(draw, x0, x1, y, view: dict) -> None:
    """What the map cannot show: the cards in the open (deck and discard sizes, the cards in
    play, the Rhodian squadron's holder) and the leaders out of action."""
    from engine.alexander.board import board as engine_board

    cards = engine_board().cards
    lines = [kit.say(LABELS["deck"], deck=view.get("deck_size", 0), discard=len(view.get("discard") or ()))]
    in_play = [kit.say(term("alexander card", cards[c].name)) if c in cards else c for c in view.get("in_play") or ()]
    if in_play:
        lines.append(kit.say(LABELS["in_play"], cards=", ".join(in_play)))
    if view.get("rhodes_card") in SIDE_WORDS:
        lines.append(kit.say(LABELS["rhodes_card"], side=SIDE_WORDS[view["rhodes_card"]]))
    ill = sorted(n for n, where in (view.get("leaders") or {}).items() if where.startswith("ill:"))
    if ill:
        lines.append(kit.say(LABELS["leaders_off"], leaders=", ".join(kit.say(term("alexander leader", n)) for n in ill)))
    for line in lines:
        text, size = kit.fit_text(line, SMALL, x1 - x0, min_size=16)
        kit.text(draw, (x0, y), text, size, MUTED, anchor="lm")
        y += 24
