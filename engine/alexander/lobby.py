"""The Conquerors: Alexander the Great in the bot's lobby: the host's side, the opening, the
balance option and solitaire (one member playing both sides, rulebook 16.0). The slash command's
options are declared in manifest.json beside this file; this is what they mean.

Stored in the lobby as given (`side`, `opening`, `balance`, `solitaire`); at Start they become
the setup's options (`macedonian` names the seat that plays Alexander; `side: random` leaves it
out, so the setup draws the sides with the game's own generator). A solitaire lobby holds the
host alone; at Start the host takes both seats, named after the sides (the setup needs two
distinct seat names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import IllegalAction
from engine.text import Msg, joined, layout, msg

OPTION_NAMES = ("side", "opening", "balance", "solitaire")
SIDES = ("random", "macedonian", "persian")
OPENINGS = ("historical", "optional")
DEFAULTS = {"side": "random", "opening": "historical", "balance": False, "solitaire": False}
# The seat names of a solitaire game: the member's name and the side it plays.
SOLO_NAME_LIMIT = 18


def lobby_setup(given: Mapping[str, object]) -> dict:
    """The options to store for a new Alexander lobby, or IllegalAction with a one-line reason."""
    chosen = {**DEFAULTS, **given}
    if chosen["side"] not in SIDES:
        raise IllegalAction(msg("side is one of: random, macedonian, persian."))
    if chosen["opening"] not in OPENINGS:
        raise IllegalAction(msg("opening is one of: historical, optional."))
    if chosen["solitaire"] and "side" in given and given["side"] != "random":
        raise IllegalAction(msg("In solitaire you play both sides; leave side out."))
    return {k: chosen[k] for k in OPTION_NAMES if k != "side" or not chosen["solitaire"]}


def setup_options(options: Mapping, players: Sequence[str]) -> dict:
    """What the setup takes, for these seats (the host is the first)."""
    out = {k: v for k, v in options.items() if k != "side"}
    side = options.get("side", "random")
    if out.get("solitaire"):
        out["macedonian"] = players[0]
    elif side == "macedonian" and players:
        out["macedonian"] = players[0]
    elif side == "persian" and len(players) > 1:
        out["macedonian"] = players[1]
    return out


def seat_names(options: Mapping, host: str) -> list[Msg] | None:
    """A solitaire game's two seats, both the host's, named after the sides (the Macedonian first:
    it plays Alexander); None: one seat per member."""
    if not options.get("solitaire"):
        return None
    base = " ".join(host.split())[:SOLO_NAME_LIMIT] or "Player"
    return [layout("{player} ({side})", player=base, side=side) for side in (msg("Macedonian"), msg("Persian"))]


def describe(options: Mapping) -> str:
    """The lobby card's line naming the setup."""
    if options.get("solitaire"):
        who = msg("Solitaire: the host plays both sides, nothing is hidden (16.0)")
    elif "macedonian" in options:  # as the setup took them at Start
        who = msg("{player} plays the Macedonian", player=str(options["macedonian"]))
    else:
        who = {"random": msg("Sides drawn at random"),
               "macedonian": msg("The host plays the Macedonian"),
               "persian": msg("The host plays the Persian")}[options.get("side", "random")]
    opening = (msg("historical opening (the Macedonian moves first)")
               if options.get("opening", "historical") == "historical"
               else msg("optional opening (the first marker is drawn)"))
    parts = [who, opening]
    if options.get("balance"):
        parts.append(msg("balance option: one Macedonian marker out of the cup (2.7)"))
    return joined(parts, " · ")


def seat_range(options: Mapping) -> tuple[int, int, str] | None:
    """A solitaire lobby takes its host alone; None: the game's own two seats."""
    if options.get("solitaire"):
        return 1, 1, msg("Solitaire")
    return None
