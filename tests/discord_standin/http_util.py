"""Small helpers shared by the route modules: Discord-shaped error bodies and id parsing."""

from __future__ import annotations

from typing import Any

from aiohttp import web

API = "/api/v10"


def error(status: int, code: int, message: str, **extra: Any) -> web.Response:
    return web.json_response({"message": message, "code": code, **extra}, status=status)


def not_found(code: int, what: str) -> web.Response:
    # Discord's codes: 10003 Unknown Channel, 10008 Unknown Message, 10015 Unknown Webhook,
    # 10062 Unknown interaction, 10063 Unknown application command.
    return error(404, code, f"Unknown {what}")


def snowflake_arg(request: web.Request, name: str) -> int | None:
    value = request.match_info.get(name, "")
    return int(value) if value.isdigit() else None
