"""Setup options a host picks with `/game new` (map, variant, nations, turn order, teams;
Alexander's side, opening, balance and solitaire in bot/service/lobby_alexander.py).

Per game: which options it takes, their allowed values (the slash command offers exactly
these as choices), the player counts a combination allows (checked at Join and at Start,
answered in one line), the words on the lobby card, and the engine options they become at
Start. Every value is passed to the engine explicitly, so nothing is left to the seed; the
engine checks the combination again when the game is set up.

Stored in the game record's `options` as given in the lobby; `engine_options` turns them
into what `Game.setup` takes (teams by seat order become lists of seat names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from bot.service import lobby_alexander
from bot.service.posts import Refusal
from engine import get_game
from engine.text import listing, msg
from engine.warriors_traders.words import map_t

# Every option /game new has, in the order the lobby card lists them.
OPTION_NAMES = ("map", "variant", "nations", "turn_order", "teams", *lobby_alexander.OPTION_NAMES)
ALEX = lobby_alexander.GAME

WT = "warriors_traders"
WT_MAP_TITLES = {"west": "West Europe", "east": "East Europe", "italy": "Italy"}
FULL = "full"  # the whole map, 2 to 6 players
NATIONS = {"random": msg("random nations"), "choose": msg("nations chosen in seat order")}
TURN_ORDERS = {"fixed": msg("fixed turn order"), "variable": msg("variable turn order")}
# Cooperative play: team shape -> team sizes; teams are formed by seat order.
TEAMS = {"free": (), "2v2": (2, 2), "3v3": (3, 3), "2v2v2": (2, 2, 2)}
TEAM_NAMES = "ABC"
WT_DEFAULTS = {"map": "west", "variant": FULL, "nations": "random", "turn_order": "fixed", "teams": "free"}


@cache
def wt_variants() -> dict[str, dict[str, tuple[int, tuple[str, ...]]]]:
    """map -> variant id -> (players, starting nation names), from the engine's board data."""
    from engine.warriors_traders.board import MAPS, board, variants

    out = {}
    for name in MAPS:
        nations = board(name).nations
        out[name] = {vid: (v.players, tuple(nations[n].name for n in v.start)) for vid, v in variants(name).items()}
    return out


def variant_choices() -> list[tuple[str, str]]:
    """(label, value) for the slash command's variant choices: the full map, then every variant id."""
    labels: dict[str, list[str]] = {}
    players: dict[str, int] = {}
    for map_name, found in wt_variants().items():
        for vid, (count, nations) in found.items():
            short = ", ".join(n.split()[-1] for n in nations)  # "Regno di Napoli" -> "Napoli"
            labels.setdefault(vid, []).append(f"{WT_MAP_TITLES[map_name]}: {short}")
            players[vid] = count
    choices = [("Full map (2-6 players)", FULL)]
    choices += [(f"{vid} ({players[vid]} players; {' / '.join(where)})"[:100], vid) for vid, where in labels.items()]
    return choices[:25]


def _variant_words(map_name: str, variant: str) -> str:
    if variant == FULL:
        return msg("full map")
    count, nations = wt_variants()[map_name][variant]
    return msg("{variant} variant ({count} players: {nations})", variant=variant, count=count,
               nations=", ".join(nations))


def lobby_options(game: str, given: Mapping[str, str | None]) -> dict:
    """The options to store for a new lobby, or Refusal with a one-line reason."""
    given = {k: v for k, v in given.items() if v is not None}
    if game == ALEX and set(given) <= set(lobby_alexander.OPTION_NAMES):
        return lobby_alexander.lobby_options(given)
    if game == ALEX:
        given = {k: v for k, v in given.items() if k not in lobby_alexander.OPTION_NAMES}
    if game != WT:
        if given:
            title = get_game(game).title
            names = ", ".join(sorted(given))
            if len(given) == 1:
                raise Refusal(msg("{game} has no {names} option; leave it out.", game=title, names=names))
            raise Refusal(msg("{game} has no {names} options; leave them out.", game=title, names=names))
        return {}
    foreign = sorted(set(given) & set(lobby_alexander.OPTION_NAMES))
    if foreign:
        raise Refusal(msg("{game} has no {names} option; leave it out.", game=get_game(game).title,
                          names=", ".join(foreign)))
    chosen = {**WT_DEFAULTS, **given}
    map_name, variant = chosen["map"], chosen["variant"]
    if map_name not in WT_MAP_TITLES:
        raise Refusal(msg("There is no map '{map}'; maps: {maps}.", map=map_name, maps=", ".join(WT_MAP_TITLES)))
    found = wt_variants()[map_name]
    if variant != FULL and variant not in found:
        listed = listing([msg("{variant} ({n} players)", variant=vid, n=n) for vid, (n, _) in found.items()])
        raise Refusal(msg("The {map} map has no variant '{variant}'; its variants: {variants}, or the full map.",
                          map=map_t(map_name), variant=variant, variants=listed))
    if chosen["nations"] not in NATIONS:
        raise Refusal(msg("nations is one of: {values}.", values=", ".join(NATIONS)))
    if chosen["turn_order"] not in TURN_ORDERS:
        raise Refusal(msg("turn_order is one of: {values}.", values=", ".join(TURN_ORDERS)))
    if chosen["teams"] not in TEAMS:
        raise Refusal(msg("teams is one of: {values}.", values=", ".join(TEAMS)))
    if chosen["teams"] != "free" and variant != FULL:
        raise Refusal(msg("Team play needs the full map; the {variant} variant is for {n} players each on their own.",
                          variant=variant, n=found[variant][0]))
    options = {k: chosen[k] for k in ("map", "variant", "nations", "turn_order")}
    if chosen["teams"] != "free":
        options["teams"] = chosen["teams"]
    return options


def seat_limits(game: str, options: Mapping) -> tuple[int, int, str]:
    """(fewest, most) players the lobby's options allow, and what sets the limit (for the
    one-line refusal); the engine's own range when no option narrows it."""
    engine = get_game(game)
    if game == ALEX:
        return lobby_alexander.seat_limits(options) or (engine.min_players, engine.max_players, engine.title)
    if game == WT:
        variant = options.get("variant", FULL)
        if variant not in (FULL, None, "none") and options.get("map") in wt_variants():
            count = wt_variants()[options["map"]].get(variant, (0,))[0]
            if count:
                return count, count, msg("The {variant} variant", variant=variant)
        teams = options.get("teams")
        if isinstance(teams, str) and teams in TEAMS and TEAMS[teams]:
            count = sum(TEAMS[teams])
            return count, count, msg("{teams} team play", teams=teams.replace("v", " vs "))
        if isinstance(teams, list) and teams:  # as the engine took them at Start
            count = sum(len(t) for t in teams)
            return count, count, msg("Team play")
    return engine.min_players, engine.max_players, engine.title


def engine_options(game: str, options: Mapping, players: Sequence[str]) -> dict:
    """What the engine's setup takes, for these seats (teams by seat order become name lists).
    Warriors & Traders always gets its map and variant named, so the seed never picks them
    (a lobby stored without options gets the defaults)."""
    if game == ALEX:
        return lobby_alexander.engine_options(options, players)
    out = dict(options)
    if game == WT:
        out = {k: v for k, v in WT_DEFAULTS.items() if k != "teams"} | out
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


def describe(game: str, options: Mapping) -> str | None:
    """One line of the lobby card naming the setup options (None for games without any)."""
    if game == ALEX:
        return lobby_alexander.describe(options)
    if game != WT or not options:
        return None
    map_name = options.get("map", "west")
    variant = options.get("variant") or FULL
    parts = [msg("Map **{map}**", map=map_t(map_name) if map_name in WT_MAP_TITLES else map_name),
             _variant_words(map_name, variant) if map_name in wt_variants() else str(variant),
             NATIONS.get(options.get("nations", "random"), str(options.get("nations"))),
             TURN_ORDERS.get(options.get("turn_order", "fixed"), str(options.get("turn_order")))]
    teams = options.get("teams")
    if isinstance(teams, str):
        parts.append(msg("cooperative {teams} (teams by seat order)", teams=teams.replace("v", " vs ")))
    elif isinstance(teams, list):
        parts.append(msg("cooperative {teams}", teams=" vs ".join(str(len(t)) for t in teams)))
    else:
        parts.append(msg("every player for themselves"))
    return lobby_alexander.dotted(parts)
