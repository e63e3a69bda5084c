"""Clicks and forms nothing used to answer, ids out of range, and a stop by SIGTERM, through the
real bot process (`python -m bot`) against the Discord stand-in (issue 25 item 7)."""

from __future__ import annotations

import signal
from pathlib import Path

from discord_standin.api import MESSAGE_COMPONENT, MODAL_SUBMIT
from e2e_kit import WAIT, open_table, quick_option

from bot.service.turn.specs import form_submit_id

UNCLAIMED = "That button is no longer in use: the message changed since. Please use the latest prompt."


async def test_clicks_and_forms_no_item_takes_get_a_private_answer(fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    member = table.waiting()
    [prompt] = table.live_prompts()
    option = quick_option(table.options())
    clicked = table.options()[option].custom_id
    await table.choose(member, option)
    assert clicked not in [b.custom_id for b in prompt.buttons()]  # the edit removed it

    async def answer(ix) -> str:
        await fake.wait_for(lambda: ix.callbacks, WAIT, "an answer")
        response = await ix.response
        assert response.ephemeral, response
        return response.content

    # A click on the button the edit has just removed (Discord sends the message as it is now).
    late = await fake.forge(member, table.channel, MESSAGE_COMPONENT, {"custom_id": clicked, "component_type": 2},
                            message=prompt)
    assert await answer(late) == UNCLAIMED
    # A custom id that matches none of the bot's templates.
    odd = await fake.forge(member, table.channel, MESSAGE_COMPONENT, {"custom_id": "nothing:of:mine",
                                                                      "component_type": 2}, message=prompt)
    assert await answer(odd) == UNCLAIMED
    # A form that is not one of the bot's, and one naming a game id of 2**70 (no SQLite integer).
    alien = await fake.forge(member, table.channel, MODAL_SUBMIT, {"custom_id": "their:form", "components": []})
    assert await answer(alien) == UNCLAIMED
    huge = await fake.forge(member, table.channel, MODAL_SUBMIT, {
        "custom_id": form_submit_id(2**70, 2**70, "abcdef", 0),
        "components": [{"type": 18, "component": {"type": 4, "custom_id": "all", "value": "x: 1"}}]}, message=prompt)
    await fake.wait_for(lambda: huge.followups, WAIT, "the refusal")
    assert huge.followups[0].content == "That button or form is not valid (or no longer is); nothing was changed."
    assert len(table.stored()) == 1
    fake.assert_clean()


async def test_sigterm_answers_the_request_in_flight_closes_the_database_and_exits_0(
        fake_discord, start_bot_process, tmp_path):
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    await fake.wait_for_commands("game", timeout=WAIT)
    ann = fake.member("Ann")
    ix = await fake.slash(ann, fake.channel("general"), "game new", game="byzantium")
    await fake.wait_for(lambda: ix.callbacks, WAIT, "the command acknowledged")
    bot.proc.send_signal(signal.SIGTERM)  # as systemd and Docker stop a service
    assert (await ix.result(WAIT)).content == "Lobby for Byzantium opened."
    assert await bot.stop() == 0
    log = bot.log_path.read_text()
    assert "SIGTERM: stopping once the" in log and "stopped cleanly" in log and "Traceback" not in log
    db = tmp_path / "games.sqlite3"
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0  # closed: WAL folded in
    fake.assert_clean()


async def test_a_dot_env_others_can_read_is_warned_about_at_start(fake_discord, start_bot_process, tmp_path):
    """`cp .env.example .env` gives 0644: the token readable by every user of the machine."""
    env = tmp_path / ".env"  # the bot runs in tmp_path and reads its .env there
    env.write_text("LOG_LEVEL=INFO\n")
    env.chmod(0o644)
    bot = await start_bot_process(DEV_GUILD_ID=str(fake_discord.guild.id))
    warning = ".env is readable by other users (mode 644): it holds the bot's token"
    assert warning in bot.log_path.read_text() and "run: chmod 600 .env" in bot.log_path.read_text()
    env.chmod(0o600)
    await bot.restart()
    assert bot.log_path.read_text().count(warning) == 1  # private now: no second warning
