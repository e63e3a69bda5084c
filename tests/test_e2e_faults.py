"""End to end under faults: the real bot (`python -m bot`) against a Discord stand-in that drops
the gateway, rate-limits message posts, fails uploads and answers slowly, and a bot process that
dies between storing a choice and posting it.

Each test plays a few choices through the fault and asserts what members see and that every
choice acknowledged to them is in the database exactly once (nothing lost, nothing doubled).
"""

from __future__ import annotations

import asyncio

from discord_standin.api import FakeDiscord
from e2e_kit import (
    CLOSE_UP,
    WAIT,
    Table,
    is_board,
    open_table,
    prompt_version,
    quick_option,
    read_db,
    start_checked,
)

POST_FAILED = "That was saved, but"


async def start_game(fake: FakeDiscord, start_bot_process, tmp_path) -> Table:
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    return await open_table(fake, tmp_path / "games.sqlite3")


def channel_posts(fake: FakeDiscord, table: Table, since: float) -> list[int]:
    """Statuses of the bot's message posts in the game channel since `since` (monotonic time)."""
    path = f"/api/v10/channels/{table.channel.id}/messages"
    return [r.status for r in fake.standin.store.requests if r.method == "POST" and r.path == path
            and r.started >= since]


async def plays_on_whole(table: Table, fake: FakeDiscord) -> None:
    """After the fault: the next player passes, the database holds exactly what was acknowledged,
    nothing was posted twice and the stand-in saw no bad request."""
    await table.choose(table.waiting(), "pass")
    table.assert_db_matches_acknowledged()
    table.assert_nothing_doubled()
    fake.assert_clean()


async def test_gateway_drops_mid_game_lose_and_double_nothing(fake_discord: FakeDiscord, start_bot_process,
                                                               tmp_path) -> None:
    fake = fake_discord
    gateway = fake.standin.gateway
    table = await start_game(fake, start_bot_process, tmp_path)
    first = table.waiting()
    await table.choose(first, "place:arab:Mecca")

    # A drop between two clicks: the bot resumes its session.
    await fake.drop_gateway()
    await fake.wait_for(lambda: gateway.resumes == 1 and gateway.connected, WAIT, "the bot to resume")
    await table.choose(first, "done")

    # A drop just as a click is sent: Discord replays it on RESUME, and it counts once.
    second = table.waiting()
    version = table.version()
    fake.drop_gateway_before("INTERACTION_CREATE")
    ix = await table.press(second, "pass")
    assert not ix.delivered  # the connection closed instead
    await table.settle(ix, version)
    assert ix.delivered and not ix.followups and gateway.resumes == 2
    table.acked.append((table.seats[second.id], "pass", second.id))

    # A drop while the bot is busy with a click (the click was delivered before the drop).
    third = table.waiting()
    version = table.version()
    ix = await table.press(third, "pass")
    await fake.wait_for(lambda: ix.delivered, WAIT, "the click to reach the bot")
    await fake.drop_gateway()
    await table.settle(ix, version)
    assert not ix.followups
    table.acked.append((table.seats[third.id], "pass", third.id))

    # The session expires while disconnected: the bot identifies afresh and play goes on.
    gateway.sessions.clear()
    await fake.drop_gateway()
    await fake.wait_for(lambda: gateway.identifies == 2 and gateway.connected, WAIT, "a fresh IDENTIFY")
    await table.choose(table.waiting(), "pass")

    assert gateway.identifies == 2 and gateway.resumes >= 3
    table.assert_db_matches_acknowledged()
    table.assert_nothing_doubled()
    assert all(len(ix.callbacks) == 1 for ix in fake.interactions)
    fake.assert_clean()


async def test_a_crash_between_storing_a_choice_and_posting_it_loses_nothing(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    [prompt] = table.live_prompts()

    # The first player passes: their message closes, and Discord holds the next player's new
    # message back (429, retry in 30 s); the bot dies while waiting.
    fake.faults.rate_limit_message_posts(1, retry_after=30)
    await table.press(first, "pass")
    await fake.wait_for(lambda: "✅" in prompt.content and table.stored(), WAIT, "the choice stored and acknowledged")
    await fake.wait_for(lambda: any(" 429 POST" in f for f in fake.standin.store.faults), WAIT,
                        "the next message to be held back")
    await bot.kill()
    table.acked.append((table.seats[first.id], "pass", first.id))
    assert table.boards() == [prompt] and table.live_prompts() == []  # nothing new posted yet

    # The next process posts what the last one could not, and play goes on from there.
    await bot.start()
    board = await fake.wait_for_message(table.channel, lambda m: is_board(m) and "Back online" in m.content,
                                        timeout=WAIT, since=None)
    assert board.content.startswith("📌 Back online: the game so far (choice 1).")
    assert board.image().size == CLOSE_UP
    await table.wait_prompt()
    assert table.live_prompts() == [board] and table.waiting() is not first  # one message: board and prompt
    await plays_on_whole(table, fake)


async def test_a_crash_after_discord_took_the_post_but_before_it_was_noted_posts_nothing_twice(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """The other side of the crash window: Discord created the next player's message, but the bot
    died before its answer came back, so the database never noted it. The next process posts the
    stored choice's prompt again with the same nonce, and Discord returns the message already out."""
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    [prompt] = table.live_prompts()
    before = {m.id for m in fake.standin.store.channel_messages(table.channel.id)}

    fake.faults.delay(60, path_pattern=r"/channels/[0-9]+/messages$")  # answers to new posts held back
    await table.press(first, "pass")
    await fake.wait_for(lambda: table.stored() and len(
        {m.id for m in fake.standin.store.channel_messages(table.channel.id)} - before) == 1, WAIT,
        "the next message created by Discord, its answer held back")
    await bot.kill()
    fake.faults.delay(0)
    table.acked.append((table.seats[first.id], "pass", first.id))
    [posted] = [m for m in fake.standin.store.channel_messages(table.channel.id) if m.id not in before]

    await bot.start()
    await fake.wait_for(lambda: fake.standin.store.nonce_repeats, WAIT, "the re-post after the restart")
    assert fake.standin.store.nonce_repeats == [posted.id]  # returned, not posted again
    await table.wait_prompt()
    assert [m.id for m in table.live_prompts()] == [posted.id] and table.waiting() is not first
    await plays_on_whole(table, fake)


async def test_a_crash_after_discord_took_an_edit_in_place_but_before_it_was_noted_posts_nothing_twice(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """The same window for a turn message that goes on in place with its player's next step:
    Discord changed the message to the next version, but the bot died before its answer came
    back, so the database still holds the message at the old version. The next process reads the
    message back, finds it already asking the stored game's question, and notes it instead of
    posting the board and the prompt a second time (test_e2e_shards' flaky "a board was posted
    twice", made deterministic)."""
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    [prompt] = table.live_prompts()
    before = {m.id for m in fake.standin.store.channel_messages(table.channel.id)}

    fake.faults.delay(60, path_pattern=r"/channels/[0-9]+/messages/[0-9]+$")  # answers to edits held back
    await table.press(first, "place:arab:Mecca")  # the same player places again next: in place
    await fake.wait_for(lambda: table.stored() and prompt_version(prompt) == 1, WAIT,
                        "the turn message changed in place by Discord, its answer held back")
    await bot.kill()
    fake.faults.delay(0)
    table.acked.append((table.seats[first.id], "place:arab:Mecca", first.id))
    shown = prompt.content
    assert "✅" in shown and "Mecca" in shown

    await start_checked(fake, bot)
    assert {m.id for m in fake.standin.store.channel_messages(table.channel.id)} == before  # nothing new
    assert table.live_prompts() == [prompt] and prompt.content == shown and table.waiting() is first
    await table.choose(first, "done")  # the message goes on from its own account, the answer kept
    assert shown.rpartition("\n\n")[0] in prompt.content
    await plays_on_whole(table, fake)


async def test_a_crash_before_an_edit_in_place_reached_discord_reposts_the_prompt(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """The other side of that window: the bot died before Discord took the edit, so the turn
    message still asks the old question. Read back, it is not taken for the new one: the next
    process posts the board and the prompt again, and the old message loses its buttons."""
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    first = table.waiting()
    [prompt] = table.live_prompts()
    shown = prompt.content

    fake.faults.lose_requests(1)  # the edit of the turn message never reaches Discord
    await table.press(first, "place:arab:Mecca")
    await fake.wait_for(lambda: table.stored() and any(" lost PATCH " in f for f in fake.standin.store.faults),
                        WAIT, "the choice stored, the edit of its message lost")
    await bot.kill()
    table.acked.append((table.seats[first.id], "place:arab:Mecca", first.id))
    assert prompt.content == shown and prompt_version(prompt) == 0

    await bot.start()
    board = await fake.wait_for_message(table.channel, lambda m: is_board(m) and "Back online" in m.content,
                                        timeout=WAIT, since=None)
    await fake.wait_for(lambda: table.live_prompts() == [board] and prompt.buttons() == [], WAIT,
                        "the re-posted prompt, alone, the old one without its buttons")
    assert prompt.content == shown  # the old question, left as it was
    assert table.waiting() is first
    await table.choose(first, "done")
    await plays_on_whole(table, fake)


async def test_a_crash_after_the_board_threads_post_but_before_the_prompt_posts_no_board_twice(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """Boards in a thread: the choice's board went out in the thread, the next prompt never
    reached Discord, and the bot died. The next process posts the board and the prompt again; the
    board carries the same enforced nonce as the first time, so the thread shows it once."""
    fake = fake_discord
    bot = await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3", boards_in_thread=True)
    thread = fake.thread(f"Byzantium #{table.game_id} boards")
    first = table.waiting()

    fake.faults.lose_requests(1, method="POST", path_pattern=rf"/channels/{table.channel.id}/messages$")
    await table.press(first, "pass")
    await fake.wait_for(lambda: table.stored() and len([m for m in fake.messages(thread) if is_board(m)]) == 2
                        and any(" lost POST " in f for f in fake.standin.store.faults), WAIT,
                        "the board posted in the thread, the prompt lost")
    await bot.kill()
    table.acked.append((table.seats[first.id], "pass", first.id))
    board = [m for m in fake.messages(thread) if is_board(m)][-1]

    await start_checked(fake, bot)
    await fake.wait_for(lambda: table.live_prompts() and table.waiting() is not first, WAIT, "the re-posted prompt")
    assert [m for m in fake.messages(thread) if is_board(m)][-1] is board  # not posted again
    assert fake.standin.store.nonce_repeats == [board.id]
    await table.choose(table.waiting(), "pass")
    files = [a.filename for m in fake.messages(thread) if is_board(m) for a in m.attachments]
    assert len(files) == len(set(files)) == 3, files
    table.assert_db_matches_acknowledged()
    table.assert_nothing_doubled()
    fake.assert_clean()


async def test_a_crash_between_a_choices_edits_finishes_them_at_restart_posting_nothing(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """A choice that changes several players' messages (tests/three_asks_for_bot.py): Ann's private
    pick moves Bo's and Cy's turn messages on to the new version in place, then closes her own.
    Bo's edit is out and noted when the bot dies with Cy's in flight. The choice was never marked
    delivered, so the next process changes Cy's message too and takes the buttons off Ann's
    post, posting nothing (the old code saw a prompt of the new version, Bo's, and did nothing:
    Cy kept buttons of the old version, refused as stale)."""
    fake = fake_discord
    bot = await start_bot_process(GAME_PLUGINS="three_asks_for_bot", DEV_GUILD_ID=str(fake.guild.id))
    db = tmp_path / "games.sqlite3"
    table = await open_table(fake, db, game="three_asks", title="Three asks")
    ann, bo, cy = table.members

    def turn_message(member) -> object:
        return next((m for m in table.bot_messages() if f"<@{member.id}>, " in m.content and m.buttons()), None)

    await fake.wait_for(lambda: all(map(turn_message, table.members)), WAIT, "the three turn messages")
    ann_post, bo_post, cy_post = map(turn_message, table.members)
    assert len({ann_post.id, bo_post.id, cy_post.id}) == 3  # three separate turn messages
    before = {m.id for m in fake.standin.store.channel_messages(table.channel.id)}

    private = await fake.open(ann, ann_post, "Open my prompt")
    fake.faults.lose_requests(1, path_pattern=rf"/channels/{table.channel.id}/messages/{cy_post.id}$")
    await fake.click(ann, private, "A")

    def bo_noted() -> bool:
        return read_db(db, "SELECT version FROM messages WHERE message_id = ?", (bo_post.id,))[0]["version"] == 1

    await fake.wait_for(lambda: table.stored() and prompt_version(bo_post) == 1 and bo_noted()
                        and any(" lost PATCH " in f for f in fake.standin.store.faults), WAIT,
                        "Bo's message changed and noted, the edit of Cy's lost")
    await bot.kill()
    table.acked.append((table.seats[ann.id], "a", ann.id))
    assert prompt_version(cy_post) == 0 and ann_post.buttons()  # left behind by the crash
    assert read_db(db, "SELECT delivered FROM choices WHERE game_id = ?", (table.game_id,))[0]["delivered"] == 0

    await start_checked(fake, bot)
    assert prompt_version(bo_post) == prompt_version(cy_post) == 1  # every player asked at the new version
    assert "Yes or no?" in cy_post.content and "<@" in cy_post.content
    assert not [b for b in ann_post.buttons() if not b.disabled]  # the answered post is retired
    assert {m.id for m in fake.standin.store.channel_messages(table.channel.id)} == before  # nothing posted
    assert fake.standin.store.nonce_repeats == []
    assert read_db(db, "SELECT delivered FROM choices WHERE game_id = ?", (table.game_id,))[0]["delivered"] == 1
    for member, message in ((cy, cy_post), (bo, bo_post)):  # Cy's click on the message the restart changed counts
        ix = await table.press(member, "yes")
        await fake.wait_for(lambda message=message: "✅" in message.content, WAIT, f"{member.name}'s answer shown")
        assert not ix.followups, ix.followups[0].content  # not refused (as stale)
        table.acked.append((table.seats[member.id], "yes", member.id))
    await fake.wait_for(table.final, WAIT, "the final scores")
    table.assert_db_matches_acknowledged()
    # Bo's and Cy's prompts share a version in two messages, so nothing doubled means: the only
    # message since the start is the final scores (a post of its own).
    assert [m for m in table.bot_messages() if m.id not in before] == [table.final()]
    # Each later choice is marked delivered with its last message's note, as it goes out.
    await fake.wait_for(lambda: [r["delivered"] for r in read_db(
        db, "SELECT delivered FROM choices WHERE game_id = ? ORDER BY seq", (table.game_id,))] == [1, 1, 1],
        WAIT, "every choice marked delivered")
    fake.assert_clean()


async def test_429_on_message_posts_is_waited_out(fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    table = await start_game(fake, start_bot_process, tmp_path)
    first = table.waiting()
    loop = asyncio.get_running_loop()

    # The first player passes: the next player's message (what happened, the board, the prompt:
    # one post) is refused three times with retry-after 0.4 s, then posted.
    fake.faults.rate_limit_message_posts(3, retry_after=0.4)
    since = loop.time()
    await table.choose(first, "pass")
    statuses = channel_posts(fake, table, since)
    assert statuses == [429, 429, 429, 200]
    board = table.boards()[-1]
    assert "passes" in board.content and board.image().size == CLOSE_UP and board is table.live_prompts()[0]
    assert table.waiting() is not first

    # A shared-scope limit (another bot's traffic on the channel) on a typed shortcut.
    fake.faults.rate_limit_message_posts(1, retry_after=0.3, scope="shared")
    await table.shortcut(table.waiting(), "byz pass", "pass")
    await table.choose(table.waiting(), "pass")

    assert sum("429" in f for f in fake.standin.store.faults) == 4
    table.assert_db_matches_acknowledged()
    table.assert_nothing_doubled()
    fake.assert_clean()


async def test_a_failed_upload_is_retried_or_reported_and_the_game_stays_consistent(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    table = await start_game(fake, start_bot_process, tmp_path)
    first = table.waiting()
    loop = asyncio.get_running_loop()

    # 500 on the upload of the next turn message: discord.py tries again a second later and the
    # message arrives once.
    fake.faults.fail_uploads(1, status=500)
    since = loop.time()
    await table.choose(first, "pass")
    statuses = channel_posts(fake, table, since)  # the message with its board: failed, then again
    assert statuses == [500, 200]
    board = table.boards()[-1]
    assert "passes" in board.content and board.image().size == CLOSE_UP

    # 503 on the upload: not retried; the message goes again without its board, and the member
    # is told their choice was saved.
    second = table.waiting()
    fake.faults.fail_uploads(1, status=503)
    version = table.version()
    ix = await table.press(second, "pass")
    answer = await table.refused(ix)  # the private note
    assert answer.content.startswith(POST_FAILED) and "/game repost" in answer.content and answer.ephemeral
    table.acked.append((table.seats[second.id], "pass", second.id))
    table.assert_db_matches_acknowledged()  # saved once, although its board never arrived
    assert table.moved_past(version, ix.id)  # the next player is asked all the same...
    third = table.waiting()
    assert third not in (first, second) and table.live_prompts()[0].pinged_users == (third.id,)
    assert not any(f"-v{version + 1}.png" in name for name in table.board_files())  # ...without that board
    table.assert_nothing_doubled()

    # /game repost brings the board back (and the prompt, the older copy losing its buttons).
    repost = await fake.slash(third, table.channel, "game repost")
    assert (await repost.result(WAIT)).content == "Re-posted."
    board = await fake.wait_for_message(table.channel, is_board, timeout=WAIT, since=repost)
    assert board.content.startswith(f"📌 The game so far (choice {version + 1})")
    assert board.image().size == CLOSE_UP
    await fake.wait_for(lambda: table.live_prompts() == [board], WAIT, "the re-posted prompt, alone")
    await table.shortcut(third, "byz pass", "pass")
    await table.choose(table.waiting(), quick_option(table.options()))  # the upkeep: everyone passed
    table.assert_db_matches_acknowledged()
    assert [f.split(" ", 1)[1] for f in fake.standin.store.faults if "(upload)" in f][-1].startswith("503 POST")
    assert fake.unanswered() == [] and fake.unknown_routes == []


async def test_slow_responses_and_an_impatient_double_click(fake_discord: FakeDiscord, start_bot_process,
                                                            tmp_path) -> None:
    fake = fake_discord
    table = await start_game(fake, start_bot_process, tmp_path)
    first = table.waiting()

    # Every answer from Discord takes 0.4 s: the bot still acknowledges each click in time.
    fake.faults.delay(0.4)
    await table.choose(first, "place:arab:Mecca")
    await table.choose(first, "done")

    # The prompt is slow to change, so the player clicks Pass again before it does: one pass counts.
    second = table.waiting()
    version = table.version()
    one, two = await asyncio.gather(table.press(second, "pass"), table.press(second, "pass"))
    await fake.wait_for(lambda: table.moved_past(version, one.id) and (one.followups or two.followups), WAIT,
                        "both clicks answered")
    assert len([ix for ix in (one, two) if not ix.followups]) == 1
    table.acked.append((table.seats[second.id], "pass", second.id))
    fake.faults.delay(0)
    await table.choose(table.waiting(), "pass")

    assert any("delayed" in f for f in fake.standin.store.faults)
    table.assert_db_matches_acknowledged()
    table.assert_nothing_doubled()
    assert is_board(table.boards()[-1])
    fake.assert_clean()
