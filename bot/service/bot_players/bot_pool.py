"""Bot players think here, off the event loop: a search of a second or more of pure Python would
hold the interpreter away from every member's click if it ran in the bot's own process.

A small process pool (spawned, so no lock or socket of the bot is copied into it) receives only
plain data: the game's name, the state *as the bot's seat may know it* (a game with secrets is
determinized first: what the seat cannot see is dealt afresh, the generator reseeded), the seat,
a seed, the budget and level, and the positions to avoid. The worker never holds another seat's
secrets. Tests pass an in-process executor (`ThinkPool(executor=...)`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bot.plugins import NO_PLUGINS, Plugins
from engine.ai import choose

# How often a worker looks whether the bot process that started it is still there.
PARENT_CHECK_SECONDS = 1.0


@dataclass(frozen=True)
class Job:
    """One decision to think about: everything a worker process needs, as plain data."""

    game: str
    state: str  # game.dumps of the seat's world (determinized when the game has secrets)
    seat: str
    seed: int
    budget_ms: float
    level: str
    avoid: tuple[str, ...] = ()  # position keys of the seat's current streak (engine/ai/loops.py)


def think(job: Job) -> str:
    """The option the bot takes (runs in a worker)."""
    from engine import get_game

    game = get_game(job.game)
    state = game.loads(job.state)
    return choose(game, state, job.seat, seed=job.seed, budget_ms=job.budget_ms, level=job.level,
                  avoid=frozenset(job.avoid))


def _start_worker(plugins: Plugins) -> None:
    """A worker ends with the bot process, however that ends (a SIGTERM or SIGKILL gives the pool
    no chance to stop it), and loads the game plugins the bot has (bot/plugins.py)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    plugins.load()


class ThinkPool:
    """`await pool.choose(job)` -> option id, computed in a worker process."""

    def __init__(self, workers: int = 1, *, executor: Executor | None = None,
                 plugins: Plugins = NO_PLUGINS):
        self._workers = workers
        self._executor = executor
        self._own = executor is None
        self._plugins = plugins

    def _pool(self) -> Executor:
        if self._executor is None:  # started at the first bot decision: a bot without bot seats spawns nothing
            self._executor = ProcessPoolExecutor(
                max_workers=self._workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(self._plugins,))
        return self._executor

    async def choose(self, job: Job) -> str:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool(), think, job)
        except BrokenProcessPool:
            # The worker died (killed, out of memory): the next decision starts a new one.
            self._executor = None
            raise

    def close(self) -> None:
        if self._own and self._executor is not None:
            # A search under way would hold the bot's exit for its whole budget: stop the workers.
            for process in list(getattr(self._executor, "_processes", {}).values()):
                process.terminate()
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
