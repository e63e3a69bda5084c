"""The task machine: what each kind of task decides or does, and the loop that runs them."""

from __future__ import annotations

from engine.byzantium.board import Board, Side, board
from engine.byzantium.state import ByzantiumState, CityState, PlayerState
from engine.byzantium.words import side_word
from engine.core import Decision, Event, Option, roll_dice
from engine.taskflow import Handlers, TaskContext, make_decision
from engine.text import Msg, msg, msg_n

HANDLERS = Handlers()
decides, chooses, runs = HANDLERS.decides, HANDLERS.chooses, HANDLERS.runs
DECIDE, CHOOSE, RUN = HANDLERS.decide, HANDLERS.choose, HANDLERS.run


class Ctx(TaskContext):
    """The state being changed plus the events narrating the change."""

    def __init__(self, state: ByzantiumState, events: list[Event] | None = None):
        super().__init__(events)
        self.s = state
        self.board: Board = board()

    @property
    def stack(self) -> list:
        return self.s.stack

    # -- cities --------------------------------------------------------------------------
    def city(self, name: str) -> CityState:
        """City `name` of this state, to change: states share the cities they have not changed
        (copy_state copies the table, not each city: issue 30), so it is copied first."""
        own = self.s.cities[name].model_copy()
        self.s.cities[name] = own
        return own

    # -- players -------------------------------------------------------------------------
    def p(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.s.players[seat].name

    def clockwise_from(self, seat: int) -> list[int]:
        """The other seats, clockwise starting with the one after `seat`."""
        n = len(self.s.players)
        return [(seat + i) % n for i in range(1, n)]

    # -- narration -------------------------------------------------------------------------
    def roll(self, count: int, who: Msg, why: Msg, *, bulgars: bool = False) -> list[int]:
        """Roll dice and report every result; a 4 or more is a hit. `who` rolls (the Bulgars: plural)."""
        dice = roll_dice(self.s, count)
        if count:
            shown = " ".join(str(d) for d in dice)
            scored = msg_n("{n} hit", "{n} hits", hits(dice))
            text = (msg("The Bulgars roll {dice} for {why}: {hits}.", dice=shown, why=why, hits=scored) if bulgars
                    else msg("{who} rolls {dice} for {why}: {hits}.", who=who, dice=shown, why=why, hits=scored))
            self.emit("roll", text, who=str(who), why=str(why), dice=dice, hits=hits(dice))
        return dice

    def gain_vp(self, seat: int, side: Side, amount: int, why: Msg) -> None:
        player = self.p(seat)
        before = player.vp[side]
        player.vp[side] = max(0, before + amount)
        change = player.vp[side] - before
        if change > 0:
            self.emit("vp", msg("{player} gains {n} {side} VP for {why} (now {total}).", player=player.name, n=change,
                                side=side_word(side), why=why, total=player.vp[side]),
                      player=player.name, side=side.value, amount=change)
        elif change < 0:
            self.emit("vp", msg("{player} loses {n} {side} VP for {why} (now {total}).", player=player.name, n=-change,
                                side=side_word(side), why=why, total=player.vp[side]),
                      player=player.name, side=side.value, amount=change)


def hits(dice: list[int]) -> int:
    """Every die showing 4 or more is a hit."""
    return sum(1 for d in dice if d >= 4)


def decision(player_seat: int, ctx: Ctx, prompt: Msg, options: list[Option], kind: str) -> Decision:
    return make_decision(ctx.name(player_seat), prompt, options, kind)


def top_decision(ctx: Ctx) -> Decision | None:
    """The decision the top task waits on, or None when it is automatic (or nothing is left)."""
    if not ctx.s.stack:
        return None
    task = ctx.s.stack[-1]
    decide = DECIDE.get(task.kind)
    return decide(ctx, task) if decide else None


def advance(ctx: Ctx) -> Decision | None:
    """Run automatic tasks until a decision is needed (returned) or the game is over (None)."""
    while ctx.s.stack:
        found = top_decision(ctx)
        if found is not None:
            return found
        task = ctx.s.stack.pop()
        RUN[task.kind](ctx, task)
    return None
