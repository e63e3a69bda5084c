"""Which games exist, by name: the ones the engine ships and any registered by a plugin
(`engine.core.register`, bot/plugins.py).

The games are imported on first use, not at `import engine`: a module that needs only the
engine's texts or contract does not pay for loading every game's rules.
"""

from __future__ import annotations

from engine.core import Game, IllegalAction, registered
from engine.text import msg


def get_game(name: str) -> Game:
    games = _all_games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(sorted(games)) or "none"
        raise IllegalAction(msg("There is no game called '{name}'. Known games: {known}.", name=name,
                                known=known)) from None


def game_names() -> list[str]:
    return sorted(_all_games())


def _all_games() -> dict[str, Game]:
    from engine import (  # each registers itself when imported
        alexander,  # noqa: F401
        byzantium,  # noqa: F401
        warriors_traders,  # noqa: F401
    )

    return registered()
