"""Start-up and application routes: who am I, where is the gateway, application info, command sync,
plus the CDN path that serves recorded attachments back (discord.Attachment.read())."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import command_rules, payloads
from .http_util import API, error, not_found, snowflake_arg
from .ids import snowflake
from .records import RegisteredCommand, Violation

if TYPE_CHECKING:
    from .server import StandIn


def add_routes(app: web.Application, s: StandIn) -> None:
    r = app.router
    world, store = s.world, s.store

    async def me(request: web.Request) -> web.Response:
        return web.json_response(payloads.current_user(world.app))

    async def gateway_bot(request: web.Request) -> web.Response:
        return web.json_response({
            "url": s.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
        })

    async def gateway(request: web.Request) -> web.Response:
        return web.json_response({"url": s.gateway_url})

    async def application(request: web.Request) -> web.Response:
        return web.json_response(payloads.application(world.app))

    async def get_user(request: web.Request) -> web.Response:
        user = world.users.get(snowflake_arg(request, "user_id") or 0)
        return web.json_response(payloads.user(user)) if user else not_found(10013, "User")

    # -- application commands --------------------------------------------------------------------

    def scope(request: web.Request) -> tuple[dict[str, RegisteredCommand], int | None] | web.Response:
        if snowflake_arg(request, "application_id") != world.app.id:
            return error(403, 50001, "Missing Access")
        guild_id = snowflake_arg(request, "guild_id")
        if guild_id is None:
            return store.global_commands, None
        if world.guild(guild_id) is None:
            return error(403, 50001, "Missing Access")
        return store.guild_commands.setdefault(guild_id, {}), guild_id

    def command_payload(cmd: RegisteredCommand) -> dict[str, Any]:
        data = {
            "id": str(cmd.id),
            "application_id": str(world.app.id),
            "version": str(cmd.version),
            "type": cmd.type,
            "nsfw": False,
            "default_member_permissions": None,
            "contexts": None,
            "integration_types": [0],
            "description_localizations": None,
            "name_localizations": None,
            **cmd.payload,
        }
        data["id"] = str(cmd.id)
        if cmd.guild_id:
            data["guild_id"] = str(cmd.guild_id)
        return data

    def upsert(commands: dict[str, RegisteredCommand], guild_id: int | None, body: dict[str, Any],
               request: web.Request) -> RegisteredCommand:
        name = str(body.get("name", ""))
        kind = int(body.get("type") or 1)
        if kind == 1:  # a slash command: its names, localized names and descriptions at every level
            for problem in command_rules.command_problems(body):
                store.violation(Violation("command_payload", problem, request.method, request.path))
        old = commands.get(name)
        # Discord keeps a command's id when it is overwritten with the same name.
        cmd = RegisteredCommand(id=old.id if old else snowflake(), name=name, type=kind, payload=body,
                                guild_id=guild_id, version=snowflake())
        commands[name] = cmd
        return cmd

    async def list_commands(request: web.Request) -> web.Response:
        found = scope(request)
        if isinstance(found, web.Response):
            return found
        return web.json_response([command_payload(c) for c in found[0].values()])

    async def bulk_overwrite(request: web.Request) -> web.Response:
        found = scope(request)
        if isinstance(found, web.Response):
            return found
        commands, guild_id = found
        body = await request.json()
        if len(body) > 100:
            store.violation(Violation("command_count", f"{len(body)} commands (max 100)", request.method, request.path))
            return error(400, 30032, "Maximum number of application commands reached (100)")
        for problem in command_rules.level_problems("/", [c for c in body if int(c.get("type") or 1) == 1]):
            store.violation(Violation("command_payload", problem, request.method, request.path))
        previous = dict(commands)
        commands.clear()
        result = []
        for item in body:
            if item.get("name") in previous:
                commands[item["name"]] = previous[item["name"]]
            result.append(command_payload(upsert(commands, guild_id, item, request)))
        store.command_syncs.append((guild_id, [c["name"] for c in body]))
        store.changed()
        return web.json_response(result)

    async def create_command(request: web.Request) -> web.Response:
        found = scope(request)
        if isinstance(found, web.Response):
            return found
        cmd = upsert(found[0], found[1], await request.json(), request)
        store.changed()
        return web.json_response(command_payload(cmd), status=201)

    async def one_command(request: web.Request) -> web.Response:
        found = scope(request)
        if isinstance(found, web.Response):
            return found
        commands = found[0]
        cmd_id = snowflake_arg(request, "command_id")
        cmd = next((c for c in commands.values() if c.id == cmd_id), None)
        if cmd is None:
            return not_found(10063, "application command")
        if request.method == "DELETE":
            del commands[cmd.name]
            store.changed()
            return web.Response(status=204)
        if request.method == "PATCH":
            cmd.payload = {**cmd.payload, **await request.json()}
            store.changed()
        return web.json_response(command_payload(cmd))

    # -- CDN: recorded attachments ---------------------------------------------------------------

    async def attachment(request: web.Request) -> web.Response:
        att_id = snowflake_arg(request, "attachment_id")
        for message in store.messages.values():
            for att in message.attachments:
                if att.id == att_id:
                    return web.Response(body=att.data, content_type=att.content_type)
        return web.Response(status=404, text="Not Found")

    r.add_get(f"{API}/users/@me", me)
    r.add_get(f"{API}/users/{{user_id}}", get_user)
    r.add_get(f"{API}/gateway/bot", gateway_bot)
    r.add_get(f"{API}/gateway", gateway)
    r.add_get(f"{API}/oauth2/applications/@me", application)
    r.add_get(f"{API}/applications/@me", application)
    for prefix in (f"{API}/applications/{{application_id}}", f"{API}/applications/{{application_id}}/guilds/{{guild_id}}"):
        r.add_get(f"{prefix}/commands", list_commands)
        r.add_put(f"{prefix}/commands", bulk_overwrite)
        r.add_post(f"{prefix}/commands", create_command)
        for method in ("GET", "PATCH", "DELETE"):
            r.add_route(method, f"{prefix}/commands/{{command_id}}", one_command)
    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", attachment)
