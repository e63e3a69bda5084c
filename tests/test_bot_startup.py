"""`python -m bot` start-up against a local HTTP server standing in for Discord's login
(through the DISCORD_API_BASE test hook): a refused token or an unusable database is one
line and exit status 2."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from aiohttp import web

REPO = Path(__file__).resolve().parent.parent
TOKEN = "M" + "T" * 23 + ".GaBcDe." + "x" * 27


async def fake_discord(status: int):
    """Answers GET /api/v10/users/@me with `status`; records the paths asked."""
    asked: list[str] = []

    async def me(request: web.Request) -> web.Response:
        asked.append(request.path)
        # discord.py reads a body as JSON only under exactly this content type.
        body = {"message": "401: Unauthorized", "code": 0} if status == 401 else {
            "id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
        return web.Response(body=json.dumps(body).encode(), status=status,
                            headers={"Content-Type": "application/json"})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    return runner, f"http://127.0.0.1:{port}/api/v10", asked


async def run_bot(tmp_path: Path, api_base: str, **extra) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN=TOKEN, DISCORD_API_BASE=api_base,
               DATABASE_PATH=str(tmp_path / "data" / "games.sqlite3"), **extra)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    return process.returncode, err.decode()


async def test_refused_token_is_one_line_and_exit_2(tmp_path):
    runner, base, asked = await fake_discord(401)
    try:
        code, err = await run_bot(tmp_path, base, LOG_LEVEL="ERROR")
    finally:
        await runner.cleanup()
    assert asked == ["/api/v10/users/@me"]  # the hook sent discord.py to the stand-in
    assert code == 2
    assert err.strip().startswith("error: Discord refused DISCORD_TOKEN") and "\n" not in err.strip(), err


async def test_unusable_database_is_one_line_and_exit_2_before_contacting_discord(tmp_path):
    runner, base, asked = await fake_discord(200)
    blocker = tmp_path / "data"
    blocker.write_text("a file where the database folder should be")
    try:
        code, err = await run_bot(tmp_path, base, LOG_LEVEL="ERROR")
    finally:
        await runner.cleanup()
    assert code == 2
    assert err.strip().startswith("error: cannot open the database") and "\n" not in err.strip(), err
    assert asked == []


async def test_unreachable_discord_is_one_line(tmp_path):
    runner, base, _asked = await fake_discord(200)
    await runner.cleanup()  # nothing listens there any more
    code, err = await run_bot(tmp_path, base, LOG_LEVEL="ERROR")
    assert code == 1
    assert err.strip().startswith("error: cannot reach Discord at http://127.0.0.1:") and "\n" not in err.strip(), err
