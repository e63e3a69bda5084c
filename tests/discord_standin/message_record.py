"""A recorded message with every version and attachment, and how a person reads it: text,
decoded images, buttons and selects. Tests read these; nothing here talks to the network."""

from __future__ import annotations

import io
import time
from dataclasses import dataclass, field
from typing import Any

from .world import User

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
    wall: float = field(default_factory=time.time)  # when, as snowflakes tell it (ids.py)


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
    pinged_users: tuple[int, ...] = ()  # who got a notification when it was posted
    pinged_roles: tuple[int, ...] = ()
    pinged_everyone: bool = False
    nonce: str | None = None  # given with enforce_nonce: a second post with it returns this one
    created_at: float = field(default_factory=time.monotonic)

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
