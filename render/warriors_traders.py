"""The Warriors & Traders board as a PNG: the chosen map with its provinces on real geography,
holders, armies, barbarians, fortresses and princesses; a panel per player; turn, phase and
everyone the game waits on. Drawn from the engine's public calls only (summary, pending,
result) over a cached static layer per map."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from engine.text import msg, term
from engine.told import told
from render import kit
from render.inline import close_up_reach
from render.scene import Scene, Seat, Status
from render.warriors_traders_board import COLOURS, TURNS, board
from render.warriors_traders_map import draw_borders, draw_fills, draw_highlight, draw_nations, draw_provinces
from render.warriors_traders_panels import LABELS, PHASES, draw_header, draw_panels, standings
from render.warriors_traders_static import legend_layer, palette, static_layer

TITLE = msg("Warriors & Traders")  # the score chart's title (the engine's Game.title, to be said in a language)
ROUND_WORD = msg("turn")  # the score chart's x-axis: the game counts turns, not rounds
GAME = "warriors_traders"
COMPRESS_LEVEL = 3  # as for Byzantium: measured in docs/render.md


def player_colours(summary: dict, order: Sequence[str]) -> dict[str, kit.RGB]:
    players = summary.get("players") or {}
    fallback = ("red", "blue", "green", "yellow", "white", "black")
    return {name: COLOURS.get(players[name].get("color") or fallback[i % 6], COLOURS["red"]) for i, name in enumerate(order)}


def draw_board(summary: dict, result: list | None = None, highlight: dict | None = None, *,
               whole: bool = True, within: tuple | None = None) -> Image.Image:
    """The board for a summary, as an RGB image (no encoding). Not `whole`: the map alone, the
    header and the panels left blank (all the close-up shows). `within`: the provinces and
    borders wholly outside that box left out (draw_provinces, draw_borders)."""
    b = board(summary.get("map") or "west", summary.get("variant"))
    highlight = highlight or {}
    order = kit.seat_order(summary)
    letters = kit.player_letters(order)
    colours = player_colours(summary, order)
    image = static_layer(b.id, b.variant).copy()
    draw_fills(image, b, summary, colours)
    draw = ImageDraw.Draw(image)
    draw_borders(draw, b, summary, within)
    draw_highlight(draw, b, highlight)
    draw_nations(draw, b, summary)  # over the highlight ring, which covered "DENMARK" (issue 28)
    draw_provinces(draw, b, summary, order, letters, colours, within)
    x0, y0, _, _ = b.legend
    key, key_drawn = legend_layer(b.id, b.variant)
    image.paste(key, (x0, y0 + b.header))
    kit.replay(key_drawn)
    if whole:
        draw_panels(draw, b, summary, order, letters, colours, result)
        draw_header(draw, b, summary, letters, colours, result, kit.narration(highlight))
    return image


def encode(image: Image.Image, map_id: str) -> bytes:
    return kit.encode_png(image, palette(map_id), compress_level=COMPRESS_LEVEL)


def render_png(state, *, highlight: dict | None = None) -> bytes:
    return kit.encode_png(scene(state, highlight).image, palette(_map_id(state)), compress_level=COMPRESS_LEVEL)


def _map_id(state) -> str:
    return getattr(state, "map", None) or "west"


def story_frame(state, highlight: dict | None = None) -> tuple[Image.Image, tuple]:
    """An animation's frame: the whole board (its panels hold the VP), and its palette."""
    scene_ = scene(state, highlight)
    return scene_.image, scene_.palette


FOCUS_ZOOM = 1.5  # the focus view's scale: the map's smallest text (16 px) reads as 24 px, 7 px tall at 360


def scores(state) -> dict[str, dict[str, int]]:
    """Each player's VP: {player: {"VP": n}}."""
    from engine import get_game

    players = get_game(GAME).summary(state).get("players") or {}
    return {name: {LABELS["score"]: int(p.get("vp", 0))} for name, p in players.items()}


def close_up_scene(state, highlight: dict | None = None) -> Scene:
    """What render.render_inline crops: the map without the header and the panels, which lie
    outside its map box."""
    return scene(state, highlight, whole=False, close_up=True)


def scene(state, highlight: dict | None = None, *, whole: bool = True, close_up: bool = False) -> Scene:
    """The board of `state` drawn once, with what the chat's views need beside it (not
    `whole`: the map alone; `close_up`: only the provinces the close-up can show or read,
    render.inline.close_up_reach, issue 30)."""
    from engine import get_game

    game = get_game(GAME)
    summary = game.summary(state)
    decisions = game.pending(state)
    # summary() lists every pending decision (player, prompt); pending() is what says
    # whether the game still waits on anyone.
    result = game.result(state) if not decisions else None
    highlight = highlight or {}
    b = board(summary.get("map") or "west", summary.get("variant"))
    order = kit.seat_order(summary)
    letters = kit.player_letters(order)
    colours = player_colours(summary, order)
    waiting = {d.player for d in decisions}
    players = summary.get("players") or {}
    seats = tuple(Seat(name, letters[name], colours[name], ((LABELS["score"], int(players[name].get("vp", 0))),),
                       name in waiting) for name in order)  # fmt: skip
    phase = PHASES.get(summary.get("phase") or "", str(summary.get("phase") or "").title())
    title = kit.say(LABELS["game_turn"], game=kit.say(LABELS["game"], map=term("wt map", b.title)),
                    turn=kit.say(LABELS["turn"], turn=summary.get("turn", 1), turns=TURNS, phase=phase))
    status = Status(
        title=title, seats=seats, asked=tuple((d.player, kit.public_prompt(d)) for d in decisions),
        over=standings(result) if result and not decisions else "", said=tuple(kit.narration(highlight)),
    )  # fmt: skip
    names = list(highlight.get("provinces") or highlight.get("cities") or [])
    names = [p for pair in highlight.get("routes") or () for p in pair] + names
    focus = [b.at(name) for name in names if name in b.provinces]
    provinces = summary.get("provinces") or {}
    current = decisions[0].player if decisions else None
    own = [b.at(n) for n, info in provinces.items() if info.get("owner") == current and n in b.provinces]
    map_box = (0, b.header, b.map_width, b.height)
    home = own[0] if own else (b.map_width / 2, b.header + b.map_height / 2)
    within = close_up_reach(map_box, FOCUS_ZOOM, focus, home) if close_up else None
    with kit.recording() as drawn:
        image = draw_board(summary, result, highlight, whole=whole, within=within)
    x0, y0, x1, y1 = b.legend
    legend = (x0, y0 + b.header, x1 + 1, y1 + b.header + 1)
    return Scene(
        image=image,
        palette=palette(b.id),
        map_box=map_box,
        focus=focus,
        home=home,
        status=status,
        zoom=FOCUS_ZOOM,
        covers=[(legend, static_layer(b.id, b.variant).crop(legend))],
        drawn=drawn,
    )


# Narration left to the log: phase changes, income, caps and end-of-turn sums.
_QUIET = {"phase", "income", "cap", "turn", "turn_end", "maneuver", "feed"}
# Outcomes: what a board short of room keeps when it drops the steps that led there.
_OUTCOMES = {"battle", "conquest", "destroyed", "lost", "trade_done", "route", "war", "peace", "unification",
             "title", "starve", "game_over"}


def highlight_from_events(events: Iterable) -> dict:
    """The highlight for the last action: the provinces it touched (builds, battles,
    conquests, destroyed pieces, starving armies), its moves and retreats as arrows, and a
    one-line account."""
    provinces: list[str] = []
    fled_to: list[str] = []  # where the losers went: ringed, but the view looks at the battle
    routes: list[list[str]] = []
    events = list(events)
    # What every player gets in turn is one sentence for all, as in the bot's posts (engine.told):
    # "Ann, Bo, Cy and Dee have nothing left to trade in this phase." (issue 28 item 9).
    told_events = told(events)
    texts: list[tuple[str, bool]] = [(said, first.kind in _OUTCOMES) for first, said in told_events
                                     if first.kind not in _QUIET]
    last_text = told_events[-1][1] if told_events else ""
    for event in events:
        data = getattr(event, "data", {}) or {}
        kind = getattr(event, "kind", "")
        start = data.get("frm", data.get("from", data.get("province")))
        if data.get("to") and start and isinstance(data["to"], str) and kind in ("retreat", "withdraw"):
            # The close-up frames the last place named (the outcome): a battle at Orkney was
            # framed on Jylland, where the barbarians retreated (issue 28).
            routes.append([start, data["to"]])
            fled_to.append(data["to"])
            provinces.append(start)
        elif data.get("to") and start and isinstance(data["to"], str) and kind in ("move", "princess"):
            routes.append([start, data["to"]])
            provinces.append(data["to"])
        elif isinstance(data.get("province"), str):
            provinces.append(data["province"])
    return kit.highlight_dict({"provinces": fled_to + provinces}, routes, texts, last_text)
