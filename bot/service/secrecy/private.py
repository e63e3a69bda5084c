"""What a player asks for privately: their prompt (the "Open my prompt" button), their hand
(`/game hand`), and their standing orders and settings (`/game orders`).

Every answer here goes only to the member who asked (ephemeral). A standing order is the
engine's preference choice `pref:<key>=<value>`, stored like any choice; when it settles
nothing, nothing public happens and every live prompt stays valid (`ServiceCore.still_valid`).
"""

from __future__ import annotations

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import Refusal, engine_of
from bot.service.posts import Outcome, Post, reason
from bot.service.secrecy import hidden, private_prompt
from bot.service.slash import slash
from bot.service.turn.turns import TurnPosts
from engine.core import ORDER_PREFIX
from engine.text import Msg, layout, lines, listing, msg


class PrivateActions(TurnPosts):
    async def open_prompt(self, game_id: int, seat_index: int, actor: Actor) -> Outcome:
        """The private prompt of seat `seat_index`, for its player only."""
        back = None
        try:
            loaded = await self.game_by_id(game_id, actor)
            if loaded.record.status == "active":
                async with self.lock(game_id):  # a member whose seat a bot plays takes it back
                    loaded, back = await self.reclaim_seat(loaded, actor)
            seats = loaded.record.seats
            if seat_index >= len(seats) or seats[seat_index].user_id != actor.user_id:
                owner = seats[seat_index].seat if seat_index < len(seats) else msg("another player")
                raise Refusal(msg("This prompt is for {player}; only they can open it.", player=owner))
            if loaded.record.status == "paused":
                raise Refusal(msg("The game is paused by a moderator; it will continue when they resume it."))
            if loaded.record.status != "active":
                raise Refusal(msg("This game is over."))
            seat = seats[seat_index].seat
            mine = [d for d in engine_of(loaded.record).pending(loaded.state) if d.player == seat and d.private]
            if not mine:
                raise Refusal(msg("Nothing waits on you now; the newest post in the channel says whose turn it is."))
        except Refusal as why:
            if back is None:
                return Outcome.refuse(reason(why), game_id)
            return self.outcome(loaded.record, ok=False, reply=Post(reason(why)), posts=[back])
        pages = []
        for decision in mine:
            pages += await self.private_prompt_pages(loaded, decision, seat_index)
        if back is not None:
            return self.outcome(loaded.record, reply=pages[0], more_replies=pages[1:], posts=[back])
        return Outcome(reply=pages[0], more_replies=pages[1:], game_id=game_id)

    async def hand(self, actor: Actor) -> Outcome:
        """`/game hand`: the member's own secrets, what only they learnt lately, and their
        standing orders and settings."""
        found = await self._own_seat(actor, msg("You are not playing in this game, so you hold nothing in it."))
        if isinstance(found, Outcome):
            return found
        loaded, seat = found
        engine = engine_of(loaded.record)
        lines = [msg("🔒 Only you see this: **{player}** in **{game}** (game #{number}).", player=seat.seat,
                     game=engine.title, number=loaded.id)]
        secrets = private_prompt.secrets_lines(engine, loaded, seat.seat)
        if secrets:
            lines += [msg("Your secrets:"), *secrets]
        elif not hidden.has_secrets(engine):
            lines.append(msg("This game has no secrets: everything is on the board."))
        else:
            lines.append(msg("You hold nothing secret now."))
        recent = await self.storage.last_choices(loaded.id, private_prompt.RECAP_CHOICES)
        learnt = hidden.private_events(
            [hidden.event_from_data(row) for choice in recent for row in choice.events], seat.seat)
        learnt = [e for e in learnt if e.kind != "preference"][-private_prompt.RECAP_LINES:]
        if learnt:
            lines += [msg("Lately, only to you:"), *text.event_lines(learnt)]
        lines += settings_lines(engine, loaded.state, seat.seat)
        return Outcome.say(text.chunk_lines(lines)[0], loaded.id)

    async def _own_seat(self, actor: Actor, not_seated: Msg):
        """(the channel's game, the actor's seat in it), or the refusal to answer with."""
        try:
            loaded = await self.channel_game(actor)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        seat = loaded.record.seat_of(actor.user_id)
        if seat is None:
            return Outcome.refuse(not_seated, loaded.id)
        return loaded, seat

    async def my_preferences(self, actor: Actor) -> Outcome:
        """`/game prefs` with nothing to change: the member's settings and standing orders."""
        found = await self._own_seat(actor, msg("You are not playing in this game, so you have no settings in it."))
        if isinstance(found, Outcome):
            return found
        loaded, seat = found
        engine = engine_of(loaded.record)
        mine = settings_lines(engine, loaded.state, seat.seat)
        if not mine:
            return Outcome.say(msg("{game} has no settings: every choice is asked when it comes.", game=engine.title),
                               loaded.id)
        return Outcome.say(text.chunk_lines([msg("🔒 Only you see this:"), *mine])[0], loaded.id)

    async def preference_choices(self, actor: Actor, setting: str | None = None) -> list[tuple[str, str]]:
        """Autocomplete for `/game orders`: (label, value) of the settings of this channel's game,
        or of the values of `setting`."""
        try:
            record = await self.channel_record(actor)
        except Refusal:
            return []
        table = engine_of(record).preference_table()
        if setting is None:
            return [(p.label, key) for key, p in table.items()]
        preference = table.get(setting)
        return [(c.label, c.id) for c in preference.choices] if preference else []

    async def set_preference(self, actor: Actor, key: str, value: str) -> Outcome:
        """`/game orders`: store the preference choice. If it settles the decision the game
        waits on (an order for the window now open), that shows exactly as a click would."""
        try:
            record = await self.channel_record(actor, states=("active",))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        return await self._set_preference(record, actor, key, value)

    async def order_from_prompt(self, game_id: int, seat_index: int, window: str, value: str,
                                actor: Actor) -> Outcome:
        """A 🔁 button of a reaction window's private prompt: the standing order for that kind of
        window, for the prompt's seat (as `/game orders` would set it)."""
        try:
            loaded = await self.game_by_id(game_id, actor, from_dm=True)
            seats = loaded.record.seats
            if seat_index >= len(seats) or seats[seat_index].user_id != actor.user_id:
                raise Refusal(msg("This prompt is for {player}; only they can open it.",
                                  player=seats[seat_index].seat if seat_index < len(seats) else msg("another player")))
            if loaded.record.status != "active":
                raise Refusal(msg("This game is over."))
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        return await self._set_preference(loaded.record, actor, ORDER_PREFIX + window, value,
                                          only=seats[seat_index].seat)

    async def _set_preference(self, record, actor: Actor, key: str, value: str, *, only: str | None = None) -> Outcome:
        """Store `key=value` for the actor's seats (only the seat named `only`, when given)."""
        async with self.lock(record.id):
            try:
                loaded = await self.load(record.id)
                seats = [s for s in loaded.record.seats_of(actor.user_id) if only is None or s.seat == only]
                if not seats:  # (both sides, in solitaire)
                    raise Refusal(msg("You are not playing in this game, so you have no orders in it."))
                engine = engine_of(loaded.record)
                table = engine.preference_table()
                if key not in table:
                    known = listing([layout("`{key}` ({label})", key=k, label=p.label) for k, p in table.items()])
                    if table:
                        raise Refusal(msg("'{key}' is not a setting of {game}. Its settings: {known}.", key=key,
                                          game=engine.title, known=known))
                    raise Refusal(msg("'{key}' is not a setting of {game}. It has none.", key=key, game=engine.title))
                # A default confirmed counts too: it is then the seat's own (no more 🔁 offers).
                todo = [seat for seat in seats if engine.preference(loaded.state, seat.seat, key) != value
                        or key not in loaded.state.prefs.get(seat.seat, {})]
                if not todo:
                    return Outcome.say(msg("That is already your setting; nothing changed."), loaded.id)
                after, events, learnt = loaded, [], []
                for seat in todo:
                    after, more = await self._store_choice(after, seat, engine.preference_id(key, value), actor)
                    events += more
                    learnt += hidden.private_events(more, seat.seat)
            except Refusal as why:
                return Outcome.refuse(reason(why), record.id)
            answer = Post(lines([msg("🔒 Only you see this:"), *text.event_lines(learnt)]))
            if not hidden.public_events(events) and not engine.is_over(after.state):
                return Outcome(reply=answer, game_id=record.id)  # quiet: every prompt stays valid
            header = text.chosen_header(seat.seat, "", private=True)
            posts, trouble = await self.after_change(after, events, header, here=actor.user_id)
            return self.outcome(after.record, reply=answer, posts=posts, trouble=trouble)


def settings_lines(engine, state, seat: str) -> list[str]:
    """A seat's standing orders and other settings, with their current values."""
    table = engine.preference_table()
    if not table:
        return []
    out = [msg("Your settings (change one with {command}; you are asked only when they cannot decide):",
               command=slash("game prefs", setting="", value=""))]
    for key, preference in table.items():
        value = engine.preference(state, seat, key)
        label = next((c.label for c in preference.choices if c.id == value), value)
        out.append(layout("• {setting}: **{value}**", setting=preference.label, value=label))
    return out
