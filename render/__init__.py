"""Pure drawing: a game state to PNG bytes, one module per game over a shared kit.

No I/O at call time beyond loading packaged assets once; the same state gives the same bytes.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType

from render import kit

_RENDERERS = {"alexander": "render.alexander", "byzantium": "render.byzantium",
              "warriors_traders": "render.warriors_traders"}
BOARD_COMPRESS = 3  # zlib level for the fixed-palette PNGs (measured: docs/render.md)
INLINE_COMPRESS = 2  # a close-up with every choice: level 4 took 45 % more CPU than 2 for 15 % fewer bytes, 6 more still (issue 30)


def _renderer(game_name: str) -> ModuleType:
    try:
        return importlib.import_module(_RENDERERS[game_name])
    except KeyError:
        known = ", ".join(sorted(_RENDERERS))
        raise ValueError(f"No board drawing for the game '{game_name}'. Drawn games: {known}.") from None


def render_png(game_name: str, state, *, highlight: dict | None = None, lang: str | None = None) -> bytes:
    """The board of `state` as PNG bytes. `highlight` marks the last action:
    {"cities": [names], "routes": [[a, b], ...], "boxes": [box ids], "text": "..."}, every
    key optional (Warriors & Traders names "provinces" where Byzantium names "cities").
    `lang`: the language of every word on it (locales.LANGUAGES or the pseudo-language;
    None: English)."""
    with kit.language(lang):
        return _renderer(game_name).render_png(state, highlight=highlight)


def render_inline(game_name: str, state, *, highlight: dict | None = None, lang: str | None = None) -> bytes:
    """The image for the chat (880 x 560 PNG, read at Discord's inline 550 px): the area of
    the last action at a readable scale with a strip saying who is asked what, the scores and
    what the last action did. The full board is not encoded (most of the cost of render_views):
    render_png draws it when someone asks. Raises AttributeError for a drawing with no
    close-up (see has_close_up)."""
    from render.inline import draw_inline

    module = _renderer(game_name)
    with kit.language(lang):
        # A drawing may leave out what lies outside the close-up's map box (close_up_scene).
        scene = getattr(module, "close_up_scene", module.scene)(state, highlight)
        image, _ = draw_inline(scene, texts=False)
    return kit.encode_png(image, scene.palette, compress_level=INLINE_COMPRESS)


def has_close_up(game_name: str) -> bool:
    """Whether the game's drawing has the chat's close-up (render_inline), known without drawing."""
    return game_name in _RENDERERS and hasattr(_renderer(game_name), "scene")


def render_views(
    game_name: str, state, *, highlight: dict | None = None, lang: str | None = None
) -> tuple[bytes, bytes]:
    """(inline image, full board) as PNG bytes, drawing the board once: what the history view
    shows of a step. After a move the bot posts the close-up alone (render_inline) and draws
    the whole board only when asked (issue 30). `lang` as for render_png."""
    from render.inline import draw_inline

    with kit.language(lang):
        scene = _renderer(game_name).scene(state, highlight)
        image, _ = draw_inline(scene, texts=False)
    return (kit.encode_png(image, scene.palette, compress_level=INLINE_COMPRESS),
            kit.encode_png(scene.image, scene.palette, compress_level=BOARD_COMPRESS))  # fmt: skip


def render_animation(game_name: str, states_and_captions: Sequence[tuple], *, frame_ms: int = 700,
                     max_bytes: int | None = None, lang: str | None = None) -> bytes:
    """An animated GIF of a game: one frame per item, each (state, caption) or (state,
    caption, highlight), the whole board reduced to 600 px with "Step n/N" and the caption
    (a Msg, said in `lang`, or a plain string) on it; frames are thinned until the file is
    under `max_bytes` (6 MB)."""
    from render.animation import MAX_BYTES, animate

    with kit.language(lang):
        return animate(_renderer(game_name).story_frame, states_and_captions, frame_ms=frame_ms, max_bytes=max_bytes or MAX_BYTES)


def scores(game_name: str, state) -> dict[str, dict[str, int]]:
    """The score tracks of `state`: {player: {track: value}} (Byzantium: both VP tracks). The
    bot collects one per step while it replays a game, for render_score_chart."""
    return _renderer(game_name).scores(state)


def render_score_chart(
    game_name: str, series: Sequence[Mapping[str, Mapping[str, int]]], *, state, lang: str | None = None,
    rounds: Sequence[int] | None = None, final: Sequence[Mapping] | None = None,
) -> bytes:
    """A PNG chart (880 x 560) of every player's score over the game: `series` holds one
    scores() per step, `state` (any of the game's, e.g. the last) gives the seats' colours;
    `rounds`: each step's round (`step_round`), the x-axis then counts rounds; `final`: the
    engine's result() of a finished game, its final scores and winner written in the legend;
    `lang` as for render_png."""
    with kit.language(lang):
        return _score_chart(game_name, series, state, rounds, final)


def step_round(game_name: str, state) -> int | None:
    """The round (Warriors & Traders: the turn) `state` is in, for the chart's x-axis."""
    module = _renderer(game_name)
    if hasattr(module, "round_of"):
        return module.round_of(state)
    from engine import get_game

    summary = get_game(game_name).summary(state)
    value = summary.get("round", summary.get("turn"))
    return int(value) if isinstance(value, int) else None


def _score_chart(game_name: str, series, state, rounds=None, final=None) -> bytes:
    from engine import get_game
    from render.chart import draw_chart
    from render.scene import Seat

    module = _renderer(game_name)
    if hasattr(module, "chart_seats"):  # a game drawn from its public view (Alexander)
        seats = module.chart_seats(state)
    else:
        summary = get_game(game_name).summary(state)
        order = kit.seat_order(summary)
        letters = kit.player_letters(order)
        colours = module.player_colours(summary, order)
        seats = [Seat(name, letters[name], colours[name], ()) for name in order]
    standings = {row["player"]: (int(row.get("score", 0)), int(row.get("rank", 0))) for row in final or ()
                 if "player" in row}
    word = getattr(module, "ROUND_WORD", None)
    image = draw_chart(getattr(module, "TITLE", None) or get_game(game_name).title, seats, series,
                       rounds=rounds, final=standings, round_word=word)
    return kit.encode_png(image, None, compress_level=INLINE_COMPRESS)


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
