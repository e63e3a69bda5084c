"""`python -m bot` start-up against a local HTTP server standing in for Discord's login
(through the DISCORD_API_BASE test hook): a refused token or an unusable database is one
line and exit status 2."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from aiohttp import web
from disk_kit import ReadOnlyFolder, damage_header, damage_pages, leave_wal_behind, one_line, run_tool

from bot.storage.records import Seat
from bot.storage.store import Storage

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


# -- issue 18: a database file that cannot serve is one line at start-up, before Discord -----------
async def start_on(db: Path, tmp_path: Path) -> tuple[int, str, list[str]]:
    """`python -m bot` with DATABASE_PATH=db (killed and failed if it hangs): (status, stderr, asked)."""
    runner, base, asked = await fake_discord(200)
    try:
        done = await asyncio.to_thread(run_tool, ["-m", "bot"], cwd=tmp_path, env={
            "DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": base, "DATABASE_PATH": str(db), "LOG_LEVEL": "ERROR"})
    finally:
        await runner.cleanup()
    return done.returncode, done.stderr, asked


async def a_database_with_games(db: Path) -> None:
    store = await Storage.open(db)
    try:
        for channel in range(3):
            record = await store.create_game(guild_id=1, channel_id=channel, game="byzantium", host_user_id=1,
                                             seats=[Seat("Ann", "Ann", 1), Seat("Bo", "Bo", 2)])
            await store.start_game(record.id)
    finally:
        await store.close()


@pytest.mark.parametrize("kind", ["text", "damaged header"])
async def test_a_file_that_is_not_a_database_is_one_line_and_exit_2_without_hanging(tmp_path, kind):
    db = tmp_path / "games.sqlite3"
    if kind == "text":
        db.write_text("DISCORD_TOKEN=oops, the wrong file\n" * 50)
    else:
        await a_database_with_games(db)
        damage_header(db)
    code, err, asked = await start_on(db, tmp_path)
    assert code == 2
    assert one_line(err).startswith(f"error: cannot open the database {db}: it is not a SQLite database")
    assert asked == []


async def test_a_damaged_database_is_refused_at_start_saying_what_to_do(tmp_path):
    db = tmp_path / "games.sqlite3"
    await a_database_with_games(db)
    damage_pages(db)
    code, err, asked = await start_on(db, tmp_path)
    assert code == 2
    line = one_line(err)
    assert "it is damaged" in line and "will not fix itself" in line and "restore the latest backup" in line
    assert asked == []


@pytest.mark.parametrize("wal", ["left by a killed bot", "none"])
async def test_a_read_only_database_is_refused_at_start_saying_what_to_do(tmp_path, wal):
    """With its -wal and -shm files there, a read-only database answers every read and refuses
    every write (the players saw "try again" forever); without them SQLite cannot even open it."""
    folder = ReadOnlyFolder(tmp_path / "data")
    try:
        db = folder.path / "games.sqlite3"
        await a_database_with_games(db)
        if wal != "none":
            leave_wal_behind(db)
        folder.freeze()
        code, err, asked = await start_on(db, tmp_path)
    finally:
        folder.close()
    assert code == 2
    line = one_line(err)
    assert "read-only" in line and "will not fix itself" in line and "writable" in line
    assert asked == []
