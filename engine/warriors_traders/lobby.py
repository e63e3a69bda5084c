"""Warriors & Traders in the bot's lobby: map, variant, nations, turn order and teams. The slash
command's options are declared in manifest.json beside this file (the variant choices included,
which tests/test_bot_wt.py checks against the maps); this is what they mean.

Per option: its allowed values, the player counts a combination allows (checked at Join and at
Start, answered in one line), the words on the lobby card, and the setup options they become at
Start. Every value is passed to the setup explicitly, so nothing is left to the seed; the setup
checks the combination again. Teams are stored as a shape in the lobby ("2v2") and become lists
of seat names, by seat order, at Start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from engine.core import IllegalAction
from engine.text import joined, listing, msg
from engine.warriors_traders.words import map_t

MAP_TITLES = {"west": "West Europe", "east": "East Europe", "italy": "Italy"}
FULL = "full"  # the whole map, 2 to 6 players
NATIONS = {"random": msg("random nations"), "choose": msg("nations chosen in seat order")}
TURN_ORDERS = {"fixed": msg("fixed turn order"), "variable": msg("variable turn order")}
# Cooperative play: team shape -> team sizes; teams are formed by seat order.
TEAMS = {"free": (), "2v2": (2, 2), "3v3": (3, 3), "2v2v2": (2, 2, 2)}
TEAM_NAMES = "ABC"
DEFAULTS = {"map": "west", "variant": FULL, "nations": "random", "turn_order": "fixed", "teams": "free"}


@cache
def variants() -> dict[str, dict[str, tuple[int, tuple[str, ...]]]]:
    """map -> variant id -> (players, starting nation names), from the board data."""
    from engine.warriors_traders.board import MAPS, board
    from engine.warriors_traders.board import variants as map_variants

    out = {}
    for name in MAPS:
        nations = board(name).nations
        out[name] = {vid: (v.players, tuple(nations[n].name for n in v.start)) for vid, v in map_variants(name).items()}
    return out


def variant_choices() -> list[tuple[str, str]]:
    """(label, value) of the variant choices: the full map, then every variant id (what
    manifest.json lists for the slash command)."""
    labels: dict[str, list[str]] = {}
    players: dict[str, int] = {}
    for map_name, found in variants().items():
        for vid, (count, nations) in found.items():
            short = ", ".join(n.split()[-1] for n in nations)  # "Regno di Napoli" -> "Napoli"
            labels.setdefault(vid, []).append(f"{MAP_TITLES[map_name]}: {short}")
            players[vid] = count
    choices = [("Full map (2-6 players)", FULL)]
    choices += [(f"{vid} ({players[vid]} players; {' / '.join(where)})"[:100], vid) for vid, where in labels.items()]
    return choices[:25]


def _variant_words(map_name: str, variant: str) -> str:
    if variant == FULL:
        return msg("full map")
    count, nations = variants()[map_name][variant]
    return msg("{variant} variant ({count} players: {nations})", variant=variant, count=count,
               nations=", ".join(nations))


def lobby_setup(given: Mapping[str, str]) -> dict:
    """The options to store for a new lobby, or IllegalAction with a one-line reason."""
    chosen = {**DEFAULTS, **given}
    map_name, variant = chosen["map"], chosen["variant"]
    if map_name not in MAP_TITLES:
        raise IllegalAction(msg("There is no map '{map}'; maps: {maps}.", map=map_name, maps=", ".join(MAP_TITLES)))
    found = variants()[map_name]
    if variant != FULL and variant not in found:
        listed = listing([msg("{variant} ({n} players)", variant=vid, n=n) for vid, (n, _) in found.items()])
        raise IllegalAction(msg("The {map} map has no variant '{variant}'; its variants: {variants}, or the full map.",
                                map=map_t(map_name), variant=variant, variants=listed))
    if chosen["nations"] not in NATIONS:
        raise IllegalAction(msg("nations is one of: {values}.", values=", ".join(NATIONS)))
    if chosen["turn_order"] not in TURN_ORDERS:
        raise IllegalAction(msg("turn_order is one of: {values}.", values=", ".join(TURN_ORDERS)))
    if chosen["teams"] not in TEAMS:
        raise IllegalAction(msg("teams is one of: {values}.", values=", ".join(TEAMS)))
    if chosen["teams"] != "free" and variant != FULL:
        raise IllegalAction(msg("Team play needs the full map; the {variant} variant is for {n} players each on "
                                "their own.", variant=variant, n=found[variant][0]))
    options = {k: chosen[k] for k in ("map", "variant", "nations", "turn_order")}
    if chosen["teams"] != "free":
        options["teams"] = chosen["teams"]
    return options


def seat_range(options: Mapping) -> tuple[int, int, str] | None:
    """(fewest, most) players the options allow and what sets the limit; None: the game's own."""
    variant = options.get("variant", FULL)
    if variant not in (FULL, None, "none") and options.get("map") in variants():
        count = variants()[options["map"]].get(variant, (0,))[0]
        if count:
            return count, count, msg("The {variant} variant", variant=variant)
    teams = options.get("teams")
    if isinstance(teams, str) and teams in TEAMS and TEAMS[teams]:
        count = sum(TEAMS[teams])
        return count, count, msg("{teams} team play", teams=teams.replace("v", " vs "))
    if isinstance(teams, list) and teams:  # as the setup took them at Start
        count = sum(len(t) for t in teams)
        return count, count, msg("Team play")
    return None


def setup_options(options: Mapping, players: Sequence[str]) -> dict:
    """What the setup takes, for these seats: the map and variant always named (a lobby stored
    without options gets the defaults), teams by seat order as lists of seat names."""
    out = {k: v for k, v in DEFAULTS.items() if k != "teams"} | dict(options)
    teams = out.get("teams")
    if isinstance(teams, str):
        groups, start = [], 0
        for size in TEAMS.get(teams, ()):
            groups.append(list(players[start:start + size]))
            start += size
        if groups:
            out["teams"] = groups
        else:
            out.pop("teams")
    return out


def team_label(options: Mapping, seat_index: int, seat_name: str) -> str | None:
    """'team A' for a seat in team play (stored as a shape in the lobby, as names once started)."""
    teams = options.get("teams")
    if isinstance(teams, str):
        start = 0
        for number, size in enumerate(TEAMS.get(teams, ())):
            if start <= seat_index < start + size:
                return msg("team {name}", name=TEAM_NAMES[number])
            start += size
    elif isinstance(teams, list):
        for number, members in enumerate(teams):
            if seat_name in members:
                return msg("team {name}", name=TEAM_NAMES[number])
    return None


def describe(options: Mapping) -> str | None:
    """One line of the lobby card naming the setup options."""
    if not options:
        return None
    map_name = options.get("map", "west")
    variant = options.get("variant") or FULL
    parts = [msg("Map **{map}**", map=map_t(map_name) if map_name in MAP_TITLES else map_name),
             _variant_words(map_name, variant) if map_name in variants() else str(variant),
             NATIONS.get(options.get("nations", "random"), str(options.get("nations"))),
             TURN_ORDERS.get(options.get("turn_order", "fixed"), str(options.get("turn_order")))]
    teams = options.get("teams")
    if isinstance(teams, str):
        parts.append(msg("cooperative {teams} (teams by seat order)", teams=teams.replace("v", " vs ")))
    elif isinstance(teams, list):
        parts.append(msg("cooperative {teams}", teams=" vs ".join(str(len(t)) for t in teams)))
    else:
        parts.append(msg("every player for themselves"))
    return joined(parts, " · ")
