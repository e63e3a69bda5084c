"""Moderator actions. Every one is refused to non-moderators, limited to the moderator's own
server, and announced in the game's channel; the destructive ones (undo, reset, abandon)
ask for a confirmation whose button carries the game's version, so it cannot act on a game
that moved on after it was shown.
"""

from __future__ import annotations

import json
import logging

from bot.service import hidden, text
from bot.service.actor import Actor
from bot.service.core import Refusal, engine_of, events_from_json
from bot.service.follow_up import retried
from bot.service.posts import Attachment, Outcome, Post
from bot.service.prompt import ButtonSpec, confirm_id
from bot.service.turns import TurnPosts
from bot.storage.records import GameMovedOn, GameRecord, LoadedGame, Seat, StorageError, WrongStatus
from engine import Decision, Option

log = logging.getLogger(__name__)

AUDIT_FAILED = "But I could not write it to the game's audit log (the database is busy or full)."

# What a vanished player "would" do, best first: pass when passing is possible.
_DEFAULT_IDS = ("pass", "done", "no_levy", "spare")
CONFIRMABLE = {"undo": "Undo", "reset": "Reset", "abandon": "Abandon"}


def default_option(decision: Decision) -> Option:
    for option_id in _DEFAULT_IDS:
        option = decision.option(option_id)
        if option is not None:
            return option
    declining = [o for o in decision.options if o.id.startswith("no_")]
    return declining[0] if declining else decision.options[0]


def _running(record: GameRecord) -> bool:
    return record.status in ("lobby", "active", "paused")


def _announce(actor: Actor, what: str) -> Post:
    return Post(f"🛠️ Moderator <@{actor.user_id}> {what}", kind="mod")


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
            raise Refusal("There is no open game in this channel.")
        self.check_guild(record, actor)
        return record

    async def mod_request(self, actor: Actor, action: str, steps: int | None = None) -> Outcome:
        """Undo, reset or abandon: answer with a confirmation button (nothing changes yet)."""
        try:
            record = await self._mod_record(actor, finished_too=action == "undo")
            if action == "undo" and record.status not in ("active", "paused", "finished"):
                raise Refusal("Only a running or paused game can be rolled back.")
            loaded = await self.load(record.id)
            if action == "undo":
                if steps is None or not 1 <= steps <= loaded.seq:
                    raise Refusal(f"There are {loaded.seq} choices to undo; give a number from 1 to {loaded.seq}.")
                question = f"Undo the last {steps} choice{'s' if steps > 1 else ''} (back to choice {loaded.seq - steps})?"
                if record.status == "finished":
                    question += (" The game is finished: it reopens here, and its result (and the skill ratings it"
                                 " changed) no longer counts unless it ends again.")
            elif action == "reset":
                question = "Start this game over from the beginning, with the same seats? Every choice is lost."
            else:
                question = "Abandon this game? It ends without results and the channel is free for a new one."
        except Refusal as why:
            return Outcome.refuse(str(why))
        button = ButtonSpec(confirm_id(loaded.id, loaded.seq, action, steps), CONFIRMABLE[action], 0, "danger")
        return Outcome(reply=Post(question, components=(button,)), game_id=loaded.id)

    async def confirm(self, game_id: int, version: int, action: str, arg: int | None, actor: Actor) -> Outcome:
        if action == "concede":  # a player's own confirmation (bot/service/concede.py)
            return await self.confirm_concede(game_id, version, arg, actor)
        async with self.lock(game_id):
            try:
                self.require_moderator(actor)
                loaded = await self.game_by_id(game_id, actor)
                if loaded.seq != version:
                    raise Refusal("The game moved on since this confirmation was shown; ask again.")
                if action not in CONFIRMABLE:
                    raise Refusal("Unknown action.")
                outcome = await getattr(self, f"_do_{action}")(loaded, actor, arg)
            except Refusal as why:
                return Outcome.refuse(str(why), game_id)
            except (GameMovedOn, WrongStatus) as exc:
                return Outcome.refuse(f"That can't be done now: {exc}.", game_id)
        outcome.edit = Post(f"✅ {CONFIRMABLE[action]} done.")
        return outcome

    async def _do_undo(self, loaded: LoadedGame, actor: Actor, steps: int | None) -> Outcome:
        if loaded.record.status not in ("active", "paused", "finished"):
            raise Refusal("Only a running or paused game can be rolled back.")
        if loaded.record.status == "finished" and await self.storage.channel_game(loaded.record.channel_id):
            raise Refusal("A new game has started in this channel since; the finished one can no longer reopen.")
        steps = steps or 1
        undone = await self.storage.undo_to(loaded.id, loaded.seq - steps, by_user_id=actor.user_id)
        header = f"↩️ The last {steps} choice{'s were' if steps > 1 else ' was'} undone by a moderator."
        posts = [_announce(actor, f"undid the last {steps} choice{'s' if steps > 1 else ''}.")]
        trouble: list[str] = []
        if undone.record.status == "active":
            more, trouble = await self.after_change(undone, [], header, board=True)
            posts += more
        return self.outcome(undone.record, posts=posts, trouble=trouble)

    async def _do_abandon(self, loaded: LoadedGame, actor: Actor, _arg) -> Outcome:
        record = await self.storage.set_status(loaded.id, "abandoned", by_user_id=actor.user_id)
        return self.outcome(record, posts=[_announce(actor, "abandoned this game. The channel is free again.")],
                            retire_games=[record.id])

    async def _do_reset(self, loaded: LoadedGame, actor: Actor, _arg) -> Outcome:
        """The same game over: a new game record with the same seats and settings, started."""
        old = loaded.record
        if old.status == "lobby":
            raise Refusal("The game has not started; there is nothing to reset.")
        await self.storage.set_status(old.id, "abandoned", by_user_id=actor.user_id)
        await self.storage.audit(old.id, actor.user_id, "reset", {})
        record = await self.storage.create_game(
            guild_id=old.guild_id, channel_id=old.channel_id, game=old.game, host_user_id=old.host_user_id,
            seats=old.seats, options=old.options, reminder_hours=old.reminder_hours,
            boards_in_thread=old.boards_in_thread, parent_channel_id=old.parent_channel_id,
        )
        if old.board_thread_id is not None:
            record = await self.storage.update_settings(record.id, board_thread_id=old.board_thread_id)
        started = await self.storage.start_game(record.id)
        header = f"🔄 **{engine_of(record).title}** starts over."
        posts = [_announce(actor, "reset the game: it starts over with the same seats.")]
        more, trouble = await self.after_change(started, [], header, board=True)
        return self.outcome(started.record, posts=posts + more, retire_games=[old.id], trouble=trouble)

    async def replace(self, actor: Actor, old: str, new_user_id: int, new_name: str, *,
                      new_is_bot: bool = False, new_is_me: bool = False) -> Outcome:
        """Hand a seat (named by seat name, member name or mention) to another member.

        Never to a bot account, this bot included: bots cannot click prompts, and bot seats
        will come through the bot players' own path (issue 15)."""
        try:
            if new_is_me:
                raise Refusal("I can't take a seat myself; hand it to a member who will play it.")
            if new_is_bot:
                raise Refusal(f"{new_name} is a bot account; seats go to members who play them.")
            loaded = await self._mod_game(actor, states=("lobby", "active", "paused"))
            record = loaded.record
            wanted = old.strip().removeprefix("<@").removeprefix("!").removesuffix(">").casefold()
            seat = next((s for s in record.seats if wanted in (s.seat.casefold(), s.name.casefold(),
                                                             str(s.user_id))), None)
            if seat is None:
                raise Refusal(f"No seat matches '{old}'. Seats: {', '.join(s.seat for s in record.seats)}.")
            if record.seat_of(new_user_id):
                raise Refusal("That member already has a seat in this game.")
            try:
                record = await self.storage.replace_seat(record.id, seat.seat, user_id=new_user_id, name=new_name,
                                                         by_user_id=actor.user_id)
            except StorageError as exc:
                raise Refusal(str(exc)) from None
        except Refusal as why:
            return Outcome.refuse(str(why))
        posts = [_announce(actor, f"handed the seat **{seat.seat}** to <@{new_user_id}>.")]
        if record.status == "active":
            loaded = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
            if any(d.player == seat.seat for d in engine_of(record).pending(loaded.state)):
                posts += await self.prompt_posts(loaded)
        return self.outcome(record, posts=posts, reply=Post("Seat handed over."))

    async def skip(self, actor: Actor) -> Outcome:
        """Take the default choice (pass when possible) for the first player the game waits on."""
        try:
            self.require_moderator(actor)
            record = await self.channel_record(actor, states=("active",))
        except Refusal as why:
            return Outcome.refuse(str(why))
        async with self.lock(record.id):
            try:
                loaded = await self.load(record.id)
            except Refusal as why:
                return Outcome.refuse(str(why), record.id)
            decisions = engine_of(record).pending(loaded.state)
            if loaded.record.status != "active" or not decisions:
                return Outcome.refuse("The game is not waiting on anyone.", record.id)
            decision = decisions[0]
            option = decision.option(decision.pass_id) if decision.window else default_option(decision)
            seat = loaded.record.seat_named(decision.player) or Seat(decision.player, decision.player)
            # A private decision's answer is the player's secret: the events tell what is public.
            what = "" if decision.private else f" ({option.label or option.id})"
            header = (f"⏭️ A moderator decided for **{seat.seat}**." if decision.private
                      else f"⏭️ A moderator chose **{option.label or option.id}** for **{seat.seat}**.")
            try:
                outcome = await self._apply_choice(loaded, seat, decision, option, actor, header=header)
            except Refusal as why:
                return Outcome.refuse(str(why), record.id)
            try:  # the skip is stored: a missing audit line must not make it look undone
                await retried(f"auditing a skip in game {record.id}", lambda: self.storage.audit(
                    record.id, actor.user_id, "skip", {"seat": seat.seat, "option": option.id}))
            except Exception:
                log.exception("game %s: the skip of %s is stored but not in the audit log", record.id, seat.seat)
                outcome.trouble.append(AUDIT_FAILED)
        outcome.edit = None
        outcome.posts.insert(0, _announce(actor, f"skipped **{seat.seat}**{what}."))
        outcome.reply = Post("Skipped.")
        return outcome

    async def set_paused(self, actor: Actor, paused: bool) -> Outcome:
        try:
            loaded = await self._mod_game(actor, states=("active",) if paused else ("paused",))
            async with self.lock(loaded.id):
                record = await self.storage.set_status(loaded.id, "paused" if paused else "active",
                                                       by_user_id=actor.user_id)
        except Refusal as why:
            return Outcome.refuse(str(why))
        except WrongStatus as exc:
            return Outcome.refuse(f"That can't be done now: {exc}.")
        if paused:
            return self.outcome(record, posts=[_announce(actor, "paused the game. Choices wait until it resumes.")])
        resumed = LoadedGame(record, loaded.state, loaded.seq, loaded.last_choice_at)
        prompts, trouble = await self.after_change(resumed, [], "", board=False)
        return self.outcome(record, posts=[_announce(actor, "resumed the game."), *prompts], trouble=trouble)

    async def inspect(self, actor: Actor, reveal: bool = False) -> Outcome:
        """The game's state for a moderator, privately. While the game runs, its secrets (hands,
        decks, the seed and the generator) are left out unless the moderator asks to `reveal`
        them, which is announced and audited, and refused to a moderator who plays in it."""
        try:
            loaded = await self._mod_game(actor, states=("lobby", "active", "paused"))
            reveal = self._may_reveal(loaded.record, actor, reveal)
        except Refusal as why:
            return Outcome.refuse(str(why))
        record = loaded.record
        engine = engine_of(record)
        seed = f", seed {record.seed}" if reveal else ""
        lines = [f"**Game #{record.id}** ({record.game}, {record.status}), {loaded.seq} choices{seed}"]
        lines.append("Seats: " + ", ".join(f"{s.seat} (<@{s.user_id}>)" for s in record.seats))
        if loaded.state is not None:
            for d in engine.pending(loaded.state):
                if d.private and not reveal:
                    lines.append(f"Waiting on **{d.player}** ({d.kind}, private): {hidden.shown_prompt(d)}")
                else:
                    lines.append(f"Waiting on **{d.player}** ({d.kind}): {d.prompt} — {len(d.options)} options")
            lines.append("Last events:")
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
                            posts=[_announce(actor, await self._looked(record, actor, "inspected", reveal))])

    async def export(self, actor: Actor, reveal: bool = False) -> Outcome:
        try:
            record = await self._mod_record(actor)
            reveal = self._may_reveal(record, actor, reveal)
        except Refusal as why:
            return Outcome.refuse(str(why))
        files = await self._export_files(record, reveal)
        if reveal or not _running(record):
            words = f"Replay of game #{record.id} (for `python -m engine replay`)."
        else:
            words = (f"Public record of game #{record.id}: the seed and every secret are left out while the "
                     "game runs, so it does not replay. `reveal:true` (announced) or an export after the end "
                     "gives the full replay.")
        return self.outcome(record, reply=Post(words, attachments=files),
                            posts=[_announce(actor, await self._looked(record, actor, "exported", reveal))])

    @staticmethod
    def _may_reveal(record: GameRecord, actor: Actor, reveal: bool) -> bool:
        """Whether this request shows everything: always once the game is over; while it runs
        only on the moderator's explicit request, and never to one who plays in it."""
        if not _running(record):
            return True
        if reveal and record.seat_of(actor.user_id) is not None:
            raise Refusal("You play in this game, so its secrets stay hidden from you; ask another moderator, "
                          "or leave out `reveal`.")
        return reveal

    async def _looked(self, record: GameRecord, actor: Actor, did: str, reveal: bool) -> str:
        """The channel's notice, and the audit line when secrets were revealed."""
        if not (reveal and _running(record)):
            return f"{did} the game."
        await self.storage.audit(record.id, actor.user_id, "reveal", {"command": did})
        return f"{did} the game **with its secrets revealed** (hands, decks and the seed)."

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
