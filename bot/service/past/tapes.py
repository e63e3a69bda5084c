"""Reading a stored game as a `story.Tape` (plain data for the render pool's workers), and the
score chart of a whole game, which the final post carries."""

from __future__ import annotations

import logging

from bot.service.past import story
from bot.service.pictures.render_pool import RenderPool
from bot.service.posts import Attachment
from bot.service.secrecy import hidden
from bot.storage.records import GameRecord
from bot.storage.store import Storage

log = logging.getLogger(__name__)


async def whole_tape(storage: Storage, record: GameRecord) -> story.Tape:
    """The whole game from its setup, with each step's public events; quiet preferences (they
    settled nothing, and their existence is private) are marked to be left out of the GIF."""
    choices = await storage.choices(record.id)
    _start, _snapshot, rows = await storage.replay_rows(record.id, len(choices), from_setup=True)
    events = {c.seq: tuple(hidden.public_events(hidden.event_from_data(e) for e in c.events)) for c in choices}
    hidden_steps = frozenset(c.seq for c in choices if hidden.is_quiet_preference(c.option_id, c.events))
    return story.Tape(record.game, record.id, tuple(record.players), record.seed, dict(record.options),
                      record.rules_version, 0, None, tuple(rows), events, hidden_steps)


async def step_tape(storage: Storage, record: GameRecord, step: int, events: tuple) -> story.Tape:
    """The stretch of the game that rebuilds the state after choice `step`: from the latest
    snapshot at or before it. `events`: that step's public events, for its highlight."""
    start, snapshot, rows = await storage.replay_rows(record.id, step)
    return story.Tape(record.game, record.id, tuple(record.players), record.seed, dict(record.options),
                      record.rules_version, start, snapshot, tuple(rows), {step: events} if step else {})


async def score_chart(storage: Storage, renderer: RenderPool | None, record: GameRecord,
                      lang: str | None = None) -> Attachment | None:
    """The chart of every player's score over the game, replayed from the stored choices in the
    render pool; None if the game has no such drawing or it fails (the final scores go out
    anyway)."""
    if renderer is None or not story.drawable(record.game):
        return None
    try:
        png = await renderer.run(story.score_chart, await whole_tape(storage, record), lang)
    except Exception:
        log.exception("game %s: the score chart could not be drawn", record.id)
        return None
    return Attachment(f"{record.game}-{record.id}-scores.png", png) if png else None
