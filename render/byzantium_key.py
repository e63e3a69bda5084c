"""The Byzantium board's key: one row per kind of mark the board draws (every `kit.mark`
kind a render notes must be here: a test checks it), in the order shown. Words only; the
samples are drawn by byzantium_static."""

from __future__ import annotations

from engine.text import msg
from render import kit

TITLE = msg("Key")
# Rows: (the kinds of mark a row explains, its label: a message id, drawn in the board's language):
# one too long for the key wraps onto a second line and the key grows upward (the layout
# test keeps it clear of the map).
ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("road",), msg("road")),
    (("desert",), msg("desert track (Arabs only)")),
    (("sea",), msg("sea lane")),
    (("city_byzantine", "city_arab", "city_bulgar"), msg("Byzantine, Arab, Bulgar city: markers")),
    (("city_persian", "capital"), msg("Persian city, Constantinople: defence")),
    (("controller",), msg("controlled by player A")),
    (("fort",), msg("fortified by player A")),
    (("army_byzantine", "army_arab"), msg("army of player A: Byzantine, Arab")),
    (("strength",), msg("army strength (cubes)")),
    (("bulgar_arrow",), msg("where the Bulgars attack")),
    (("halo",), msg("last action: this city")),
    (("band",), msg("last action: this move")),
    (("box_taken",), msg("last action: this special action")),
    (("standing",), msg("Boxes: cubes in tax, church, mosque")),
)
KINDS = frozenset(kind for kinds, _ in ROWS for kind in kinds)
SIZE = 20
ROW = 30
SWATCH = 70
TITLE_SIZE = 24
PAD = 10


def height(width: float) -> float:
    """The key's height at `width`: its title bar, a row per entry (two if its label wraps)."""
    labels = [label for _, label in ROWS]
    return TITLE_SIZE + 14 + 6 + kit.legend_height(labels, width - 2 * PAD, size=SIZE, row=ROW, swatch=SWATCH) + PAD
