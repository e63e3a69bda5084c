"""The writes that follow a stored change: retried, and never reported as "nothing changed".

Once a choice (or a take-back, a start, an undo) is committed it counts, whatever happens
next. The writes after it (the reminder schedule, the record of the messages posted) can still
fail: another process holding the database's write lock longer than the busy timeout, a full
disk. They are retried a few times; if they still fail, the board and the next prompt are
posted all the same, and the member who acted is told what is saved and what is not
(`Outcome.trouble`), instead of the "nothing was changed" of an error before the commit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.service.slash import slash
from engine.text import lines, msg

log = logging.getLogger(__name__)
T = TypeVar("T")

# Pauses between attempts (seconds). Each attempt already waits up to the storage's busy
# timeout for another process's lock, so three attempts span about twenty seconds at worst;
# the interaction was deferred, so the member sees "thinking" meanwhile, not an error.
PAUSES: tuple[float, ...] = (0.5, 2.0)

# What the member who acted reads when a follow-up failed for good (the change stands).
SAVED = msg("That is saved.")
CHOICE_SAVED = msg("Your choice is saved.")
REMINDERS_FAILED = msg("But I could not update the reminders (the database is busy or full), so the next "
                       "reminder may be late or missing.")
POSTS_FAILED = msg("But I could not prepare the board and the next prompt; {command} shows them "
                   "(the database is busy or full).", command=slash("game repost"))
MESSAGES_FAILED = msg("Everything is posted, but I could not note the posts in the database (it is busy or full), "
                      "so an older prompt may keep its buttons (a click on it is refused as out of date).")


async def retried(what: str, attempt: Callable[[], Awaitable[T]]) -> T:
    """`attempt()`, tried again after each pause in PAUSES; the last failure is raised."""
    for pause in (*PAUSES, None):
        try:
            return await attempt()
        except Exception as exc:
            if pause is None:
                raise
            log.warning("%s failed (%s); trying again in %g s", what, exc, pause)
            await asyncio.sleep(pause)
    raise AssertionError("unreachable")


def reply_text(saved: str | None, reply: str | None, trouble: list[str]) -> str:
    """The answer to the member who acted when something after the stored change failed:
    what is saved first (their own reply if they got one), then each problem once (texts stay
    message ids: the publisher renders them in the member's language)."""
    lead = reply or saved or SAVED
    return lines([lead, *dict.fromkeys(trouble)])
