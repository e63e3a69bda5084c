"""The pieces every task-stack game shares: handler registries by task kind, and the context
base with the stack helpers and event narration.

A game keeps the steps of an unfinished action as plain data on a stack in its state. Each
kind of step either waits on a decision (a `decides` handler builds it, a `chooses` handler
applies the answer) or runs by itself (a `runs` handler). A `decides` handler may return None
to say "nothing to ask this time": the step then runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Decision, Event, Option


class Handlers:
    """One game's handlers, registered by task kind with decorators."""

    def __init__(self) -> None:
        self.decide: dict[str, Callable[..., Decision | None]] = {}
        self.choose: dict[str, Callable[..., None]] = {}
        self.run: dict[str, Callable[..., None]] = {}

    def decides(self, kind: str):
        return self._register(self.decide, kind)

    def chooses(self, kind: str):
        return self._register(self.choose, kind)

    def runs(self, kind: str):
        return self._register(self.run, kind)

    @staticmethod
    def _register(table: dict, kind: str):
        def register(fn):
            if kind in table:
                raise ValueError(f"a handler for '{kind}' is already registered")
            table[kind] = fn
            return fn
        return register


class TaskContext:
    """The state being changed and the events narrating the change."""

    def __init__(self, events: list[Event] | None = None):
        self.events: list[Event] = events if events is not None else []

    @property
    def stack(self) -> list:
        raise NotImplementedError

    def then(self, *tasks) -> None:
        """Schedule tasks to run in the order given, before whatever was already waiting."""
        for task in reversed(tasks):
            self.stack.append(task)

    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind=kind, text=text, data=data))


def make_decision(player: str, prompt: str, options: list[Option], kind: str) -> Decision:
    if not options:
        raise RuntimeError(f"a '{kind}' decision for {player} has no options")
    return Decision(player=player, prompt=prompt, options=tuple(options), kind=kind)
