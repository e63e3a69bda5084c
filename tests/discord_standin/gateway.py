"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME with replay, dispatch.

Events go to the most recently identified session. Every dispatched event is kept with its sequence
number so a client that resumes after a drop receives exactly what it missed, as on Discord.

Shards, as on Discord: an IDENTIFY may carry `shard: [id, count]`; that session then gets READY and
GUILD_CREATE for the guilds of its shard only, and every event of a guild goes to the session of
shard `(guild_id >> 22) % count` (events without a guild, DMs, to shard 0). Sessions without a
shard get everything, as before.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .records import Violation
from .store import Store
from .world import World

log = logging.getLogger(__name__)

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway).
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, RESUME, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

# Intent bits that decide which events a session receives.
GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 1, 1 << 9, 1 << 12

RESUMABLE_CLOSE = 4000  # "Unknown error": Discord's generic close, after which clients resume


class Connection:
    """One websocket; sends are serialised because zlib-stream compression is stateful."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                raise ConnectionResetError("gateway connection closed")
            if self._zlib is None:
                await self.ws.send_str(text)
            else:
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)


@dataclass
class Session:
    id: str
    intents: int
    shard: tuple[int, int] | None = None  # (id, count) when the client identified as a shard
    seq: int = 0
    events: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    conn: Connection | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def wants(self, intent: int | None) -> bool:
        return intent is None or bool(self.intents & intent)


class Gateway:
    def __init__(self, world: World, store: Store, *, heartbeat_interval_ms: int = 41250) -> None:
        self.world = world
        self.store = store
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""  # set by the server once it knows its port
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.by_shard: dict[int, Session] = {}  # the latest session of each shard id
        self.shard_count: int | None = None  # of the latest sharded IDENTIFY
        self.connections: set[web.WebSocketResponse] = set()
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.missed_heartbeats = 0
        self.log: list[str] = []  # "IDENTIFY", "RESUME <session>", "DROP <code>", ... in order
        self._drop_before: dict[str, int] = {}  # event type -> close code, one-shot

    # -- state for tests -------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.conn is not None

    def shard_connected(self, shard: int) -> bool:
        session = self.by_shard.get(shard)
        return session is not None and session.conn is not None

    def session_for(self, event_type: str, data: dict[str, Any]) -> Session | None:
        """The session an event goes to: its guild's shard's, when clients identify as shards."""
        if not self.by_shard or self.shard_count is None:
            return self.current
        guild = data.get("guild_id") or (data.get("id") if event_type.startswith("GUILD_") else None)
        shard = (int(guild) >> 22) % self.shard_count if guild else 0
        return self.by_shard.get(shard)

    def guilds_of(self, session: Session) -> list:
        if session.shard is None:
            return list(self.world.guilds)
        shard, count = session.shard
        return [g for g in self.world.guilds if (g.id >> 22) % count == shard]

    def drop_before(self, event_type: str, code: int = RESUMABLE_CLOSE) -> None:
        """Close the connection at the moment the next `event_type` would be sent (it is replayed on resume)."""
        self._drop_before[event_type] = code

    async def drop(self, code: int = RESUMABLE_CLOSE) -> None:
        """Close the current connection now with `code` (4000 is resumable)."""
        session = self.current
        if session is None or session.conn is None:
            raise AssertionError("no gateway connection to drop")
        await self._close(session, code)

    async def _close(self, session: Session, code: int) -> None:
        conn, session.conn = session.conn, None
        self.log.append(f"DROP {code}")
        self.store.fault(f"gateway dropped with close code {code}")
        self.store.changed()
        if conn is not None:
            await conn.ws.close(code=code, message=b"stand-in fault injection")

    # -- dispatching -----------------------------------------------------------------------------

    async def dispatch(self, event_type: str, data: dict[str, Any], *, intent: int | None = None) -> bool:
        """Send an event to its session (the guild's shard's); True if it went out over a live
        connection now. Without a live connection the event is kept and replayed when the session resumes.
        """
        session = self.session_for(event_type, data)
        if session is None or not session.wants(intent):
            return False
        async with session.lock:
            session.seq += 1
            event = (session.seq, event_type, data)
            session.events.append(event)
            code = self._drop_before.pop(event_type, None)
            if code is not None and session.conn is not None:
                await self._close(session, code)
            if session.conn is None:
                return False
            try:
                await session.conn.send({"op": DISPATCH, "s": event[0], "t": event_type, "d": data})
            except (ConnectionResetError, RuntimeError):
                session.conn = None
                return False
            return True

    # -- the websocket ---------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections.add(ws)
        conn = Connection(ws, compress=request.query.get("compress") == "zlib-stream")
        session: Session | None = None
        beat = [asyncio.get_running_loop().time()]  # when the client last sent a heartbeat
        watchdog = asyncio.create_task(self._watch_heartbeats(ws, beat))
        try:
            if request.query.get("v") != "10" or request.query.get("encoding", "json") != "json":
                await ws.close(code=4012, message=b"Invalid API version or encoding.")
                return ws
            await conn.send({"op": HELLO, "s": None, "t": None, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    self.heartbeats += 1
                    beat[0] = asyncio.get_running_loop().time()
                    await conn.send({"op": HEARTBEAT_ACK, "s": None, "t": None, "d": None})
                elif op == IDENTIFY:
                    if d.get("token") != self.world.app.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    session = await self._identify(conn, d)
                elif op == RESUME:
                    session = await self._resume(conn, d)
                elif op == REQUEST_MEMBERS:
                    await self._send_members(conn, session, d)
                elif op == PRESENCE_UPDATE:
                    self.log.append("PRESENCE_UPDATE")
        finally:
            watchdog.cancel()
            self.connections.discard(ws)
            if session is not None and session.conn is conn:
                session.conn = None
                self.store.changed()
        return ws

    async def _watch_heartbeats(self, ws: web.WebSocketResponse, beat: list[float]) -> None:
        """Like Discord, close a connection whose client stopped heartbeating (a blocked event loop):
        recorded as a violation, closed with a resumable code."""
        interval = self.heartbeat_interval_ms / 1000
        loop = asyncio.get_running_loop()
        while not ws.closed:
            await asyncio.sleep(interval / 4)
            late = loop.time() - beat[0]
            if late > interval * 1.5:
                self.missed_heartbeats += 1
                self.store.violation(Violation("heartbeat_missed", f"no heartbeat for {late:.2f}s "
                                               f"(interval {interval:.2f}s): the bot's event loop stalled"))
                self.log.append(f"DROP {RESUMABLE_CLOSE} (no heartbeat)")
                for session in self.sessions.values():
                    if session.conn is not None and session.conn.ws is ws:
                        session.conn = None
                await ws.close(code=RESUMABLE_CLOSE, message=b"Heartbeat missed")
                return

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> Session:
        shard = d.get("shard")
        session = Session(id=secrets.token_hex(16), intents=int(d.get("intents", 0)),
                          shard=(int(shard[0]), int(shard[1])) if shard else None)
        self.sessions[session.id] = session
        self.current = session
        if session.shard is not None:
            self.by_shard[session.shard[0]] = session
            self.shard_count = session.shard[1]
        self.identifies += 1
        self.log.append("IDENTIFY" if session.shard is None else f"IDENTIFY shard {session.shard[0]}/{session.shard[1]}")
        async with session.lock:
            session.conn = conn
            guilds = self.guilds_of(session)
            ready = payloads.ready(self.world.app, guilds, session.id, self.url, shard=session.shard)
            await self._send_locked(session, "READY", ready)
            for guild in guilds:
                threads = [c for c in self.world.channels.values() if c.is_thread and c.guild_id == guild.id]
                data = payloads.guild_create(guild, all_members=bool(session.intents & GUILD_MEMBERS), threads=threads)
                await self._send_locked(session, "GUILD_CREATE", data)
        self.store.changed()
        return session

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> Session | None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or d.get("token") != self.world.app.token:
            self.log.append("RESUME refused")
            # d=false: not resumable, the client must identify again.
            await conn.send({"op": INVALID_SESSION, "s": None, "t": None, "d": False})
            return None
        self.resumes += 1
        self.log.append(f"RESUME from {d.get('seq')}")
        async with session.lock:
            missed = [e for e in session.events if e[0] > int(d.get("seq") or 0)]
            for seq, event_type, data in missed:
                await conn.send({"op": DISPATCH, "s": seq, "t": event_type, "d": data})
                if event_type == "INTERACTION_CREATE":
                    ix = self.store.interactions.get(int(data["id"]))
                    if ix is not None:
                        ix.delivered = True
            session.conn = conn
            await self._send_locked(session, "RESUMED", {"_trace": ["discord-standin"]})
        self.current = session
        if session.shard is not None:
            self.by_shard[session.shard[0]] = session
        self.store.changed()
        return session

    async def _send_locked(self, session: Session, event_type: str, data: dict[str, Any]) -> None:
        session.seq += 1
        session.events.append((session.seq, event_type, data))
        assert session.conn is not None
        await session.conn.send({"op": DISPATCH, "s": session.seq, "t": event_type, "d": data})

    async def _send_members(self, conn: Connection, session: Session | None, d: dict[str, Any]) -> None:
        """GUILD_MEMBERS_CHUNK in one piece: discord.py requests it when the members intent is on."""
        if session is None:
            return
        guild = self.world.guild(int(d["guild_id"]))
        if guild is None:
            return
        query = (d.get("query") or "").lower()
        ids = {int(i) for i in d.get("user_ids") or []}
        members = [m for m in guild.members if (not ids or m.id in ids) and m.name.lower().startswith(query)]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        async with session.lock:
            if session.conn is conn:
                await self._send_locked(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def close_all(self) -> None:
        for ws in list(self.connections):
            await ws.close(code=1001, message=b"stand-in shutting down")
