"""The task machine: handlers by task kind, the context they work in, and the loop.

The top of `state.stack` is what happens next. A task either waits on a decision (its
`decides` handler builds it; its `chooses` handler applies the answer) or runs by itself
(`runs`). Tasks are never changed once stacked: a handler pops one and pushes new ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.alexander.board import Board, board, other
from engine.alexander.state import AlexState, Task
from engine.alexander.words import card_t, side_t
from engine.core import Amounts, Decision, Event, Option, roll_dice
from engine.taskflow import Handlers, TaskContext
from engine.text import Msg, listing, msg

HANDLERS = Handlers()
decides, chooses, runs = HANDLERS.decides, HANDLERS.chooses, HANDLERS.runs
DECIDE, CHOOSE, RUN = HANDLERS.decide, HANDLERS.choose, HANDLERS.run


def task(kind: str, side: str = "", **args: Any) -> Task:
    return Task(kind=kind, side=side, args=args)


# Decisions about the hand (playing, discarding, reacting with a card): in solitaire the prompt
# lists the hand, as the private prompt's header does for a player whose hand is secret.
CARD_KINDS = frozenset({"cards", "discard", "window", "bagoas"})


class Ctx(TaskContext):
    """The state being changed plus the events narrating the change."""

    def __init__(self, state: AlexState, events: list[Event] | None = None):
        super().__init__(events)
        self.s = state
        self.board: Board = board()

    @property
    def stack(self) -> list:
        return self.s.stack

    @property
    def limits(self) -> dict:
        return self.board.limits

    def seat(self, side: str) -> str:
        return self.s.sides[side]

    # -- narration ---------------------------------------------------------------------------
    def emit_private(self, side: str, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, data=data, private_to=(self.seat(side),)))

    def roll(self, count: int, side: str, why: Msg) -> list[int]:
        """Roll dice for `side` and tell everyone the result."""
        dice = roll_dice(self.s, count)
        self.emit("roll", msg("{why}: {dice}.", why=why, dice=" ".join(str(d) for d in dice)),
                  side=side, dice=dice)
        return dice

    # -- decisions ------------------------------------------------------------------------------
    def ask(self, side: str, prompt: Msg, options: list[Option], kind: str, *, amounts: Amounts | None = None,
            private: bool = False, public_prompt: Msg | str = "", window: str = "", pass_id: str = "",
            auto_id: str = "") -> Decision:
        if not options and amounts is None:
            raise RuntimeError(f"a '{kind}' decision for {side} has no options")
        if self.s.solitaire:  # one person plays both sides: nothing is hidden (16.0)
            private = False
            if kind in CARD_KINDS:  # so the prompt lists the hand it is about
                prompt = msg("{prompt} (Hand: {cards}.)", prompt=prompt,
                             cards=listing([card_t(c) for c in self.s.hands.get(side, [])]))
        # Each prompt names the side that decides: in solitaire both seats are one member.
        prompt = msg("{side}: {prompt}", side=side_t(side), prompt=prompt)
        return Decision(player=self.seat(side), prompt=prompt, options=tuple(options), kind=kind,
                        amounts=amounts, private=private,
                        public_prompt=public_prompt if private else "", window=window,
                        pass_id=pass_id, auto_id=auto_id)

    def enemy(self, side: str) -> str:
        return other(side)


def opt(option_id: str, label: Msg | str, group: Msg | str = "") -> Option:
    return Option(option_id, label, group)


# What is checked each time the game would stop at a decision, in order (face-down leaders
# tidied, lone leaders captured): each rules module adds its own with `before_decision`, so
# this module imports none of them. A check returning True changed the state: look again.
BEFORE_DECISION: list[Callable[[Ctx], bool]] = []


def before_decision(check: Callable[[Ctx], bool]) -> Callable[[Ctx], bool]:
    BEFORE_DECISION.append(check)
    return check


def top_decision(ctx: Ctx) -> Decision | None:
    if not ctx.s.stack:
        return None
    top = ctx.s.stack[-1]
    decide = DECIDE.get(top.kind)
    return decide(ctx, top) if decide else None


def advance(ctx: Ctx) -> Decision | None:
    """Run automatic tasks until a decision is needed (returned) or the game is over (None)."""
    while ctx.s.stack:
        found = top_decision(ctx)
        if found is not None:
            if any(check(ctx) for check in BEFORE_DECISION):
                continue  # the state changed (a capture may end the game or stack tasks)
            return found
        top = ctx.s.stack.pop()
        RUN[top.kind](ctx, top)
    return None


def choose(state: AlexState, option_id: str) -> tuple[list[Event], Decision | None]:
    ctx = Ctx(state)
    top = state.stack.pop()
    CHOOSE[top.kind](ctx, top, option_id)
    return ctx.events, advance(ctx)
