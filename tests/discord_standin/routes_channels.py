"""Channel routes: messages (create, read, edit, delete, history), threads, DMs, channel and member lookups."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from aiohttp import web

from . import payloads
from .gateway import GUILDS
from .http_util import API, error, not_found, snowflake_arg
from .world import DM, PUBLIC_THREAD, Channel

if TYPE_CHECKING:
    from .message_record import Message
    from .server import StandIn


# How long Discord remembers an enforced nonce ("a few minutes").
NONCE_MINUTES = 5


def add_routes(app: web.Application, s: StandIn) -> None:
    r = app.router
    world, store, messaging = s.world, s.store, s.messaging

    def channel_of(request: web.Request) -> Channel | None:
        return world.channels.get(snowflake_arg(request, "channel_id") or 0)

    def message_of(request: web.Request, channel: Channel) -> Message | None:
        message = store.messages.get(snowflake_arg(request, "message_id") or 0)
        if message is None or message.channel_id != channel.id or message.deleted or message.ephemeral:
            return None
        return message

    async def get_channel(request: web.Request) -> web.Response:
        channel = channel_of(request)
        return web.json_response(payloads.channel(channel)) if channel else not_found(10003, "Channel")

    async def post_message(request: web.Request) -> web.Response:
        channel = channel_of(request)
        if channel is None:
            return not_found(10003, "Channel")
        if channel.type == DM and not all(u.accepts_dms for u in channel.recipients):
            return error(403, 50007, "Cannot send messages to this user")
        body = await s.read_body(request)
        messaging.check(body.payload, body.uploads, needs_body=True, method=request.method, path=request.path)
        nonce = body.payload.get("nonce") if body.payload.get("enforce_nonce") else None
        if nonce is not None:
            # Discord: with enforce_nonce, a message by the same author with the same nonce in the
            # last few minutes is returned instead of posting a second one.
            earlier = next((m for m in store.channel_messages(channel.id) if m.nonce == str(nonce)
                            and m.author.id == world.app.user.id
                            and time.monotonic() - m.created_at < NONCE_MINUTES * 60), None)
            if earlier is not None:
                store.nonce_repeats.append(earlier.id)
                return web.json_response(messaging.payload(earlier))
        message = await messaging.create(channel, world.app.user, body.payload, body.uploads,
                                         type=19 if body.payload.get("message_reference") else 0)
        message.nonce = None if nonce is None else str(nonce)
        return web.json_response(messaging.payload(message))

    async def history(request: web.Request) -> web.Response:
        channel = channel_of(request)
        if channel is None:
            return not_found(10003, "Channel")
        limit = min(100, int(request.query.get("limit", 50)))
        msgs = sorted(store.channel_messages(channel.id), key=lambda m: m.id, reverse=True)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = sorted((m for m in msgs if m.id > int(request.query["after"])), key=lambda m: m.id)
        return web.json_response([messaging.payload(m) for m in msgs[:limit]])

    async def one_message(request: web.Request) -> web.Response:
        channel = channel_of(request)
        if channel is None:
            return not_found(10003, "Channel")
        message = message_of(request, channel)
        if message is None:
            return not_found(10008, "Message")
        if request.method == "DELETE":
            await messaging.delete(message)
            return web.Response(status=204)
        if request.method == "PATCH":
            if message.author.id != world.app.user.id:
                return error(403, 50005, "Cannot edit a message authored by another user")
            body = await s.read_body(request)
            messaging.check(body.payload, body.uploads, needs_body=False, method=request.method, path=request.path)
            await messaging.edit(message, body.payload, body.uploads)
        return web.json_response(messaging.payload(message))

    async def typing(request: web.Request) -> web.Response:
        return web.Response(status=204) if channel_of(request) else not_found(10003, "Channel")

    async def create_thread(request: web.Request) -> web.Response:
        parent = channel_of(request)
        if parent is None:
            return not_found(10003, "Channel")
        if parent.type == DM or parent.is_thread:
            return error(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            return error(400, 50035, "Invalid Form Body", errors={"name": {"_errors": [
                {"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]}})
        starter = None
        if "message_id" in request.match_info:
            starter = message_of(request, parent)
            if starter is None:
                return not_found(10008, "Message")
            if starter.thread_id:
                return error(400, 160004, "A thread has already been created for this message")
        private = int(body.get("type") or PUBLIC_THREAD) == 12 and starter is None
        thread = world.create_thread(parent, name, world.app.user.id, private=private)
        if starter is not None:
            # On Discord a thread started from a message has the message's id.
            del world.channels[thread.id]
            thread.id = starter.id
            world.channels[thread.id] = thread
            starter.thread_id = thread.id
            store.changed()
        data = payloads.channel(thread)
        data["member"] = {"id": str(thread.id), "user_id": str(world.app.user.id),
                          "join_timestamp": thread.created_at, "flags": 0}
        await s.gateway.dispatch("THREAD_CREATE", data | {"newly_created": True}, intent=GUILDS)
        return web.json_response(data, status=201)

    async def join_thread(request: web.Request) -> web.Response:
        channel = channel_of(request)
        return web.Response(status=204) if channel and channel.is_thread else not_found(10003, "Channel")

    async def open_dm(request: web.Request) -> web.Response:
        body = await request.json()
        user = world.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return not_found(10013, "User")
        if user.bot:
            return error(400, 50007, "Cannot send messages to this user")
        return web.json_response(payloads.channel(world.dm_channel(user)))

    async def guild_member(request: web.Request) -> web.Response:
        member = world.member(snowflake_arg(request, "guild_id"), snowflake_arg(request, "user_id") or 0)
        return web.json_response(payloads.member(member)) if member else not_found(10007, "Member")

    async def guild_channels(request: web.Request) -> web.Response:
        guild = world.guild(snowflake_arg(request, "guild_id"))
        if guild is None:
            return not_found(10004, "Guild")
        return web.json_response([payloads.channel(c) for c in guild.channels])

    r.add_get(f"{API}/channels/{{channel_id}}", get_channel)
    r.add_post(f"{API}/channels/{{channel_id}}/messages", post_message)
    r.add_get(f"{API}/channels/{{channel_id}}/messages", history)
    for method in ("GET", "PATCH", "DELETE"):
        r.add_route(method, f"{API}/channels/{{channel_id}}/messages/{{message_id}}", one_message)
    r.add_post(f"{API}/channels/{{channel_id}}/typing", typing)
    r.add_post(f"{API}/channels/{{channel_id}}/threads", create_thread)
    r.add_post(f"{API}/channels/{{channel_id}}/messages/{{message_id}}/threads", create_thread)
    r.add_put(f"{API}/channels/{{channel_id}}/thread-members/@me", join_thread)
    r.add_post(f"{API}/users/@me/channels", open_dm)
    r.add_get(f"{API}/guilds/{{guild_id}}/members/{{user_id}}", guild_member)
    r.add_get(f"{API}/guilds/{{guild_id}}/channels", guild_channels)
