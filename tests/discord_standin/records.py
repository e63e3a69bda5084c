"""What the stand-in records: messages with every version and attachment, interactions and their answers.

Tests read these; nothing here talks to the network.
"""

from __future__ import annotations

import asyncio
import io
import time
from dataclasses import dataclass, field
from typing import Any

from .world import Member, User

EPHEMERAL = 1 << 6
LOADING = 1 << 7  # the "Bot is thinking..." placeholder of a deferred response


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def is_image(self) -> bool:
        return self.content_type.startswith("image/") or self.filename.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".webp"))

    def image(self):
        """The decoded image (PIL.Image.Image), fully loaded so a corrupt file fails here."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool = False
    url: str | None = None
    emoji: str | None = None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False
    type: int = 3


def walk_components(components: list[dict[str, Any]]):
    """Every component, depth first: action rows and the layout components of components v2 nest."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components", []))
        if isinstance(comp.get("accessory"), dict):
            yield comp["accessory"]


@dataclass
class MessageVersion:
    """The message as it stood after one create or edit."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    at: float = field(default_factory=time.monotonic)


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    versions: list[MessageVersion]
    type: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None  # the interaction whose response or follow-up this is
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    timestamp: str = ""
    edited_timestamp: str | None = None
    deleted: bool = False
    thread_id: int | None = None  # a thread started from this message

    @property
    def latest(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.latest.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.latest.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.latest.components

    @property
    def attachments(self) -> list[Attachment]:
        return self.latest.attachments

    @property
    def flags(self) -> int:
        return self.latest.flags

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def author_is_bot(self) -> bool:
        return self.author.bot

    @property
    def edited(self) -> bool:
        return len(self.versions) > 1

    def image(self, index: int = 0):
        """The decoded PNG (or other image) attachment number `index` among the image attachments."""
        images = [a for a in self.attachments if a.is_image]
        if len(images) <= index:
            raise AssertionError(f"message {self.id} has {len(images)} image attachment(s): {self.content[:80]!r}")
        return images[index].image()

    def buttons(self) -> list[Button]:
        return [
            Button(
                label=c.get("label"),
                custom_id=c.get("custom_id"),
                style=c.get("style", 1),
                disabled=bool(c.get("disabled", False)),
                url=c.get("url"),
                emoji=(c.get("emoji") or {}).get("name"),
            )
            for c in walk_components(self.components)
            if c.get("type") == 2
        ]

    def selects(self) -> list[Select]:
        return [
            Select(
                custom_id=c.get("custom_id", ""),
                placeholder=c.get("placeholder"),
                options=tuple(
                    SelectOption(o.get("label", ""), o.get("value", ""), o.get("description"), bool(o.get("default")))
                    for o in c.get("options", [])
                ),
                min_values=c.get("min_values", 1),
                max_values=c.get("max_values", 1),
                disabled=bool(c.get("disabled", False)),
                type=c.get("type", 3),
            )
            for c in walk_components(self.components)
            if c.get("type") in (3, 5, 6, 7, 8)
        ]

    def button(self, label_or_custom_id: str) -> Button:
        for b in self.buttons():
            if label_or_custom_id in (b.label, b.custom_id):
                return b
        offered = [b.label or b.custom_id for b in self.buttons()]
        raise AssertionError(f"no button {label_or_custom_id!r} on message {self.id}; offered: {offered}")

    def select(self, custom_id_or_placeholder: str) -> Select:
        for s in self.selects():
            if custom_id_or_placeholder in (s.custom_id, s.placeholder):
                return s
        offered = [s.placeholder or s.custom_id for s in self.selects()]
        raise AssertionError(f"no select {custom_id_or_placeholder!r} on message {self.id}; offered: {offered}")

    def __repr__(self) -> str:
        return (
            f"<Message id={self.id} channel={self.channel_id} bot={self.author_is_bot} "
            f"content={self.content[:60]!r} files={[a.filename for a in self.attachments]} "
            f"buttons={[b.label or b.custom_id for b in self.buttons()]}>"
        )


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
