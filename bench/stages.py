"""Where a click's time goes, stage by stage, in the bot process (issue 30): loaded into
`python -m bot` as a plugin (GAME_PLUGINS=bench.stages) by `bench/e2e_load.py --stages`.

Each choice click (a turn prompt's button) is followed from the moment Discord made it (its
snowflake id) to the end of its handling, on one timeline (a context variable, so the 50 games
handled at once do not mix): the gateway and the event loop before the handler runs, the
deferral, the wait for a turn at the service, the game's lock, storing the choice, drawing its close-up (its wait in the render queue
apart), the reminders, the posts and edits sent to Discord; and across the timeline every
database read and write (their wait for the connection's thread, their time in it, and the wait
for the event loop to resume the caller) and the event loop's own lag. Written as JSON to
STAGES_OUT when the bot exits; `summary(path)` prints it.

A measuring tool, not part of the bot: it wraps the bot's functions by name, and
tests/test_bench_stages.py checks they are still there.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import json
import multiprocessing
import os
import time
from collections import defaultdict
from functools import partial
from pathlib import Path

DISCORD_EPOCH_MS = 1420070400000
now = time.monotonic

_timeline: contextvars.ContextVar[dict | None] = contextvars.ContextVar("stages_timeline", default=None)
_per_choice: dict[str, list[float]] = defaultdict(list)  # stage -> seconds, one value per choice
_loop_lag: list[float] = []

# The stages of one choice, in the order they happen; "...: wait" lines are parts of a stage.
STAGES = [
    ("gateway", "click -> handler runs (stand-in's gateway, the bot's event loop)"),
    ("defer", "deferral sent (the first response)"),
    ("turn", "waiting for a turn at the service (interact.AT_ONCE)"),
    ("lock", "the game's lock"),
    ("store", "apply and store the choice"),
    ("close-up", "close-up ready"),
    ("close-up queue", "  of which waiting for a render thread"),
    ("close-up draw", "  of which drawing (wall, GIL waits included)"),
    ("reminders", "reminders rescheduled"),
    ("service other", "the rest of the service (reads, prompt and text)"),
    ("deliver", "posts and edits sent to Discord"),
    ("http", "  of which Discord's HTTP calls"),
    ("after", "after the posts (absence check, language)"),
    ("total", "click -> handling done"),
    ("db reads", "database reads (all stages)"),
    ("db read n", "  how many reads"),
    ("db read thread queue", "  waiting for the reader's thread"),
    ("db read resume", "  waiting for the event loop to resume the caller"),
    ("db writes", "database writes (all stages)"),
    ("db write n", "  how many writes"),
]


def _add(stage: str, seconds: float) -> None:
    timeline = _timeline.get()
    if timeline is not None:
        timeline[stage] = timeline.get(stage, 0.0) + seconds


def _timed(stage: str, fn):
    async def timed(*args, **kwargs):
        started = now()
        try:
            return await fn(*args, **kwargs)
        finally:
            _add(stage, now() - started)
    return timed


def _install_interactions() -> None:
    from bot.discord_ui import interact

    real_component, real_run = interact.component, interact._run

    async def component(interaction, request, **kwargs):
        created = ((interaction.id >> 22) + DISCORD_EPOCH_MS) / 1000.0
        timeline = {"gateway": max(0.0, time.time() - created), "_start": now()}
        token = _timeline.set(timeline)
        try:
            return await real_component(interaction, request, **kwargs)
        finally:
            _timeline.reset(token)
            if "_choice" in timeline:  # a choice, not a Full board or a lobby click
                timeline["total"] = timeline["gateway"] + now() - timeline["_start"]
                timeline["after"] = now() - timeline.pop("_delivered", now())
                timeline["service other"] = max(0.0, timeline.get("_service", 0.0) - sum(
                    timeline.get(k, 0.0) for k in ("lock", "store", "close-up", "reminders")))
                for stage, seconds in timeline.items():
                    if not stage.startswith("_"):
                        _per_choice[stage].append(seconds)

    async def run(interaction, request, **kwargs):
        timeline = _timeline.get()
        if timeline is not None:
            timeline["defer"] = now() - timeline["_start"]
            timeline["_asked"] = now()
        return await real_run(interaction, request, **kwargs)

    interact.component, interact._run = component, run


def _install_service() -> None:
    from bot.discord_ui import publish
    from bot.service import play
    from bot.service.core import ServiceCore
    from bot.service.turn import turns

    real_choose = play.PlayActions.choose

    async def choose(self, *args, **kwargs):
        timeline = _timeline.get()
        started = now()
        if timeline is not None and "_asked" in timeline:  # its turn came (the wait is a stage)
            timeline["turn"] = started - timeline["_asked"]
        try:
            return await real_choose(self, *args, **kwargs)
        finally:
            if timeline is not None:
                timeline["_choice"] = True
                timeline["_service"] = now() - started

    play.PlayActions.choose = choose
    real_lock = ServiceCore.lock

    def lock(self, game_id):
        return _TimedLock(real_lock(self, game_id))

    ServiceCore.lock = lock
    ServiceCore._store_choice = _timed("store", ServiceCore._store_choice)
    turns.TurnPosts.schedule_reminders = _timed("reminders", turns.TurnPosts.schedule_reminders)
    real_deliver = publish.Publisher._deliver

    async def deliver(self, outcome, **kwargs):
        started = now()
        try:
            return await real_deliver(self, outcome, **kwargs)
        finally:
            _add("deliver", now() - started)
            timeline = _timeline.get()
            if timeline is not None:
                timeline["_delivered"] = now()

    publish.Publisher._deliver = deliver


class _TimedLock:
    def __init__(self, inner):
        self.inner = inner

    async def __aenter__(self):
        started = now()
        entered = await self.inner.__aenter__()
        _add("lock", now() - started)
        return entered

    async def __aexit__(self, *exc):
        return await self.inner.__aexit__(*exc)


def _install_pictures() -> None:
    from bot.service.pictures import render_pool

    def drawing(fn, submitted, marks, *args, **kwargs):  # in a render thread
        marks["start"] = now()
        return fn(*args, **kwargs)

    async def close_up(self, game_name, state, events=None, lang=None):
        other = {"lang": lang} if lang and lang != "en" else {}
        submitted, marks = now(), {}
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, partial(
                drawing, render_pool._render_close_up, submitted, marks, game_name, state, list(events or []),
                **other))
        except Exception:
            return None
        finally:
            done = now()
            _add("close-up", done - submitted)
            if "start" in marks:
                _add("close-up queue", marks["start"] - submitted)
                _add("close-up draw", done - marks["start"])

    render_pool.RenderPool.close_up = close_up


def _install_database() -> None:
    from bot.storage.sqlite import database

    real_init = database.SqliteDatabase.__init__

    def init(self, path, writer, reader):
        real_init(self, path, writer, reader)
        for connection, kind in ((writer, "write"), (reader, "read")):
            connection._execute = _timed_jobs(connection._execute, kind)

    database.SqliteDatabase.__init__ = init
    import discord.http

    real_http = discord.http.HTTPClient.request
    discord.http.HTTPClient.request = _timed("http", real_http)


def _timed_jobs(execute, kind: str):
    """A connection's jobs: the wait for its thread, the time in it, the wait to be resumed."""

    async def timed(fn, *args, **kwargs):
        submitted, marks = now(), {}

        def job():
            marks["start"] = now()
            try:
                return fn(*args, **kwargs)
            finally:
                marks["end"] = now()

        try:
            return await execute(job)
        finally:
            resumed = now()
            if kind == "read" and "start" in marks:
                _add("db reads", resumed - submitted)
                _add("db read n", 1)
                _add("db read thread queue", marks["start"] - submitted)
                _add("db read resume", resumed - marks["end"])
    return timed


def _install_writes() -> None:
    from bot.storage.sqlite import group_commit

    real_write = group_commit.GroupCommit.write

    async def write(self, body):
        started = now()
        try:
            return await real_write(self, body)
        finally:
            _add("db writes", now() - started)
            _add("db write n", 1)

    group_commit.GroupCommit.write = write
    real_group = group_commit.run_group

    def run_group(conn, bodies, *args, **kwargs):  # in the writer's thread
        started = now()
        try:
            return real_group(conn, bodies, *args, **kwargs)
        finally:
            _group_seconds.append((now() - started, len(bodies)))

    group_commit.run_group = run_group
    from bot.storage.sqlite import database

    database.run_group = run_group


_group_seconds: list[tuple[float, int]] = []


async def _watch_loop() -> None:
    while True:
        started = now()
        await asyncio.sleep(0.01)
        _loop_lag.append(now() - started - 0.01)


def _install_loop_watch() -> None:
    from bot.discord_ui import app

    real_setup = app.GameBot.setup_hook

    async def setup_hook(self):
        self._stages_watch = asyncio.get_running_loop().create_task(_watch_loop())
        return await real_setup(self)

    app.GameBot.setup_hook = setup_hook


def _dump() -> None:
    out = os.environ.get("STAGES_OUT")
    if not out:
        return
    Path(out).write_text(json.dumps({"per_choice": _per_choice, "loop_lag": _loop_lag,
                                     "groups": _group_seconds}))


def install() -> None:
    _install_interactions()
    _install_service()
    _install_pictures()
    _install_database()
    _install_writes()
    _install_loop_watch()
    atexit.register(_dump)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


def summary(path: Path) -> list[str]:
    """The stages of a choice, per choice: mean, p50 and p95 (counts as counts, times in ms)."""
    data = json.loads(Path(path).read_text())
    per_choice, choices = data["per_choice"], len(data["per_choice"].get("total", []))
    rows = [f"  {'stage (per choice, ' + str(choices) + ' choices)':<58} {'mean':>8} {'p50':>8} {'p95':>8}"]
    for stage, label in STAGES:
        values = per_choice.get(stage, [])
        values = values + [0.0] * (choices - len(values))  # a stage a choice never reached: 0
        scale, unit = (1, "") if stage.endswith(" n") else (1000, " ms")
        mean = sum(values) / len(values) * scale if values else 0.0
        rows.append(f"  {label:<58} {mean:>8.1f} {_quantile(values, 0.5) * scale:>8.1f} "
                    f"{_quantile(values, 0.95) * scale:>8.1f}{unit}")
    groups = data["groups"]
    if groups:
        writes = sum(n for _s, n in groups)
        rows.append(f"  writer's transactions: {len(groups)} for {writes} writes ({writes / len(groups):.1f} each), "
                    f"p50 {_quantile([s for s, _n in groups], 0.5) * 1000:.1f} ms, "
                    f"p95 {_quantile([s for s, _n in groups], 0.95) * 1000:.1f} ms in the thread")
    lag = data["loop_lag"]
    if lag:
        rows.append(f"  event loop lag (a 10 ms sleep's overshoot): p50 {_quantile(lag, 0.5) * 1000:.1f} ms, "
                    f"p95 {_quantile(lag, 0.95) * 1000:.1f} ms, max {max(lag) * 1000:.0f} ms")
    return rows


# Loaded as a plugin of the bot: in its own process, not in its workers (bot players, replays),
# which load the plugins too.
if os.environ.get("STAGES_OUT") and multiprocessing.parent_process() is None:
    install()
