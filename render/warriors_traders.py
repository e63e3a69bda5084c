"""The Warriors & Traders board as a PNG: the chosen map with its provinces on real geography,
holders, armies, barbarians, fortresses and princesses; a panel per player; turn, phase and
everyone the game waits on. Drawn from the engine's public calls only (summary, pending,
result) over a cached static layer per map."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from render import kit
from render.warriors_traders_board import COLOURS, board
from render.warriors_traders_map import draw_borders, draw_fills, draw_highlight, draw_nations, draw_provinces
from render.warriors_traders_panels import draw_header, draw_panels
from render.warriors_traders_static import legend_layer, palette, static_layer

GAME = "warriors_traders"
COMPRESS_LEVEL = 3  # as for Byzantium: measured in docs/render.md


def player_colours(summary: dict, order: Sequence[str]) -> dict[str, kit.RGB]:
    players = summary.get("players") or {}
    fallback = ("red", "blue", "green", "yellow", "white", "black")
    return {name: COLOURS.get(players[name].get("color") or fallback[i % 6], COLOURS["red"]) for i, name in enumerate(order)}


def draw_board(summary: dict, result: list | None = None, highlight: dict | None = None) -> Image.Image:
    """The board for a summary, as an RGB image (no encoding)."""
    b = board(summary.get("map") or "west")
    highlight = highlight or {}
    order = kit.seat_order(summary)
    letters = kit.player_letters(order)
    colours = player_colours(summary, order)
    image = static_layer(b.id).copy()
    draw_fills(image, b, summary, colours)
    draw = ImageDraw.Draw(image)
    draw_nations(draw, b, summary)
    draw_borders(draw, b, summary)
    draw_highlight(draw, b, highlight)
    draw_provinces(draw, b, summary, order, letters, colours)
    x0, y0, _, _ = b.legend
    image.paste(legend_layer(b.id), (x0, y0 + b.header))
    draw_panels(draw, b, summary, order, letters, colours, result)
    draw_header(draw, b, summary, letters, colours, result, str(highlight.get("text") or ""))
    return image


def encode(image: Image.Image, map_id: str) -> bytes:
    return kit.encode_png(image, palette(map_id), compress_level=COMPRESS_LEVEL)


def render_png(state, *, highlight: dict | None = None) -> bytes:
    from engine import get_game

    game = get_game(GAME)
    summary = game.summary(state)
    # summary() already lists every pending decision (player, prompt); pending() is what
    # says whether the game still waits on anyone.
    result = game.result(state) if not game.pending(state) else None
    return encode(draw_board(summary, result, highlight), summary.get("map") or "west")


# Narration left to the log: phase changes, income, caps and end-of-turn sums.
_QUIET = {"phase", "income", "cap", "turn", "turn_end", "maneuver", "feed"}


def highlight_from_events(events: Iterable) -> dict:
    """The highlight for the last action: the provinces it touched (builds, battles,
    conquests, destroyed pieces, starving armies), its moves and retreats as arrows, and a
    one-line account."""
    provinces: list[str] = []
    routes: list[list[str]] = []
    texts: list[str] = []
    last_text = ""
    for event in events:
        data = getattr(event, "data", {}) or {}
        kind = getattr(event, "kind", "")
        text = getattr(event, "text", "") or ""
        last_text = text or last_text
        start = data.get("frm", data.get("from", data.get("province")))
        if data.get("to") and start and isinstance(data["to"], str) and kind in ("move", "princess", "retreat", "withdraw"):
            routes.append([start, data["to"]])
            provinces.append(data["to"])
        elif isinstance(data.get("province"), str):
            provinces.append(data["province"])
        if text and kind not in _QUIET:
            texts.append(text)
    return kit.highlight_dict({"provinces": provinces}, routes, texts, last_text)
