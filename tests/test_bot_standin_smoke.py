"""Smoke test of `python -m bot` against the local Discord stand-in (tests/discord_standin):
commands register, a lobby opens, a game starts with a board PNG and a prompt, and a click
lands. The full end-to-end suite is issue 6's; this keeps the bot's seams honest meanwhile."""

from __future__ import annotations

from e2e_kit import WAIT


async def test_python_m_bot_plays_a_first_move_through_the_standin(fake_discord, start_bot_process):
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    await fake.wait_for_commands("game", "byz", "mod", "settings", "stats", timeout=WAIT)
    ann, bo = fake.member("Ann"), fake.member("Bo")
    channel = fake.channel("byzantium-1")

    opened = await fake.slash(ann, channel, "game new", game="byzantium")
    assert "opened" in (await opened.result(WAIT)).content
    lobby = await fake.wait_for_message(channel, lambda m: "lobby" in m.content, WAIT, since=None)
    await (await fake.click(bo, lobby, "Join")).response
    await (await fake.click(ann, lobby, "Start")).response
    # One message: what happened, the close-up of the board, the prompt; the whole board is a
    # click away, privately.
    prompt = await fake.wait_for_message(channel, lambda m: m.components and "choose your action" in m.content,
                                         WAIT, since=None)
    assert prompt.image().size == (880, 560)
    full = await (await fake.click(bo, prompt, "🗺️ Full board")).result(WAIT)
    assert full.ephemeral and full.image().width >= 1600
    waiting = ann if str(ann.id) in prompt.content else bo
    other = bo if waiting is ann else ann
    refused = await (await fake.click(other, prompt, "Pass (no more actions this round)")).result(WAIT)
    assert refused.ephemeral and "not your decision" in refused.content
    await (await fake.click(waiting, prompt, "Pass (no more actions this round)")).response
    await fake.wait_for_message(channel, lambda m: "passes" in m.content, WAIT, since=None)
    fake.assert_clean()
