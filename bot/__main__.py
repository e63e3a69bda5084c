"""`python -m bot`: read the settings, migrate the database, connect to Discord, sync commands.

`python -m bot backup PATH` and `python -m bot check-db` are the database tools (bot/storage/dbcli.py).
A setting that is missing or wrong, or a token Discord refuses, ends the program with one
line on stderr and exit status 2, never a stack trace.
"""

from __future__ import annotations

import asyncio
import logging
import sys

DB_COMMANDS = ("backup", "check-db")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if any(arg in DB_COMMANDS for arg in argv):  # also `python -m bot --db FILE check-db`
        from bot.storage import dbcli

        return dbcli.main(argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if argv:
        print(f"error: unknown command {argv[0]!r}; use no argument to run the bot, or one of: "
              + ", ".join(DB_COMMANDS), file=sys.stderr)
        return 2

    from bot.settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    logging.basicConfig(
        level=settings.log_level_number, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if settings.test_games:  # TEST HOOK ONLY, before the commands list the games
        from bot.test_hooks import import_test_games

        import_test_games(settings.test_games)
    from bot.discord_ui.app import StartupError, run

    try:
        asyncio.run(run(settings))
    except StartupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
