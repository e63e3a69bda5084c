"""Moderator actions. Every one is refused to non-moderators, limited to the moderator's own
server, and announced in the game's channel; the destructive ones (undo, reset, abandon)
ask for a confirmation whose button carries the game's version, so it cannot act on a game
that moved on after it was shown.
"""

from __future__ import annotations

import json
import logging

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import Refusal, engine_of, events_from_json, status_name
from bot.service.follow_up import retried
from bot.service.posts import Attachment, Outcome, Post, reason
from bot.service.secrecy import hidden, insiders
from bot.service.turn.prompt import ButtonSpec, confirm_id
from bot.service.turn.turns import TurnPosts
from bot.storage.records import (
    DatabaseGone,
    GameMovedOn,
    GameRecord,
    LoadedGame,
    Seat,
    SeatConflict,
    StorageError,
    WrongStatus,
)
from engine import Decision, Option
from engine.ai import LEVELS
from engine.text import msg, msg_n

log = logging.getLogger(__name__)

AUDIT_FAILED = msg("But I could not write it to the game's audit log (the database is busy or full).")
MOVED_ON = msg("That can't be done now: the game moved on or changed state.")

# What a vanished player "would" do, best first: pass when passing is possible.
_DEFAULT_IDS = ("pass", "done", "no_levy", "spare")
SAW_SECRETS = msg("That member saw this game's secrets as a moderator (`reveal`), so they cannot take a seat in it.")
CONFIRMABLE = {"undo": msg("Undo"), "reset": msg("Reset"), "abandon": msg("Abandon")}
DONE = {"undo": msg("✅ Undo done."), "reset": msg("✅ Reset done."), "abandon": msg("✅ Abandon done.")}


def default_option(decision: Decision) -> Option:
    for option_id in _DEFAULT_IDS:
        option = decision.option(option_id)
        if option is not None:
            return option
    declining = [o for o in decision.options if o.id.startswith("no_")]
    return declining[0] if declining else decision.options[0]


def _running(record: GameRecord) -> bool:
    return record.status in ("lobby", "active", "paused")


def _announce(text: str) -> Post:
    """The channel's notice of a moderator action (a message with the {moderator} mention)."""
    return Post(text, kind="mod")


def _mod(actor: Actor) -> str:
    return f"<@{actor.user_id}>"


class ModActions(TurnPosts):
    async def _mod_game(self, actor: Actor, states=("active", "paused")) -> LoadedGame:
        self.require_moderator(actor)
        return await self.channel_game(actor, states=states)

    async def _mod_record(self, actor: Actor, *, finished_too: bool = False) -> GameRecord:
        """The channel's open game in any status, for a moderator (nothing replayed); with
        `finished_too`, the channel's last game when it finished and nothing is open since (an
        undo that corrects a result)."""
        self.require_moderator(actor)
        record = await self.storage.channel_game(actor.channel_id)
        if record is None and finished_too:
            last = await self.storage.last_channel_game(actor.channel_id)
            record = last if last is not None and last.status == "finished" else None
        if record is None:
            raise Refusal(msg("There is no open game in this channel."))
        self.check_guild(record, actor)
        return record

    async def mod_request(self, actor: Actor, action: str, steps: int | None = None) -> Outcome:
        """Undo, reset or abandon: answer with a confirmation button (nothing changes yet)."""
        try:
            record = await self._mod_record(actor, finished_too=action == "undo")
            if action == "undo" and record.status not in ("active", "paused", "finished"):
                raise Refusal(msg("Only a running or paused game can be rolled back."))
            loaded = await self.load(record.id)
            if action == "undo":
                if steps is None or not 1 <= steps <= loaded.seq:
                    raise Refusal(msg_n("There is {n} choice to undo; give the number 1.",
                                "There are {n} choices to undo; give a number from 1 to {n}.", loaded.seq))
                question = msg_n("Undo the last choice (back to choice {back})?",
                                 "Undo the last {n} choices (back to choice {back})?", steps, back=loaded.seq - steps)
                if record.status == "finished":
                    question = msg("{question} The game is finished: it reopens here, and its result (and the skill "
                                   "ratings it changed) no longer counts unless it ends again.", question=question)
            elif action == "reset":
                question = msg("Start this game over from the beginning, with the same seats? Every choice is lost.")
            else:
                question = msg("Abandon this game? It ends without results and the channel is free for a new one.")
        except Refusal as why:
            return Outcome.refuse(reason(why))
        button = ButtonSpec(confirm_id(loaded.id, loaded.seq, action, steps), CONFIRMABLE[action], 0, "danger")
        return Outcome(reply=Post(question, components=(button,)), game_id=loaded.id)

    async def confirm(self, game_id: int, version: int, action: str, arg: int | None, actor: Actor) -> Outcome:
        if action == "concede":  # a player's own confirmation (bot/service/moderation/concede.py)
            return await self.confirm_concede(game_id, version, arg, actor)
        async with self.lock(game_id):
            try:
                self.require_moderator(actor)
                loaded = await self.game_by_id(game_id, actor)
                if loaded.seq != version:
                    raise Refusal(msg("The game moved on since this confirmation was shown; ask again."))
                if action not in CONFIRMABLE:
                    raise Refusal(msg("Unknown action."))
                outcome = await getattr(self, f"_do_{action}")(loaded, actor, arg)
            except Refusal as why:
                return Outcome.refuse(reason(why), game_id)
            except (GameMovedOn, WrongStatus):
                return Outcome.refuse(msg("That can't be done now: the game moved on or changed state."), game_id)
        outcome.edit = Post(DONE[action])
        return outcome

    async def _do_undo(self, loaded: LoadedGame, actor: Actor, steps: int | None) -> Outcome:
        if loaded.record.status not in ("active", "paused", "finished"):
            raise Refusal(msg("Only a running or paused game can be rolled back."))
        if loaded.record.status == "finished" and await self.storage.channel_game(loaded.record.channel_id):
            raise Refusal(msg("A new game has started in this channel since; the finished one can no longer reopen."))
        # The button says how many; a forged one with none or too many undoes nothing.
        if steps is None or not 1 <= steps <= loaded.seq:
            raise Refusal(msg_n("There is {n} choice to undo; give the number 1.",
                                "There are {n} choices to undo; give a number from 1 to {n}.", loaded.seq))
        undone = await self.storage.undo_to(loaded.id, loaded.seq - steps, by_user_id=actor.user_id)
        header = msg_n("↩️ The last choice was undone by a moderator.", "↩️ The last {n} choices were undone by a moderator.",
                       steps)
        posts = [_announce(msg_n("🛠️ Moderator {moderator} undid the last choice.",
                                 "🛠️ Moderator {moderator} undid the last {n} choices.", steps, moderator=_mod(actor)))]
        trouble: list[str] = []
        if undone.record.status == "active":
            more, trouble = await self.after_change(undone, [], header, board=True)
            posts += more
        return self.outcome(undone.record, posts=posts, trouble=trouble)

    async def _do_abandon(self, loaded: LoadedGame, actor: Actor, _arg) -> Outcome:
        record = await self.storage.set_status(loaded.id, "abandoned", by_user_id=actor.user_id)
        return self.outcome(record, posts=[_announce(msg("🛠️ Moderator {moderator} abandoned this game. The channel is free again.",
                                                  moderator=_mod(actor)))],
                            retire_games=[record.id])

    async def _do_reset(self, loaded: LoadedGame, actor: Actor, _arg) -> Outcome:
        """The same game over: a new game record with the same seats and settings, started."""
        old = loaded.record
        if old.status == "lobby":
            raise Refusal(msg("The game has not started; there is nothing to reset."))
        await self.storage.set_status(old.id, "abandoned", by_user_id=actor.user_id)
        await self.storage.audit(old.id, actor.user_id, "reset", {})
        record = await self.storage.create_game(
            guild_id=old.guild_id, channel_id=old.channel_id, game=old.game, host_user_id=old.host_user_id,
            seats=[_fresh(s) for s in old.seats], options=old.options, reminder_hours=old.reminder_hours,
            boards_in_thread=old.boards_in_thread, parent_channel_id=old.parent_channel_id,
            bot_takeover_hours=old.bot_takeover_hours,
        )
        if old.board_thread_id is not None:
            record = await self.storage.update_settings(record.id, board_thread_id=old.board_thread_id)
        started = await self.storage.start_game(record.id)
        header = msg("🔄 **{game}** starts over.", game=engine_of(record).title)
        posts = [_announce(msg("🛠️ Moderator {moderator} reset the game: it starts over with the same seats.",
                               moderator=_mod(actor)))]
        more, trouble = await self.after_change(started, [], header, board=True)
        return self.outcome(started.record, posts=posts + more, retire_games=[old.id], trouble=trouble)

    async def replace(self, actor: Actor, old: str, new_user_id: int, new_name: str, *,
                      new_is_bot: bool = False, new_is_me: bool = False) -> Outcome:
        """Hand a seat (named by seat name, member name or mention, or `bot` for the one seat a bot
        plays) to another member.

        Never to a bot account, this bot included: bots cannot click prompts; a seat goes to a
        bot player with `replace_with_bot` (`/mod replace new:bot`)."""
        try:
            if new_is_me:
                raise Refusal(msg("I can't take a seat myself; hand it to a member who will play it."))
            if new_is_bot:
                raise Refusal(msg("{member} is a bot account; seats go to members who play them.", member=new_name))
            loaded = await self._mod_game(actor, states=("lobby", "active", "paused"))
            record = loaded.record
            seat = _seat_to_hand_over(record, old)
            held = record.seat_of(new_user_id)
            if held is not None and held.seat != seat.seat:  # (their own seat, a bot playing it: back to them)
                raise Refusal(msg("That member already has a seat in this game."))
            if await insiders.saw_secrets(self.storage, record, new_user_id):
                raise Refusal(SAW_SECRETS)
            record = await _seat_written(self.storage.replace_seat(record.id, seat.seat, user_id=new_user_id,
                                                                   name=new_name, by_user_id=actor.user_id))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        posts = [_announce(msg("🛠️ Moderator {moderator} handed the seat **{seat}** to {member}.", moderator=_mod(actor),
                               seat=seat.seat, member=f"<@{new_user_id}>"))]
        if record.status == "active":
            loaded = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
            await self.schedule_seat(loaded, seat.seat)  # a bot's turn due becomes a reminder
            if any(d.player == seat.seat for d in engine_of(record).pending(loaded.state)):
                posts += await self.prompt_posts(loaded)
        return self.outcome(record, posts=posts, reply=Post(msg("Seat handed over.")))

    async def replace_with_bot(self, actor: Actor, old: str, level: str = "normal") -> Outcome:
        """`/mod replace old:... new:bot`: a bot player takes the seat (the member leaves it)."""
        try:
            if level not in LEVELS:
                raise Refusal(msg("Bot players come in these levels: {levels}.", levels=", ".join(LEVELS)))
            loaded = await self._mod_game(actor, states=("lobby", "active", "paused"))
            seat = _seat_to_hand_over(loaded.record, old)
            if seat.bot and seat.user_id is None:
                raise Refusal(msg("**{seat}** is already played by a bot.", seat=seat.seat))
            async with self.lock(loaded.id):
                record = await _seat_written(self.storage.put_seat(
                    loaded.id, Seat(seat.seat, seat.seat, None, bot=True, level=level), by_user_id=actor.user_id))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        posts = [_announce(msg("🛠️ Moderator {moderator} handed the seat **{seat}** to a bot player ({level}).",
                               moderator=_mod(actor), seat=seat.seat, level=level))]
        if record.status == "active":
            await self.schedule_seat(LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at), seat.seat)
        return self.outcome(record, posts=posts, reply=Post(msg("Seat handed to a bot player.")))

    async def skip(self, actor: Actor) -> Outcome:
        """Take the default choice (pass when possible) for the first player the game waits on."""
        try:
            self.require_moderator(actor)
            record = await self.channel_record(actor, states=("active",))
        except Refusal as why:
            return Outcome.refuse(reason(why))
        async with self.lock(record.id):
            try:
                loaded = await self.load(record.id)
            except Refusal as why:
                return Outcome.refuse(reason(why), record.id)
            decisions = engine_of(record).pending(loaded.state)
            if loaded.record.status != "active" or not decisions:
                return Outcome.refuse(msg("The game is not waiting on anyone."), record.id)
            decision = decisions[0]
            option = decision.option(decision.pass_id) if decision.window else default_option(decision)
            seat = loaded.record.seat_named(decision.player) or Seat(decision.player, decision.player)
            # A private decision's answer is the player's secret: the events tell what is public.
            if decision.private:
                header = msg("⏭️ A moderator decided for **{player}**.", player=seat.seat)
                notice = msg("🛠️ Moderator {moderator} skipped **{player}**.", moderator=_mod(actor), player=seat.seat)
            else:
                header = msg("⏭️ A moderator chose **{choice}** for **{player}**.", choice=option.label or option.id,
                             player=seat.seat)
                notice = msg("🛠️ Moderator {moderator} skipped **{player}** ({choice}).", moderator=_mod(actor),
                             player=seat.seat, choice=option.label or option.id)
            try:
                outcome = await self._apply_choice(loaded, seat, decision, option, actor, header=header,
                                                   answered=header)
            except Refusal as why:
                return Outcome.refuse(reason(why), record.id)
            try:  # the skip is stored: a missing audit line must not make it look undone
                await retried(f"auditing a skip in game {record.id}", lambda: self.storage.audit(
                    record.id, actor.user_id, "skip", {"seat": seat.seat, "option": option.id}))
            except Exception:
                log.exception("game %s: the skip of %s is stored but not in the audit log", record.id, seat.seat)
                outcome.trouble.append(AUDIT_FAILED)
        outcome.edit = None
        outcome.posts.insert(0, _announce(notice))
        outcome.reply = Post(msg("Skipped."))
        return outcome

    async def set_paused(self, actor: Actor, paused: bool) -> Outcome:
        try:
            loaded = await self._mod_game(actor, states=("active",) if paused else ("paused",))
            async with self.lock(loaded.id):
                record = await self.storage.set_status(loaded.id, "paused" if paused else "active",
                                                       by_user_id=actor.user_id)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        except WrongStatus:
            return Outcome.refuse(MOVED_ON)
        if paused:
            return self.outcome(record, posts=[_announce(msg(
                "🛠️ Moderator {moderator} paused the game. Choices wait until it resumes.", moderator=_mod(actor)))])
        resumed = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
        prompts, trouble = await self.after_change(resumed, [], "", board=False)
        return self.outcome(record, posts=[_announce(msg("🛠️ Moderator {moderator} resumed the game.", moderator=_mod(actor))),
                                                  *prompts], trouble=trouble)

    async def inspect(self, actor: Actor, reveal: bool = False) -> Outcome:
        """The game's state for a moderator, privately. While the game runs, its secrets (hands,
        decks, the seed and the generator) are left out unless the moderator asks to `reveal`
        them, which is announced and audited, and refused to a moderator who plays in it."""
        try:
            loaded = await self._mod_game(actor, states=("lobby", "active", "paused"))
            reveal = await self._may_reveal(loaded.record, actor, reveal)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        record = loaded.record
        engine = engine_of(record)
        if reveal:
            lines = [msg_n("**Game #{game}** ({name}, {status}), {n} choice, seed {seed}",
                           "**Game #{game}** ({name}, {status}), {n} choices, seed {seed}", loaded.seq, game=record.id,
                           name=record.game, status=status_name(record.status), seed=str(record.seed))]
        else:
            lines = [msg_n("**Game #{game}** ({name}, {status}), {n} choice", "**Game #{game}** ({name}, {status}), {n} choices",
                           loaded.seq, game=record.id, name=record.game, status=status_name(record.status))]
        lines.append(msg("Seats: {seats}", seats=", ".join(f"{s.seat} ({_holder(s)})" for s in record.seats)))
        if loaded.state is not None:
            for d in engine.pending(loaded.state):
                if d.private and not reveal:
                    lines.append(msg("Waiting on **{player}** ({kind}, private): {prompt}", player=d.player, kind=d.kind,
                                     prompt=hidden.shown_prompt(d)))
                else:
                    lines.append(msg_n("Waiting on **{player}** ({kind}): {prompt} — {n} option",
                                       "Waiting on **{player}** ({kind}): {prompt} — {n} options", len(d.options),
                                       player=d.player, kind=d.kind, prompt=d.prompt))
            lines.append(msg("Last events:"))
            for choice in await self.storage.last_choices(record.id, 3):
                events = events_from_json(choice.events)
                if not reveal:
                    if hidden.is_preference(choice.option_id):
                        continue
                    events = hidden.public_events(events)
                named = f": `{choice.option_id}`" if reveal or not hidden.has_secrets(engine) else ""
                lines.append(f"#{choice.seq} {choice.player}{named}")
                lines.extend(text.event_lines(events))
        files = await self._export_files(record, reveal)
        if loaded.state is not None:
            shown = engine.summary(loaded.state) if reveal else engine.view(loaded.state, None)
            files += (Attachment(f"game-{record.id}-summary.json", json.dumps(shown, indent=1).encode()),)
        body = text.chunk_lines(lines)[0]
        # The data stays private; the channel is told that a moderator looked (and revealed).
        return self.outcome(record, reply=Post(body, attachments=files),
                            posts=[_announce(await self._looked(record, actor, "inspected", reveal))])

    async def export(self, actor: Actor, reveal: bool = False) -> Outcome:
        try:
            record = await self._mod_record(actor)
            reveal = await self._may_reveal(record, actor, reveal)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        files = await self._export_files(record, reveal)
        if reveal or not _running(record):
            words = msg("Replay of game #{game} (for `python -m engine replay`).", game=record.id)
        else:
            words = msg("Public record of game #{game}: the seed and every secret are left out while the "
                        "game runs, so it does not replay. `reveal:true` (announced) or an export after the end "
                        "gives the full replay.", game=record.id)
        return self.outcome(record, reply=Post(words, attachments=files),
                            posts=[_announce(await self._looked(record, actor, "exported", reveal))])

    async def _may_reveal(self, record: GameRecord, actor: Actor, reveal: bool) -> bool:
        """Whether this request shows everything: always once the game is over; while it runs
        only on the moderator's explicit request, and never to one who plays in it, played in it
        at any time (a seat handed away and back), or hosts it."""
        if not _running(record):
            return True
        if reveal and actor.user_id in await insiders.ever_seated(self.storage, record):
            raise Refusal(msg("You play in this game, played in it or host it, so its secrets stay hidden from you "
                              "until it ends; ask another moderator, or leave out `reveal`."))
        return reveal

    async def _looked(self, record: GameRecord, actor: Actor, did: str, reveal: bool) -> str:
        """The channel's notice, and the audit line when secrets were revealed."""
        plain = {"inspected": msg("🛠️ Moderator {moderator} inspected the game.", moderator=_mod(actor)),
                 "exported": msg("🛠️ Moderator {moderator} exported the game.", moderator=_mod(actor))}
        revealed = {"inspected": msg("🛠️ Moderator {moderator} inspected the game **with its secrets revealed** (hands, "
                                     "decks and the seed).", moderator=_mod(actor)),
                    "exported": msg("🛠️ Moderator {moderator} exported the game **with its secrets revealed** (hands, "
                                    "decks and the seed).", moderator=_mod(actor))}
        if not (reveal and _running(record)):
            return plain[did]
        await self.storage.audit(record.id, actor.user_id, "reveal", {"command": did})
        return revealed[did]

    async def _export_files(self, record: GameRecord, reveal: bool = True) -> tuple[Attachment, ...]:
        replay = await self.storage.export_game(record.id, reveal=reveal)
        if not reveal:
            replay = await self._public_record(record, replay)
        elif "seed" not in replay:  # storage leaves a running game's seed out unless asked (issue 18)
            replay = {"seed": record.seed, **replay}
        return (Attachment(f"game-{record.id}-replay.json", json.dumps(replay, indent=1).encode()),)

    async def _public_record(self, record: GameRecord, replay: dict) -> dict:
        """The export while the game runs: no seed, no pinned dice or draws, no standing orders,
        and in a game with secrets no option ids, only the public events of each choice."""
        secretive = hidden.has_secrets(engine_of(record))
        choices = []
        for choice in await self.storage.choices(record.id):
            if hidden.is_preference(choice.option_id):
                continue
            events = [str(e.text) for e in hidden.public_events(events_from_json(choice.events)) if e.text]
            row = {"seq": choice.seq, "player": choice.player, "events": events}
            if not secretive:
                row["option"] = choice.option_id
            choices.append(row)
        return {"game": replay["game"], "players": replay["players"],
                "options": hidden.public_options(replay.get("options") or {}),
                "public_record": True, "choices": choices}


def _holder(seat: Seat) -> str:
    """Who plays a seat, for /mod inspect: the member, a bot, or a bot standing in for the member."""
    if not seat.bot:
        return f"<@{seat.user_id}>"
    if seat.user_id is None:
        return str(msg("🤖 bot, {level}", level=seat.level))
    return str(msg("🤖 bot for <@{user}>", user=seat.user_id))


def _fresh(seat: Seat) -> Seat:
    """A seat as a new game starts it: a member's is theirs (no bot standing in), a bot seat a bot's."""
    if seat.user_id is None and seat.bot:
        return Seat(seat.seat, seat.name, None, bot=True, level=seat.level)
    return Seat(seat.seat, seat.name, seat.user_id)


async def _seat_written(write) -> GameRecord:
    """A seat's change stored; the storage's refusal (the seat changed meanwhile) as a Refusal.
    A lost database is no refusal: the member is told the game cannot be saved."""
    try:
        return await write
    except SeatConflict as exc:  # a race with a lobby click, or with another moderator
        if exc.taken:
            raise Refusal(msg("That member already has a seat in this game.")) from None
        raise Refusal(MOVED_ON) from None
    except DatabaseGone:
        raise
    except StorageError:  # the game ended or vanished meanwhile: the storage's words are English
        log.info("a seat's change refused by the storage", exc_info=True)
        raise Refusal(MOVED_ON) from None


def _seat_to_hand_over(record: GameRecord, old: str) -> Seat:
    """The seat `old` names: a seat or member name, a mention or id, or `bot` (the one seat a bot
    plays); Refusal naming the seats otherwise."""
    wanted = old.strip().removeprefix("<@").removeprefix("!").removesuffix(">").casefold()
    seats = ", ".join(s.seat for s in record.seats)
    if wanted in ("bot", "bots"):
        bots = [s for s in record.seats if s.bot]
        if len(bots) == 1:
            return bots[0]
        if not bots:
            raise Refusal(msg("No seat of this game is played by a bot. Seats: {seats}.", seats=seats))
        raise Refusal(msg("Several seats are played by bots; name one: {seats}.",
                          seats=", ".join(s.seat for s in bots)))
    named = [s for s in record.seats if s.seat.casefold() == wanted]
    if named:
        return named[0]
    held = [s for s in record.seats if wanted in (s.name.casefold(), str(s.user_id))]
    if len(held) == 1:
        return held[0]
    if held:  # one member in several seats (solitaire, a hot-seat game): which one
        raise Refusal(msg("{member} holds several seats here; name the one to hand over: {seats}.",
                          member=old.strip(), seats=", ".join(s.seat for s in held)))
    if old.strip().startswith("<@") or wanted.isdigit():
        raise Refusal(msg("{member} has no seat in this game. Seats: {seats}.", member=old.strip(), seats=seats))
    raise Refusal(msg("No seat matches '{old}'. Seats: {seats}.", old=old, seats=seats))
