"""Reading request bodies the two ways discord.py sends them: JSON, or multipart with payload_json + files[n]."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

_FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass
class Upload:
    index: int
    filename: str
    content_type: str
    data: bytes


@dataclass
class Body:
    payload: dict[str, Any]
    uploads: list[Upload]
    multipart: bool


async def read_body(request: web.Request) -> Body:
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(await part.text())
                continue
            match = _FILE_FIELD.match(name)
            if match:
                data = await part.read(decode=False)
                uploads.append(Upload(int(match.group(1)), part.filename or "unknown",
                                      part.headers.get("Content-Type", "application/octet-stream"), bytes(data)))
        return Body(payload, sorted(uploads, key=lambda u: u.index), True)
    raw = await request.read()
    payload = json.loads(raw) if raw else {}
    return Body(payload if isinstance(payload, dict) else {"_list": payload}, [], False)
