"""`python -m bot`: read the settings, migrate the database, connect to Discord, sync commands.

`python -m bot --shards 0,1 --shard-count 4` serves only those Discord shards (the same as the
settings SHARD_IDS and SHARD_COUNT); other processes serve the rest, over one PostgreSQL database
(DATABASE_URL). Without them one process serves every server.
`python -m bot backup PATH`, `python -m bot check-db` and `python -m bot forget-server SERVER_ID` are the
database tools (bot/storage/dbcli.py).
A setting that is missing or wrong, or a token Discord refuses, ends the program with one
line on stderr and exit status 2, never a stack trace.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys

DB_COMMANDS = ("backup", "check-db", "forget-server")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if any(arg in DB_COMMANDS for arg in argv):  # also `python -m bot --db FILE check-db`
        from bot.storage import dbcli

        return dbcli.main(argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    try:
        overrides = shard_options(argv)
    except ValueError as exc:
        print(f"error: {exc}; use no argument to run the bot, --shards IDS --shard-count N to run some "
              "shards, or one of: " + ", ".join(DB_COMMANDS), file=sys.stderr)
        return 2

    from bot.memory import few_malloc_arenas

    few_malloc_arenas()  # before any thread has its own heap
    from bot.settings import SettingsError, env_file_warning, load_settings

    try:
        settings = load_settings({**os.environ, **overrides})
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    from bot.logs import configure

    configure(settings.log_level_number, settings.debug_loggers)
    if (warning := env_file_warning()) is not None:
        logging.getLogger("bot").warning(warning)
    from bot.plugins import PluginError

    try:
        settings.plugins.load()  # before the slash commands list the games
    except PluginError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from bot.discord_ui.app import StartupError, run

    try:
        asyncio.run(run(settings))
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        pass
    return 0


def shard_options(argv: list[str]) -> dict[str, str]:
    """`--shards 0,1 --shard-count 4` as the settings they stand for (checked with the others)."""
    names = {"--shards": "SHARD_IDS", "--shard-count": "SHARD_COUNT"}
    given: dict[str, str] = {}
    args = list(argv)
    while args:
        flag = args.pop(0)
        value = None
        if "=" in flag:
            flag, value = flag.split("=", 1)
        if flag not in names:
            raise ValueError(f"unknown command {flag!r}")
        if value is None:
            if not args:
                raise ValueError(f"{flag} needs a value")
            value = args.pop(0)
        given[names[flag]] = value
    return given


if __name__ == "__main__":
    sys.exit(main())
