"""Pure drawing: a game state to PNG bytes, one module per game over a shared kit.

No I/O at call time beyond loading packaged assets once; the same state gives the same bytes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType

from render import kit

_RENDERERS = {"byzantium": "render.byzantium", "warriors_traders": "render.warriors_traders"}
BOARD_COMPRESS = 3  # zlib level for the fixed-palette PNGs (measured: docs/render.md)
INLINE_COMPRESS = 6  # the inline image is a fifth of the pixels: a higher level costs little


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


def render_inline(game_name: str, state, *, highlight: dict | None = None) -> bytes:
    """The image for the chat (880 x 560 PNG, read at Discord's inline 550 px): the area of
    the last action at a readable scale with a strip saying who is asked what, the scores and
    what the last action did. Attach the full board (render_png) beside it."""
    return render_views(game_name, state, highlight=highlight)[0]


def render_views(game_name: str, state, *, highlight: dict | None = None) -> tuple[bytes, bytes]:
    """(inline image, full board) as PNG bytes, drawing the board once: what the bot posts
    after a move."""
    from render.inline import draw_inline

    scene = _renderer(game_name).scene(state, highlight)
    image, _ = draw_inline(scene)
    return (kit.encode_png(image, scene.palette, compress_level=INLINE_COMPRESS),
            kit.encode_png(scene.image, scene.palette, compress_level=BOARD_COMPRESS))  # fmt: skip


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
