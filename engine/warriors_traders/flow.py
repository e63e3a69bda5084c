"""The task machine: handlers registered by task kind, the context they work in, and the loop.

The main stack holds the turn's steps. A "parallel" task on top of it means several players
decide at once: each seat then has its own stack (a lane), and the parallel task ends when
every lane is empty. An offer from one player to another is an "answer" task pushed on the
other player's lane, while the offering player's lane waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Amounts, Decision, Event, Option
from engine.taskflow import Handlers, TaskContext, make_decision
from engine.text import Msg, msg
from engine.warriors_traders.board import Board, Pieces, board, pieces
from engine.warriors_traders.state import PlayerState, Task, Unit, WTState

HANDLERS = Handlers()
decides, chooses, runs = HANDLERS.decides, HANDLERS.chooses, HANDLERS.runs
DECIDE, CHOOSE, RUN = HANDLERS.decide, HANDLERS.choose, HANDLERS.run

PARALLEL = "parallel"
WAIT = "wait"  # a lane blocked until another player answers; neither decided nor run

# Lane steps that may wait on what other players do: kind -> test "this step waits now".
# A waiting step is neither decided nor run; it is looked at again after every change.
WAITS: dict[str, Callable[[Ctx, Task], bool]] = {}


def waits(kind: str):
    def register(fn):
        WAITS[kind] = fn
        return fn
    return register


def task(kind: str, player: int = -1, **args: Any) -> Task:
    return Task(kind=kind, player=player, args=args)


class Ctx(TaskContext):
    """The state being changed, the stack being worked on, and the events narrating it."""

    def __init__(self, state: WTState, events: list[Event] | None = None, lane: int | None = None):
        super().__init__(events)
        self.s = state
        self.lane = lane
        self.board: Board = board(state.map, state.variant)
        self.pieces: Pieces = pieces()

    @property
    def stack(self) -> list[Task]:
        return self.s.stack if self.lane is None else self.s.lanes[self.lane]

    def in_lane(self, seat: int | None) -> Ctx:
        return Ctx(self.s, self.events, seat)

    # -- players -------------------------------------------------------------------------
    def p(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def name(self, seat: int | None) -> str:
        """A player's name (never translated); the barbarians and nobody as words."""
        if seat is None:
            return msg("nobody")
        return msg("the barbarians") if seat < 0 else self.s.players[seat].name

    def prefers(self, seat: int, key: str) -> str:
        """The player's value for one of the game's preferences (prefs.py)."""
        from engine.warriors_traders.prefs import preference

        return preference(self.s, self.p(seat).name, key)

    def seat_of(self, name: str) -> int | None:
        for p in self.s.players:
            if p.name == name:
                return p.seat
        return None

    # -- units ---------------------------------------------------------------------------
    def unit(self, uid: int) -> Unit | None:
        for u in self.s.units:
            if u.id == uid:
                return u
        return None

    def units_at(self, province: str) -> list[Unit]:
        return [u for u in self.s.units if u.at == province]

    def add_unit(self, owner: int, kind: str, at: str, **fields: Any) -> Unit:
        u = Unit(id=self.s.next_id, owner=owner, kind=kind, at=at, **fields)
        self.s.next_id += 1
        self.s.units.append(u)
        key = f"{owner}:{kind}"
        self.s.placed[key] = self.s.placed.get(key, 0) + 1
        return u

    def remove_unit(self, u: Unit) -> None:
        self.s.units = [x for x in self.s.units if x.id != u.id]
        key = f"{u.owner}:{u.kind}"
        self.s.gone[key] = self.s.gone.get(key, 0) + 1

    def change_kind(self, u: Unit, kind: str) -> None:
        """An upgrade: the old piece goes back to the reserve, the new one comes out."""
        old, new = f"{u.owner}:{u.kind}", f"{u.owner}:{kind}"
        self.s.gone[old] = self.s.gone.get(old, 0) + 1
        self.s.placed[new] = self.s.placed.get(new, 0) + 1
        u.kind = kind


def decision(ctx: Ctx, seat: int, prompt: Msg, options: list[Option], kind: str,
             amounts: Amounts | None = None) -> Decision:
    if amounts is None:
        return make_decision(ctx.name(seat), prompt, options, kind)
    return Decision(player=ctx.name(seat), prompt=prompt, options=tuple(options), kind=kind, amounts=amounts)


def opt(option_id: str, label: Msg, group: Msg | str = "") -> Option:
    return Option(option_id, label, group)


# Lists up to this long are shown flat (one click each); longer ones two clicks deep by group.
FLAT_LIMIT = 10
GROUP_LIMIT = 25  # Discord shows at most 25 options in one menu


def grouped(options: list[Option]) -> list[Option]:
    """`options` as the player will see them: flat when short; else by group, a group of one
    shown as its option, a group longer than a menu split into numbered parts."""
    if len(options) <= FLAT_LIMIT:
        return [Option(o.id, o.label) for o in options]
    sizes: dict[str, int] = {}
    for o in options:
        sizes[o.group] = sizes.get(o.group, 0) + 1
    out, seen = [], {}
    for o in options:
        if not o.group or sizes[o.group] == 1:
            out.append(Option(o.id, o.label))
        elif sizes[o.group] <= GROUP_LIMIT:
            out.append(o)
        else:
            seen[o.group] = seen.get(o.group, 0) + 1
            part = (seen[o.group] - 1) // GROUP_LIMIT + 1
            out.append(Option(o.id, o.label, msg("{group} ({part})", group=o.group, part=part)))
    return out


def is_waiting(ctx: Ctx, t: Task) -> bool:
    return t.kind == WAIT or (t.kind in WAITS and WAITS[t.kind](ctx, t))


def top_decision(ctx: Ctx) -> Decision | None:
    stack = ctx.stack
    if not stack:
        return None
    t = stack[-1]
    if is_waiting(ctx, t):
        return None
    decide = DECIDE.get(t.kind)
    return decide(ctx, t) if decide else None


def pending(state: WTState) -> list[Decision]:
    ctx = Ctx(state)
    if state.stack and state.stack[-1].kind == PARALLEL:
        found = []
        for seat in sorted(state.lanes):
            d = top_decision(ctx.in_lane(seat))
            if d is not None:
                found.append(d)
        return found
    d = top_decision(ctx)
    return [d] if d else []


def advance(ctx: Ctx) -> None:
    """Run automatic tasks until decisions are needed or the game is over."""
    s = ctx.s
    while s.stack:
        top = s.stack[-1]
        if top.kind == PARALLEL:
            # A lane that runs may change what another lane waits on: go round until quiet.
            while any([_advance_stack(ctx.in_lane(seat)) for seat in sorted(s.lanes)]):
                pass
            if any(s.lanes.values()):
                return
            s.stack.pop()
            s.lanes = {}
            continue
        if top_decision(ctx) is not None:
            return
        s.stack.pop()
        RUN[top.kind](ctx, top)


def _advance_stack(ctx: Ctx) -> bool:
    """Run the lane's automatic steps; True if any ran."""
    ran = False
    while ctx.stack:
        top = ctx.stack[-1]
        if is_waiting(ctx, top) or top_decision(ctx) is not None:
            return ran
        ctx.stack.pop()
        RUN[top.kind](ctx, top)
        ran = True
    return ran


def choose(state: WTState, seat: int, option_id: str) -> list[Event]:
    """Apply a choice of the player at `seat` to the task waiting on him."""
    ctx = Ctx(state)
    if state.stack and state.stack[-1].kind == PARALLEL:
        ctx = ctx.in_lane(seat)
    t = ctx.stack.pop()
    CHOOSE[t.kind](ctx, t, option_id)
    main = Ctx(state, ctx.events)
    advance(main)
    return main.events
