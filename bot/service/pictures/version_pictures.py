"""The pictures of each game version, drawn once (issue 30).

A turn message carries the close-up of its version; the whole board is drawn only when someone
asks for it (the Full board button, /game map, a board thread's post). Both are kept here by
version, so an edit in place, a re-post or the next asker of the same version gets the bytes
without drawing again, and two askers at the same moment share one drawing.

A version is the game, its number of choices and when its last choice was stored: after an
undo a new choice gets the same number but another time, so a picture of the old branch is
never shown for it. Only the newest version of each game is kept (older ones are what the
history view draws, from the stored choices), within a bound in bytes for all the games.

The events of the change that made a version are noted with it: a board asked for later
(the Full board button) is drawn with the same highlight as the close-up of its turn message.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any

from bot.storage.records import LoadedGame

# A full board is about 270 KB (Byzantium), a close-up 30 KB: room for the close-ups of a hundred
# live games and a score of full boards (the second asker of a version comes soon after the first),
# a small part of the process's memory (issue 30: not above the 285 MiB measured before).
KEEP_BYTES = 8 * 1024 * 1024

Version = tuple[int, int, datetime | None]  # game id, choices made, when the last was stored


def version_of(loaded: LoadedGame) -> Version:
    return (loaded.id, loaded.seq, loaded.last_choice_at)


class VersionPictures:
    def __init__(self, keep_bytes: int = KEEP_BYTES):
        self.keep_bytes = keep_bytes
        # (version, kind, lang) -> the drawing (a task, so a second asker awaits the first's)
        self._kept: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        self._newest: dict[int, Version] = {}  # game id -> the newest version kept
        self._events: dict[int, tuple[Version, tuple[Any, ...]]] = {}  # game id -> its change's events
        self.draws = 0  # drawings started (the tests count them)

    def note_change(self, loaded: LoadedGame, events: Sequence[Any]) -> None:
        """The public events of the change that made `loaded`'s version (its highlight)."""
        if events:
            self._events[loaded.id] = (version_of(loaded), tuple(events))

    def events_of(self, loaded: LoadedGame) -> tuple[Any, ...]:
        """The noted events of `loaded`'s version, or none (not noted by this process)."""
        version, events = self._events.get(loaded.id, (None, ()))
        return events if version == version_of(loaded) else ()

    async def get(self, loaded: LoadedGame, kind: str, lang: str,
                  draw: Callable[[], Awaitable[bytes | None]]) -> bytes | None:
        """The `kind` picture of `loaded`'s version in `lang`: kept, being drawn, or drawn now by
        `draw()`. Nothing is kept for a drawing that gave no picture (it may work next time)."""
        version = version_of(loaded)
        key = (version, kind, lang)
        drawing = self._kept.get(key)
        if drawing is None:
            self._forget_older(loaded.id, version)
            self.draws += 1
            drawing = asyncio.ensure_future(draw())
            self._kept[key] = drawing
            try:
                picture = await asyncio.shield(drawing)
            except BaseException:
                if drawing.done():  # the drawing failed (not just this asker cancelled): forget it
                    self._kept.pop(key, None)
                raise
            if picture is None:
                self._kept.pop(key, None)
            self._trim()
            return picture
        self._kept.move_to_end(key)
        return await asyncio.shield(drawing)

    def _forget_older(self, game_id: int, version: Version) -> None:
        newest = self._newest.get(game_id)
        if newest == version or (newest is not None and version[1] < newest[1]):
            return  # the newest already, or an older one asked late: the newest stays kept
        self._newest[game_id] = version
        for key in [k for k in self._kept if k[0][0] == game_id and k[0] != version]:
            del self._kept[key]

    def _size(self) -> int:
        return sum(len(d.result() or b"") for d in self._kept.values()
                   if d.done() and not d.cancelled() and d.exception() is None)

    def _trim(self) -> None:
        """The least recently asked pictures go first while the kept bytes are over the bound."""
        size = self._size()
        while size > self.keep_bytes and len(self._kept) > 1:
            key, drawing = next(iter(self._kept.items()))
            if not drawing.done():
                self._kept.move_to_end(key)  # still being drawn: someone is waiting for it
                continue
            del self._kept[key]
            if not drawing.cancelled() and drawing.exception() is None:
                size -= len(drawing.result() or b"")


class KeptSteps:
    """The history view's drawings of past steps (a close-up and the whole board each), kept so
    that stepping back and forth, or a second member looking at the same step, draws nothing
    again. A step is the game, its number and when that choice was stored (an undo and a new
    choice make another step of the same number); the least recently shown go first past
    `keep_bytes`."""

    def __init__(self, keep_bytes: int = KEEP_BYTES // 2):
        self.keep_bytes = keep_bytes
        self._kept: OrderedDict[tuple, asyncio.Future] = OrderedDict()

    async def get(self, key: tuple, draw: Callable[[], Awaitable[Any]], size: Callable[[Any], int]) -> Any:
        """The drawing kept under `key`, being drawn, or drawn now; `size` tells its bytes. A
        drawing that fails (raises) is not kept."""
        drawing = self._kept.get(key)
        if drawing is not None:
            self._kept.move_to_end(key)
            return await asyncio.shield(drawing)
        drawing = asyncio.ensure_future(draw())
        self._kept[key] = drawing
        try:
            result = await asyncio.shield(drawing)
        except BaseException:
            if drawing.done():
                self._kept.pop(key, None)
            raise
        total = sum(size(d.result()) for d in self._kept.values()
                    if d.done() and not d.cancelled() and d.exception() is None)
        while total > self.keep_bytes and len(self._kept) > 1:
            old_key, old = next(iter(self._kept.items()))
            if not old.done():
                self._kept.move_to_end(old_key)
                continue
            del self._kept[old_key]
            if not old.cancelled() and old.exception() is None:
                total -= size(old.result())
        return result
