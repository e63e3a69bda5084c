"""`/game history` and `/game replay`: the game's past, from its stored choices.

History answers privately (ephemeral): the board at one step, what happened at that step, and
buttons to step back and forth, jump to the start, to now, or to just after the member's own
last move, and a menu to go to any step. Every button carries the member it was drawn for, so
only they drive their view; a click on a step that an undo removed is refused politely.

Replay posts the animation of the whole game in the channel once it is drawn: the command is
answered at once and the drawing (seconds for a long game) runs in the render pool's worker.

Boards are drawn from the stored choices by bot/service/past/story.py in the render pool, never on
the event loop. A game with secrets shows its public board and public events; a player also
reads their own private events. Another player's preference (a standing order) is no step of
anyone else's history.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import OTHER_CHANNEL, ServiceCore, engine_of, events_from_json
from bot.service.past import story, tapes
from bot.service.posts import Attachment, Outcome, Post, Refusal, reason
from bot.service.secrecy import hidden
from bot.service.slash import slash
from bot.service.turn.prompt import ButtonSpec, SelectSpec
from bot.storage.records import ChoiceRecord, GameNotFound, GameRecord
from engine.text import layout, msg, msg_n
from engine.text import lines as one_per_line

log = logging.getLogger(__name__)

# Custom ids of the history view: the game, the member it was drawn for, where the button goes
# and from which step (the step the view showed; empty where it does not matter).
HISTORY_TEMPLATE = (r"hist:(?P<game>[0-9]+):(?P<user>[0-9]+):(?P<to>first|prev|next|last|mine)"
                    r":(?P<step>[0-9]*)")
HISTORY_SELECT_TEMPLATE = r"histgo:(?P<game>[0-9]+):(?P<user>[0-9]+)"
MOVES = ("first", "prev", "next", "last", "mine")
JUMPS = 25  # entries of the "Go to a step" menu (Discord's limit)
SINCE_LINES = 12  # steps listed under "since your last move"

NOT_YOURS = msg("That history view was opened by another member; {command} opens your own.",
                command=slash("game history"))
NO_GAME = msg("There is no game in this channel yet. Start one with {command}.", command=slash("game new"))


def history_id(game_id: int, user_id: int, to: str, step: int | None = None) -> str:
    return f"hist:{game_id}:{user_id}:{to}:{'' if step is None else step}"


def history_select_id(game_id: int, user_id: int) -> str:
    return f"histgo:{game_id}:{user_id}"


class Steps:
    """The steps of a game one member may look at: 0 (the setup) and every stored choice but
    another player's quiet preferences (a standing order that settled nothing: its very
    existence is its owner's)."""

    def __init__(self, choices: Sequence[ChoiceRecord], me: str | None):
        self.choices = {c.seq: c for c in choices}
        self.latest = max(self.choices, default=0)
        self.me = me
        self.visible = [0] + [c.seq for c in choices
                              if me == c.player or not hidden.is_quiet_preference(c.option_id, c.events)]

    def at_or_before(self, step: int) -> int:
        return max(s for s in self.visible if s <= step)

    def before(self, step: int) -> int:
        return max((s for s in self.visible if s < step), default=0)

    def after(self, step: int) -> int:
        return min((s for s in self.visible if s > step), default=self.visible[-1])

    def my_last_move(self) -> int | None:
        """The seq of the member's own last choice that was a move (not a preference)."""
        mine = [c.seq for c in self.choices.values()
                if c.player == self.me and not hidden.is_preference(c.option_id)]
        return max(mine, default=None)

    def spread(self, count: int) -> list[int]:
        """Up to `count` steps spread evenly from the first to the last."""
        if len(self.visible) <= count:
            return list(self.visible)
        last = len(self.visible) - 1
        return sorted({self.visible[round(i * last / (count - 1))] for i in range(count)})


class HistoryActions(ServiceCore):
    # -- finding the game ------------------------------------------------------------------------
    async def _history_record(self, actor: Actor) -> GameRecord:
        """The channel's open game, or its last one when none is open (a finished game's story)."""
        record = await self.storage.channel_game(actor.channel_id) or \
            await self.storage.last_channel_game(actor.channel_id)
        if record is None or record.status == "lobby":
            raise Refusal(NO_GAME)
        self.check_guild(record, actor)
        return record

    async def _clicked_record(self, game_id: int, user_id: int, actor: Actor) -> GameRecord:
        if actor.user_id != user_id:
            raise Refusal(NOT_YOURS)
        try:
            record = await self.storage.game(game_id)
        except GameNotFound:
            raise Refusal(msg("That game no longer exists.")) from None
        self.check_guild(record, actor)
        if record.channel_id != actor.channel_id:
            raise Refusal(OTHER_CHANNEL)
        return record

    async def _steps(self, record: GameRecord, actor: Actor) -> Steps:
        seat = record.seat_of(actor.user_id)
        return Steps(await self.storage.choices(record.id), seat.seat if seat else None)

    # -- requests --------------------------------------------------------------------------------
    async def history(self, actor: Actor, step: int | None = None, since_my_move: bool = False) -> Outcome:
        """`/game history [step] [since_my_move]`: the latest step unless told otherwise."""
        try:
            record = await self._history_record(actor)
            steps = await self._steps(record, actor)
            if since_my_move:
                target, mode = self._since_target(steps), "mine"
            elif step is not None:
                if not 0 <= step <= steps.latest:
                    raise Refusal(msg("This game has steps 0 to {latest}; choose one of those.",
                                      latest=steps.latest))
                target, mode = steps.at_or_before(step), "goto"
            else:
                target, mode = steps.visible[-1], "last"
            post = await self._history_post(record, steps, target, actor, mode)
        except Refusal as why:
            return Outcome.refuse(reason(why))
        return Outcome(reply=post, game_id=record.id)

    async def history_move(self, game_id: int, user_id: int, to: str, shown: int | None, actor: Actor) -> Outcome:
        """A click on ⏮ ◀ ▶ ⏭ or "Since my last move" of a history view."""
        try:
            record = await self._clicked_record(game_id, user_id, actor)
            steps = await self._steps(record, actor)
            if to == "mine":
                target = self._since_target(steps)
            elif to == "first":
                target = 0
            elif to == "last":
                target = steps.visible[-1]
            else:
                self._check_not_rolled_back(steps, shown)
                target = steps.before(shown or 0) if to == "prev" else steps.after(shown or 0)
            post = await self._history_post(record, steps, target, actor, to)
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        return Outcome(edit=post, game_id=game_id)

    async def history_goto(self, game_id: int, user_id: int, value: str, actor: Actor) -> Outcome:
        """A step picked in the history view's "Go to a step" menu."""
        try:
            record = await self._clicked_record(game_id, user_id, actor)
            steps = await self._steps(record, actor)
            step = int(value) if value.isdigit() else -1
            self._check_not_rolled_back(steps, step)
            post = await self._history_post(record, steps, steps.at_or_before(step), actor, "goto")
        except Refusal as why:
            return Outcome.refuse(reason(why), game_id)
        return Outcome(edit=post, game_id=game_id)

    @staticmethod
    def _check_not_rolled_back(steps: Steps, step: int | None) -> None:
        if step is None or not 0 <= step <= steps.latest:
            raise Refusal(msg("That step is no longer part of this game (a moderator rolled it back to step "
                              "{latest}). Nothing was changed; {command} shows the game as it is now.",
                              latest=steps.latest, command=slash("game history")))

    @staticmethod
    def _since_target(steps: Steps) -> int:
        if steps.me is None:
            raise Refusal(msg("You have no seat in this game, so there is no move of yours to start from."))
        mine = steps.my_last_move()
        if mine is None:
            return 0  # not moved yet: everything so far happened since
        return steps.after(mine) if mine < steps.visible[-1] else mine

    # -- the view --------------------------------------------------------------------------------
    async def _history_post(self, record: GameRecord, steps: Steps, target: int, actor: Actor, mode: str) -> Post:
        # A private view: drawn in the member's own language (else the game's).
        view = await self._step_view(record, steps, target, actor.lang or await self.record_language(record))
        lines = [msg("📜 **{title}** #{game}: step {step} of {latest}", title=engine_of(record).title,
                         game=record.id, step=target, latest=steps.latest)]
        if mode == "mine":
            lines += self._since_lines(steps, target)
        lines += self._step_lines(record, steps, target, view.label)
        content = text.clip(one_per_line(lines), text.MESSAGE_LIMIT)
        name = f"{record.game}-{record.id}-step{target}"
        attachments = tuple(Attachment(f"{name}{suffix}.png", data)
                            for suffix, data in (("", view.inline), ("-board", view.board)) if data is not None)
        return Post(content, attachments, self._history_components(record.id, actor.user_id, steps, target),
                    kind="history", version=target)

    def _step_lines(self, record: GameRecord, steps: Steps, target: int, label: str | None) -> list[str]:
        if target == 0:
            return [msg("The game as it was set up, before anyone chose.")]
        choice = steps.choices[target]
        mine = choice.player == steps.me
        told = text.event_lines(hidden.events_for(events_from_json(choice.events), steps.me))
        if mine or not (hidden.has_secrets(engine_of(record)) or hidden.is_preference(choice.option_id)):
            head = msg("**{player}** chose **{option}**.", player=choice.player,
                       option=text.clip(label or choice.option_id, 200))
        else:  # another player's option in a game with secrets, or their standing order, is theirs
            head = msg("**{player}** decided.", player=choice.player)
        return [head, *told]

    def _since_lines(self, steps: Steps, target: int) -> list[str]:
        mine = steps.my_last_move()
        if mine is None:
            return [msg("You have not moved yet: this is the start of the game.")]
        later = [s for s in steps.visible if s > mine]
        if not later:
            return [msg("Nothing has happened since your last move (step {step}).", step=mine)]
        lines = [msg_n("Since your last move (step {step}): {n} step. This is the first; ▶ for the next.",
                       "Since your last move (step {step}): {n} steps. This is the first; ▶ for the next.", len(later),
                       step=mine)]
        for seq in later[:SINCE_LINES]:
            choice = steps.choices[seq]
            told = hidden.events_for(events_from_json(choice.events), steps.me)
            first = next((e.text for e in told if e.text), "")
            if first:
                lines.append(text.clip(layout("#{seq} **{player}**: {event}", seq=seq, player=choice.player,
                                              event=first), 160))
            else:
                lines.append(f"#{seq} **{choice.player}**")
        if len(later) > SINCE_LINES:
            lines.append(msg("… and {count} more.", count=len(later) - SINCE_LINES))
        lines.append("")
        return lines

    async def _step_view(self, record: GameRecord, steps: Steps, target: int,
                         lang: str | None = None) -> story.StepView:
        """The step drawn in the render pool (and the label of its option); no images when the
        bot draws nothing or the drawing fails (the text still tells the step)."""
        if self.renderer is None:
            return story.StepView(None, None, None)
        choice = steps.choices.get(target)
        events = tuple(hidden.public_events(events_from_json(choice.events))) if choice else ()

        async def draw() -> story.StepView:
            tape = await tapes.step_tape(self.storage, record, target, events)
            return await self.renderer.run(story.step_views, tape, target, lang)

        # Drawn once per step and language (issue 30): ◀ then ▶, or the next member, reuse it.
        key = (record.id, target, choice.created_at if choice else None, lang)
        try:
            return await self.kept_steps.get(key, draw, lambda v: len(v.inline or b"") + len(v.board or b""))
        except Exception:
            log.exception("game %s: the board of step %s could not be drawn", record.id, target)
            return story.StepView(None, None, None)

    @staticmethod
    def _history_components(game_id: int, user_id: int, steps: Steps, target: int) -> tuple:
        last = steps.visible[-1]
        buttons = []
        if target > 0:
            buttons.append((msg("⏮ Start"), "first", None))
            buttons.append((msg("◀ Step {step}", step=steps.before(target)), "prev", target))
        if target < last:
            buttons.append((msg("Step {step} ▶", step=steps.after(target)), "next", target))
            buttons.append((msg("Now ⏭"), "last", None))
        if steps.me is not None:
            buttons.append((msg("Since my last move"), "mine", None))
        specs: list = [ButtonSpec(history_id(game_id, user_id, to, step), label, 0,
                                  "secondary" if to == "mine" else "primary") for label, to, step in buttons]
        jumps = [s for s in steps.spread(JUMPS) if s != target]
        if jumps:
            options = tuple((layout("{step}{summary}", step=msg("Step {step}", step=s), summary=_step_summary(steps, s)),
                             str(s)) for s in jumps)
            specs.append(SelectSpec(history_select_id(game_id, user_id), msg("Go to a step…"), options, 1))
        return tuple(specs)


def _step_summary(steps: Steps, seq: int) -> str:
    """ · Bo: takes Damascus — a menu entry's hint of what the step did (public events only)."""
    choice = steps.choices.get(seq)
    if choice is None:
        return layout(" · {setup}", setup=msg("the setup"))
    told = hidden.events_for(events_from_json(choice.events), steps.me)
    first = next((e.text for e in told if e.text), "")
    if first:
        return layout(" · {player}: {event}", player=choice.player, event=first)
    return f" · {choice.player}"
