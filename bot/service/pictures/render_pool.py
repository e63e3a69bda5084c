"""Board rendering off the event loop, in a small worker pool.

Drawing a board takes tens of milliseconds of CPU; run on the event loop it would delay
every other game's clicks (and, at worst, the gateway). A thread pool is enough: the
heartbeat runs in its own thread and Pillow releases the GIL while encoding. The pool is
small on purpose: renders queue rather than fight the other processes for the CPU. A job of
seconds (a replay's animation) goes to a process of its own instead (`run_long`).

The pictures of the live game (a turn message's close-up, the whole board asked for) have
threads of their own: the drawings of the past (a history step, the score chart at a game's
end, which replays the whole game) queue in another, so they never hold up a turn message (issue
30: at 50 games ending together, close-ups waited over 2 s behind their score charts).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any

from bot.plugins import NO_PLUGINS, Plugins
from bot.service.past.story import _highlight  # a highlight is a nicety: None if it fails

log = logging.getLogger(__name__)


def _render(game_name: str, state: Any, events: list, lang: str | None = None) -> bytes | None:
    import render

    if game_name not in render.drawn_games():
        return None  # a game without a drawing is posted as text
    return render.render_png(game_name, state, highlight=_highlight(game_name, events), lang=lang)


def _render_close_up(game_name: str, state: Any, events: list, lang: str | None = None) -> bytes | None:
    """The turn message's close-up, the full board left undrawn; None for a game whose drawing
    has none (its turn messages show the whole board)."""
    import render

    if not render.has_close_up(game_name):
        return None
    return render.render_inline(game_name, state, highlight=_highlight(game_name, events), lang=lang)


def _long_worker_start(plugins: Plugins) -> None:
    """In the long-job process: the game plugins the bot was started with."""
    plugins.load()


class RenderPool:
    def __init__(self, workers: int = 2, executor: Executor | None = None, *,
                 past_executor: Executor | None = None,
                 long_executor: Callable[[], Executor] | None = None, plugins: Plugins = NO_PLUGINS):
        self._executor = executor or ThreadPoolExecutor(max_workers=workers, thread_name_prefix="render")
        # The past's drawings (`run`): one thread, beside the live pictures' threads.
        self._past = past_executor or executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="render-past")
        self._own = executor is None
        self._own_past = past_executor is None and executor is None
        self._long: Executor | None = None
        self._long_factory = long_executor or self._process_pool
        self._plugins = plugins  # the long-job process knows the plugins' games too

    async def board(self, game_name: str, state: Any, events: list | None = None,
                    lang: str | None = None) -> bytes | None:
        """The board PNG (its labels in `lang`), or None when this game cannot be drawn (the
        post then goes out as text)."""
        loop = asyncio.get_running_loop()
        try:
            # English is the drawing's own language: only another one is passed on.
            other = {"lang": lang} if lang and lang != "en" else {}
            return await loop.run_in_executor(self._executor, partial(_render, game_name, state, list(events or []),
                                                                      **other))
        except Exception:
            log.exception("rendering %s failed", game_name)
            return None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A short drawing of the past (a history step, a chart: bot/service/past/story.py), in
        the past's own thread (never ahead of a turn message's picture); its exceptions reach the
        caller."""
        return await asyncio.get_running_loop().run_in_executor(self._past, partial(fn, *args))

    async def run_long(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A job of seconds (a whole game's animation) in a process of its own, one at a time:
        the boards of moves never queue behind it, it takes no turns at this process's GIL, and
        the hundreds of MB its frames take are given back when it ends (a fresh process per job).
        `fn` and its arguments must pickle (bot/service/past/story.py's functions and Tape do)."""
        if self._long is None:
            self._long = self._long_factory()
        return await asyncio.get_running_loop().run_in_executor(self._long, partial(fn, *args))

    def _process_pool(self) -> Executor:
        return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                   max_tasks_per_child=1, initializer=_long_worker_start,
                                   initargs=(self._plugins,))

    async def close_up(self, game_name: str, state: Any, events: list | None = None,
                       lang: str | None = None) -> bytes | None:
        """The close-up for a turn message as a PNG in `lang`, without the full board (drawn
        only when someone asks: `board`); None for a game without a close-up or a drawing."""
        loop = asyncio.get_running_loop()
        other = {"lang": lang} if lang and lang != "en" else {}
        try:
            return await loop.run_in_executor(self._executor, partial(_render_close_up, game_name, state,
                                                                      list(events or []), **other))
        except Exception:
            log.exception("rendering %s failed", game_name)
            return None

    @staticmethod
    def has_close_up(game_name: str) -> bool:
        """Whether the game's turn messages show a close-up (with a Full board button beside it)."""
        import render

        return render.has_close_up(game_name)

    def close(self) -> None:
        if self._own:
            self._executor.shutdown(wait=False, cancel_futures=True)
        if self._own_past:
            self._past.shutdown(wait=False, cancel_futures=True)
        if self._long is not None:
            # A replay still being drawn is of no use once the bot stops: end its process now
            # rather than keep the shutdown waiting for it.
            for process in list((getattr(self._long, "_processes", None) or {}).values()):
                process.terminate()
            self._long.shutdown(wait=False, cancel_futures=True)
