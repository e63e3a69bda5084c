"""Colours and players' marks: the shared palette, the seat colours, each player's letter, the
ink that reads on a fill."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

RGB = tuple[int, int, int]
Point = tuple[float, float]

INK: RGB = (28, 28, 32)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 246, 236)
FAINT: RGB = (200, 194, 180)
HIGHLIGHT: RGB = (255, 140, 0)

# The four colours of the box, in seat order; each player is also given a letter (below) so
# the board reads without telling the colours apart.
PLAYER_COLOURS: dict[str, RGB] = {
    "red": (210, 38, 38),
    "yellow": (246, 200, 24),
    "blue": (36, 96, 214),
    "green": (32, 150, 72),
}
SEAT_COLOURS = ("red", "yellow", "blue", "green")


def player_colour(name: str) -> RGB:
    return PLAYER_COLOURS.get(name, (120, 120, 120))


def contrast_ink(fill: RGB) -> RGB:
    """Black or white, whichever reads better on `fill` (yellow and white take black)."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def outline_for(ink: RGB) -> RGB:
    return WHITE if ink == INK else INK


def seat_order(summary: dict) -> list[str]:
    """The players of an engine summary in seat order (then by name)."""
    players = summary.get("players") or {}
    return sorted(players, key=lambda name: (int(players[name].get("seat", 0)), name))


def player_letters(names: Sequence[str]) -> dict[str, str]:
    """Each player's initial, or A, B, C, D by seat when two initials clash (or one is not a
    letter the font draws), so every player has a distinct, readable letter."""
    initials = [name.strip()[:1].upper() for name in names]
    if len(set(initials)) == len(initials) and all(_drawable_letter(i) for i in initials):
        return dict(zip(names, initials, strict=True))
    return {name: "ABCDEFGH"[i] for i, name in enumerate(names)}


def _drawable_letter(char: str) -> bool:
    """A letter of a script the packaged font draws (anything else would show as a box)."""
    return char.isalpha() and unicodedata.name(char, "").split(" ")[0] in ("LATIN", "GREEK", "CYRILLIC")
