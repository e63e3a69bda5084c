"""Game terms as translatable texts: sides, places, leaders, fleets, cards, armies."""

from __future__ import annotations

from engine.alexander.board import MAC, board
from engine.text import Msg, joined, layout, msg, term

SIDE_NAMES = {MAC: "Macedonian", "persian": "Persian"}


def side_t(side: str) -> Msg:
    return term("alexander side", SIDE_NAMES[side])


def space_t(name: str) -> Msg:
    return term("alexander space", name)


KIND_NAMES = {"land": "land", "mountain": "mountain", "pass": "pass", "strait": "strait", "desert": "desert",
              "coastal": "sea", "open_sea": "open sea"}


def kind_t(kind: str) -> Msg:
    """A link's kind (2.1), as options that reach one space by land and by sea tell them apart."""
    return term("alexander link", KIND_NAMES[kind])


def province_t(name: str) -> Msg:
    return term("alexander province", name)


def place_t(name: str) -> Msg:
    """A space, or (for the four islands that are no province) the island."""
    return space_t(name) if name in board().spaces else province_t(name)


def leader_t(name: str) -> Msg:
    return term("alexander leader", name)


def fleet_t(name: str) -> Msg:
    return term("alexander fleet", f"{name} fleet")


def card_t(card_id: str) -> Msg:
    return term("alexander card", board().cards[card_id].name)


def army_t(army_id: str) -> Msg:
    side, _, number = army_id.partition(".")
    if number == "sparta":
        return term("alexander army", "Spartan army")
    return msg("{side} Army #{n}", side=side_t(side), n=int(number))


def level_t(level: str) -> Msg:
    return term("alexander treasury", {"full": "Full", "low": "Low", "empty": "Empty"}[level])


def unit_t(unit: str) -> Msg:
    """An army id or "fleet:<name>"."""
    return fleet_t(unit.split(":", 1)[1]) if unit.startswith("fleet:") else army_t(unit)


def sourced(mods: dict[str, int], words: dict) -> Msg:
    """", leaders +4, Fatigue -2": each number of a roll with its source, in the reader's language."""
    return joined([layout(", {source} {n}", source=words.get(k, k), n=f"{v:+d}") for k, v in mods.items()], "")
