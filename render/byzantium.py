"""The Byzantium board as a PNG: map, side boxes, player panels and header, drawn from the
engine's public calls only (summary, pending, result) over a cached static layer."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from engine.text import msg
from render import kit
from render.byzantium_board import board
from render.byzantium_boxes import draw_bulgars, draw_special, draw_standing, special_slots
from render.byzantium_city import CAPITAL
from render.byzantium_map import army_positions, draw_armies, draw_cities, draw_highlight
from render.byzantium_panels import LABELS, asked_prompt, draw_header, draw_player_panels
from render.byzantium_static import bare_map, palette, seated_layer
from render.inline import close_up_reach
from render.scene import Box, Scene, Seat, Status

TITLE = msg("Byzantium")  # the score chart's title (the engine's Game.title, to be said in a language)
GAME = "byzantium"
# Chosen by measurement (docs/render.md, bench/render.py): on the 8-bit palette image level 3
# is within a few ms of level 1 and about 15% smaller; higher levels cost far more time.
COMPRESS_LEVEL = 3


def player_colours(summary: dict, order: Sequence[str]) -> dict[str, kit.RGB]:
    players = summary.get("players") or {}
    colours = {}
    for i, name in enumerate(order):
        key = players[name].get("color") or kit.SEAT_COLOURS[i % len(kit.SEAT_COLOURS)]
        colours[name] = kit.player_colour(key)
    return colours


def draw_board(summary: dict, decisions: Sequence = (), result: list | None = None, highlight: dict | None = None,
               *, panels: bool = True, header: bool = True, within: Box | None = None):
    """The board for a summary, as an RGB image (no encoding). `decisions` are the engine's
    pending Decisions (anything with .player and .prompt). Without `panels`, the player
    panels are left blank (an animation's frame shows the map only); without `header`, the
    header band too (the close-up shows the map alone, and its own strip). With `within`
    (board px), what lies wholly outside that box may be left out (a close-up's reach)."""
    b = board()
    highlight = highlight or {}
    order = kit.seat_order(summary)
    letters = kit.player_letters(order)
    colours = player_colours(summary, order)
    layer, drawn = seated_layer(tuple(colours[name] for name in order))
    image = layer.copy() if panels else layer.crop((0, 0, b.width, b.panels_top))
    kit.replay(drawn)
    draw = ImageDraw.Draw(image)
    draw_highlight(draw, b, highlight.get("routes"), highlight.get("cities"))
    draw_cities(draw, b, summary, letters, colours, within)
    draw_armies(draw, b, summary, letters, colours, within)
    if _meets(within, b.boxes["bulgars"]):
        draw_bulgars(draw, b, summary)
    if _meets(within, b.boxes["special_actions"]):
        draw_special(draw, b, summary, letters, colours, highlight.get("boxes"))
    if _meets(within, b.boxes["standing"]):
        draw_standing(draw, b, summary, order, letters, colours)
    if panels:
        draw_player_panels(draw, b, summary, order, letters, colours)
    if header:
        draw_header(draw, b, summary, list(decisions), result, kit.narration(highlight), letters, colours)
    return image


BOX_REACH = 16  # how far a side box's drawing may reach beyond it (the taken box's ring)


def _meets(within: Box | None, box) -> bool:
    """Whether a side box's drawing may reach into `within` (None: all of the board)."""
    if within is None:
        return True
    x0, y0, x1, y1 = box
    return x0 - BOX_REACH < within[2] and x1 + BOX_REACH > within[0] and y0 - BOX_REACH < within[3] \
        and y1 + BOX_REACH > within[1]


def encode(image: Image.Image) -> bytes:
    return kit.encode_png(image, palette(), compress_level=COMPRESS_LEVEL)


def render_png(state, *, highlight: dict | None = None) -> bytes:
    return encode(scene(state, highlight).image)


def close_up_scene(state, highlight: dict | None = None) -> Scene:
    """What render.render_inline crops: the map without the header and the player panels,
    which lie outside its map box (issue 30: a fifth of a close-up's drawing saved), and only
    the cities, armies and boxes within its reach (render.inline.close_up_reach)."""
    return scene(state, highlight, whole=False, close_up=True)


def story_frame(state, highlight: dict | None = None) -> tuple[Image.Image, tuple]:
    """An animation's frame: header and map, without the player panels (the caption and the
    score chart tell the rest), and the palette to encode it with."""
    from engine import get_game

    game = get_game(GAME)
    summary = game.summary(state)
    decisions = game.pending(state)
    result = game.result(state) if not decisions else None
    return draw_board(summary, decisions, result, highlight, panels=False), palette()


# The score tracks, in the order the views show them (labels in byzantium_panels.LABELS).
TRACKS = (("byzantine", "score_byzantine"), ("arab", "score_arab"))


def scores(state) -> dict[str, dict[str, int]]:
    """Each player's VP on both tracks: {player: {"Byzantine VP": n, "Arab VP": m}}."""
    from engine import get_game

    players = get_game(GAME).summary(state).get("players") or {}
    return {name: {LABELS[f"{side}_vp"]: int((p.get("vp") or {}).get(side, 0)) for side, _ in TRACKS}
            for name, p in players.items()}  # fmt: skip


def scene(state, highlight: dict | None = None, *, whole: bool = True, close_up: bool = False) -> Scene:
    """The board of `state` drawn once, with what the chat's views need beside it. Not
    `whole`: the map alone (header and player panels left out), all the close-up shows;
    `close_up`: only what lies within the close-up's reach (issue 30)."""
    from engine import get_game

    game = get_game(GAME)
    summary = game.summary(state)
    decisions = game.pending(state)
    result = game.result(state) if not decisions else None
    highlight = highlight or {}
    b = board()
    # The special action box first, the cities last: a focus too small for all looks at the
    # last city (where the outcome is).
    slots = special_slots(b)
    focus = [slots[box] for box in highlight.get("boxes") or () if box in slots]
    focus += [b.cities[c].xy for pair in highlight.get("routes") or () for c in pair if c in b.cities]
    focus += [b.cities[c].xy for c in highlight.get("cities") or () if c in b.cities]
    current = summary.get("current") or (decisions[0].player if decisions else None)
    own = [point for name, _, _, point, _ in army_positions(b, summary) if name == current]
    home = own[0] if own else b.cities[CAPITAL].xy
    map_box = (0, b.header, b.width, b.panels_top)
    within = close_up_reach(map_box, 1.0, focus, home) if close_up else None
    with kit.recording() as drawn:
        image = draw_board(summary, decisions, result, highlight, panels=whole, header=whole, within=within)
    order = kit.seat_order(summary)
    letters = kit.player_letters(order)
    colours = player_colours(summary, order)
    waiting = {d.player for d in decisions}
    players = summary.get("players") or {}
    seats = tuple(
        Seat(name, letters[name], colours[name],
             tuple((LABELS[label], int((players[name].get("vp") or {}).get(side, 0))) for side, label in TRACKS),
             name in waiting)
        for name in order
    )  # fmt: skip
    over = ""
    if result and not decisions:
        over = kit.say(LABELS["game_over"], standings="   ".join(
            kit.say(LABELS["standing"], rank=row.get("rank", "?"), player=row.get("player"), score=row.get("score", "?"))
            for row in result))  # fmt: skip
    status = Status(
        title=kit.say(LABELS["title"], round=summary.get("round", "?")),
        seats=seats,
        asked=tuple((d.player, asked_prompt(d)) for d in decisions),
        over=over,
        said=tuple(kit.narration(highlight)),
    )
    legend = b.boxes["legend"]
    return Scene(
        image=image,
        palette=palette(),
        map_box=map_box,
        focus=focus,
        home=home,
        status=status,
        covers=[(legend, bare_map().crop(legend))],
        drawn=drawn,
    )


# Event kinds that happen at one city (their data has "city"): marked on the map.
_AT_CITY = {
    "take", "place", "improve", "fortify", "attack", "battle", "siege", "conquest", "bulgars", "control",
    "destroyed", "levy", "stand", "special",
}  # fmt: skip
# Narration worth a line in the header; dice rolls, payments and the like are left to the log.
_QUIET = {"roll", "pay", "money", "cubes_back", "movement", "vp", "loss", "income", "upkeep"}
# Outcomes: what a board short of room keeps when it drops the steps that led there.
_OUTCOMES = {"battle_result", "conquest", "destroyed", "retreat", "game_end"}


def highlight_from_events(events: Iterable) -> dict:
    """The highlight for the last action: the cities it touched, the routes it moved along,
    the special action boxes it took, and a one-line account (the narration of its main
    events)."""
    cities: list[str] = []
    routes: list[list[str]] = []
    boxes: list[str] = []
    texts: list[tuple[str, bool]] = []
    last_text = ""
    for event in events:
        data = getattr(event, "data", {}) or {}
        kind = getattr(event, "kind", "")
        text = getattr(event, "text", "") or ""
        last_text = text or last_text
        if kind in ("move", "retreat"):
            start = data.get("from", data.get("frm"))
            path = [p for p in (data.get("path") or [start, data.get("to")]) if p]
            if start and path and path[0] != start:
                path = [start, *path]
            routes.extend([a, b] for a, b in zip(path, path[1:], strict=False) if a != b)
            cities.extend(path[-1:])
        elif kind in _AT_CITY and data.get("city"):
            cities.append(data["city"])
        if kind == "special" and data.get("box"):
            boxes.append(data["box"])
        if text and kind not in _QUIET:
            texts.append((text, kind in _OUTCOMES))
    return kit.highlight_dict({"cities": cities, "boxes": boxes}, routes, texts, last_text)
