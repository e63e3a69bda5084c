"""Seats: engine player names made from members' display names, and the colour of each seat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine import get_game
from engine.text import layout, msg

NAME_LIMIT = 32

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
    """The seat's colour, as the game gives its seats (`Game.seat_colours`), or None."""
    palette = get_game(game_name).seat_colours
    return palette[seat_index] if seat_index < len(palette) else None


def role_marks(game_name: str, public_view: Mapping) -> dict[str, str]:
    """Seat -> the side it plays, where the game gives seats sides (`Game.seat_roles`: Alexander's
    Macedonian and Persian, drawn or chosen at setup, read from the public view)."""
    return get_game(game_name).seat_roles(dict(public_view))


COLOUR_WORDS = {"red": msg("red"), "yellow": msg("yellow"), "blue": msg("blue"), "green": msg("green"),
                "white": msg("white"), "black": msg("black")}


def colour_mark(game_name: str, seat_index: int) -> str:
    name = colour(game_name, seat_index)
    return layout("{mark} {colour}", mark=_COLOUR_MARKS.get(name, "•"), colour=COLOUR_WORDS.get(name) or name) \
        if name else "•"
