"""The requests a process is answering, so that a stop (SIGTERM from systemd or Docker, Ctrl-C)
finishes them before it closes Discord's connection and the database (issue 25)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class InFlight:
    """A count of the requests being answered, and a wait until there are none."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def request(self) -> AsyncIterator[None]:
        self.count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.count -= 1
            if self.count == 0:
                self._idle.set()

    async def finished(self, timeout: float) -> bool:
        """Wait until no request is in flight (True), or `timeout` seconds (False)."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


def tracked(client) -> contextlib.AbstractAsyncContextManager:
    """The client's count of requests in flight (nothing to count for another client)."""
    counter = getattr(client, "in_flight", None)
    return counter.request() if isinstance(counter, InFlight) else contextlib.nullcontext()
