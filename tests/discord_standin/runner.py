"""Starting a bot against the stand-in: pointing discord.py at it, in this process or as `python -m bot`.

discord.py 2.7 has two hard-coded addresses: `discord.http.Route.BASE` (every REST call, including
the interaction webhooks, which build their URLs from the same Route class) and
`discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` (a plain Client never asks /gateway/bot; only
AutoShardedClient does). `point_discord_py_at` sets both; the bot must do the same when
DISCORD_API_BASE is set (see `gateway_url_for`).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import discord
import yarl

from .api import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


def gateway_url_for(api_base: str) -> str:
    """The stand-in's gateway: the API base's host with the ws scheme and the root path."""
    url = yarl.URL(api_base)
    return str(url.with_scheme("wss" if url.scheme == "https" else "ws").with_path("/"))


def point_discord_py_at(api_base: str) -> Callable[[], None]:
    """Send discord.py's REST calls and gateway connection to `api_base`; returns an undo function."""
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url_for(api_base))

    def undo() -> None:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
    return undo


@contextlib.asynccontextmanager
async def running_client(fake: FakeDiscord, client: discord.Client, *, timeout: float = 10.0) -> AsyncIterator[discord.Client]:
    """Run an in-process discord.py client against the stand-in until the block ends."""
    undo = point_discord_py_at(fake.api_base)
    task = asyncio.create_task(client.start(fake.token), name="standin-client")
    gateway = fake.standin.gateway

    def connected() -> bool:
        if task.done():  # the client gave up: show why instead of timing out
            task.result()
            raise AssertionError("the client stopped before connecting")
        return gateway.connected

    try:
        await fake.wait_for(connected, timeout, "the client to connect to the gateway")
        yield client
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        undo()


TESTS_DIR = Path(__file__).resolve().parents[1]
# Generous: several engineers share two CPU cores, and a bot's start (imports, migrations) or clean
# stop (up to SHUTDOWN_GRACE, 8 s, for the requests in flight) can take many seconds under load.
START_SECONDS = 60.0
STOP_SECONDS = 30.0
PINNED_SEED_PLUGIN = "pinned_seed"  # tests/pinned_seed.py


def bot_environment(fake: FakeDiscord, database_path: Path, **extra: str) -> dict[str, str]:
    """The environment `python -m bot` needs to run against the stand-in."""
    env = dict(os.environ)
    env.update({
        "DISCORD_TOKEN": fake.token,
        "DATABASE_PATH": str(database_path),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.standin.gateway_url,
        "PYTHONUNBUFFERED": "1",
    })
    env.update(extra)
    if env.get("TEST_SEED"):  # the seeds of the games it opens, pinned per test (tests/conftest.py)
        plugins = [name for name in env.get("GAME_PLUGINS", "").split(",") if name.strip()]
        env["GAME_PLUGINS"] = ",".join([*plugins, PINNED_SEED_PLUGIN])
    return env


class BotProcess:
    """`python -m <module>` in a subprocess, exactly as an operator starts it, with its output in a log.

    It runs in the database's folder, not the repository, so a developer's own .env (a real token,
    DEV_GUILD_ID of a real server) cannot leak into the test; the repository is put on PYTHONPATH.
    """

    def __init__(self, fake: FakeDiscord, database_path: Path, *, module: str = "bot", log_path: Path | None = None,
                 cwd: Path | None = None, extra_env: dict[str, str] | None = None) -> None:
        self.fake = fake
        self.module = module
        self.cwd = cwd or database_path.parent
        # tests/ too: the game plugins of the tests (GAME_PLUGINS) are its modules.
        pythonpath = os.pathsep.join(filter(None, [str(REPO_ROOT), str(TESTS_DIR), os.environ.get("PYTHONPATH")]))
        self.env = bot_environment(fake, database_path, **{"PYTHONPATH": pythonpath, **(extra_env or {})})
        self.log_path = log_path or database_path.with_suffix(".log")
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self, *, timeout: float = START_SECONDS) -> BotProcess:
        """Start the process and wait until it has identified (or resumed) on the gateway."""
        identifies = self.fake.standin.gateway.identifies
        before = set(self.fake.standin.gateway.sessions)
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child owns it; closed in stop()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", self.module, cwd=self.cwd, env=self.env, stdout=log, stderr=asyncio.subprocess.STDOUT)
        log.close()
        self.starts += 1
        gateway = self.fake.standin.gateway

        shards = [int(k) for k in self.env.get("SHARD_IDS", "").split(",") if k.strip()]

        def up() -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise AssertionError(f"`python -m {self.module}` exited with {self.proc.returncode}:\n{self.log()}")
            if shards:  # a sharded bot: each of its shards identified anew and connected
                return (gateway.identifies >= identifies + len(shards)
                        and all(gateway.shard_connected(k) and gateway.by_shard[k].id not in before for k in shards))
            return gateway.identifies > identifies and gateway.connected

        try:
            await self.fake.wait_for(up, timeout, f"`python -m {self.module}` to connect")
        except AssertionError:
            await self.stop()
            raise AssertionError(f"`python -m {self.module}` did not connect in {timeout}s:\n{self.log()}") from None
        return self

    async def stop(self, *, timeout: float = STOP_SECONDS) -> int | None:
        """SIGTERM (a clean shutdown), then SIGKILL if it does not exit in time; returns the exit code."""
        if self.proc is None or self.proc.returncode is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        return self.proc.returncode

    async def kill(self) -> None:
        """A crash: SIGKILL with no chance to clean up."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    async def restart(self, *, timeout: float = START_SECONDS) -> BotProcess:
        await self.stop()
        return await self.start(timeout=timeout)

    def resource_usage(self) -> dict[str, float]:
        """CPU seconds used so far and peak resident memory (MiB) of the process, from /proc (Linux)."""
        assert self.proc is not None and self.proc.returncode is None, "the bot process is not running"
        stat = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        cpu = (int(stat[11]) + int(stat[12])) / ticks  # utime + stime
        peak_kib = next(int(line.split()[1]) for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines()
                        if line.startswith("VmHWM:"))
        return {"cpu_seconds": cpu, "peak_rss_mib": peak_kib / 1024}

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except FileNotFoundError:
            return ""


@contextlib.asynccontextmanager
async def running_entry(fake: FakeDiscord, entry: Callable[[], Awaitable[object]], env: dict[str, str], *,
                        timeout: float = 10.0) -> AsyncIterator[asyncio.Task[object]]:
    """Run a bot's async entry point in this process with `env` set (e.g. the real bot's settings
    loading + run), until the block ends; the task is then cancelled, which must close the client.

    The entry point is expected to honour DISCORD_API_BASE itself; discord.py's addresses are put
    back afterwards so other tests are not affected.
    """
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    identifies = fake.standin.gateway.identifies
    async with environment(env):
        task: asyncio.Task[object] = asyncio.create_task(entry(), name="standin-bot-entry")

        def up() -> bool:
            if task.done():
                task.result()
                raise AssertionError("the bot's entry point returned before connecting")
            return fake.standin.gateway.identifies > identifies and fake.standin.gateway.connected

        try:
            await fake.wait_for(up, timeout, "the bot to connect")
            yield task
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


@contextlib.asynccontextmanager
async def environment(values: dict[str, str]) -> AsyncIterator[None]:
    """Temporarily set environment variables, for running a bot's entry point in this process."""
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
