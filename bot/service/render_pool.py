"""Board rendering off the event loop, in a small worker pool.

Drawing a board takes tens of milliseconds of CPU; run on the event loop it would delay
every other game's clicks (and, at worst, the gateway). A thread pool is enough: the
heartbeat runs in its own thread and Pillow releases the GIL while encoding. The pool is
small on purpose: renders queue rather than fight the other processes for the CPU.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from functools import partial
from typing import Any

log = logging.getLogger(__name__)


def _render(game_name: str, state: Any, events: list) -> bytes | None:
    import render

    if game_name not in render.drawn_games():
        return None  # a game without a drawing is posted as text
    highlight = None
    if events:
        try:
            highlight = render.highlight_from_events(game_name, events)
        except Exception:  # a highlight is a nicety; never lose the board over it
            log.exception("highlight_from_events failed for %s", game_name)
    return render.render_png(game_name, state, highlight=highlight)


class RenderPool:
    def __init__(self, workers: int = 2, executor: Executor | None = None):
        self._executor = executor or ThreadPoolExecutor(max_workers=workers, thread_name_prefix="render")
        self._own = executor is None
        self._long: Executor | None = None

    async def board(self, game_name: str, state: Any, events: list | None = None) -> bytes | None:
        """The board PNG, or None when this game cannot be drawn (the post then goes out as text)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, partial(_render, game_name, state, list(events or [])))
        except Exception:
            log.exception("rendering %s failed", game_name)
            return None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A short drawing job (a past board, a chart: bot/service/story.py) in the pool; its
        exceptions reach the caller."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, partial(fn, *args))

    async def run_long(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A job of seconds (a whole game's animation) in a worker of its own, one at a time, so
        the boards of moves never queue behind it."""
        if self._long is None:
            self._long = ThreadPoolExecutor(max_workers=1, thread_name_prefix="story")
        return await asyncio.get_running_loop().run_in_executor(self._long, partial(fn, *args))

    def close(self) -> None:
        if self._own:
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self._long is not None:
            self._long.shutdown(wait=False, cancel_futures=True)
