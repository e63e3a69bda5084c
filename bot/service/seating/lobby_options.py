"""Setup options a host picks with `/game new`: each game declares them as data in its manifest
(engine/<game>/manifest.json, `lobby`: names, descriptions, choices) and says what they mean
through its Game's lobby hooks (`lobby_setup`, `seat_range`, `setup_options`, `describe_setup`,
`seat_label`, `seat_names`: engine/<game>/lobby.py). Nothing here knows a game.

Here: the options of every game for the slash command, the refusal of an option the game does
not take, and the hooks' IllegalAction as the lobby's one-line Refusal. Stored in the game
record's `options` as the game's `lobby_setup` returns them; `engine_options` turns them into
what `Game.setup` takes at Start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.posts import Refusal, reason
from engine import IllegalAction, game_names, get_game
from engine.text import msg


def declared(game: str) -> list[dict]:
    """The options `game`'s manifest declares for its lobby, in its order."""
    return list(get_game(game).manifest().get("lobby", ()))


def every_option() -> list[dict]:
    """Every game's lobby options, each name once (games sharing a name share its slash option)."""
    seen: dict[str, dict] = {}
    for game in game_names():
        for option in declared(game):
            seen.setdefault(option["name"], option)
    return list(seen.values())


def lobby_options(game: str, given: Mapping[str, object]) -> dict:
    """The options to store for a new lobby, or Refusal with a one-line reason."""
    given = {k: v for k, v in given.items() if v is not None}
    engine = get_game(game)
    foreign = sorted(set(given) - {option["name"] for option in declared(game)})
    if len(foreign) == 1:
        raise Refusal(msg("{game} has no {names} option; leave it out.", game=engine.title, names=foreign[0]))
    if foreign:
        raise Refusal(msg("{game} has no {names} options; leave them out.", game=engine.title,
                          names=", ".join(foreign)))
    try:
        return engine.lobby_setup(given)
    except IllegalAction as exc:
        raise Refusal(reason(exc)) from None


def seat_limits(game: str, options: Mapping) -> tuple[int, int, str]:
    """(fewest, most) players the lobby's options allow, and what sets the limit (for the
    one-line refusal)."""
    return get_game(game).seat_range(dict(options))


def engine_options(game: str, options: Mapping, players: Sequence[str]) -> dict:
    """What the engine's setup takes at Start, for these seats."""
    return get_game(game).setup_options(dict(options), list(players))


def seat_label(game: str, options: Mapping, seat_index: int, seat_name: str) -> str | None:
    """A word after a seat on the lobby card ('team A' in team play), or None."""
    return get_game(game).seat_label(dict(options), seat_index, seat_name)


def describe(game: str, options: Mapping) -> str | None:
    """One line of the lobby card naming the setup options (None for games without any)."""
    return get_game(game).describe_setup(dict(options))
