"""The task machine: what each kind of task decides or does, and the loop that runs them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.byzantium.board import Board, Side, board
from engine.byzantium.state import ByzantiumState, PlayerState
from engine.core import Decision, Event, Option, roll_dice

DecideFn = Callable[["Ctx", Any], "Decision | None"]
ChooseFn = Callable[["Ctx", Any, str], None]
RunFn = Callable[["Ctx", Any], None]

DECIDE: dict[str, DecideFn] = {}
CHOOSE: dict[str, ChooseFn] = {}
RUN: dict[str, RunFn] = {}


def decides(kind: str):
    def register(fn: DecideFn) -> DecideFn:
        DECIDE[kind] = fn
        return fn
    return register


def chooses(kind: str):
    def register(fn: ChooseFn) -> ChooseFn:
        CHOOSE[kind] = fn
        return fn
    return register


def runs(kind: str):
    def register(fn: RunFn) -> RunFn:
        RUN[kind] = fn
        return fn
    return register


class Ctx:
    """The state being changed plus the events narrating the change."""

    def __init__(self, state: ByzantiumState, events: list[Event] | None = None):
        self.s = state
        self.events: list[Event] = events if events is not None else []
        self.board: Board = board()

    # -- players -------------------------------------------------------------------------
    def p(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.s.players[seat].name

    def clockwise_from(self, seat: int) -> list[int]:
        """The other seats, clockwise starting with the one after `seat`."""
        n = len(self.s.players)
        return [(seat + i) % n for i in range(1, n)]

    # -- the stack -------------------------------------------------------------------------
    def then(self, *tasks) -> None:
        """Schedule tasks to run in the order given, before whatever was already waiting."""
        for task in reversed(tasks):
            self.s.stack.append(task)

    # -- narration -------------------------------------------------------------------------
    def emit(self, kind: str, text: str, **data) -> None:
        self.events.append(Event(kind=kind, text=text, data=data))

    def roll(self, count: int, who: str, why: str) -> list[int]:
        """Roll dice and report every result; a 4 or more is a hit."""
        dice = roll_dice(self.s, count)
        hits = sum(1 for d in dice if d >= 4)
        if count:
            shown = " ".join(str(d) for d in dice)
            self.emit("roll", f"{who} rolls {shown} for {why}: {hits} hit{'s' if hits != 1 else ''}.",
                      who=who, why=why, dice=dice, hits=hits)
        return dice

    def gain_vp(self, seat: int, side: Side, amount: int, why: str) -> None:
        player = self.p(seat)
        before = player.vp[side]
        player.vp[side] = max(0, before + amount)
        change = player.vp[side] - before
        if change:
            word = "gains" if change > 0 else "loses"
            self.emit("vp", f"{player.name} {word} {abs(change)} {side.value} VP for {why} "
                      f"(now {player.vp[side]}).", player=player.name, side=side.value, amount=change)


def decision(player_seat: int, ctx: Ctx, prompt: str, options: list[Option], kind: str) -> Decision:
    if not options:
        raise RuntimeError(f"a '{kind}' decision for {ctx.name(player_seat)} has no options")
    return Decision(player=ctx.name(player_seat), prompt=prompt, options=tuple(options), kind=kind)


def top_decision(ctx: Ctx) -> Decision | None:
    """The decision the top task waits on, or None when it is automatic (or nothing is left)."""
    if not ctx.s.stack:
        return None
    task = ctx.s.stack[-1]
    decide = DECIDE.get(task.kind)
    return decide(ctx, task) if decide else None


def advance(ctx: Ctx) -> None:
    """Run automatic tasks until a decision is needed or the game is over."""
    while ctx.s.stack:
        if top_decision(ctx) is not None:
            return
        task = ctx.s.stack.pop()
        RUN[task.kind](ctx, task)
