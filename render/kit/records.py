"""Recording what a drawing puts on an image: every text (to measure the smallest and check
none is cut) and the kind of every mark (to check the key explains each)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class TextMark:
    """One piece of text as drawn: what, at which font size, and its box on the image; for a
    number read from the game, `means` names it (e.g. ("army_strength", "Ann", "byzantine")) so
    a test can check the board against the engine's own figure."""

    content: str
    size: int
    box: tuple[float, float, float, float]
    means: tuple = ()


@dataclass
class Drawn:
    """What a drawing put on an image, recorded while `recording()` is active: every text (to
    measure the smallest and check none is cut) and the kind of every mark (to check the key
    explains each)."""

    texts: list[TextMark]
    marks: set[str]

    def extend(self, other: Drawn) -> None:
        self.texts.extend(other.texts)
        self.marks |= other.marks


# Per thread (the bot renders in a thread pool): the records being filled, innermost last.
_RECORDS: ContextVar[tuple[Drawn, ...]] = ContextVar("render_records", default=())


@contextmanager
def recording(*, layer: bool = False) -> Iterator[Drawn]:
    """Record every text and mark drawn in this block (and in the blocks it calls). With
    `layer`, for a cached layer: only this record gets them, not the records of the blocks
    around it (whoever pastes the layer replays them, so the first render, which draws the
    layer inside its own recording, would otherwise count them twice)."""
    record = Drawn([], set())
    outer = () if layer else _RECORDS.get()
    token = _RECORDS.set(outer + (record,))
    try:
        yield record
    finally:
        _RECORDS.reset(token)


def recording_active() -> bool:
    return bool(_RECORDS.get())


def mark(kind: str) -> None:
    """Note that a mark of `kind` (a key of the game's key table) was drawn."""
    for record in _RECORDS.get():
        record.marks.add(kind)


def replay(drawn: Drawn) -> None:
    """Count a cached layer's texts and marks as drawn again (it is pasted, not redrawn)."""
    for record in _RECORDS.get():
        record.extend(drawn)
