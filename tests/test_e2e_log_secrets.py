"""Issue 18 item 10: at LOG_LEVEL=DEBUG discord.py logs the URL of every answer to an
interaction (/webhooks/<application id>/<interaction token>/..., /interactions/<id>/<token>/callback)
and every gateway event, INTERACTION_CREATE with its token. Whoever reads the log could answer
as the bot for 15 minutes. The real bot, at DEBUG, against the stand-in: no token in its log."""

from __future__ import annotations

import io
import logging

from discord_standin.api import FakeDiscord
from e2e_kit import open_table, quick_option

from bot.discord_ui.app import redact_secrets_in_logs


async def test_debug_logs_of_a_played_game_hold_no_interaction_token(fake_discord: FakeDiscord, start_bot_process,
                                                                      tmp_path) -> None:
    fake = fake_discord
    # discord.py writes at DEBUG only when named (LOG_DEBUG): its lines are what this test reads.
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id), LOG_LEVEL="DEBUG", LOG_DEBUG="discord")
    table = await open_table(fake, tmp_path / "games.sqlite3")
    await table.choose(table.waiting(), quick_option(table.options()))
    await bot.stop()
    log = bot.log_path.read_text(errors="replace")
    tokens = [ix.token for ix in fake.interactions]
    assert len(tokens) >= 5  # /game new, two joins, start, a choice
    # discord.py did log the answers' URLs and the events (so this test watches the right lines) ...
    assert "/webhooks/" in log and "/callback" in log and "INTERACTION_CREATE" in log
    # ... with every token replaced.
    leaked = [t for t in tokens if t in log]
    assert leaked == [], f"{len(leaked)} interaction tokens in the DEBUG log"
    assert fake.token not in log


def test_the_filter_redacts_discord_py_lines_and_keeps_the_rest():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root = logging.getLogger()
    root.addHandler(handler)
    old_level = root.level
    root.setLevel(logging.DEBUG)
    try:
        redact_secrets_in_logs()
        token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6"
        url = f"https://discord.com/api/v10/webhooks/1234567890/{token}/messages/@original"
        logging.getLogger("discord.http").debug("%s %s with %s has returned %s", "PATCH", url, None, 200)
        logging.getLogger("discord.http").debug("%s %s with %s has returned %s", "POST",
                                                f"https://discord.com/api/v10/interactions/987/{token}/callback",
                                                None, 204)
        logging.getLogger("discord.gateway").debug(
            "For Shard ID %s: WebSocket Event: %s", None,
            {"t": "INTERACTION_CREATE", "d": {"id": "987", "token": token, "type": 3}})
        try:
            raise RuntimeError(f"POST {url} failed")
        except RuntimeError:
            logging.getLogger("bot").exception("request failed")
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
    text = stream.getvalue()
    assert token not in text
    assert "/webhooks/1234567890/[redacted]/messages/@original" in text
    assert "/interactions/987/[redacted]/callback" in text
    assert "'token': '[redacted]'" in text and "INTERACTION_CREATE" in text
    assert "request failed" in text and "RuntimeError" in text
