"""The stand-in's memory of everything that happened, and a way to wait for something to happen."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from .message_record import Message
from .records import Interaction, RegisteredCommand, RequestRecord, Violation

T = TypeVar("T")


class Store:
    def __init__(self) -> None:
        self.messages: dict[int, Message] = {}
        self._by_channel: dict[int, list[Message]] = {}  # the same messages per channel, oldest first
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.global_commands: dict[str, RegisteredCommand] = {}
        self.guild_commands: dict[int, dict[str, RegisteredCommand]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []  # (guild id or None, names) per bulk PUT
        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.faults: list[str] = []  # one line per injected fault, in order
        self.nonce_repeats: list[int] = []  # messages returned again for a repeated enforced nonce
        self._waiters: list[asyncio.Future[None]] = []
        # Interactions per channel still waiting for their first message with a file (for latency).
        self._awaiting_file: dict[int, list[Interaction]] = {}

    # -- recording -------------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake every waiter so it re-checks its condition."""
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    def add_message(self, message: Message) -> None:
        self.messages[message.id] = message
        self._by_channel.setdefault(message.channel_id, []).append(message)
        self._note_attachment(message)
        self.changed()

    def message_edited(self, message: Message) -> None:
        # Only an edit that adds a file counts as "posting" one (an update keeping the old board does not).
        before = {a.id for a in message.versions[-2].attachments} if len(message.versions) > 1 else set()
        if any(a.id not in before for a in message.attachments):
            self._note_attachment(message)
        self.changed()

    def violation(self, violation: Violation) -> None:
        self.violations.append(violation)
        self.changed()

    def fault(self, line: str) -> None:
        self.faults.append(f"{time.monotonic():.3f} {line}")

    def _note_attachment(self, message: Message) -> None:
        """Latency from each pending interaction in the channel to the first message carrying a file there.

        Used by load tests for "interaction -> board posted". Concurrent interactions in one channel
        share the first such message.
        """
        if not message.attachments or message.ephemeral:
            return
        now = time.monotonic()
        for ix in self._awaiting_file.pop(message.channel_id, []):
            ix.first_attachment_latency = now - ix.created

    def add_interaction(self, ix: Interaction) -> None:
        self.interactions[ix.id] = ix
        self.interactions_by_token[ix.token] = ix
        self._awaiting_file.setdefault(ix.channel_id, []).append(ix)

    # -- reading ---------------------------------------------------------------------------------

    def channel_messages(self, channel_id: int, *, include_ephemeral: bool = False,
                         include_deleted: bool = False) -> list[Message]:
        # Per channel, so waiting on one channel stays cheap with thousands of messages elsewhere
        # (the load benchmark plays 50 games at once).
        return [
            m for m in self._by_channel.get(channel_id, ())
            if (include_ephemeral or not m.ephemeral)
            and (include_deleted or not m.deleted)
        ]

    async def wait_until(self, check: Callable[[], T], timeout: float, what: str = "condition") -> T:
        """Return check()'s first truthy value, re-checking after every recorded change."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = check()
            if value:
                return value
            remaining = end - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout:.1f}s waiting for {what}")
            fut = loop.create_future()
            self._waiters.append(fut)
            try:
                # Re-check at least every 0.2 s: some conditions depend on things outside the store
                # (a subprocess exiting, a client task failing).
                await asyncio.wait_for(fut, min(remaining, 0.2))
            except TimeoutError:
                pass
