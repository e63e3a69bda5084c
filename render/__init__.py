"""Pure drawing: a game state to PNG bytes, one module per game over a shared kit.

No I/O at call time beyond loading packaged assets once; the same state gives the same bytes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType

_RENDERERS = {"byzantium": "render.byzantium", "warriors_traders": "render.warriors_traders"}


def _renderer(game_name: str) -> ModuleType:
    try:
        return importlib.import_module(_RENDERERS[game_name])
    except KeyError:
        known = ", ".join(sorted(_RENDERERS))
        raise ValueError(f"No board drawing for the game '{game_name}'. Drawn games: {known}.") from None


def render_png(game_name: str, state, *, highlight: dict | None = None) -> bytes:
    """The board of `state` as PNG bytes. `highlight` marks the last action:
    {"cities": [names], "routes": [[a, b], ...], "boxes": [box ids], "text": "..."}, every
    key optional (Warriors & Traders names "provinces" where Byzantium names "cities")."""
    return _renderer(game_name).render_png(state, highlight=highlight)


def highlight_from_events(game_name: str, events: Iterable) -> dict:
    """The `highlight` for the action that produced `events` (the engine's Event objects)."""
    return _renderer(game_name).highlight_from_events(events)


def drawn_games() -> list[str]:
    return sorted(_RENDERERS)


def register_renderer(game_name: str, module: str) -> None:
    """Draw `game_name` with `module` (importable, with `render_png` and `highlight_from_events`).

    The bot gives the drawing of a game with secrets its public view, `game.view(state, None)`
    (a dict), instead of the state: such a renderer draws from that and nothing else. Used by
    the secrets tests for their test game."""
    _RENDERERS[game_name] = module
