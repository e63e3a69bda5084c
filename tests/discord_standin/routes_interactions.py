"""Interaction callbacks and the interaction webhook: follow-ups and edits of @original.

Enforces what Discord enforces: the first callback within the deadline (3 s), exactly one callback
per interaction (40060 after that), callback types that fit the interaction, follow-ups only after
the interaction was acknowledged, and message limits on everything.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .http_util import API, error, not_found, snowflake_arg
from .message_record import EPHEMERAL, LOADING
from .records import Interaction, Response, Violation

if TYPE_CHECKING:
    from .message_record import Message
    from .server import StandIn

# Interaction types and callback types (https://discord.com/developers/docs/interactions/receiving-and-responding).
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
TOKEN_LIFETIME = 15 * 60  # interaction tokens work for follow-ups for 15 minutes


def add_routes(app: web.Application, s: StandIn) -> None:
    r = app.router
    world, store, messaging = s.world, s.store, s.messaging

    def violation(kind: str, detail: str, request: web.Request, ix: Interaction | None) -> None:
        store.violation(Violation(kind, detail, request.method, request.path, ix.id if ix else None))

    def metadata(ix: Interaction) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(ix.id),
            "type": ix.type,
            "user": ix.payload.get("member", {}).get("user") or ix.payload.get("user"),
            "authorizing_integration_owners": {"0": ix.payload["guild_id"]} if "guild_id" in ix.payload else {},
        }
        if ix.command_name:
            data["name"] = ix.command_name
        if ix.source_message is not None:
            data["interacted_message_id"] = str(ix.source_message.id)
        return data

    async def callback(request: web.Request) -> web.Response:
        ix = store.interactions.get(snowflake_arg(request, "interaction_id") or 0)
        if ix is None or ix.token != request.match_info["token"]:
            return not_found(10062, "interaction")
        age = ix.age
        if ix.acknowledged:
            violation("double_ack", f"second callback for interaction {ix.id}", request, ix)
            return error(400, 40060, "Interaction has already been acknowledged.")
        if age > ix.deadline:
            violation("deadline", f"first response after {age:.2f}s (limit {ix.deadline:.0f}s)", request, ix)
            return not_found(10062, "interaction")
        body = await s.read_body(request)
        kind = int(body.payload.get("type", 0))
        data = body.payload.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(ix.type, set()):
            violation("callback_type", f"callback type {kind} is not valid for interaction type {ix.type}", request, ix)
            return error(400, 50035, "Invalid Form Body",
                         errors={"type": {"_errors": [{"code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                                       "message": "Interaction response type is invalid"}]}})
        if ix.type == MODAL_SUBMIT and kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and ix.source_message is None:
            violation("callback_type", "a modal opened by a command has no message to update", request, ix)
            return error(400, 50035, "Invalid Form Body")
        if kind == AUTOCOMPLETE_RESULT:
            messaging.refuse_if(limits.check_choices(data), request.method, request.path, ix.id)
        elif kind == MODAL:
            messaging.refuse_if(limits.check_modal(data), request.method, request.path, ix.id)
        elif kind in (MESSAGE, UPDATE_MESSAGE):
            messaging.check(data, body.uploads, needs_body=kind == MESSAGE, method=request.method,
                            path=request.path, interaction_id=ix.id)

        channel = world.channels[ix.channel_id]
        message: Message | None = None
        if kind == MESSAGE:
            message = await messaging.create(channel, world.app.user, data, body.uploads, webhook_id=world.app.id,
                                             interaction_id=ix.id, interaction_metadata=metadata(ix),
                                             type=20 if ix.type == APPLICATION_COMMAND else 0)
            ix.original = message
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = await messaging.create(channel, world.app.user, {}, [], webhook_id=world.app.id,
                                             interaction_id=ix.id, interaction_metadata=metadata(ix),
                                             type=20 if ix.type == APPLICATION_COMMAND else 0, extra_flags=flags)
            ix.original = message
        elif kind == MODAL:
            ix.modal = data  # open on the member's screen until they submit it
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            ix.original = message = ix.source_message
            if kind == UPDATE_MESSAGE and message is not None:
                await messaging.edit(message, data, body.uploads)

        response = Response(type=kind, data=data, files=list(message.attachments) if message and body.uploads else [],
                            latency=time.monotonic() - ix.created, message=message)
        ix._record_callback(response)
        if kind in (MESSAGE, UPDATE_MESSAGE) and message is not None:
            ix._record_answer(message)
        store.changed()

        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        result: dict[str, Any] = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.type,
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
            if kind != DEFERRED_UPDATE:
                result["resource"]["message"] = messaging.payload(message)
        return web.json_response(result)

    def webhook_interaction(request: web.Request) -> Interaction | web.Response:
        if snowflake_arg(request, "application_id") != world.app.id:
            return not_found(10015, "Webhook")
        ix = store.interactions_by_token.get(request.match_info["token"])
        if ix is None:
            return not_found(10015, "Webhook")
        if ix.age > TOKEN_LIFETIME:
            violation("token_expired", f"interaction token used after {ix.age:.0f}s", request, ix)
            return error(401, 50027, "Invalid Webhook Token")
        if not ix.acknowledged:
            violation("not_acknowledged", "webhook call before the interaction was answered", request, ix)
            return not_found(10015, "Webhook")
        return ix

    async def followup(request: web.Request) -> web.Response:
        ix = webhook_interaction(request)
        if isinstance(ix, web.Response):
            return ix
        body = await s.read_body(request)
        messaging.check(body.payload, body.uploads, needs_body=True, method=request.method, path=request.path,
                        interaction_id=ix.id)
        if ix.callbacks[0].type == DEFERRED_MESSAGE and ix.original is not None and ix.original.loading:
            # After a deferred message response, the first follow-up replaces the "thinking..."
            # message (keeping its id and its ephemerality) instead of posting a new one.
            message = await messaging.edit(ix.original, {**body.payload, "flags": None}, body.uploads,
                                           clear_flags=LOADING)
        else:
            message = await messaging.create(world.channels[ix.channel_id], world.app.user, body.payload,
                                             body.uploads, webhook_id=world.app.id, interaction_id=ix.id,
                                             interaction_metadata=metadata(ix))
        ix.followups.append(message)
        ix._record_answer(message)
        store.changed()
        if request.query.get("wait") in ("1", "true", "True"):
            return web.json_response(messaging.payload(message))
        return web.Response(status=204)

    async def webhook_message(request: web.Request) -> web.Response:
        ix = webhook_interaction(request)
        if isinstance(ix, web.Response):
            return ix
        wanted = request.match_info["message_id"]
        if wanted == "@original":
            message = ix.original
        else:
            message = next((m for m in [ix.original, *ix.followups] if m is not None and str(m.id) == wanted), None)
        if message is None or message.deleted:
            return not_found(10008, "Message")
        if request.method == "DELETE":
            await messaging.delete(message)
            store.changed()
            return web.Response(status=204)
        if request.method == "PATCH":
            body = await s.read_body(request)
            messaging.check(body.payload, body.uploads, needs_body=False, method=request.method, path=request.path,
                            interaction_id=ix.id)
            was_deferred = message.loading or ix.callbacks[0].type == DEFERRED_UPDATE
            await messaging.edit(message, body.payload, body.uploads, clear_flags=LOADING)
            if was_deferred or wanted == "@original":
                ix._record_answer(message)
            store.changed()
        return web.json_response(messaging.payload(message))

    r.add_post(f"{API}/interactions/{{interaction_id}}/{{token}}/callback", callback)
    r.add_post(f"{API}/webhooks/{{application_id}}/{{token}}", followup)
    for method in ("GET", "PATCH", "DELETE"):
        r.add_route(method, f"{API}/webhooks/{{application_id}}/{{token}}/messages/{{message_id}}", webhook_message)
