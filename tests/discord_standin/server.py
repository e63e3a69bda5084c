"""The stand-in server: one aiohttp app on 127.0.0.1 with the REST API under /api/v10 and the
gateway websocket at /. Every request gets Discord's rate-limit headers, passes the fault knobs,
and is recorded; unknown routes answer 404 and are recorded so tests can assert none were hit."""

from __future__ import annotations

import asyncio
import socket
import time

from aiohttp import web

from . import ratelimits, routes_channels, routes_interactions, routes_meta
from .bodies import Body, read_body
from .faults import Faults
from .gateway import Gateway
from .http_util import API, error
from .messaging import Messaging, Refused
from .records import RequestRecord
from .store import Store
from .world import Application, World

# Routes authorised by the interaction token in the path rather than the bot token.
_TOKEN_ROUTES = (f"{API}/webhooks/", f"{API}/interactions/")
_MAJOR_PARAMS = ("channel_id", "guild_id", "application_id", "interaction_id", "token")
UPLOAD_SIZES = web.RequestKey("upload_sizes", list)
LOST_REQUEST_SECONDS = 120.0  # the longest a lost request waits for its client to go away


async def _client_gone(request: web.Request, timeout: float) -> None:
    """Return once the request's client has closed its connection (or after `timeout`)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while request.transport is not None and not request.transport.is_closing() and loop.time() < end:
        await asyncio.sleep(0.05)


class StandIn:
    def __init__(self, *, deadline: float = 3.0, heartbeat_interval_ms: int = 41250,
                 rate_limit: int = 50, rate_window: float = 1.0, app_name: str = "Boardgame Bot") -> None:
        self.world = World(Application.create(app_name))
        self.store = Store()
        self.gateway = Gateway(self.world, self.store, heartbeat_interval_ms=heartbeat_interval_ms)
        self.messaging = Messaging(self.world, self.store, self.gateway)
        self.faults = Faults()
        self.ratelimiter = ratelimits.RateLimiter(rate_limit, rate_window)
        self.deadline = deadline
        self.port = 0
        self._runner: web.AppRunner | None = None

    # -- addresses ---------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What discord.http.Route.BASE must be (and what DISCORD_API_BASE carries)."""
        return f"{self.base_url}{API}"

    @property
    def gateway_url(self) -> str:
        """The websocket URL: DISCORD_API_BASE's host with the ws scheme and the root path."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def token(self) -> str:
        return self.world.app.token

    # -- lifecycle ---------------------------------------------------------------------------------

    async def start(self) -> StandIn:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/gateway", self.gateway.handle)  # bot/discord_ui/app.py derives this path from the API base
        routes_meta.add_routes(app, self)
        routes_channels.add_routes(app, self)
        routes_interactions.add_routes(app, self)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        # Bind the socket ourselves so the port is known and free (port 0 = the OS picks).
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.gateway.url = self.gateway_url
        self.messaging.cdn_base = self.base_url
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> StandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- request plumbing --------------------------------------------------------------------------

    async def read_body(self, request: web.Request) -> Body:
        body = await read_body(request)
        request[UPLOAD_SIZES] = [len(u.data) for u in body.uploads]
        return body

    @web.middleware
    async def _middleware(self, request: web.Request, handler) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/gateway"):
            return await handler(request)  # the gateway websocket
        started = time.monotonic()
        response = await self._answer(request, handler)
        if response.content_type == "application/json":
            # discord.py only parses JSON when the header is exactly this (no "; charset=utf-8").
            response.headers["Content-Type"] = "application/json"
        delay = self.faults.delay_for(path)
        if delay:
            self.store.fault(f"delayed {request.method} {path} by {delay:.2f}s")
            await asyncio.sleep(delay)
        self.store.requests.append(RequestRecord(request.method, path, response.status, started,
                                                 time.monotonic() - started, request.get(UPLOAD_SIZES, [])))
        return response

    async def _answer(self, request: web.Request, handler) -> web.StreamResponse:
        method, path = request.method, request.path
        match = request.match_info
        known = match.http_exception is None
        template = match.route.resource.canonical if known and match.route.resource else path
        major = ",".join(match.get(k, "") for k in _MAJOR_PARAMS) if known else ""
        fault = self.faults.take_rate_limit(method, path) if known else None
        if fault is not None:
            self.store.fault(f"429 {method} {path} retry_after={fault.retry_after} scope={fault.scope}")
            hdrs429, body = ratelimits.too_many(self.ratelimiter.bucket(method, template, major).hash,
                                                fault.retry_after, fault.scope)
            return web.json_response(body, status=429, headers=hdrs429)
        allowed, hdrs = self.ratelimiter.take(method, template, major)
        if not allowed:
            retry_after = float(hdrs["X-RateLimit-Reset-After"])
            self.store.fault(f"429 {method} {path} (bucket exhausted; the client ignored the headers)")
            hdrs429, body = ratelimits.too_many(hdrs["X-RateLimit-Bucket"], retry_after, "user")
            return web.json_response(body, status=429, headers=hdrs429)
        response = await self._handle(request, handler, known)
        response.headers.update(hdrs)  # rate-limit headers on every answer, errors included
        return response

    async def _handle(self, request: web.Request, handler, known: bool) -> web.StreamResponse:
        method, path = request.method, request.path
        if not known:
            self.store.unknown_routes.append(f"{method} {path}")
            self.store.changed()
            return error(404, 0, "404: Not Found")
        if path.startswith(API) and not path.startswith(_TOKEN_ROUTES):
            if request.headers.get("Authorization") != f"Bot {self.token}":
                return error(401, 0, "401: Unauthorized")
        if self.faults.take_lost_request(method, path):
            self.store.fault(f"lost {method} {path} (never applied)")
            await request.read()
            await _client_gone(request, LOST_REQUEST_SECONDS)
            return error(503, 0, "503: Service Unavailable")  # nobody is left to read it
        status = self.faults.take_request_failure(method, path)
        if status is not None:
            self.store.fault(f"{status} {method} {path} (request)")
            await request.read()
            return error(status, 0, f"{status}: Service Unavailable" if status == 503 else f"{status}: Error")
        status = self.faults.take_upload_failure(request.content_type.startswith("multipart/"))
        if status is not None:
            self.store.fault(f"{status} {method} {path} (upload)")
            await request.read()  # drain the upload so the client sees a clean response
            return error(status, 0, f"{status}: Internal Server Error")
        try:
            return await handler(request)
        except Refused as refused:
            return web.json_response(refused.body, status=400)
