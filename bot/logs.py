"""What the bot logs, at which level, and what never reaches a log (issue 25; docs/operations.md).

LOG_LEVEL sets the bot's own loggers (bot.*, engine.*, render.*). Other libraries' loggers stay
at INFO or above whatever LOG_LEVEL says: at DEBUG, aiosqlite prints every SQL statement with
its parameters (every game's state: hands, deck, the generator's key), discord.py every
message it sends (private prompts) and every event it gets. An operator who needs one of them
names it in LOG_DEBUG (e.g. `LOG_DEBUG=discord.gateway`), and is warned that such a log is not
to be shared. The bot's own lines name games, seats, members and channels, never a state, a
setup, a seed, an option id of a private decision, or what a member typed.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The loggers whose lines the bot writes itself (`logging.getLogger(__name__)` in these packages).
OWN = ("bot", "engine", "render", "locales", "__main__")

log = logging.getLogger(__name__)


def configure(level: int, debug_loggers: tuple[str, ...] = ()) -> None:
    """The bot's logging: its own loggers at `level`, every other one at INFO or above unless
    named in `debug_loggers`."""
    logging.basicConfig(level=max(level, logging.INFO), format=FORMAT)
    logging.getLogger().setLevel(max(level, logging.INFO))
    for name in OWN:
        logging.getLogger(name).setLevel(level)
    for name in debug_loggers:
        logging.getLogger(name).setLevel(logging.DEBUG)
    if debug_loggers:
        log.warning("LOG_DEBUG=%s: these loggers write what the bot sends and receives, private prompts and "
                    "game states included; do not share this log", ",".join(debug_loggers))


def unloadable(exc: Exception) -> str:
    """A game that does not load, as the log says it: where, never why. A CorruptGame's reason
    quotes the stored state (pydantic's report) or the option the rules refused, which can be
    the game's secrets; `python -m bot check-db` gives the operator the whole reason."""
    from bot.storage.records import CorruptGame  # (the log setup needs no storage)

    if isinstance(exc, CorruptGame):
        return f"it does not replay at step {exc.step} (`python -m bot check-db` says why)"
    return str(exc)
