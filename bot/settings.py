"""The bot's settings, read from the environment or a .env file, checked once at start-up.

Every problem is reported as one `SettingsError` whose message is a single line an operator
can act on; `python -m bot` prints it and exits with status 2 instead of a stack trace.
"""

from __future__ import annotations

import logging
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.plugins import Plugins, parse_names

# A bot token is three base64url parts joined by dots; anything else is certainly a paste error.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """A missing or malformed setting; the message is one line naming the setting."""


_SCOPED_ROLE = re.compile(r"^(?P<guild>[0-9]{15,21})\s*:\s*(?P<name>\S.*)$")


@dataclass(frozen=True)
class ModeratorRole:
    """MODERATOR_ROLE: a role id (unique across Discord, so it counts wherever it is), or a
    role name with the one server where it counts. A bare name would also match a role of the
    same name that anyone with Manage Roles creates in any other server the bot is in."""

    role_id: int | None = None
    name: str | None = None
    guild_id: int | None = None

    def matches(self, role_id: int, role_name: str, guild_id: int | None) -> bool:
        if self.role_id is not None:
            return role_id == self.role_id
        return (guild_id is not None and guild_id == self.guild_id and self.name is not None
                and role_name.casefold() == self.name.casefold())


def moderator_role(raw: str | None, dev_guild_id: int | None) -> ModeratorRole | None:
    """Parse MODERATOR_ROLE: `ROLE_ID`, `SERVER_ID:Role name`, or a bare `Role name`, which
    counts only in DEV_GUILD_ID's server and is refused without one."""
    if raw is None:
        return None
    raw = raw.strip()
    if raw.isdigit():
        return ModeratorRole(role_id=int(raw))
    scoped = _SCOPED_ROLE.match(raw)
    if scoped:
        return ModeratorRole(name=scoped["name"].strip(), guild_id=int(scoped["guild"]))
    if dev_guild_id is not None:
        return ModeratorRole(name=raw, guild_id=dev_guild_id)
    raise SettingsError(
        "MODERATOR_ROLE is a role name, which would match a role of that name in every server the bot is in; "
        "give the role's id (Server Settings -> Roles -> right-click the role -> Copy Role ID) or SERVER_ID:Role name"
    )


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path
    dev_guild_id: int | None = None
    # PostgreSQL instead of the SQLite file: the database several bot processes share.
    database_url: str | None = None
    # Where the automatic pg_dump before a PostgreSQL migration goes (SQLite's copy goes beside its file).
    backup_dir: Path = Path("./data/backups")
    # Sharding: the Discord shards this process serves, out of shard_count (None: one process, all
    # servers, no setting needed). Several processes need DATABASE_URL (PostgreSQL).
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    # How long a process's claim on its shards lasts unless renewed: after a crash, how long its
    # restart (or a replacement) waits before taking them over.
    shard_lease_seconds: float = 30.0
    moderator_role: str | None = None
    log_level: str = "INFO"
    # Other libraries' loggers to write at DEBUG (LOG_DEBUG, comma separated): they stay at INFO
    # otherwise, as their debug lines hold game states and private messages (bot/logs.py).
    debug_loggers: tuple[str, ...] = ()
    # Test hook only: the end-to-end tests point discord.py at a local stand-in for Discord.
    api_base: str | None = None
    gateway_url: str | None = None
    # Game plugins (GAME_PLUGINS): modules imported at start-up that register more games
    # (bot/plugins.py).
    game_plugins: tuple[str, ...] = ()
    # Bot players: thinking budget per decision (ms, counted in the engine's work units) and the
    # pause before a bot's turn is played (seconds).
    bot_budget_ms: float = 1000.0
    bot_pause_seconds: float = 2.0

    @property
    def database(self) -> str | Path:
        """What storage opens: DATABASE_URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def plugins(self) -> Plugins:
        """The game plugins, as the bot and its worker processes load them."""
        return Plugins(self.game_plugins, standin=self.api_base is not None)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)

    @property
    def moderator_rule(self) -> ModeratorRole | None:
        """The parsed MODERATOR_ROLE (load_settings has already refused a bad one)."""
        return moderator_role(self.moderator_role, self.dev_guild_id)


# The settings this bot reads: the only words of a malformed .env line ever repeated back.
KNOWN_KEYS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "BACKUP_DIR", "SHARD_IDS", "SHARD_COUNT",
              "SHARD_LEASE_SECONDS", "DEV_GUILD_ID", "MODERATOR_ROLE", "LOG_LEVEL", "LOG_DEBUG", "DISCORD_API_BASE",
              "DISCORD_GATEWAY_URL", "GAME_PLUGINS", "BOT_BUDGET_MS", "BOT_PAUSE_SECONDS")


def _named(line: str) -> str:
    """' (DISCORD_TOKEN)' when a malformed line starts with a known setting's name, else ''.
    Nothing else of the line is repeated: a pasted token has parts shaped like a name."""
    match = re.match(r"[A-Za-z_][A-Za-z0-9_]*", line)
    return f" ({match.group(0)})" if match and match.group(0) in KNOWN_KEYS else ""


def shards(raw_ids: str | None, raw_count: str | None) -> tuple[tuple[int, ...] | None, int | None]:
    """SHARD_IDS (e.g. "0,1") and SHARD_COUNT (e.g. "4"); neither: one process with every server."""
    if raw_count is None:
        if raw_ids is not None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT, the number of shards of all processes together")
        return None, None
    if not raw_count.isdigit() or not 1 <= int(raw_count) <= 4096:
        raise SettingsError(f"SHARD_COUNT must be a whole number from 1 to 4096, not {raw_count!r}")
    count = int(raw_count)
    if raw_ids is None:
        return tuple(range(count)), count  # this process runs them all
    parts = [p.strip() for p in raw_ids.split(",") if p.strip()]
    if not parts or not all(p.isdigit() and int(p) < count for p in parts):
        raise SettingsError(f"SHARD_IDS must list shard numbers from 0 to {count - 1} (SHARD_COUNT={count}), "
                            f"such as 0,1; not {raw_ids!r}")
    ids = tuple(sorted({int(p) for p in parts}))
    return ids, count


def number(raw: str, name: str, *, low: float, high: float) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not low <= value <= high:
        raise SettingsError(f"{name} must be a number from {low:g} to {high:g}, not {raw!r}")
    return value


def read_env_file(path: Path) -> dict[str, str]:
    """Parse a .env file: KEY=VALUE lines, '#' comments, optional single or double quotes."""
    values: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return values
    except OSError as exc:
        raise SettingsError(f"cannot read {path}: {exc.strerror}") from None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
            raise SettingsError(f"{path} line {number}{_named(line)} is not KEY=VALUE (the line is not shown: "
                                "it may hold a secret)")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def env_file_warning(env_file: Path = Path(".env")) -> str | None:
    """A warning when the .env file (it holds the bot's token) is readable by other users: `cp
    .env.example .env` gives 0644 under the usual umask. None when it is private or absent."""
    try:
        mode = env_file.stat().st_mode
    except OSError:
        return None
    if not mode & (stat.S_IRWXG | stat.S_IRWXO):
        return None
    return (f"{env_file} is readable by other users (mode {stat.S_IMODE(mode):o}): it holds the bot's token, "
            f"with which anyone can act as the bot; run: chmod 600 {env_file}")


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """The settings from `environ` (default: os.environ) over the values in `env_file`.

    The real environment wins over .env so an operator can override one value for one run.
    """
    merged: dict[str, str] = {}
    if env_file is not None:
        merged.update(read_env_file(env_file))
    merged.update(os.environ if environ is None else environ)

    def get(key: str) -> str | None:
        value = merged.get(key, "").strip()
        return value or None

    token = get("DISCORD_TOKEN")
    if token is None:
        raise SettingsError(
            "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in .env (see .env.example)"
        )
    if token.lower().startswith("bot "):
        token = token[4:].strip()
    if not _TOKEN_SHAPE.match(token):
        raise SettingsError(
            "DISCORD_TOKEN does not look like a bot token (three dot-separated parts); "
            "copy it again from the Developer Portal -> Bot -> Reset Token"
        )

    database_path = Path(get("DATABASE_PATH") or "./data/games.sqlite3")
    if database_path.exists() and database_path.is_dir():
        raise SettingsError(f"DATABASE_PATH={database_path} is a folder; give a file path such as ./data/games.sqlite3")

    database_url = get("DATABASE_URL")
    if database_url is not None and not re.match(r"^postgres(ql)?://", database_url):
        # Not repeated back: a URL may hold a password.
        raise SettingsError("DATABASE_URL must be a PostgreSQL URL such as postgresql://bot:PASSWORD@localhost/games "
                            "(leave it empty to use the SQLite file DATABASE_PATH)")
    backup_dir = Path(get("BACKUP_DIR") or "./data/backups")

    shard_ids, shard_count = shards(get("SHARD_IDS"), get("SHARD_COUNT"))
    if shard_ids is not None and set(shard_ids) != set(range(shard_count)) and database_url is None:
        raise SettingsError(f"SHARD_IDS={','.join(map(str, shard_ids))} leaves the other shards of SHARD_COUNT="
                            f"{shard_count} to other processes, which must share one PostgreSQL database: set "
                            "DATABASE_URL (a SQLite file serves one process only)")
    lease_seconds = number(get("SHARD_LEASE_SECONDS") or "30", "SHARD_LEASE_SECONDS", low=1.0, high=3600.0)

    dev_guild_id = None
    raw_guild = get("DEV_GUILD_ID")
    if raw_guild is not None:
        if not raw_guild.isdigit() or not 15 <= len(raw_guild) <= 21:
            raise SettingsError(f"DEV_GUILD_ID must be a server id (a number of 17-20 digits), not {raw_guild!r}")
        dev_guild_id = int(raw_guild)

    log_level = (get("LOG_LEVEL") or "INFO").upper()
    if log_level not in _LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, not {log_level!r}")

    debug_loggers = tuple(n.strip() for n in (get("LOG_DEBUG") or "").split(",") if n.strip())
    for name in debug_loggers:
        if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
            raise SettingsError(f"LOG_DEBUG names loggers (e.g. discord.gateway,discord.http), not {name!r}")

    moderator_role(get("MODERATOR_ROLE"), dev_guild_id)  # refused here, at start-up, if ambiguous

    api_base = get("DISCORD_API_BASE")
    if api_base is not None:
        if not re.match(r"^https?://[^/\s]+", api_base):
            raise SettingsError(f"DISCORD_API_BASE must be an http(s) URL, not {api_base!r}")
        api_base = api_base.rstrip("/")
    gateway_url = get("DISCORD_GATEWAY_URL")
    if gateway_url is not None and not re.match(r"^wss?://[^/\s]+", gateway_url):
        raise SettingsError(f"DISCORD_GATEWAY_URL must be a ws(s) URL, not {gateway_url!r}")

    try:
        game_plugins = parse_names(get("GAME_PLUGINS"))
    except ValueError as exc:
        raise SettingsError(f"GAME_PLUGINS names Python modules (e.g. mygames.chess), comma separated, "
                            f"not {str(exc)!r}") from None

    raw_budget, raw_pause = get("BOT_BUDGET_MS"), get("BOT_PAUSE_SECONDS")
    bot_budget_ms = 1000.0 if raw_budget is None else number(raw_budget, "BOT_BUDGET_MS", low=1, high=60_000)
    bot_pause_seconds = 2.0 if raw_pause is None else number(raw_pause, "BOT_PAUSE_SECONDS", low=0, high=600)

    return Settings(
        token=token,
        database_path=database_path,
        database_url=database_url,
        backup_dir=backup_dir,
        shard_ids=shard_ids,
        shard_count=shard_count,
        shard_lease_seconds=lease_seconds,
        dev_guild_id=dev_guild_id,
        moderator_role=get("MODERATOR_ROLE"),
        log_level=log_level,
        debug_loggers=debug_loggers,
        api_base=api_base,
        gateway_url=gateway_url,
        game_plugins=game_plugins,
        bot_budget_ms=bot_budget_ms,
        bot_pause_seconds=bot_pause_seconds,
    )

