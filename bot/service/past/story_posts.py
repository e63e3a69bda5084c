"""`/game replay`: the story of a game in the channel, an animated GIF of the game so far drawn
from the stored choices in the render pool's long-job worker (bot/service/past/story.py). The
command is answered at once; the GIF is posted when it is ready."""

from __future__ import annotations

import logging

from bot.service.actor import Actor
from bot.service.past import story, tapes
from bot.service.past.history import HistoryActions
from bot.service.posts import Attachment, Outcome, Post, Refusal, reason
from engine.text import msg, msg_n

log = logging.getLogger(__name__)

# Under Discord's smallest upload limit for bots (10 MiB) with room to spare; a longer game keeps
# every other step (render/animation.py) until it fits.
REPLAY_MAX_BYTES = 9_000_000


class StoryActions(HistoryActions):
    # -- /game replay ------------------------------------------------------------------------------
    async def replay(self, actor: Actor) -> Outcome:
        """Answer at once; the animation is drawn in the worker and posted when ready."""
        try:
            record = await self._history_record(actor)
            if self.renderer is None or not story.drawable(record.game):
                raise Refusal(msg("This game has no board drawing, so there is no replay to show."))
            tape = await tapes.whole_tape(self.storage, record)
            if not [seq for seq, _p, _o in tape.choices if seq not in tape.hidden_steps]:
                raise Refusal(msg("Nothing has happened in this game yet."))
            drawing = self._replays_drawn()
            if record.id in drawing:
                raise Refusal(msg("The replay of this game is already being drawn; it will appear here shortly."))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        drawing.add(record.id)
        steps = len(tape.choices) - len(tape.hidden_steps)

        async def draw() -> Outcome:
            try:
                gif = await self.renderer.run_long(story.animation, tape, REPLAY_MAX_BYTES,
                                                   await self.record_language(record))
            except Exception:
                log.exception("game %s: the replay could not be drawn", record.id)
                gif = None
            finally:
                drawing.discard(record.id)
            if gif is None:
                post = Post(msg("Sorry, the replay of game #{game} could not be drawn.", game=record.id))
            else:
                post = Post(msg_n("🎞️ The story of game #{game} so far ({n} step), for <@{user}>.",
                                  "🎞️ The story of game #{game} so far ({n} steps), for <@{user}>.", steps,
                                  game=record.id, user=actor.user_id),
                            (Attachment(f"{record.game}-{record.id}-replay.gif", gif),), where="board",
                            kind="replay", version=len(tape.choices))
            return self.outcome(record, posts=[post])

        reply = msg_n("🎞️ Drawing the replay of {n} step; it will be posted here when it is ready.",
                      "🎞️ Drawing the replay of {n} steps; it will be posted here when it is ready.", steps)
        return Outcome(reply=Post(reply), game_id=record.id, later=draw)

    def _replays_drawn(self) -> set[int]:
        """Games whose replay is being drawn now (one at a time per game)."""
        if not hasattr(self, "_drawing_replays"):
            self._drawing_replays: set[int] = set()
        return self._drawing_replays
