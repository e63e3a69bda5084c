"""`/game concede`: a player gives up a game that has no turn limit (Alexander).

Only for oneself: the seat that concedes is always one of the member's own (a member with two
seats, in a solitaire game, names the side). It asks first, privately, with a confirmation
button that carries the game's version and the seat, so it cannot act on a game that moved on
or for another member. The concession is stored as a choice (`engine.core.CONCEDE_ID`), so
replays, `/mod undo` and the history see it like any other.
"""

from __future__ import annotations

from bot.service.actor import Actor
from bot.service.core import Refusal, ServiceCore, engine_of
from bot.service.follow_up import CHOICE_SAVED
from bot.service.posts import Outcome, Post, reason
from bot.service.turn.prompt import ButtonSpec, confirm_id
from bot.storage.records import LoadedGame, Seat
from engine.core import CONCEDE_ID
from engine.text import msg

ACTION = "concede"


def _seat_to_concede(loaded: LoadedGame, actor: Actor, side: str | None) -> tuple[int, Seat]:
    """The member's own seat that gives up (index, seat); refused when it is not clear."""
    record = loaded.record
    engine = engine_of(record)
    if not engine.concedes:
        raise Refusal(msg("{game} cannot be conceded; play it to its end (a moderator can abandon it).",
                          game=engine.title))
    mine = [(i, s) for i, s in enumerate(record.seats) if s.user_id == actor.user_id]
    if not mine:
        raise Refusal(msg("You are not playing in this game, so you cannot concede it."))
    if side:
        wanted = side.casefold().strip()
        sides = engine.view(loaded.state, None).get("sides") or {}  # Alexander: side -> seat
        named = [(i, s) for i, s in mine if s.seat.casefold() == wanted or sides.get(wanted) == s.seat]
        if len(named) != 1:
            raise Refusal(msg("'{side}' is not one of your seats ({seats}).", side=side,
                              seats=", ".join(s.seat for _, s in mine)))
        return named[0]
    if len(mine) > 1:
        raise Refusal(msg("You play both sides: name the one that gives up (side: {seats}).",
                          seats=" or ".join(s.seat for _, s in mine)))
    return mine[0]


class ConcedeActions(ServiceCore):
    async def concede_request(self, actor: Actor, side: str | None = None) -> Outcome:
        """Ask the member, privately, to confirm; nothing changes yet."""
        try:
            loaded = await self.channel_game(actor, states=("active",))
            index, seat = _seat_to_concede(loaded, actor, side)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        question = msg("Concede the game as **{seat}**? The other side wins at once.", seat=seat.seat)
        button = ButtonSpec(confirm_id(loaded.id, loaded.seq, ACTION, index), msg("Concede"), 0, "danger")
        return Outcome(reply=Post(question, components=(button,)), game_id=loaded.id)

    async def confirm_concede(self, game_id: int, version: int, seat_index: int | None, actor: Actor) -> Outcome:
        """The confirmation's button: only the member of that seat, only on the game it was shown for."""
        async with self.lock(game_id):
            try:
                loaded = await self.game_by_id(game_id, actor)
                seats = loaded.record.seats
                if seat_index is None or seat_index >= len(seats) or seats[seat_index].user_id != actor.user_id:
                    raise Refusal(msg("Only the player who asked can confirm this concession."))
                if loaded.record.status != "active":
                    raise Refusal(msg("The game is not running; there is nothing to concede."))
                if loaded.seq != version:
                    raise Refusal(msg("The game moved on since this confirmation was shown; ask again."))
                seat = seats[seat_index]
                after, events = await self._store_choice(loaded, seat, CONCEDE_ID, actor)
            except Refusal as why:
                return Outcome.refuse(reason(why), game_id)
            header = msg("🏳️ **{seat}** concedes.", seat=seat.seat)
            posts, trouble = await self.after_change(after, events, header, board=True, here=actor.user_id)
            return self.outcome(after.record, edit=Post(msg("✅ Conceded.")), posts=posts,
                                saved=CHOICE_SAVED, trouble=trouble)
