"""`/game history` and `/game replay` through the real bot (`python -m bot`) against the Discord
stand-in (issue 13, item 3): the board at any past step, privately, stepped with ◀ ▶, from just
after the member's own last move, or at a step picked from the menu or given to the command;
refusals of another member's clicks and of steps an undo removed; the replay posted as a GIF
under Discord's upload limit, one frame per step."""

from __future__ import annotations

import io

from discord_standin.api import FakeDiscord
from discord_standin.message_record import Message
from e2e_kit import WAIT, db_choices, open_table, quick_option
from PIL import Image

INLINE_SIZE = (880, 560)  # the chat's image of a step (render/inline.py)
DISCORD_UPLOAD_LIMIT = 10 * 1024 * 1024


async def play(table, choices: int) -> None:
    """The quickest choices, `choices` of them, by whoever the game waits on."""
    for _ in range(choices):
        await table.choose(table.waiting(), quick_option(table.options()))


def step_of(view: Message) -> tuple[int, int]:
    """(step, latest) from a history view's first line "… step N of M"."""
    first = view.content.splitlines()[0]
    words = first.split("step ", 1)[1].split()
    return int(words[0]), int(words[2])


async def click_view(fake: FakeDiscord, member, view: Message, label: str) -> None:
    """Click a button of a history view and wait until it shows another step."""
    before = len(view.versions)
    ix = await fake.click(member, view, label)
    await fake.wait_for(lambda: len(view.versions) > before or ix.followups, WAIT, f"the view after {label}")
    assert not ix.followups, ix.followups[0].content


def shown_files(view: Message) -> list[str]:
    return [a.filename for a in view.attachments]


async def test_history_steps_back_and_forth_goes_to_a_step_and_starts_after_my_last_move(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    ann, bo, cy = table.members
    await table.choose(table.waiting(), "take:Jerusalem")
    await play(table, 7)
    latest = len(table.stored())
    assert latest == 8

    # Ann opens the history: privately, the latest step, the chat's image and the full board.
    answer = await (await fake.slash(ann, table.channel, "game history")).result(WAIT)
    assert answer.ephemeral
    assert step_of(answer) == (latest, latest)
    assert shown_files(answer) == [f"byzantium-{table.game_id}-step{latest}.png",
                                   f"byzantium-{table.game_id}-step{latest}-board.png"]
    assert answer.image(0).size == INLINE_SIZE and answer.image(1).size[0] > INLINE_SIZE[0]
    labels = [b.label for b in answer.buttons()]
    assert labels == ["⏮ Start", f"◀ Step {latest - 1}", "Since my last move"]  # nothing after the latest
    public_before = [m.id for m in table.bot_messages()]

    # ◀ shows the step before, with its own board; ▶ comes back.
    await click_view(fake, ann, answer, f"◀ Step {latest - 1}")
    assert step_of(answer) == (latest - 1, latest)
    assert shown_files(answer)[0] == f"byzantium-{table.game_id}-step{latest - 1}.png"
    assert [b.label for b in answer.buttons()][2:4] == [f"Step {latest} ▶", "Now ⏭"]
    await click_view(fake, ann, answer, f"Step {latest} ▶")
    assert step_of(answer) == (latest, latest)

    # ⏮ goes to the setup: no board highlight, no step before it.
    await click_view(fake, ann, answer, "⏮ Start")
    assert step_of(answer) == (0, latest) and "as it was set up" in answer.content
    assert "⏮ Start" not in [b.label for b in answer.buttons()]

    # The menu goes to any step; the step's choice is named with its label, its events told.
    menu = answer.select("Go to a step…")
    assert [o.value for o in menu.options] == [str(s) for s in range(1, latest + 1)]
    before = len(answer.versions)
    await fake.select(ann, answer, "Go to a step…", ["1"])
    await fake.wait_for(lambda: len(answer.versions) > before, WAIT, "the view at step 1")
    assert step_of(answer) == (1, latest)
    assert "chose **Take Jerusalem" in answer.content and "takes control of Jerusalem" in answer.content

    # The command takes a step too.
    direct = await (await fake.slash(bo, table.channel, "game history", step=3)).result(WAIT)
    assert step_of(direct) == (3, latest)
    too_far = await (await fake.slash(bo, table.channel, "game history", step=99)).result(WAIT)
    assert too_far.content == f"This game has steps 0 to {latest}; choose one of those."

    # "Since my last move": the first step after the member's own last choice, and what followed.
    mine = max(seq for seq, (seat, _o, user) in enumerate(table.acked, 1) if user == bo.id)
    since = await (await fake.slash(bo, table.channel, "game history", since_my_move=True)).result(WAIT)
    expected = mine + 1 if mine < latest else mine
    assert step_of(since) == (expected, latest)
    if mine < latest:
        count = latest - mine  # one step or several, as the pinned seed's game went
        assert f"Since your last move (step {mine}): {count} step{'s' if count != 1 else ''}." in since.content
    await click_view(fake, ann, answer, "Since my last move")
    ann_last = max(seq for seq, (_s, _o, user) in enumerate(table.acked, 1) if user == ann.id)
    assert step_of(answer)[0] == min(ann_last + 1, latest)

    # Only the member who opened a view drives it; the click is answered privately, nothing changes.
    shown = answer.content
    ix = await fake.click(bo, answer, answer.buttons()[0].label)
    await fake.wait_for(lambda: ix.followups, WAIT, "the refusal")
    assert ix.followups[0].ephemeral
    assert ix.followups[0].content == "That history view was opened by another member; `/game history` opens your own."
    assert answer.content == shown

    # Nothing of all this was posted in the channel, and the game is as it was.
    assert [m.id for m in table.bot_messages()] == public_before
    table.assert_db_matches_acknowledged()
    fake.assert_clean()


async def test_a_step_removed_by_an_undo_is_refused_politely(fake_discord: FakeDiscord, start_bot_process,
                                                              tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    ann = table.members[0]
    mia = fake.member("Mia", manage_channels=True)
    await play(table, 5)
    view = await (await fake.slash(ann, table.channel, "game history")).result(WAIT)
    await click_view(fake, ann, view, "◀ Step 4")
    assert step_of(view) == (4, 5)

    confirm = await (await fake.slash(mia, table.channel, "mod undo", steps=3)).result(WAIT)
    await fake.click(mia, confirm, "Undo")
    await fake.wait_for(lambda: len(table.stored()) == 2 and table.version() == 2, WAIT, "the undo")

    shown = view.content
    ix = await fake.click(ann, view, "Step 5 ▶")
    await fake.wait_for(lambda: ix.followups, WAIT, "the refusal")
    assert ix.followups[0].content.startswith("That step is no longer part of this game (a moderator rolled it "
                                              "back to step 2).")
    assert view.content == shown
    # ⏭ still works: it goes to the game as it is now.
    await click_view(fake, ann, view, "Now ⏭")
    assert step_of(view) == (2, 2)
    fake.assert_clean()


async def test_replay_posts_the_game_as_a_gif_under_the_upload_limit(fake_discord: FakeDiscord, start_bot_process,
                                                                     tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    await play(table, 9)
    steps = len(table.stored())
    cy = table.members[2]

    ix = await fake.slash(cy, table.channel, "game replay")
    answer = await ix.result(WAIT)
    assert answer.ephemeral
    assert answer.content == f"🎞️ Drawing the replay of {steps} steps; it will be posted here when it is ready."
    posted = await fake.wait_for_message(table.channel, lambda m: any(a.filename.endswith(".gif") for a in m.attachments),
                                         timeout=WAIT, since=ix)
    assert posted.content == f"🎞️ The story of game #{table.game_id} so far ({steps} steps), for <@{cy.id}>."
    assert posted.pinged_users == ()  # naming who asked pings nobody
    [gif] = posted.attachments
    assert gif.filename == f"byzantium-{table.game_id}-replay.gif" and gif.size < DISCORD_UPLOAD_LIMIT
    animation = Image.open(io.BytesIO(gif.data))
    assert animation.format == "GIF" and animation.n_frames == steps  # one frame per step
    assert animation.size[0] == 600
    fake.assert_clean()


async def test_history_of_a_game_with_secrets_shows_public_events_and_only_my_own_private_ones(
        fake_discord: FakeDiscord, start_bot_process, tmp_path) -> None:
    """Rule: a secret reaches only its owner. Ann's draw is hers: her history tells it, Bo's does
    not; both see the same public board; Bo's standing orders are no step of Ann's history."""
    from duel_kit import duel_env, open_duel, pinned_deck

    fake = fake_discord
    await start_bot_process(**duel_env(pinned_deck(["1", "2", "5"], ["3", "4", "6"], ["5", "6", "5", "6"]), fake))
    duel = await open_duel(fake, tmp_path / "games.sqlite3")
    ann, bo = duel.members
    await duel.slash(ann, "game orders", setting="order:parry", value="never")
    await duel.choose(ann, "play:1")
    await duel.choose(bo, "take")
    await duel.choose(bo, "play:3")
    await duel.slash(bo, "game orders", setting="order:parry", value="never")  # Bo's own, private step
    await duel.choose(ann, "pass")  # Ann draws a card: "You drew a 5." is hers alone
    drew = len(db_choices(duel.db_path, duel.game_id))

    ann_view = await duel.slash(ann, "game history", step=drew)
    bo_view = await duel.slash(bo, "game history", step=drew)
    assert step_of(ann_view) == step_of(bo_view) == (drew, drew)
    assert "You drew a 5." in ann_view.content
    assert "drew a 5" not in bo_view.content and "You drew" not in bo_view.content
    assert "**Ann** decided." in bo_view.content  # the option Ann took is not named to Bo
    # The board is the public one for both: byte for byte the same.
    assert [a.data for a in ann_view.attachments] == [a.data for a in bo_view.attachments]
    assert len(ann_view.attachments) == 1  # the test game's drawing has no close-up: the board alone

    # Bo's standing order is a step of his history, not of Ann's.
    bo_order = drew - 1
    ann_steps = {o.value for o in ann_view.select("Go to a step…").options}
    bo_steps = {o.value for o in bo_view.select("Go to a step…").options}
    assert str(bo_order) not in ann_steps and str(bo_order) in bo_steps
    fake.assert_clean()

