"""Seats: engine player names made from members' display names, and the colour of each seat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.text import layout, msg
from engine.warriors_traders.state import COLORS as WT_COLOURS

NAME_LIMIT = 32

# Seat colours in seat order, as each game's engine and renderer assign them.
COLOURS = {"byzantium": ("red", "yellow", "blue", "green"), "warriors_traders": WT_COLOURS}
_COLOUR_MARKS = {"red": "🔴", "yellow": "🟡", "blue": "🔵", "green": "🟢", "white": "⚪", "black": "⚫",
                 "purple": "🟣", "orange": "🟠", "brown": "🟤"}


def seat_name(display_name: str, taken: Iterable[str]) -> str:
    """A seat name from a display name, unique among `taken` (case-insensitively).

    Engine seat names appear in prompts and logs, so they stay readable: the display name
    itself, shortened, with " 2", " 3" ... added when two members share a name.
    """
    base = " ".join(display_name.split())[:NAME_LIMIT] or "Player"
    used = {t.casefold() for t in taken}
    name, n = base, 1
    while name.casefold() in used:
        n += 1
        suffix = f" {n}"
        name = base[: NAME_LIMIT - len(suffix)] + suffix
    return name


def colour(game_name: str, seat_index: int) -> str | None:
    palette = COLOURS.get(game_name, ())
    return palette[seat_index] if seat_index < len(palette) else None


def role_marks(game_name: str, public_view: Mapping) -> dict[str, str]:
    """Seat -> the side it plays, where the game gives seats sides (Alexander's Macedonian and
    Persian, drawn or chosen at setup: read from the public view)."""
    if game_name != "alexander":
        return {}
    from engine.alexander.words import side_t
    from engine.text import msg

    sides = public_view.get("sides") or {}
    marks = {"macedonian": "🟦", "persian": "🟥"}
    return {seat: msg("{mark} {side}", mark=marks.get(side, "•"), side=side_t(side)) for side, seat in sides.items()}


COLOUR_WORDS = {"red": msg("red"), "yellow": msg("yellow"), "blue": msg("blue"), "green": msg("green"),
                "white": msg("white"), "black": msg("black")}


def colour_mark(game_name: str, seat_index: int) -> str:
    name = colour(game_name, seat_index)
    return layout("{mark} {colour}", mark=_COLOUR_MARKS.get(name, "•"), colour=COLOUR_WORDS.get(name) or name) \
        if name else "•"
