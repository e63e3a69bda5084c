"""Playing: a click or a typed shortcut becomes one choice, applied, stored, and posted.

Both paths end in `_apply_choice`, under the game's lock, so a button and `/byz take` are
checked and stored the same way. A player may take back their own last choice while it used
no chance (no die, draw or shuffle: the engine tells) and nobody has chosen since (Board Game
Arena's rule).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import STALE, Refusal, engine_of, events_from_json, game_title
from bot.service.posts import Outcome, Post, reason
from bot.service.secrecy import hidden
from bot.service.slash import slash
from bot.service.turn import forms
from bot.service.turn.prompt import (
    WHOLE_REF,
    build_group_page,
    build_prompt,
    history_head,
    option_groups,
    resolve_group,
    resolve_ref,
)
from bot.service.turn.turns import TurnPosts
from bot.storage import replay as rp
from bot.storage.records import OPEN_STATUSES, GameMovedOn, GameRecord, LoadedGame, Seat
from engine import Decision, Option
from engine.core import enumerate_answers, used_chance
from engine.terminal import typed_amounts
from engine.text import layout, listing, msg

AMOUNT_SUGGESTIONS = 20  # autocomplete shows 25 at most


class PlayActions(TurnPosts):
    async def choose(self, game_id: int, version: int, ref: str, actor: Actor, *, seat: int | None = None,
                     head: str | None, clicked: int | None = None) -> Outcome:
        """A click on a prompt: `ref` names an option of the decision shown at `version` to the
        player in seat number `seat`. `head` is the `history_head` the prompt was built for: a
        prompt from a branch a moderator undid is refused even once play reaches its version
        again. None (a prompt posted by an older bot, without a head) is refused too.
        `clicked`: the id of the message clicked (a turn message is changed in place)."""
        async with self.lock(game_id):
            back = None
            try:
                loaded = await self.game_by_id(game_id, actor, from_dm=True)
                back = await self.reclaim_if_away(game_id, actor, loaded.record)
                loaded, _mine, decisions = await self._prompt_check(game_id, version, head, seat, actor,
                                                                    loaded=None if back else loaded)
                decision, option = _resolve(decisions, ref)
                outcome = await self._apply_choice(loaded, _deciding_seat(loaded, decision), decision, option, actor,
                                                   clicked=clicked)
            except Refusal as why:
                if back is None:
                    return Outcome.refuse(reason(why), game_id)
                back.ok, back.reply = False, Post(msg("Your seat is yours again. {why}", why=reason(why)))
                return back
        outcome.posts[:0] = back.posts if back is not None else []
        return outcome

    async def still_asked(self, loaded: LoadedGame, version: int, since: list, actor: Actor) -> bool:
        """Whether a prompt posted for `version` still asks the member exactly what the game asks
        them now, although others have answered since (`since`): players deciding at once, the
        click of one landing just after another's answer moved the shared message on. Only other
        seats chose since, and the member's decisions then and now are the same, word for word and
        option for option; anything else (their own answer, a decision changed by another's)
        stays stale."""
        mine = {s.seat for s in loaded.record.seats_of(actor.user_id)}
        now = self.my_decisions(loaded, actor.user_id)
        if not since or not mine or not now or any(c.player in mine for c in since):
            return False
        then = await self._state_before(loaded.record, version + 1)
        return [d for d in engine_of(loaded.record).pending(then) if d.player in mine] == now

    async def _prompt_check(self, game_id: int, version: int, head: str | None, seat: int | None,
                            actor: Actor, *, loaded: LoadedGame | None = None) -> tuple[LoadedGame, Seat, list[Decision]]:
        """The game, the actor's seat and decisions, if the prompt they used is current and
        theirs; Refusal with the reason otherwise (nothing is changed). `loaded`: the game as
        just read under the lock (game_by_id), if the caller has it."""
        loaded = loaded or await self.game_by_id(game_id, actor, from_dm=True)
        _check_playing(loaded.record)
        # Whether the prompt is current comes before whose turn it is: a prompt of
        # another history (answered, undone, or from before a backup was restored)
        # is out of date, whoever the game waits on now.
        current = version == loaded.seq and (head is None or head == history_head(loaded))
        if not current:
            since = await self.choices_since(loaded, version, head)
            if since is None or not (self.still_valid(since) or await self.still_asked(loaded, version, since, actor)):
                raise Refusal(STALE)
        if head is None:
            raise Refusal(msg("{stale} (This prompt is from an older version of the bot; "
                              "{command} posts a fresh one.)", stale=STALE, command=slash("game repost")))
        mine, decisions = self._my_turn(loaded, actor)
        seats = loaded.record.seats
        if seat is not None and (seat >= len(seats) or seats[seat].user_id != actor.user_id):
            owner = seats[seat].seat if seat < len(seats) else msg("another player")
            raise Refusal(msg("This prompt is for {player}; use the one that mentions you.", player=owner))
        if seat is not None:  # a member with two seats (solitaire) answers the prompt's seat
            decisions = [d for d in decisions if d.player == seats[seat].seat]
        return loaded, mine, decisions

    # -- two clicks: a group of options, a form of amounts ----------------------------------------------
    async def open_group(self, game_id: int, version: int, head: str | None, seat: int, ref: str,
                         actor: Actor) -> Outcome:
        """The options of one group of the actor's decision, shown to them alone (the second click
        picks one, checked like any click)."""
        try:
            loaded, _mine, decisions = await self._prompt_check(game_id, version, head, seat, actor)
            if ref == WHOLE_REF and decisions:  # a player's whole prompt, from a shared message
                pages = build_prompt(game_id, loaded.seq, decisions[0], seat, head=history_head(loaded))
                posts = [Post(layout("{prompt} ({part})", prompt=decisions[0].prompt, part=p.part) if p.part
                              else decisions[0].prompt, components=p.components) for p in pages]
                return Outcome(reply=posts[0], more_replies=posts[1:], game_id=game_id)
            for decision in decisions:
                group = resolve_group(option_groups(decision), ref)
                if group is not None:
                    break
            else:
                raise Refusal(msg("Those options are not offered any more. Please use the latest prompt."))
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        pages = build_group_page(game_id, loaded.seq, decision, seat, group, head=history_head(loaded))
        posts = [Post(layout("{prompt}\n**{group}** ({part})", prompt=decision.prompt, group=group, part=p.part)
                      if p.part else layout("{prompt}\n**{group}**", prompt=decision.prompt, group=group),
                      components=p.components) for p in pages]
        return Outcome(reply=posts[0], more_replies=posts[1:], game_id=game_id)

    async def amounts_form(self, game_id: int, version: int, head: str | None, seat: int, actor: Actor) -> Outcome:
        """The form of the actor's decision of amounts (`Outcome.modal`), or a refusal."""
        try:
            loaded, _mine, decisions = await self._prompt_check(game_id, version, head, seat, actor)
            decision = next((d for d in decisions if d.amounts is not None), None)
            if decision is None:
                raise Refusal(msg("That form is not offered any more. Please use the latest prompt."))
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        typed = self.form_drafts.typed(game_id, seat, actor.user_id, loaded.seq)
        return Outcome(modal=forms.amounts_form(game_id, loaded.seq, history_head(loaded), seat, decision, typed),
                       game_id=game_id)

    @property
    def form_drafts(self) -> forms.Drafts:
        """What members typed into refused forms (forms.Drafts), this service's own."""
        drafts = getattr(self, "_form_drafts", None)
        if drafts is None:
            drafts = self._form_drafts = forms.Drafts()
        return drafts

    async def submit_form(self, game_id: int, version: int, head: str | None, seat: int, values: dict[str, str],
                          actor: Actor, *, clicked: int | None = None) -> Outcome:
        """A submitted amounts form: exactly one option id, checked by the engine like a click."""
        async with self.lock(game_id):
            try:
                loaded, _mine, decisions = await self._prompt_check(game_id, version, head, seat, actor)
                decision = next((d for d in decisions if d.amounts is not None), None)
                if decision is None:
                    raise Refusal(msg("That form is not for a decision of yours now. Please use the latest prompt."))
                option_id, wrong = forms.read_form(decision, values, actor.lang)
                option = None if option_id is None else decision.option(option_id)
                if option is None:
                    # Kept: the form opens again with what the member typed, to correct it.
                    self.form_drafts.keep(game_id, seat, actor.user_id, loaded.seq, values)
                    if option_id is None:
                        raise Refusal(msg("{problem} Nothing was changed; open the form again: it keeps what you "
                                          "typed.", problem=wrong))
                    raise Refusal(msg("Those numbers are not a possible answer. Nothing was changed."))
                self.form_drafts.forget(game_id, seat, actor.user_id)
                return await self._apply_choice(loaded, _deciding_seat(loaded, decision), decision, option, actor,
                                                clicked=clicked)
            except Refusal as why:
                return Outcome.refuse(reason(why), game_id)

    async def full_board(self, game_id: int, actor: Actor) -> Outcome:
        """The game's whole board now, privately (the button beside a turn message's close-up)."""
        try:
            loaded = await self.game_by_id(game_id, actor)
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        image = await self.board_image(loaded)
        if image is None:
            return Outcome.refuse(msg("This game has no board drawing; {command} tells where it stands.",
                                          command=slash("game status")), game_id)
        return Outcome(reply=Post(msg("The whole board of game #{game} now (choice {choice}).", game=loaded.id,
                                      choice=loaded.seq), (image,)),
                       game_id=game_id)

    async def choose_typed(self, actor: Actor, typed: str, prefixes: Sequence[str] = (),
                           game: str | None = None) -> Outcome:
        """A slash shortcut: `typed` is an option id (from autocomplete) or words naming one.
        `game` is the game the shortcut belongs to (`/byz` is for Byzantium only)."""
        try:
            # Every open status: `_my_turn` words the refusal for a lobby or a paused game.
            record = await self.channel_record(actor, states=OPEN_STATUSES)
            if game is not None and record.game != game:
                raise Refusal(msg("These shortcuts are for {game}; this channel plays {other}. Use the buttons.",
                                  game=game_title(game), other=engine_of(record).title))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        async with self.lock(record.id):
            back = None
            try:
                loaded = await self.game_by_id(record.id, actor)
                back = await self.reclaim_if_away(record.id, actor)
                if back is not None:
                    loaded = await self.game_by_id(record.id, actor)
                _seat, decisions = self._my_turn(loaded, actor)
                decision, option = _match_typed(decisions, typed, prefixes)
                outcome = await self._apply_choice(loaded, _deciding_seat(loaded, decision), decision, option, actor)
                if outcome.reply is None and decision.private:
                    # A command has no prompt message to edit: the answered private prompt, with
                    # what only the chooser learnt (a card drawn), is the private answer itself.
                    outcome.reply, outcome.edit = outcome.edit, None
            except Refusal as why:
                if back is None:
                    return Outcome.refuse(reason(why), record.id)
                back.ok, back.reply = False, Post(msg("Your seat is yours again. {why}", why=reason(why)))
                return back
        outcome.posts[:0] = back.posts if back is not None else []
        return outcome

    async def my_options(self, actor: Actor, prefixes: Sequence[str] = (), game: str | None = None) -> list[Option]:
        """What the actor may choose now in this channel's game (autocomplete; empty if nothing)."""
        try:
            loaded = await self.channel_game(actor, states=("active",))
        except Refusal:
            return []
        if game is not None and loaded.record.game != game:
            return []
        found = []
        for d in self.my_decisions(loaded, actor.user_id):
            found += [o for o in d.options if not prefixes or _prefix(o.id) in prefixes]
            if d.amounts is not None and (not prefixes or d.amounts.prefix in prefixes):
                # A few answers of a choice of several things (typed in full they all work).
                plain = {o.id for o in d.options}
                answers = [a for a in enumerate_answers(d, AMOUNT_SUGGESTIONS + len(plain)) if a not in plain]
                found += [d.option(a) for a in answers[:AMOUNT_SUGGESTIONS]]
        return found

    def _my_turn(self, loaded: LoadedGame, actor: Actor) -> tuple[Seat, list[Decision]]:
        record = loaded.record
        _check_playing(record)
        seat = record.seat_of(actor.user_id)
        if seat is None:
            raise Refusal(msg("You are not playing in this game, so you can't choose for it."))
        decisions = self.my_decisions(loaded, actor.user_id)
        if not decisions:
            waiting = sorted({d.player for d in engine_of(record).pending(loaded.state)})
            raise Refusal(msg("It is not your decision now; the game waits on {waiting}.", waiting=listing(waiting)))
        return seat, decisions

    async def takeback(self, actor: Actor) -> Outcome:
        """Undo the last choice if the actor made it, it used no chance and nobody chose since."""
        try:
            record = await self.channel_record(actor, states=("active",))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        async with self.lock(record.id):
            try:
                loaded = await self.load(record.id)
            except Refusal as why:
                return Outcome.refuse(reason(why), record.id)
            if loaded.record.status != "active":
                return Outcome.refuse(msg("The game can't be changed now."), record.id)
            last = await self.storage.last_choices(record.id, 1)
            # Own choice: made for one of this member's seats by this member (not a moderator's
            # skip, nor the choice of whoever held the seat before a /mod replace).
            seat = next((s for s in loaded.record.seats_of(actor.user_id) if last and s.seat == last[0].player), None)
            if not last or seat is None or last[0].user_id != actor.user_id:
                return Outcome.refuse(
                    msg("You can only take back your own choice, and only while it is the last one made."), record.id
                )
            choice = last[0]
            events = events_from_json(choice.events)
            if hidden.is_preference(choice.option_id):
                return Outcome.refuse(msg("That was a setting: change it again with {command}.", command=slash("game orders")), record.id)
            # The engine says whether chance was used (not a list of event kinds): taken back and
            # played again, the choice would roll or draw the same, a look before committing.
            chance = used_chance(await self._state_before(loaded.record, choice.seq), loaded.state)
            if chance and any(text.has_dice(e) for e in events):
                return Outcome.refuse(
                    msg("Dice were rolled in that choice, so it stands. A moderator can still undo it."), record.id)
            if any(e.private_to for e in events):
                # Someone saw something hidden (a card drawn): taking it back would let them
                # choose again knowing it.
                return Outcome.refuse(
                    msg("Something hidden was revealed in that choice, so it stands. A moderator can still undo it."),
                    record.id)
            if chance:
                return Outcome.refuse(
                    msg("Something was drawn or shuffled in that choice, so it stands. A moderator can still undo it."),
                    record.id)
            try:
                undone = await self.storage.undo_to(record.id, choice.seq - 1, by_user_id=actor.user_id)
            except GameMovedOn:
                return Outcome.refuse(STALE, record.id)
            if hidden.has_secrets(engine_of(record)):
                header = msg("↩️ **{player}** took back their last choice.", player=seat.seat)
            else:
                header = msg("↩️ **{player}** took back their last choice (`{option}`).", player=seat.seat,
                             option=choice.option_id)
            posts, trouble = await self.after_change(undone, [], header, board=True, here=actor.user_id)
            return self.outcome(undone.record, reply=Post(msg("Taken back.")), posts=posts, trouble=trouble)


    async def _state_before(self, record: GameRecord, seq: int):
        """The game's state just before choice `seq`: from the latest snapshot at or before it."""
        engine = engine_of(record)
        start, snapshot, rows = await self.storage.replay_rows(record.id, seq - 1)
        if snapshot is None:
            state = rp.setup_state(engine, record.id, record.players, record.seed, record.options, record.rules_version)
        else:
            state = rp.parse_snapshot(engine, record.id, start, snapshot)
        return rp.replay(engine, record.id, state, rows)


def _deciding_seat(loaded: LoadedGame, decision: Decision) -> Seat:
    """The seat a decision waits on (a solitaire member holds two)."""
    seat = loaded.record.seat_named(decision.player)
    assert seat is not None, decision.player
    return seat


def _check_playing(record: GameRecord) -> None:
    """Refuse a choice in a game that is not running, naming why."""
    if record.status == "paused":
        raise Refusal(msg("The game is paused by a moderator; it will continue when they resume it."))
    if record.status != "active":
        raise Refusal(msg("This game is over.") if record.status != "lobby" else msg("This game has not started yet."))


def _prefix(option_id: str) -> str:
    prefix, sep, _ = option_id.partition(":")
    return prefix if sep else option_id


def _resolve(decisions: Sequence[Decision], ref: str) -> tuple[Decision, Option]:
    for decision in decisions:
        option_id = resolve_ref(decision.options, ref)
        if option_id is not None:
            return decision, decision.option(option_id)
    raise Refusal(msg("That option is not offered any more. Please use the latest prompt."))


def _match_typed(decisions: Sequence[Decision], typed: str, prefixes: Sequence[str]) -> tuple[Decision, Option]:
    """The one option `typed` names: its id, its id after a prefix (`Antioch` -> `take:Antioch`),
    or its label, compared without case. Ambiguity is refused, never guessed."""
    for decision in decisions:  # a choice of several things, typed as its answer (`discard:spies=1`)
        option = decision.option(typed.strip()) if decision.amounts is not None else None
        if option is not None and (not prefixes or _prefix(option.id) in prefixes):
            return decision, option
    wanted = " ".join(typed.split()).casefold()
    candidates = [(d, o) for d in decisions for o in d.options if not prefixes or _prefix(o.id) in prefixes]
    for test in (
        lambda o: o.id.casefold() == wanted,
        lambda o: o.id.partition(":")[2].casefold() == wanted,
        lambda o: o.label.casefold() == wanted,
        lambda o: wanted and wanted in o.label.casefold(),
    ):
        found = [(d, o) for d, o in candidates if test(o)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            names = ", ".join(f"`{o.id}`" for _, o in found[:5])
            raise Refusal(msg("'{typed}' could mean several options ({options}); pick one from the list.", typed=typed,
                              options=names))
    typed_line = _match_amounts_line(decisions, typed, prefixes)
    if typed_line is not None:
        return typed_line
    if not candidates and not any(d.amounts and (not prefixes or d.amounts.prefix in prefixes) for d in decisions):
        raise Refusal(msg("That command offers nothing now; {command} shows what the game waits for.",
                          command=slash("game status")))
    raise Refusal(msg("'{typed}' is not one of your options now; pick one from the list.", typed=typed))


def _match_amounts_line(decisions: Sequence[Decision], typed: str,
                        prefixes: Sequence[str]) -> tuple[Decision, Option] | None:
    """A choice of amounts typed as the terminal takes it (`give:grain=2 get:wood=1`, unique
    beginnings of item ids, the answer's prefix `send:` in front or not): the one answer it
    names, if a decision of the member's accepts it. (Its option id is matched before.)"""
    for decision in decisions:
        amounts = decision.amounts
        if amounts is None or (prefixes and amounts.prefix not in prefixes):
            continue
        head, sep, body = typed.strip().partition(":")
        option_id = typed_amounts(amounts, body if sep and head == amounts.prefix else typed)
        option = decision.option(option_id) if option_id else None
        if option is not None:
            return decision, option
    return None
