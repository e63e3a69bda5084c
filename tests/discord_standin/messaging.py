"""Creating, editing and deleting messages, shared by the channel routes and the interaction webhooks.

Checks every body against Discord's limits first; a refused body is recorded as violations and
never becomes a message. Accepted messages are stored and announced on the gateway as Discord does.
"""

from __future__ import annotations

import io
import mimetypes
from typing import Any

from PIL import Image

from . import limits, payloads
from .bodies import Upload
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES, Gateway
from .ids import snowflake
from .mentions import pings
from .message_record import EPHEMERAL, Attachment, Message, MessageVersion
from .records import Violation
from .store import Store
from .world import DM, Channel, User, World


class Refused(Exception):
    """The body breaks Discord's limits; carries the 400 body to answer with."""

    def __init__(self, body: dict[str, Any]) -> None:
        super().__init__(body.get("message"))
        self.body = body


class Messaging:
    def __init__(self, world: World, store: Store, gateway: Gateway) -> None:
        self.world = world
        self.store = store
        self.gateway = gateway
        self.cdn_base = ""  # set by the server: where attachment URLs point

    def check(self, payload: dict[str, Any], uploads: list[Upload], *, needs_body: bool, method: str, path: str,
              interaction_id: int | None = None) -> None:
        problems = limits.check_message(payload, [len(u.data) for u in uploads], needs_body=needs_body)
        problems += [("allowed_mentions", "allowed_mentions", p)
                     for p in pings(str(payload.get("content") or ""), payload.get("allowed_mentions")).problems]
        self.refuse_if(problems, method, path, interaction_id)

    def refuse_if(self, problems: list[limits.Problem], method: str, path: str, interaction_id: int | None) -> None:
        if not problems:
            return
        for kind, field, message in problems:
            self.store.violation(Violation(kind, f"{field}: {message}", method, path, interaction_id))
        raise Refused(limits.form_errors(problems))

    # -- building --------------------------------------------------------------------------------

    def _attachments(self, channel_id: int, payload: dict[str, Any], uploads: list[Upload],
                     existing: list[Attachment]) -> list[Attachment]:
        by_index = {u.index: u for u in uploads}
        kept = {a.id: a for a in existing}
        listed = payload.get("attachments")
        if listed is None:
            # Without an attachments list, an edit keeps what was there and adds the new files.
            entries: list[dict[str, Any]] = [{"id": a.id} for a in existing] + [{"id": u.index} for u in uploads]
        else:
            entries = listed
        result: list[Attachment] = []
        for entry in entries:
            key = int(entry.get("id", -1))
            if key in kept:
                result.append(kept[key])
            elif key in by_index:
                upload = by_index[key]
                filename = entry.get("filename") or upload.filename
                att_id = snowflake()
                content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
                result.append(Attachment(
                    id=att_id, filename=filename, data=upload.data, content_type=content_type,
                    url=f"{self.cdn_base}/attachments/{channel_id}/{att_id}/{filename}",
                    description=entry.get("description"),
                ))
        return result

    async def create(self, channel: Channel, author: User, payload: dict[str, Any], uploads: list[Upload], *,
                     webhook_id: int | None = None, interaction_id: int | None = None,
                     interaction_metadata: dict[str, Any] | None = None, type: int = 0,
                     extra_flags: int = 0) -> Message:
        flags = int(payload.get("flags") or 0) | extra_flags
        version = MessageVersion(
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments(channel.id, payload, uploads, []),
            flags=flags,
        )
        message = Message(
            id=snowflake(), channel_id=channel.id, guild_id=channel.guild_id, author=author, versions=[version],
            type=type, webhook_id=webhook_id, interaction_id=interaction_id,
            interaction_metadata=interaction_metadata, message_reference=payload.get("message_reference"),
            timestamp=payloads.timestamp(),
        )
        if not message.ephemeral:  # ephemeral messages notify nobody
            found = pings(version.content, payload.get("allowed_mentions"))
            message.pinged_users, message.pinged_roles = found.users, found.roles
            message.pinged_everyone = found.everyone
        self.store.add_message(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
            await self.gateway.dispatch("MESSAGE_CREATE", self.payload(message), intent=self._intent(channel))
        return message

    async def edit(self, message: Message, payload: dict[str, Any], uploads: list[Upload], *,
                   clear_flags: int = 0) -> Message:
        before = message.latest
        flags = (int(payload["flags"]) if payload.get("flags") is not None else before.flags) & ~clear_flags
        # Ephemerality cannot change after the fact.
        flags = (flags & ~EPHEMERAL) | (before.flags & EPHEMERAL)
        version = MessageVersion(
            content=str(payload["content"] or "") if "content" in payload else before.content,
            embeds=list(payload["embeds"] or []) if "embeds" in payload else before.embeds,
            components=list(payload["components"] or []) if "components" in payload else before.components,
            attachments=(self._attachments(message.channel_id, payload, uploads, before.attachments)
                         if "attachments" in payload or uploads else before.attachments),
            flags=flags,
        )
        message.versions.append(version)
        message.edited_timestamp = payloads.timestamp()
        self.store.message_edited(message)
        if not message.ephemeral:
            channel = self.world.channels[message.channel_id]
            await self.gateway.dispatch("MESSAGE_UPDATE", self.payload(message), intent=self._intent(channel))
        return message

    async def delete(self, message: Message) -> None:
        message.deleted = True
        self.store.changed()
        if not message.ephemeral:
            channel = self.world.channels[message.channel_id]
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id:
                data["guild_id"] = str(message.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=self._intent(channel))

    @staticmethod
    def _intent(channel: Channel) -> int:
        return DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES

    # -- JSON ------------------------------------------------------------------------------------

    def payload(self, message: Message) -> dict[str, Any]:
        v = message.latest
        data: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": payloads.user(message.author),
            "content": v.content,
            "timestamp": message.timestamp,
            "edited_timestamp": message.edited_timestamp,
            "tts": False,
            "mention_everyone": message.pinged_everyone,
            "mentions": [payloads.user(self.world.users[u]) for u in message.pinged_users if u in self.world.users],
            "mention_roles": [str(r) for r in message.pinged_roles],
            "mention_channels": [],
            "attachments": [self.attachment_payload(a) for a in v.attachments],
            "embeds": v.embeds,
            "reactions": [],
            "pinned": False,
            "type": message.type,
            "flags": v.flags,
            "components": v.components,
        }
        if message.guild_id:
            data["guild_id"] = str(message.guild_id)
            member = self.world.member(message.guild_id, message.author.id)
            if member is not None and message.webhook_id is None:
                data["member"] = payloads.member(member, with_user=False)
        if message.webhook_id:
            data["webhook_id"] = str(message.webhook_id)
            data["application_id"] = str(self.world.app.id)
        if message.interaction_metadata:
            data["interaction_metadata"] = message.interaction_metadata
        if message.message_reference:
            data["message_reference"] = message.message_reference
        if message.thread_id and message.thread_id in self.world.channels:
            data["thread"] = payloads.channel(self.world.channels[message.thread_id])
        return data

    @staticmethod
    def attachment_payload(a: Attachment) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(a.id),
            "filename": a.filename,
            "size": a.size,
            "url": a.url,
            "proxy_url": a.url,
            "content_type": a.content_type,
        }
        if a.description:
            data["description"] = a.description
        if a.is_image:
            try:
                with Image.open(io.BytesIO(a.data)) as img:  # reads the header only
                    data["width"], data["height"] = img.size
            except Exception:  # noqa: BLE001 - a broken image is the bot's problem, shown by message.image()
                pass
        return data
