"""The prompts of a turn message (issue 12): one player's decision, or several players asked at
once in one message (shared_prompt.py); a private decision's public post and its private pages.
A mixin of TurnPosts (turns.py), which decides what is posted anew and what goes on in place."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from bot.service import text
from bot.service.core import ServiceCore, engine_of, seat_map
from bot.service.posts import Post
from bot.service.secrecy import private_prompt
from bot.service.turn.prompt import build_prompt, history_head, menu_row, whole_button
from bot.service.turn.shared_prompt import named, stacked
from bot.storage.records import LoadedGame
from engine import Decision
from engine.text import joined


class TurnPrompts(ServiceCore):
    # -- prompts -------------------------------------------------------------------------------------
    async def prompt_posts(self, loaded: LoadedGame, *, here: int | None = None) -> list[Post]:
        """One prompt per pending decision (a large decision may take several messages), without
        any account or picture. Each player is notified as they chose with `/settings ping`: a
        ping in the channel, a DM, or both; `here` is the member who just acted, who needs none."""
        decisions = engine_of(loaded.record).pending(loaded.state)
        shared = await self._asking(loaded, decisions, here=here) if len(decisions) > 1 else None
        if shared is not None:
            return [shared]
        posts = []
        for decision in decisions:
            posts += await self._decision_posts(loaded, decision, here=here)
        return posts

    async def _asking(self, loaded: LoadedGame, decisions: Sequence[Decision], *, here: int | None,
                      notify: bool = True, quiet: Collection[str] = ()) -> Post | None:
        """One message asking `decisions`: one player's next step, or several players at once
        (shared_prompt.py), each pinged unless in `quiet`; None when that takes more than one
        message (or a decision is private: its public post is a message of its own)."""
        if not decisions or any(d.private for d in decisions):
            return None
        record = loaded.record
        head = history_head(loaded)
        asked: list[tuple[Decision, list[Post]]] = []
        shared = len(decisions) > 1
        users = seat_map(record)
        for decision in decisions:
            # Shared with others, a member who just acted is pinged too: asked again at once in a
            # message of several questions, theirs is easily missed (issue 28).
            again = shared and here is not None and users.get(decision.player) == here
            pages = await self._decision_posts(loaded, decision, here=None if again else here,
                                               notify=notify and (decision.player not in quiet or again))
            if pages:  # none for a bot's seat: its turn comes from the schedule
                asked.append((decision, pages))
        if len(asked) <= 1:
            return asked[0][1][0] if asked and len(asked[0][1]) == 1 else None
        parts = []
        for decision, pages in asked:
            seat = _seat_index(record, decision.player)
            parts.append((named(pages[0].components, decision.player) if len(pages) == 1 else None,
                          menu_row(record.id, loaded.seq, decision, seat, head=head),
                          whole_button(record.id, loaded.seq, decision, seat, head=head)))
        components = stacked(parts)
        content = joined([text.prompt_text(d, users.get(d.player)) for d, _pages in asked], "\n\n")
        if components is None or len(content) > text.MESSAGE_LIMIT:
            return None
        return Post(content, components=components, kind="prompt", version=loaded.seq,
                    mentions=tuple(u for _d, pages in asked for u in pages[0].mentions),
                    dm_to=tuple(u for _d, pages in asked for u in pages[0].dm_to),
                    seat="\n".join(d.player for d, _pages in asked), account="")

    async def _decision_posts(self, loaded: LoadedGame, decision: Decision, *, here: int | None,
                              notify: bool = True) -> list[Post]:
        """The posts asking `decision`. The member who just acted (`here`) is not pinged, but a
        private prompt of theirs still comes by DM when they asked for DMs: a
        follow-up step is a new prompt they would otherwise have to open from the channel."""
        record = loaded.record
        seat = record.seat_named(decision.player)
        if seat is not None and seat.bot and seat.user_id is None:
            return []  # nobody can click for a bot seat: its turn comes from the schedule (bots.py)
        user_id = seat_map(record).get(decision.player)
        notify = notify and not (seat is not None and seat.away)  # a bot plays for them: no ping every turn
        mode = await self.storage.ping_mode(user_id) if notify and user_id else None
        if user_id == here and mode is not None:
            mode = "dm" if decision.private and mode in ("dm", "both") else None
        index = _seat_index(record, decision.player)
        head = history_head(loaded)
        if decision.private:
            return [await self._private_prompt_post(loaded, decision, index, user_id, mode, head)]
        posts = []
        for number, page in enumerate(build_prompt(record.id, loaded.seq, decision, index, head=head)):
            first = number == 0
            posts.append(Post(
                text.prompt_text(decision, user_id, part=page.part), components=page.components,
                mentions=(user_id,) if first and mode in ("channel", "both") else (),
                dm_to=(user_id,) if first and mode in ("dm", "both") else (),
                kind="prompt", version=loaded.seq, seat=decision.player, account="" if first else None,
            ))
        return posts

    async def _private_prompt_post(self, loaded: LoadedGame, decision: Decision, index: int, user_id: int | None,
                                   mode: str | None, head: str) -> Post:
        """The public "waiting on X" post of a private decision. With `/settings ping` dm or
        both, the private prompt itself goes by DM first; if the DM cannot be delivered the
        publisher pings the player in the channel instead (see `Post.dm_prompt`)."""
        post = private_prompt.waiting_post(loaded, decision, index, user_id)
        ping = (user_id,) if mode in ("channel", "both") else ()
        dm: tuple[Post, ...] = ()
        if user_id and mode in ("dm", "both"):
            dm = tuple(await self.private_prompt_pages(loaded, decision, index, head=head))
        return dataclasses.replace(post, mentions=ping, dm_to=(user_id,) if dm else (), dm_prompt=dm,
                                   seat=decision.player, account="")

    async def private_prompt_pages(self, loaded: LoadedGame, decision: Decision, index: int,
                                   *, head: str | None = None) -> list[Post]:
        """The private prompt of `decision` for its player (ephemeral answer or DM)."""
        recent = await self.storage.last_choices(loaded.id, private_prompt.RECAP_CHOICES)
        learnt = private_prompt.recap(recent, decision.player)
        return private_prompt.private_pages(engine_of(loaded.record), loaded, decision, index,
                                            head=head or history_head(loaded), learnt=learnt,
                                            channel_id=loaded.record.channel_id)


def _seat_index(record, player: str) -> int:
    return next((i for i, s in enumerate(record.seats) if s.seat == player), 0)
