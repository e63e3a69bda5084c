"""A choice's delivered mark (docs/operations.md, crash recovery), written in the same transaction
as the choice's last message note: the publisher knows which write of a delivery is its last
(the last edit's note when nothing is posted after it, the last post's, or the last outdated
prompt retired) and hands the mark to it. A choice then costs no database write more than before
(issue 30); a crash before that write leaves the choice unmarked, and the restart finishes its
delivery (Service.unposted)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar

Mark = tuple[int, int]  # (game id, choice seq)
# Writes a note or a forget, with the mark when given; logs its own failure and returns False.
Write = Callable[[Mark | None], Awaitable[bool]]


class Delivery:
    """One outcome's delivery, for its writes to know whether they are its last."""

    def __init__(self, mark: Mark | None, complete: Callable[[], bool]):
        self.mark = mark
        self.complete = complete  # no post failed to be built or noted so far
        self.retiring = False  # outdated prompts are retired (forgotten) after the posts
        self.marked = False
        self.done = False  # every post and edit went out


_current: ContextVar[Delivery | None] = ContextVar("delivery", default=None)


def retiring(value: bool) -> None:
    delivery = _current.get()
    if delivery is not None:
        delivery.retiring = value


def before_retiring() -> bool:
    """Whether outdated prompts are retired after the posts (so a post's note is not the last)."""
    delivery = _current.get()
    return delivery is not None and delivery.retiring


async def write(attempt: Write, *, last: bool = False) -> None:
    """Write a note or a forget; the delivery's `last` write carries the choice's mark."""
    delivery = _current.get()
    if last and delivery is not None and delivery.mark is not None and not delivery.marked and delivery.complete():
        delivery.marked = await attempt(delivery.mark)
    else:
        await attempt(None)


@contextlib.asynccontextmanager
async def delivering(mark: Mark | None, complete: Callable[[], bool],
                     alone: Callable[[Mark], Awaitable[None]]) -> AsyncIterator[Delivery]:
    """The writes within belong to one delivery. At the end, a delivery `done` and `complete()`
    whose mark no write carried (none was the last, or nothing was noted) writes it `alone`."""
    delivery = Delivery(mark, complete)
    token = _current.set(delivery)
    try:
        yield delivery
    finally:
        _current.reset(token)
    if mark is not None and delivery.done and not delivery.marked and complete():
        await alone(mark)
