"""The Discord stand-in, proven with the unmodified discord.py client and a small sample bot.

Each test drives a real discord.py Client over HTTP and the gateway websocket and checks what a
player would see, what Discord would refuse, and that injected faults are survived.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
from discord_standin import sample_bot
from discord_standin.api import FakeDiscord
from discord_standin.commands import CommandHidden
from discord_standin.runner import REPO_ROOT, bot_environment, running_client, running_entry
from discord_standin.sample_bot import BOARD_SIZE, SampleBot, board_png

TESTS_DIR = Path(__file__).resolve().parent


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[SampleBot]:
    async with running_client(fake_discord, SampleBot()) as client:
        await fake_discord.wait_for_commands("board", "game")
        yield client


def general(fake: FakeDiscord):
    return fake.channel("general")


# -- start-up and command sync -------------------------------------------------------------------


async def test_startup_identifies_and_syncs_commands_globally(fake_discord: FakeDiscord, bot: SampleBot) -> None:
    """discord.py logs in, reads the application, identifies, sees the guild, and syncs its tree."""
    gateway = fake_discord.standin.gateway
    assert gateway.identifies == 1 and gateway.connected and gateway.heartbeats >= 1
    assert bot.user is not None and bot.user.id == fake_discord.bot_user_id
    assert bot.application_id == fake_discord.application_id
    await fake_discord.wait_for(lambda: bot.is_ready(), 5, "on_ready")
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None and guild.get_channel(general(fake_discord).id) is not None
    assert guild.me.guild_permissions.attach_files  # roles and the bot's member arrived in GUILD_CREATE

    commands = fake_discord.commands()
    assert set(commands) == {"board", "slowboard", "lobby", "sleepy", "freeze", "whoami", "purge", "game", "form",
                             "auction"}
    assert all(c.guild_id is None for c in commands.values())
    new = commands["game"].option("new")
    assert new["type"] == 1  # a subcommand
    assert commands["game"].option("new game")["type"] == 3 and commands["game"].option("new game")["autocomplete"]
    seats = commands["game"].option("new seats")
    assert (seats["type"], seats["min_value"], seats["max_value"]) == (4, 2, 4)
    fake_discord.assert_clean()


async def test_a_sync_with_names_discord_would_refuse_is_recorded(fake_discord: FakeDiscord) -> None:
    """Discord refuses a localized name with a space or a capital, and two subcommands that a
    locale shows with the same name; the stand-in records each such sync."""
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    good = {"type": 1, "name": "game", "description": "Games", "name_localizations": {"it": "partita"},
            "options": [{"type": 1, "name": "new", "description": "New game", "name_localizations": {"it": "nuova"}},
                        {"type": 1, "name": "status", "description": "Status", "name_localizations": {"it": "stato"}}]}
    url = f"{fake_discord.api_base}/applications/{fake_discord.application_id}/commands"
    async with aiohttp.ClientSession() as http:
        async with http.put(url, headers=headers, json=[good]) as resp:
            assert resp.status == 200
        assert fake_discord.violations == []
        bad = dict(good, name_localizations={"it": "Nuova Partita"},
                   options=[dict(o, name_localizations={"de": "neu"}) for o in good["options"]])
        async with http.put(url, headers=headers, json=[bad]) as resp:
            assert resp.status == 200
    found = [v.detail for v in fake_discord.violations if v.kind == "command_payload"]
    assert any("invalid name [it] 'Nuova Partita'" in d for d in found)
    assert any("two equal names [de]" in d for d in found)


async def test_every_response_carries_rate_limit_headers_and_unknown_routes_are_recorded(
        fake_discord: FakeDiscord) -> None:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake_discord.api_base}/users/@me", headers=headers) as resp:
            assert resp.status == 200
            assert resp.headers["Content-Type"] == "application/json"
            for name in ("Limit", "Remaining", "Reset", "Reset-After", "Bucket"):
                assert f"X-RateLimit-{name}" in resp.headers
        async with http.get(f"{fake_discord.api_base}/guilds/1/audit-logs", headers=headers) as resp:
            assert resp.status == 404
            assert (await resp.json())["message"] == "404: Not Found"
        async with http.get(f"{fake_discord.api_base}/users/@me", headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
        fake_discord.faults.rate_limit_message_posts(1, retry_after=1.5, scope="shared")
        post = f"{fake_discord.api_base}/channels/{general(fake_discord).id}/messages"
        async with http.post(post, headers=headers, json={"content": "hi"}) as resp:
            assert resp.status == 429
            assert resp.headers["X-RateLimit-Scope"] == "shared" and resp.headers["Retry-After"] == "2"
            assert (await resp.json())["retry_after"] == 1.5
    assert fake_discord.unknown_routes == ["GET /api/v10/guilds/1/audit-logs"]


# -- slash commands, components, autocomplete ----------------------------------------------------


async def test_slash_command_is_answered_within_three_seconds_with_a_png(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    ix = await fake_discord.slash(ann, general(fake_discord), "board")
    reply = await ix.response
    assert reply.type == 4 and not reply.ephemeral
    assert reply.latency < 3.0
    assert [f.filename for f in reply.files] == ["board.png"]

    posted = fake_discord.messages(general(fake_discord))
    assert len(posted) == 1 and posted[0] is reply.message
    board = posted[0]
    assert board.author_is_bot and board.content == "The board"
    assert board.image().size == BOARD_SIZE
    assert [(b.label, b.custom_id) for b in board.buttons()] == [
        ("Count 0", "counter:0"), ("End turn 1", "turn:1"), ("Roll", "roll")]
    timing = fake_discord.latencies()[0]
    assert timing["first_response"] < 3.0 and timing["first_attachment"] is not None
    fake_discord.assert_clean()


async def test_dynamic_button_click_gets_an_ephemeral_reply(fake_discord: FakeDiscord, bot) -> None:
    ann, bo = fake_discord.member("Ann"), fake_discord.member("Bo")
    board = (await (await fake_discord.slash(ann, general(fake_discord), "board")).response).message

    click = await fake_discord.click(bo, board, "Count 0")
    reply = await click.response
    assert (reply.type, reply.content, reply.ephemeral) == (4, "You counted 1", True)
    # Only Bo sees it: it is not in the channel.
    assert [m.content for m in fake_discord.messages(general(fake_discord))] == ["The board"]
    assert [m.content for m in fake_discord.ephemeral_messages(bo)] == ["You counted 1"]
    assert fake_discord.ephemeral_messages(ann) == []
    fake_discord.assert_clean()


async def test_button_that_updates_its_own_message(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    board = (await (await fake_discord.slash(ann, general(fake_discord), "board")).response).message
    click = await fake_discord.click(ann, board, "End turn 1")
    reply = await click.response
    assert reply.type == 7 and reply.message is board
    assert board.content == "Turn 2" and board.edited
    assert "End turn 2" in [b.label for b in board.buttons()]
    assert board.image().size == BOARD_SIZE  # the update kept the attachment...
    assert click.first_attachment_latency is None  # ...which does not count as posting a board
    assert len(fake_discord.messages(general(fake_discord))) == 1
    fake_discord.assert_clean()


async def test_deferred_update_with_followup_and_webhook_edits(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    channel = general(fake_discord)
    board = (await (await fake_discord.slash(ann, channel, "board")).response).message
    roll = await fake_discord.click(ann, board, "Roll")
    assert (await roll.response).type == 6
    await fake_discord.wait_for(lambda: board.content == "The board (rolled 4)", 5, "the original to be edited")
    note = roll.followups[0]
    assert [v.content for v in note.versions] == ["rolling...", "rolled 4"]
    assert [m.content for m in fake_discord.messages(channel)] == ["The board (rolled 4)", "rolled 4"]
    fake_discord.assert_clean()


async def test_member_permissions_and_roles_reach_the_bot(fake_discord: FakeDiscord, bot) -> None:
    channel = general(fake_discord)
    mia = fake_discord.member("Mia", manage_channels=True, roles=["Referee"])
    ann = fake_discord.member("Ann")
    mia_sees = await (await fake_discord.slash(mia, channel, "whoami")).response
    ann_sees = await (await fake_discord.slash(ann, channel, "whoami")).response
    assert mia_sees.content.startswith("Mia manage_channels=True") and "Referee" in mia_sees.content
    assert ann_sees.content == "Ann manage_channels=False roles=-" and ann_sees.ephemeral
    fake_discord.member("Ann", roles=["Referee"])  # given a role later
    assert (await (await fake_discord.slash(ann, channel, "whoami")).response).content.endswith("roles=Referee")


async def test_commands_hidden_by_default_permissions_cannot_be_used(fake_discord: FakeDiscord, bot) -> None:
    mia, ann = fake_discord.member("Mia", manage_channels=True), fake_discord.member("Ann")
    assert fake_discord.can_use(mia, "purge") and not fake_discord.can_use(ann, "purge")
    with pytest.raises(CommandHidden):
        await fake_discord.slash(ann, general(fake_discord), "purge")
    assert (await (await fake_discord.slash(mia, general(fake_discord), "purge")).response).content == "purged"


async def test_guild_commands_are_recorded_and_used(fake_discord: FakeDiscord, bot) -> None:
    guild = discord.Object(fake_discord.guild.id)
    bot.tree.copy_global_to(guild=guild)
    synced = await bot.tree.sync(guild=guild)
    assert {c.name for c in synced} >= {"board", "game"}
    assert fake_discord.command("board").guild_id == fake_discord.guild.id
    assert fake_discord.command("board").id == synced[[c.name for c in synced].index("board")].id
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    assert ix.payload["data"]["guild_id"] == str(fake_discord.guild.id)
    assert (await ix.response).type == 4


async def test_subcommand_autocomplete_and_string_select(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    channel = general(fake_discord)

    suggest = await fake_discord.autocomplete(ann, channel, "game new", "game", "byz")
    choices = (await suggest.response).choices
    assert (await suggest.response).type == 8 and choices == [{"name": "byzantium", "value": "byzantium"}]

    lobby = await (await fake_discord.slash(ann, channel, "game new", game="byzantium", seats=4)).response
    assert lobby.content == "New byzantium lobby for 4 players"
    menu = lobby.message.select("Pick a colour")
    assert [o.value for o in menu.options] == ["red", "blue", "green"]

    pick = await fake_discord.select(ann, lobby.message, "Pick a colour", ["Blue"])
    assert (await pick.response).content == "Ann sits at blue"
    with pytest.raises(AssertionError, match="not offered"):
        await fake_discord.select(ann, lobby.message, "seat:pick", ["purple"])
    with pytest.raises(AssertionError, match="outside"):
        await fake_discord.slash(ann, channel, "game new", game="byzantium", seats=9)
    fake_discord.assert_clean()


async def test_deferred_answer_is_completed_by_editing_the_original(fake_discord: FakeDiscord, bot) -> None:
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "slowboard")
    first = await ix.response
    assert first.type == 5 and first.message.loading
    final = await ix.result()
    assert final is first.message and not final.loading and final.edited
    assert final.content == "The board, slowly" and final.image().size == BOARD_SIZE
    fake_discord.assert_clean()


async def test_first_followup_after_a_deferral_replaces_the_thinking_message(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    ix = await fake_discord.slash(ann, general(fake_discord), "lobby")
    deferred = await ix.response
    assert deferred.type == 5 and deferred.ephemeral
    answer = await ix.result()
    await fake_discord.wait_for(lambda: len(ix.followups) == 2, 5, "both follow-ups")
    assert answer is deferred.message and answer.content == "Lobby opened." and not answer.loading
    assert [m.content for m in fake_discord.ephemeral_messages(ann)] == ["Lobby opened.", "Invite your friends!"]
    assert [m.content for m in fake_discord.messages(general(fake_discord))] == ["Lobby hosted by Ann"]
    fake_discord.assert_clean()


# -- Discord's rules on responses ----------------------------------------------------------------


async def test_first_response_after_the_deadline_is_refused_and_recorded(bot_in) -> None:
    fake = await bot_in(deadline=0.2)  # instead of 3 s, so lateness is quick to show
    ix = await fake.slash(fake.member("Ann"), general(fake), "sleepy", seconds=0.4)
    await fake.wait_for(lambda: fake.violations, 5, "the deadline violation")
    assert [v.kind for v in fake.violations] == ["deadline"]
    assert not ix.acknowledged and fake.messages(general(fake)) == []


@pytest.fixture
async def bot_in() -> AsyncIterator:
    """Start a stand-in with non-default options (a shorter deadline or heartbeat) and the sample bot in it."""
    fakes: list[FakeDiscord] = []
    stack = contextlib.AsyncExitStack()

    async def start(**options) -> FakeDiscord:
        fake = await FakeDiscord.start(**options)
        fakes.append(fake)
        await stack.enter_async_context(running_client(fake, SampleBot()))
        await fake.wait_for_commands("sleepy")
        return fake

    try:
        yield start
    finally:
        await stack.aclose()
        for fake in fakes:
            await fake.close()


async def test_a_stalled_event_loop_misses_heartbeats_and_the_client_resumes(bot_in) -> None:
    fake = await bot_in(heartbeat_interval_ms=250)  # instead of 41 s, so a stall is quick to show
    gateway = fake.standin.gateway
    await fake.slash(fake.member("Ann"), general(fake), "freeze", seconds=0.8)
    await fake.wait_for(lambda: gateway.resumes >= 1 and gateway.connected, 5, "the client to resume")
    assert "heartbeat_missed" in [v.kind for v in fake.violations]
    assert gateway.missed_heartbeats >= 1 and gateway.identifies == 1


async def test_second_callback_gets_40060_already_acknowledged(fake_discord: FakeDiscord, bot) -> None:
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    await ix.response
    url = f"{fake_discord.api_base}/interactions/{ix.id}/{ix.token}/callback"
    async with aiohttp.ClientSession() as http, http.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
        assert resp.status == 400
        assert (await resp.json())["code"] == 40060
    assert [v.kind for v in fake_discord.violations] == ["double_ack"]
    assert len(ix.callbacks) == 1


async def test_content_over_2000_characters_is_refused(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "content" in str(refused.value)
    assert [v.kind for v in fake_discord.violations] == ["content_length"]
    assert fake_discord.messages(general(fake_discord)) == []
    await channel.send("x" * 2000)  # exactly the limit is fine
    assert len(fake_discord.messages(general(fake_discord))) == 1


async def test_custom_id_over_100_characters_is_refused(fake_discord: FakeDiscord, bot) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Too long", custom_id="c" * 101))
    with pytest.raises(discord.HTTPException) as refused:
        await bot.get_channel(general(fake_discord).id).send("prompt", view=view)
    assert refused.value.status == 400
    assert [v.kind for v in fake_discord.violations] == ["custom_id_length"]


async def test_files_over_10_mib_are_refused(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(file=discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), "huge.png"))
    assert refused.value.status == 400
    assert [v.kind for v in fake_discord.violations] == ["file_size"]
    assert fake_discord.standin.store.requests[-1].upload_sizes == [10 * 1024 * 1024 + 1]


async def test_labels_and_select_options_are_checked(fake_discord: FakeDiscord, bot) -> None:
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "long-label"}]}
    select = {"type": 1, "components": [{"type": 3, "custom_id": "many", "max_values": 1, "options": [
        {"label": f"o{i}", "value": f"o{i}"} for i in range(26)]}]}
    payload = {"content": "bad components", "components": [row, select]}
    with pytest.raises(discord.HTTPException):
        await bot.http.send_message(general(fake_discord).id, params=discord.http.MultipartParameters(payload, None, None))
    assert sorted(v.kind for v in fake_discord.violations) == ["label_length", "select_options"]


async def test_component_and_embed_limits_are_checked(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    six_rows = discord.ui.View()
    for row in range(5):
        for col in range(5):
            six_rows.add_item(discord.ui.Button(label=f"{row}{col}", custom_id=f"b{row}{col}", row=row))
    payload = {"content": "too many rows", "components": six_rows.to_components() + [six_rows.to_components()[0]]}
    big_embeds = [discord.Embed(title="t", description="d" * 4000), discord.Embed(description="e" * 2500)]
    with pytest.raises(discord.HTTPException):
        await bot.http.send_message(channel.id, params=discord.http.MultipartParameters(payload, None, None))
    with pytest.raises(discord.HTTPException):
        await channel.send(embeds=big_embeds)
    kinds = [v.kind for v in fake_discord.violations]
    assert "action_rows" in kinds and "custom_id_duplicate" in kinds and "embed_total" in kinds
    await channel.send("25 buttons are fine", view=six_rows)
    assert len(fake_discord.messages(general(fake_discord))[0].buttons()) == 25


# -- channel messages, threads, DMs --------------------------------------------------------------


async def test_messages_with_files_are_edited_deleted_and_served_back(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    sent = await channel.send("v1", file=discord.File(io.BytesIO(board_png()), "board.png"))
    assert sent.attachments[0].width == BOARD_SIZE[0]
    assert await sent.attachments[0].read() == board_png()  # the CDN URL serves the bytes
    await sent.edit(content="v2")
    record = fake_discord.message(sent.id)
    assert [v.content for v in record.versions] == ["v1", "v2"] and record.edited
    assert record.image().size == BOARD_SIZE  # an edit without attachments keeps the file
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "v2"
    await sent.delete()
    assert fake_discord.messages(general(fake_discord)) == []
    fake_discord.assert_clean()


async def test_who_is_pinged_follows_allowed_mentions(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    ann, bo = fake_discord.member("Ann"), fake_discord.member("Bo")
    only_ann = discord.AllowedMentions(users=[discord.Object(ann.id)], roles=False, everyone=False)
    sent = await channel.send(f"<@{ann.id}> and <@{bo.id}>: your turn", allowed_mentions=only_ann)
    silent = await channel.send(f"<@{ann.id}> moved", allowed_mentions=discord.AllowedMentions.none())
    default = await channel.send(f"<@{bo.id}> moved")  # no allowed_mentions: every mention pings
    assert fake_discord.message(sent.id).pinged_users == (ann.id,)
    assert [u.id for u in sent.mentions] == [ann.id]
    assert fake_discord.message(silent.id).pinged_users == ()
    assert fake_discord.message(default.id).pinged_users == (bo.id,)


async def test_interaction_webhook_messages_can_be_deleted(fake_discord: FakeDiscord, bot) -> None:
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    await ix.response
    url = f"{fake_discord.api_base}/webhooks/{fake_discord.application_id}/{ix.token}/messages/@original"
    async with aiohttp.ClientSession() as http:
        async with http.delete(url) as resp:
            assert resp.status == 204
        async with http.get(url) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10008
    assert fake_discord.messages(general(fake_discord)) == [] and ix.original.deleted


async def test_threads_and_direct_messages(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    starter = await channel.send("Game 1 starts")
    thread = await starter.create_thread(name="Game 1")
    await thread.send("first move")
    assert fake_discord.thread("Game 1").id == starter.id  # as on Discord: the thread takes the message's id
    assert [m.content for m in fake_discord.messages(fake_discord.thread("Game 1"))] == ["first move"]
    await fake_discord.wait_for(lambda: bot.get_channel(thread.id) is not None, 5, "THREAD_CREATE in the cache")

    assert (await bot.fetch_channel(thread.id)).name == "Game 1"
    lone = await channel.create_thread(name="Side talk", type=discord.ChannelType.public_thread)
    assert fake_discord.thread("Side talk").id == lone.id

    ann = fake_discord.member("Ann")
    user = await bot.fetch_user(ann.id)
    await user.send("your turn")
    assert [m.content for m in fake_discord.messages(fake_discord.dm(ann))] == ["your turn"]

    # Components work in DMs (the interaction carries a user, not a member) and in threads.
    dm_board = await user.send("your hand", view=sample_bot.board_view())
    dm_click = await fake_discord.click(ann, fake_discord.message(dm_board.id), "Count 0")
    assert "user" in dm_click.payload and "member" not in dm_click.payload
    assert (await dm_click.response).content == "You counted 1"
    ix = await fake_discord.slash(ann, fake_discord.thread("Game 1"), "board")
    assert (await ix.response).message.channel_id == thread.id
    fake_discord.assert_clean()


# -- faults ------------------------------------------------------------------------------------


async def test_dropped_gateway_resumes_and_the_next_interaction_works(fake_discord: FakeDiscord, bot) -> None:
    gateway = fake_discord.standin.gateway
    await fake_discord.drop_gateway()
    await fake_discord.wait_for(lambda: gateway.resumes == 1 and gateway.connected, 5, "the client to resume")
    assert gateway.identifies == 1  # resumed, not re-identified
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    assert (await ix.response).type == 4
    assert any("gateway dropped" in f for f in fake_discord.standin.store.faults)
    fake_discord.assert_clean()


async def test_interaction_sent_while_dropped_is_replayed_on_resume(fake_discord: FakeDiscord, bot) -> None:
    gateway = fake_discord.standin.gateway
    fake_discord.drop_gateway_before("INTERACTION_CREATE")
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    assert not ix.delivered
    reply = await ix.response  # delivered by the RESUME replay, answered once
    assert reply.type == 4 and gateway.resumes == 1
    assert len(fake_discord.messages(general(fake_discord))) == 1


async def test_unknown_session_makes_the_client_identify_again(fake_discord: FakeDiscord, bot) -> None:
    gateway = fake_discord.standin.gateway
    gateway.sessions.clear()  # the session expired on Discord's side
    await fake_discord.drop_gateway()
    await fake_discord.wait_for(lambda: gateway.identifies == 2 and gateway.connected, 10, "a fresh IDENTIFY")
    assert "RESUME refused" in gateway.log
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
    assert (await ix.response).type == 4


async def test_429_on_a_message_post_is_waited_out(fake_discord: FakeDiscord, bot) -> None:
    fake_discord.faults.rate_limit_message_posts(1, retry_after=0.3)
    started = time.monotonic()
    await bot.get_channel(general(fake_discord).id).send("hello")
    assert time.monotonic() - started >= 0.3
    assert [m.content for m in fake_discord.messages(general(fake_discord))] == ["hello"]
    posts = [r.status for r in fake_discord.standin.store.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert posts == [429, 200]


async def test_500_on_an_upload_is_retried(fake_discord: FakeDiscord, bot) -> None:
    fake_discord.faults.fail_uploads(1)
    await bot.get_channel(general(fake_discord).id).send(file=discord.File(io.BytesIO(board_png()), "board.png"))
    posts = [r for r in fake_discord.standin.store.requests if r.path.endswith("/messages")]
    assert [r.status for r in posts] == [500, 200]
    assert posts[1].upload_sizes == [len(board_png())]
    assert len(fake_discord.messages(general(fake_discord))) == 1


async def test_503_on_an_upload_fails_the_post_at_once(fake_discord: FakeDiscord, bot) -> None:
    fake_discord.faults.fail_uploads(1, status=503)
    channel = bot.get_channel(general(fake_discord).id)
    with pytest.raises(discord.DiscordServerError):
        await channel.send(file=discord.File(io.BytesIO(board_png()), "board.png"))
    assert fake_discord.messages(general(fake_discord)) == []
    await channel.send(file=discord.File(io.BytesIO(board_png()), "board.png"))  # the fault was one-shot
    assert len(fake_discord.messages(general(fake_discord))) == 1
    assert any(f.split(" ", 1)[1].startswith("503 POST") for f in fake_discord.standin.store.faults)


async def test_a_failed_message_edit_is_one_shot(fake_discord: FakeDiscord, bot) -> None:
    fake_discord.faults.fail_requests(1)  # the next message edit: 503
    sent = await bot.get_channel(general(fake_discord).id).send("v1")
    with pytest.raises(discord.DiscordServerError):
        await sent.edit(content="v2")
    assert fake_discord.message(sent.id).content == "v1"
    await sent.edit(content="v2")
    assert fake_discord.message(sent.id).content == "v2"
    assert any("503 PATCH" in f for f in fake_discord.standin.store.faults)


async def test_delayed_responses_slow_the_client_down(fake_discord: FakeDiscord, bot) -> None:
    fake_discord.faults.delay(0.25, path_pattern=r"/messages$")
    started = time.monotonic()
    await bot.get_channel(general(fake_discord).id).send("slow")
    assert time.monotonic() - started >= 0.25
    assert any("delayed" in f for f in fake_discord.standin.store.faults)


# -- the subprocess hook -------------------------------------------------------------------------


async def test_a_bot_process_honours_DISCORD_API_BASE_and_survives_a_restart(
        fake_discord: FakeDiscord, start_bot_process) -> None:
    """Runs the sample bot as `python -m` with only environment variables, as the real bot will be."""
    pythonpath = os.pathsep.join([str(TESTS_DIR), str(REPO_ROOT)])
    proc = await start_bot_process("discord_standin.sample_bot", PYTHONPATH=pythonpath)
    await fake_discord.wait_for_commands("board")
    ann = fake_discord.member("Ann")
    board = (await (await fake_discord.slash(ann, general(fake_discord), "board")).response).message
    assert board.image().size == BOARD_SIZE
    usage = proc.resource_usage()
    assert usage["cpu_seconds"] > 0 and usage["peak_rss_mib"] > 10

    await proc.restart()
    assert fake_discord.standin.gateway.identifies == 2
    # The button on the message posted before the restart still works (a DynamicItem).
    assert (await (await fake_discord.click(ann, board, "Count 0")).response).content == "You counted 1"
    fake_discord.assert_clean()


async def test_a_bot_entry_point_runs_in_process_with_the_same_environment(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from discord.http import Route

    before = Route.BASE
    env = bot_environment(fake_discord, tmp_path / "games.sqlite3")
    async with running_entry(fake_discord, sample_bot.amain, env):
        assert Route.BASE == fake_discord.api_base
        await fake_discord.wait_for_commands("board")
        ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")
        assert (await ix.response).type == 4
    assert Route.BASE == before
    assert not fake_discord.standin.gateway.connected


async def test_wait_for_message_only_counts_what_came_after_the_last_action(fake_discord: FakeDiscord, bot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    await channel.send("old")
    ix = await fake_discord.slash(fake_discord.member("Ann"), general(fake_discord), "board")

    async def later() -> None:
        await asyncio.sleep(0.05)
        await channel.send("new")
    asyncio.get_running_loop().create_task(later())
    found = await fake_discord.wait_for_message(general(fake_discord), lambda m: not m.attachments, timeout=5)
    assert found.content == "new"
    assert (await ix.response).message.content == "The board"


# -- shards and nonces ------------------------------------------------------------------------------


async def test_shards_identify_apart_and_each_gets_its_own_guilds_events(fake_discord: FakeDiscord) -> None:
    """Two discord.py AutoShardedClients, shard 0 and shard 1 of 2 (as two bot processes): each
    sees only the servers Discord puts on its shard ((guild_id >> 22) % 2) and their events."""
    fake = fake_discord
    servers = [fake.add_guild(f"Shard {k} Server", shard=(k, 2)) for k in (0, 1)]
    gateway = fake.standin.gateway

    def client(k: int) -> discord.AutoShardedClient:
        intents = discord.Intents.none()
        intents.guilds = True
        return discord.AutoShardedClient(intents=intents, shard_ids=[k], shard_count=2)

    async with running_client(fake, client(0)) as first:
        await fake.wait_for(lambda: gateway.shard_connected(0), 10, "shard 0")
        async with running_client(fake, client(1)) as second:
            await fake.wait_for(lambda: gateway.shard_connected(1) and second.is_ready(), 10, "shard 1")
            on_shard = [{g.id for g in fake.standin.world.guilds if (g.id >> 22) % 2 == k} for k in (0, 1)]
            assert servers[0].guild.id in on_shard[0] and servers[1].guild.id in on_shard[1]
            assert {g.id for g in first.guilds} == on_shard[0] and {g.id for g in second.guilds} == on_shard[1]
            assert gateway.log.count("IDENTIFY shard 0/2") == 1 and "IDENTIFY shard 1/2" in gateway.log
            # An event of each server goes to its own shard's session only; one without a guild to shard 0.
            for k in (0, 1):
                data = {"channel_id": str(servers[k].channel("general").id), "guild_id": str(servers[k].guild.id),
                        "user_id": str(fake.bot_user_id), "timestamp": 0}
                assert await gateway.dispatch("TYPING_START", data)
                assert gateway.by_shard[k].events[-1][2] is data and gateway.by_shard[1 - k].events[-1][2] is not data
            assert gateway.session_for("MESSAGE_CREATE", {"channel_id": "1"}) is gateway.by_shard[0]


async def test_a_repeated_enforced_nonce_returns_the_first_message(fake_discord: FakeDiscord, bot: SampleBot) -> None:
    channel = bot.get_channel(general(fake_discord).id)
    first = await channel.send("⏰ once", nonce="rem123")
    again = await channel.send("⏰ once", nonce="rem123")
    other = await channel.send("⏰ other", nonce="rem456")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in fake_discord.messages(general(fake_discord))].count("⏰ once") == 1
    assert fake_discord.standin.store.nonce_repeats == [first.id]


# -- modals ---------------------------------------------------------------------------------------


async def test_a_modal_opened_by_a_command_is_filled_in_and_submitted(fake_discord: FakeDiscord, bot) -> None:
    ann, bo = fake_discord.member("Ann"), fake_discord.member("Bo")
    ix = await fake_discord.slash(ann, general(fake_discord), "form")
    opened = await ix.response
    assert opened.type == 9 and ix.modal["title"] == "Your bid"
    kinds = [c["type"] for c in ix.modal["components"]]
    assert kinds == [10, 18, 18]  # a text display, then two labelled fields
    with pytest.raises(AssertionError, match="open on Ann's screen"):
        await fake_discord.submit_modal(bo, ix, {"amount": "9"})
    with pytest.raises(AssertionError, match="not offered"):
        await fake_discord.submit_modal(ann, ix, {"colour": "green"})
    with pytest.raises(AssertionError, match="required"):
        await fake_discord.submit_modal(ann, ix, {"amount": ""})
    with pytest.raises(AssertionError, match="takes 0 to 4 characters"):
        await fake_discord.submit_modal(ann, ix, {"amount": "12345"})
    with pytest.raises(AssertionError, match="no fields"):
        await fake_discord.submit_modal(ann, ix, {"price": "1"})
    sent = await fake_discord.submit_modal(ann, ix, {"amount": "5", "colour": "blue"})
    reply = await sent.response
    assert sent.type == 5 and reply.ephemeral and reply.content == "bid 5 blue by Ann"
    assert ix.modal is None  # submitted: closed
    kept = await fake_discord.slash(ann, general(fake_discord), "form")
    await kept.response
    answer = await (await fake_discord.submit_modal(ann, kept)).response  # what the bot prefilled
    assert answer.content == "bid 3 red by Ann"
    fake_discord.assert_clean()


async def test_a_modal_opened_by_a_button_updates_that_message(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    lot = (await (await fake_discord.slash(ann, general(fake_discord), "auction")).response).message
    click = await fake_discord.click(ann, lot, "Bid…")
    assert (await click.response).type == 9 and not lot.edited
    sent = await fake_discord.submit_modal(ann, click, {"amount": "7"})
    assert (await sent.response).type == 7
    assert lot.content == "bid 7 red by Ann" and lot.buttons() == []
    fake_discord.assert_clean()


async def test_modal_limits_are_checked(fake_discord: FakeDiscord, bot) -> None:
    ann = fake_discord.member("Ann")
    ix = await fake_discord.slash(ann, general(fake_discord), "form", title="A" * 46)
    await fake_discord.wait_for(lambda: fake_discord.violations, 10, "the violation")
    assert [v.kind for v in fake_discord.violations] == ["modal_title"]
    assert ix.modal is None
    fake_discord.violations.clear()


def test_check_modal_knows_discords_modal_limits() -> None:
    from discord_standin.limits import check_modal

    def field(i: int, **extra) -> dict:
        return {"type": 18, "label": f"Field {i}", "component": {"type": 4, "custom_id": f"f{i}", "style": 1, **extra}}

    good = {"title": "T", "custom_id": "m", "components": [{"type": 10, "content": "x"}, *(field(i) for i in range(4))]}
    assert check_modal(good) == []
    kinds = lambda data: sorted({p[0] for p in check_modal(data)})  # noqa: E731
    assert kinds({**good, "components": [*good["components"], field(9)]}) == ["modal_components"]
    assert kinds({**good, "components": [{**field(0), "label": "L" * 46}]}) == ["label_text"]
    assert kinds({**good, "components": [{**field(0), "description": "D" * 101}]}) == ["label_description"]
    assert kinds({**good, "components": [field(0), field(0)]}) == ["custom_id_duplicate"]
    assert kinds({**good, "components": [field(0, value="v" * 4001)]}) == ["text_input"]
    menu = {"type": 18, "label": "Menu", "component": {"type": 3, "custom_id": "s", "options": [
        {"label": str(n), "value": str(n)} for n in range(26)]}}
    assert kinds({**good, "components": [menu]}) == ["select_options"]
    assert kinds({**good, "components": [{"type": 2, "custom_id": "b", "label": "x", "style": 1}]}) == [
        "component_layout"]
    assert kinds({**good, "custom_id": "c" * 101}) == ["custom_id_length"]
