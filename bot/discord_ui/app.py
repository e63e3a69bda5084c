"""The discord.py client: wires storage, service, publisher, components, cogs and reminders.

`prepare()` does everything that needs no connection to Discord (open and migrate the
database, register the DynamicItems and the cogs), so tests build a real bot without a
network; `setup_hook` adds the command sync and the reminder task when it connects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
from collections.abc import Callable, Iterator
from datetime import datetime

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs import COGS, shortcut_groups
from bot.discord_ui.components import DYNAMIC_ITEMS, form_submitted
from bot.discord_ui.in_flight import InFlight
from bot.discord_ui.publish import Publisher
from bot.discord_ui.speech import lang_of, say
from bot.discord_ui.translator import CatalogueTranslator
from bot.discord_ui.unclaimed import answer_unclaimed
from bot.scheduling import departures
from bot.scheduling.reminders import ReminderScheduler
from bot.scheduling.shards import ShardClaim
from bot.service.bot_players.bot_pool import ThinkPool
from bot.service.game_service import GameService, utcnow
from bot.service.pictures.render_pool import RenderPool
from bot.settings import Settings
from bot.storage.records import Shards, StorageError
from bot.storage.sqlite.lock import ProcessLock, claim_database
from bot.storage.sqlite.migrate import MigrationError
from bot.storage.store import Storage
from engine.text import msg

log = logging.getLogger(__name__)


class StartupError(Exception):
    """Something an operator must fix before the bot can run; one line, no stack trace.
    `code` is the exit status: 2 for settings (token, database path), 1 for the network."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


# An interaction's token lets anyone answer it as the bot (for 15 minutes). discord.py logs it
# at DEBUG inside the URLs of the answers (/webhooks/<application id>/<token>/...,
# /interactions/<id>/<token>/callback) and in every INTERACTION_CREATE gateway event.
_TOKEN_IN_URL = re.compile(r"(/(?:webhooks|interactions)/[0-9]+/)[^/\s?#'\"]+")
_TOKEN_FIELD = re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+""")
REDACTED = "[redacted]"


def redact(text: str) -> str:
    return _TOKEN_FIELD.sub(rf"\g<1>{REDACTED}", _TOKEN_IN_URL.sub(rf"\g<1>{REDACTED}", text))


class RedactSecrets(logging.Filter):
    """Replaces interaction tokens in a log record's message and traceback before any handler
    writes it (the record is formatted here once, then carries the redacted text)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def redact_secrets_in_logs(logger: logging.Logger | None = None) -> None:
    """Put the filter on every handler of `logger` (the root): a filter on a handler sees the
    records of every logger that reaches it (discord.http, discord.gateway ...)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(RedactSecrets())


def interaction_summary(interaction: discord.Interaction) -> str:
    """One line on an interaction for the DEBUG log: its kind, the command or the kind of button
    (the custom id's first part: the rest can name a private option), who, where. Never the
    options, values or text a member sent."""
    data = interaction.data or {}
    what = data.get("name") or str(data.get("custom_id") or "?").split(":", 1)[0]
    return (f"{getattr(interaction.type, 'name', interaction.type)} {what} user={interaction.user.id} "
            f"guild={interaction.guild_id} channel={interaction.channel_id}")


# How long a stop waits for the requests in flight (systemd's and Docker's grace is 10 s or more).
SHUTDOWN_GRACE = 8.0


def intents() -> discord.Intents:
    """Only the guilds intent: channels, threads and roles. No privileged intent is needed,
    because every member the bot acts on arrives inside an interaction."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


def point_at_api(api_base: str, gateway: str | None = None) -> None:
    """TEST HOOK ONLY (DISCORD_API_BASE): aim discord.py at a local stand-in for Discord.

    discord.py builds every REST URL from `Route.BASE`, and opens the gateway at
    `DiscordWebSocket.DEFAULT_GATEWAY` (the client never asks /gateway/bot); both are moved.
    The gateway defaults to the same host with ws:// (wss:// for https), path /gateway.
    """
    discord.http.Route.BASE = api_base.rstrip("/")
    if gateway is None:
        url = yarl.URL(api_base)
        gateway = str(url.with_scheme("wss" if url.scheme == "https" else "ws").with_path("/gateway"))
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


async def on_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Errors before a command's handler runs (an option Discord sent that cannot be converted,
    a command not allowed here): logged, and answered in one private sentence."""
    log.error("command /%s failed before its handler: user=%s guild=%s channel=%s: %s",
              getattr(interaction.command, "qualified_name", "?"), interaction.user.id, interaction.guild_id,
              interaction.channel_id, error, exc_info=not isinstance(error, app_commands.CheckFailure))
    if isinstance(error, app_commands.NoPrivateMessage):
        words = msg("That command works in a server channel, not in direct messages.")
    elif isinstance(error, app_commands.TransformerError):
        words = msg("I could not understand '{value}'; please pick a value from the list.", value=str(error.value))
    else:
        words = msg("Sorry, that command failed on my side; nothing was changed.")
    text = say(words, lang_of(getattr(interaction, "locale", None)))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        pass


def _reason(exc: BaseException) -> str:
    """One line for a start-up error: an OSError's own words and file, not its repr."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return str(exc)


class GameBot(commands.Bot):
    def __init__(self, settings: Settings, *, clock: Callable[[], datetime] = utcnow,
                 render_workers: int = 2):
        # This bot never joins voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        sharding = {}
        if isinstance(self, commands.AutoShardedBot):
            sharding = {"shard_ids": list(settings.shard_ids), "shard_count": settings.shard_count}
        super().__init__(
            command_prefix=commands.when_mentioned,  # no text commands: slash commands only
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.settings = settings
        self.clock = clock
        self.render_workers = render_workers
        self.storage: Storage | None = None
        self.service: GameService | None = None
        self.publisher: Publisher | None = None
        self.reminders: ReminderScheduler | None = None
        self._renderer: RenderPool | None = None
        self._thinker: ThinkPool | None = None
        self._reminder_task: asyncio.Task | None = None
        self._database_claim: ProcessLock | None = None
        # The servers this process serves (all by default) and, on PostgreSQL, its leases on them.
        self.served_shards = Shards(settings.shard_ids, settings.shard_count) if settings.shard_count else Shards()
        self.shard_claim: ShardClaim | None = None
        self.stopped_because: str | None = None  # set when the shards were lost: the process stops
        self.in_flight = InFlight()  # the requests being answered, finished before a stop
        self._shutting_down = False
        self._shutdown_task: asyncio.Task | None = None
        self._closing: asyncio.Future | None = None
        self._recovered = False
        self.started_at: datetime | None = None  # set by prepare(); choices after it are this run's

    async def prepare(self) -> None:
        """Claim and open the database (migrating it) and register components and commands."""
        target = self.settings.database
        where = self.settings.database_path if self.settings.database_url is None else "DATABASE_URL"
        try:
            if self.settings.database_url is None:
                # One bot process per SQLite file (bot/storage/sqlite/lock.py), taken before
                # anything is migrated or written.
                self._database_claim = claim_database(self.settings.database_path)
            self.storage = await Storage.open(target, clock=self.clock, backup_dir=self.settings.backup_dir)
        except (MigrationError, StorageError, OSError) as exc:
            raise StartupError(f"cannot open the database {where}: {_reason(exc)}") from None
        if self.settings.database_url is not None:
            # Processes sharing PostgreSQL: this one takes its shards (all of them by default),
            # waiting out a killed predecessor; refused if a live process serves one of them.
            self.shard_claim = ShardClaim(self.storage, self.served_shards, seconds=self.settings.shard_lease_seconds)
            try:
                await self.shard_claim.take()
            except StorageError as exc:
                await self.storage.close()
                self.storage = None
                raise StartupError(f"cannot start: {exc}") from None
        self.started_at = self.clock()
        self._renderer = RenderPool(self.render_workers, plugins=self.settings.plugins)
        self._thinker = ThinkPool(plugins=self.settings.plugins)
        self.service = GameService(self.storage, self._renderer, self.clock, thinker=self._thinker,
                                   bot_budget_ms=self.settings.bot_budget_ms,
                                   bot_pause=self.settings.bot_pause_seconds)
        self.publisher = Publisher(self, self.service)
        self.reminders = ReminderScheduler(
            self.service, self.publisher, clock=self.clock, shards=self.served_shards,
            holds=lambda: self.shard_claim is None or self.shard_claim.held)
        # Registered before connecting, so a click on a prompt sent before a restart resolves.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for cog in COGS:
            await self.add_cog(cog(self))
        for group in shortcut_groups():  # every game's shortcuts, from its manifest (plugins' too)
            self.tree.add_command(group)
        # Command names, descriptions, options and choices in each member's language, at sync.
        await self.tree.set_translator(CatalogueTranslator(self.tree))
        self.tree.on_error = on_command_error

    async def setup_hook(self) -> None:
        if self.service is None:
            await self.prepare()
        await self.sync_commands()
        if self.shard_claim is not None:
            self.shard_claim.keep(on_lost=self._shards_lost)
        self._reminder_task = asyncio.create_task(self.reminders.run(), name="reminders")

    async def _shards_lost(self, reason: str) -> None:
        """The leases are lost (another process took them, or the database did not answer long
        enough for one to): stop rather than answer beside another process."""
        log.critical("STOPPING: %s", reason)
        self.stopped_because = reason
        await self.close()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # Discord allows one IDENTIFY per 5 s (discord.py waits between shards); the stand-in for
        # Discord in the tests (DISCORD_API_BASE) has no such limit.
        if self.settings.api_base is None:
            await super().before_identify_hook(shard_id, initial=initial)

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            # Guild commands appear at once; global ones can take up to an hour to spread.
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Forms (modals) are answered here, from their custom id alone (see components.py)."""
        log.debug("interaction: %s", interaction_summary(interaction))
        answered = await form_submitted(interaction)
        await answer_unclaimed(interaction, form_answered=answered)

    async def on_ready(self) -> None:
        log.info("connected as %s (id %s) to %d servers", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
        if not self._recovered:  # on_ready comes again after reconnects; recover once
            self._recovered = True
            await self.recover_posts()
        await self._keep_servers_we_are_in()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its data is deleted after departures.FORGET_AFTER (docs/privacy.md)."""
        try:
            await departures.left(self.storage, guild.id, self.clock())
        except Exception:
            log.exception("could not schedule the deletion of server %s's data", guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        try:
            await departures.joined(self.storage, guild.id)
        except Exception:
            log.exception("could not cancel the deletion of server %s's data", guild.id)

    async def _keep_servers_we_are_in(self) -> None:
        """A server that added the bot back while it was offline keeps its data."""
        try:
            scheduled = await self.storage.departed()
            for guild in self.guilds:
                if guild.id in scheduled:
                    await departures.joined(self.storage, guild.id)
        except Exception:
            log.exception("could not check the deletion schedule of the servers the bot is in")

    async def recover_posts(self) -> int:
        """Post the prompts a previous process stored a choice for but stopped before posting."""
        count = 0
        for outcome in await self.service.unposted(before=self.started_at):
            if not await self._serves_game(outcome.game_id):
                continue  # another process's server: it re-posts its own
            try:
                if await self.publisher.shown_in_place(outcome):
                    # Already asked on Discord, in place: noted, not posted twice. The choice's
                    # other messages (other players') may still lack their change: finished now.
                    rest = await self.service.finish_delivery(outcome.game_id)
                    if rest is not None:
                        await self.publisher.deliver(rest)
                    continue
                await self.publisher.deliver(outcome)
                count += 1 if outcome.posts or outcome.edits else 0
            except Exception:
                log.exception("re-posting game %s after a restart failed", outcome.game_id)
        if count:
            log.info("re-posted the prompts of %d game(s) left unposted by the last run", count)
        log.info("start-up check of unposted games done")  # the tests wait for it
        return count

    async def _serves_game(self, game_id: int | None) -> bool:
        if game_id is None or self.served_shards.everything:
            return True
        try:
            return self.served_shards.owns((await self.storage.game(game_id)).guild_id)
        except StorageError:
            return False

    def stop_soon(self, why: str) -> None:
        """The signal handler: start the shutdown (the task kept, or the loop could drop it)."""
        if self._shutdown_task is None:
            self._shutdown_task = asyncio.get_running_loop().create_task(self.shut_down(why), name="shutdown")

    async def shut_down(self, why: str) -> None:
        """A stop asked for (SIGTERM, Ctrl-C): the requests in flight are answered first (for at
        most SHUTDOWN_GRACE seconds), then Discord's connection and the database are closed."""
        if self._shutting_down:
            return
        self._shutting_down = True
        log.info("%s: stopping once the %d request(s) in flight are answered", why, self.in_flight.count)
        if not await self.in_flight.finished(SHUTDOWN_GRACE):
            log.warning("%d request(s) still in flight after %g s; stopping anyway", self.in_flight.count,
                        SHUTDOWN_GRACE)
        await self.close()
        log.info("stopped cleanly: the database is closed")

    async def close(self) -> None:
        """Close Discord's connection, then the database and the pools, once: every caller (a
        stop, `async with` leaving) waits for the same closing, so the process never ends with
        the database half closed (its threads would keep it from exiting)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self._reminder_task is not None:
            self._reminder_task.cancel()
        await super().close()
        if self.shard_claim is not None and self.storage is not None:
            await self.shard_claim.release()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
        if self._database_claim is not None:
            self._database_claim.release()
            self._database_claim = None
        if self._renderer is not None:
            self._renderer.close()
        if self._thinker is not None:
            self._thinker.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot serving the shards SHARD_IDS of SHARD_COUNT (discord.py's AutoShardedClient): one
    gateway connection per shard, each carrying the servers Discord assigns it."""


def make_bot(settings: Settings, **options) -> GameBot:
    return (ShardedGameBot if settings.shard_count else GameBot)(settings, **options)


async def run(settings: Settings) -> None:
    """Open the database, then connect and serve until interrupted.

    The database comes first, so a bad DATABASE_PATH is reported without touching Discord.
    """
    redact_secrets_in_logs()
    if settings.api_base:
        point_at_api(settings.api_base, settings.gateway_url)
    bot = make_bot(settings)
    with stop_signals(bot):
        await _serve(bot, settings)
    if bot.stopped_because is not None:
        raise StartupError(f"stopped: {bot.stopped_because}", code=1)


@contextlib.contextmanager
def stop_signals(bot: GameBot) -> Iterator[None]:
    """SIGTERM (systemd, Docker) and SIGINT (Ctrl-C) stop the bot cleanly while it serves
    (`GameBot.shut_down`); the handlers go when it is done (a test may run the bot in its loop)."""
    loop = asyncio.get_running_loop()
    added = []
    for signum, name in ((signal.SIGTERM, "SIGTERM"), (signal.SIGINT, "SIGINT")):
        try:
            loop.add_signal_handler(signum, bot.stop_soon, name)
            added.append(signum)
        except (RuntimeError, NotImplementedError, ValueError):  # not the main thread, or no signals here
            pass
    try:
        yield
    finally:
        for signum in added:
            loop.remove_signal_handler(signum)


async def _serve(bot: GameBot, settings: Settings) -> None:
    try:
        async with bot:
            await bot.prepare()
            await bot.start(settings.token)
            # Discord's side closes first and `start` returns: wait for the rest (the database).
            await bot.close()
            if bot._shutdown_task is not None:
                await bot._shutdown_task
    except discord.LoginFailure:
        raise StartupError("Discord refused DISCORD_TOKEN (401 Unauthorized): reset the token in the "
                           "Developer Portal -> Bot and put the new one in .env") from None
    except discord.PrivilegedIntentsRequired:
        raise StartupError("Discord says this bot needs a privileged intent it has not been granted") from None
    except (aiohttp.ClientConnectionError, OSError) as exc:
        where = discord.http.Route.BASE
        raise StartupError(f"cannot reach Discord at {where}: {exc}", code=1) from None
