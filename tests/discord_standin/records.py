"""What the stand-in records besides messages: interactions and the bot's answers to them,
violations of Discord's rules, requests, and registered commands."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from .message_record import EPHEMERAL, Attachment, Message
from .world import Member, User


@dataclass
class Response:
    """One interaction callback, as the bot sent it."""

    type: int
    data: dict[str, Any]
    files: list[Attachment]
    latency: float  # seconds from the interaction's creation
    message: Message | None = None  # the message the callback created or updated

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components") or []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete suggestions (type 8)."""
        return self.data.get("choices") or []


class Interaction:
    """An interaction a test member started, and everything the bot answered to it."""

    def __init__(self, *, id: int, token: str, type: int, payload: dict[str, Any], member: Member | None,
                 user: User, channel_id: int, deadline: float) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.payload = payload
        self.member = member
        self.user = user
        self.channel_id = channel_id
        self.deadline = deadline
        self.created = time.monotonic()
        self.callbacks: list[Response] = []
        self.original: Message | None = None  # what @original refers to
        self.followups: list[Message] = []
        self.first_attachment_latency: float | None = None
        self.delivered = False  # sent to a connected bot over the gateway
        self.source_message: Message | None = None  # the message whose component was used
        self.command_name: str | None = None
        self.modal: dict[str, Any] | None = None  # the modal the bot opened in answer (callback 9)
        loop = asyncio.get_running_loop()
        self._first: asyncio.Future[Response] = loop.create_future()
        self._answer: asyncio.Future[Message] = loop.create_future()

    @property
    def age(self) -> float:
        return time.monotonic() - self.created

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def first_response_latency(self) -> float | None:
        return self.callbacks[0].latency if self.callbacks else None

    @property
    def response(self):
        """Await this for the first callback (a `Response`); fails if the bot never answers in time."""
        return self.wait_response()

    async def wait_response(self, timeout: float | None = None) -> Response:
        timeout = self.deadline + 2.0 if timeout is None else timeout
        try:
            return await asyncio.wait_for(asyncio.shield(self._first), timeout)
        except TimeoutError:
            where = "delivered" if self.delivered else "never delivered: no bot was connected to the gateway"
            raise AssertionError(f"interaction {self.id} ({where}) got no response within {timeout:.1f}s") from None

    async def result(self, timeout: float = 10.0) -> Message:
        """The message a player finally sees as the answer: the reply, the updated message after a
        deferral is edited, or the first follow-up."""
        try:
            return await asyncio.wait_for(asyncio.shield(self._answer), timeout)
        except TimeoutError:
            raise AssertionError(f"interaction {self.id} got no visible answer within {timeout:.1f}s "
                                 f"(callbacks: {[c.type for c in self.callbacks]})") from None

    def _record_answer(self, message: Message) -> None:
        if not self._answer.done():
            self._answer.set_result(message)

    def _record_callback(self, response: Response) -> None:
        self.callbacks.append(response)
        if not self._first.done():
            self._first.set_result(response)

    def __repr__(self) -> str:
        return f"<Interaction id={self.id} type={self.type} callbacks={[c.type for c in self.callbacks]}>"


@dataclass
class Violation:
    """Something the bot sent that Discord would refuse or that breaks a documented limit."""

    kind: str
    detail: str
    method: str = ""
    path: str = ""
    interaction_id: int | None = None

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail} ({self.method} {self.path})"


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    started: float
    duration: float
    upload_sizes: list[int] = field(default_factory=list)


@dataclass
class RegisteredCommand:
    """An application command as the bot registered it (global when guild_id is None)."""

    id: int
    name: str
    type: int
    payload: dict[str, Any]
    guild_id: int | None = None
    version: int = 0

    @property
    def options(self) -> list[dict[str, Any]]:
        return self.payload.get("options") or []

    def option(self, path: str) -> dict[str, Any]:
        """The option definition at a space-separated path, e.g. "new game" -> option game of subcommand new."""
        options = self.options
        found: dict[str, Any] = {}
        for part in path.split():
            found = next((o for o in options if o["name"] == part), {})
            if not found:
                raise KeyError(f"/{self.name} has no option {path!r}")
            options = found.get("options") or []
        return found
