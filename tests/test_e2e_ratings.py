"""The end of a game through the real bot against the Discord stand-in (issue 13, item 4): the
final post carries the chart of every player's score over the game, `/stats player` and
`/stats top` show skill ratings from the stored results, and a moderator's correction of the
result (reopening the finished game with `/mod undo`) is reflected at once."""

from __future__ import annotations

import re

from discord_standin.api import FakeDiscord
from e2e_kit import WAIT, open_table, quick_option, read_db

CHART_SIZE = (880, 560)


async def play_to_the_end(table, after: int = 0) -> None:
    """Quick choices until final scores newer than message `after` are up (posted, or edited into
    the last turn message)."""
    for _ in range(300):
        if table.moved_past(10**9, after):
            return
        await table.choose(table.waiting(), quick_option(table.options()))
    raise AssertionError("the game did not end in 300 choices")


def rating_in(text: str) -> float:
    return float(re.search(r"skill rating (-?[0-9.]+)", text)[1])


async def test_final_chart_ratings_leaderboard_and_a_corrected_result(fake_discord: FakeDiscord, start_bot_process,
                                                                      tmp_path) -> None:
    fake = fake_discord
    await start_bot_process(DEV_GUILD_ID=str(fake.guild.id))
    table = await open_table(fake, tmp_path / "games.sqlite3")
    mia = fake.member("Mia", manage_channels=True)
    before = await (await fake.slash(table.members[0], table.channel, "stats top")).result(WAIT)
    assert before.content == "No rated game has finished on this server yet."
    await play_to_the_end(table)

    # The final scores carry the chart of every player's score over the game (both VP tracks),
    # after the last board (they come in one message with what the last choice did).
    final = table.final()
    board, chart = final.attachments
    assert board.filename.endswith("-close-up.png")
    assert chart.filename == f"byzantium-{table.game_id}-scores.png" and final.image(1).size == CHART_SIZE

    # Ratings: the winner's is the highest, the leaderboard lists every member best first.
    ranks = {r["user_id"]: r["rank"] for r in read_db(table.db_path, "SELECT user_id, rank FROM results")}
    ratings = {}
    for member in table.members:
        stats = await (await fake.slash(member, table.channel, "stats player")).result(WAIT)
        assert stats.ephemeral and "• Byzantium: 1 played" in stats.content and "(#" in stats.content, stats.content
        ratings[member.id] = rating_in(stats.content)
    winner = next(uid for uid, rank in ranks.items() if rank == 1)
    assert ratings[winner] == max(ratings.values()) and ratings[winner] > 0
    top = await (await fake.slash(table.members[1], table.channel, "stats top", game="byzantium")).result(WAIT)
    listed = [int(uid) for uid in re.findall(r"^\d+\. <@(\d+)>", top.content, re.M)]
    assert listed == sorted(ratings, key=lambda uid: -ratings[uid])
    assert top.content.startswith("**Byzantium** — skill ratings") and top.pinged_users == ()

    # A moderator reopens the finished game (its last choice was a mistake): its result no longer
    # counts, so nobody has a rated game; the game goes on from the choice before.
    ask = await (await fake.slash(mia, table.channel, "mod undo", steps=1)).result(WAIT)
    assert "The game is finished: it reopens here" in ask.content
    await fake.click(mia, ask, "Undo")
    await fake.wait_for(lambda: table.live_prompts(), WAIT, "the reopened game's prompt")
    assert read_db(table.db_path, "SELECT status FROM games")[0]["status"] == "active"
    corrected = await (await fake.slash(table.members[1], table.channel, "stats top")).result(WAIT)
    assert corrected.content == "No rated game has finished on this server yet."
    stats = await (await fake.slash(table.members[0], table.channel, "stats player")).result(WAIT)
    # No finished game any more (only the pace of the answers given, issue 29).
    assert "Byzantium: no game finished yet" in stats.content and "won" not in stats.content

    # Played to the end again, it counts again.
    table.acked = table.acked[:-1]
    await play_to_the_end(table, after=ask.id)  # final scores after the reopening
    again = await (await fake.slash(table.members[1], table.channel, "stats top")).result(WAIT)
    assert len(re.findall(r"^\d+\. <@\d+>", again.content, re.M)) == 3
    table.assert_db_matches_acknowledged()
    fake.assert_clean()
