"""Play-by-post across many games (issue 29), end to end: the real bot (in this process, on a clock
the test moves, as tests/test_e2e_bot_players.py runs it) against the Discord stand-in, used as
members use Discord; then `python -m bot forget-server` as an operator runs it.

Ann sits in three games on one server: Byzantium #byz-1 (waiting on Bo), Byzantium #byz-2 (waiting
on Ann, bots may stand in) and Alexander #alex (waiting on Ann's private decision). `/game mine`
lists all three with the right marks and links; a moderator's `/mod games` shows the stalled game
first; pace appears in `/stats player` and `/game status`; Ann away is not reminded and a bot
takes her seat where the game allows it; forget-server leaves nothing of the server.
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path

from discord_standin.api import FakeDiscord
from discord_standin.runner import running_entry
from e2e_kit import WAIT, Table, db_choices, open_table, read_db
from test_e2e_bot_players import clocked_bot

from bot.storage.records import time_to_text

ROOT = Path(__file__).resolve().parent.parent
ALEXANDER = "The Conquerors: Alexander the Great"


async def answer(fake: FakeDiscord, member, channel, command: str, **options) -> str:
    reply = await (await fake.slash(member, channel, command, **options)).result(WAIT)
    assert reply.ephemeral, reply
    return reply.content


async def until_waiting_on(table: Table, member, clock, hours: float) -> None:
    """The other player passes (after `hours`) until the game waits on `member`."""
    while table.waiting() is not member:
        clock.advance(hours=hours)
        await table.choose(table.waiting(), "pass")


def due_reminders(db: Path, now: datetime) -> list:
    """The reminders of active games due by `now` that the bot's scheduler has not handled yet."""
    return read_db(db, "SELECT r.game_id, r.player FROM reminders r JOIN games g ON g.id = r.game_id"
                       " WHERE r.due_at <= ? AND g.status = 'active'", (time_to_text(now),))


def lines_of(content: str) -> list[str]:
    return [line for line in content.splitlines() if line.startswith("• ")]


async def test_a_member_in_three_games_a_moderator_pace_away_and_forget_server(fake_discord: FakeDiscord,
                                                                                tmp_path) -> None:
    fake = fake_discord
    db = tmp_path / "games.sqlite3"
    clock, entry, env = clocked_bot(fake, db)
    async with running_entry(fake, entry, env, timeout=WAIT):
        ann, bo = fake.member("Ann"), fake.member("Bo")
        mod = fake.member("Mia", manage_channels=True)
        # The oldest game, which nobody touches: the stalled one.
        quiet = await open_table(fake, db, names=("Bo", "Cy"), channel="quiet")
        clock.advance(hours=20)

        # #alex: Ann is the Macedonian; each places the suggested garrisons, Ann after 2 h, Bo after 6 h
        # (or the other way round), then the game waits on Ann's private choice of cards.
        alex = await open_table(fake, db, names=("Ann", "Bo"), channel="alex", game="alexander", title=ALEXANDER,
                                side="macedonian")
        took = {}
        clock.advance(hours=2)
        member = alex.waiting()
        await alex.choose(member, "suggested")
        took[member.name] = 2
        clock.advance(hours=6)
        member = alex.waiting()
        placed = await alex.press(member, "suggested")  # then a private decision: no buttons in public
        took[member.name] = 6
        assert sorted(took) == ["Ann", "Bo"]
        await fake.wait_for_message(alex.channel, lambda m: any(b.label == "Open my prompt" for b in m.buttons())
                                    and f"<@{ann.id}>" in m.content, timeout=WAIT, since=placed)

        byz1 = await open_table(fake, db, names=("Ann", "Bo"), channel="byz-1")
        if byz1.waiting() is ann:
            clock.advance(hours=1)
            await byz1.choose(ann, "pass")
        assert byz1.waiting() is bo
        byz2 = await open_table(fake, db, names=("Bo", "Ann"), channel="byz-2", bot_takeover_hours=24)
        await until_waiting_on(byz2, ann, clock, hours=3)

        # /game mine: three games, the two waiting on Ann first, each linking its channel.
        mine = await answer(fake, ann, byz1.channel, "game mine")
        lines = lines_of(mine)
        assert mine.startswith("**Your games here** (3; 2 waiting on you):")
        assert len(lines) == 3
        waiting_first = {line.split()[1] for line in lines[:2]}
        assert waiting_first == {f"<#{alex.channel.id}>", f"<#{byz2.channel.id}>"}
        alex_line = next(line for line in lines if f"<#{alex.channel.id}>" in line)
        assert f"**{ALEXANDER}** #{alex.game_id} · ⏰ **waiting on you** since <t:" in alex_line
        assert "a private decision (open it from the game's post)" in alex_line
        assert "cards" not in alex_line.casefold()  # what the private decision is stays private
        byz2_line = next(line for line in lines if f"<#{byz2.channel.id}>" in line)
        assert "⏰ **waiting on you** since <t:" in byz2_line and "choose your action" in byz2_line
        assert lines[2].startswith(f"• <#{byz1.channel.id}> **Byzantium** #{byz1.game_id} · waiting on <@{bo.id}>")
        only = await answer(fake, ann, byz1.channel, "game mine", waiting_on_me=True)
        assert len(lines_of(only)) == 2 and f"<#{byz1.channel.id}>" not in only
        assert f"<#{quiet.channel.id}>" not in mine  # not Ann's

        # /mod games: the stalled game first; with stalled_hours, it alone.
        refused = await answer(fake, ann, byz1.channel, "mod games")
        assert "Only moderators" in refused
        every = lines_of(await answer(fake, mod, byz1.channel, "mod games"))
        assert len(every) == 4 and every[0].startswith(f"• <#{quiet.channel.id}> **Byzantium** #{quiet.game_id}")
        assert "players: Bo and Cy" in every[0]
        stalled = lines_of(await answer(fake, mod, byz1.channel, "mod games", stalled_hours=24))
        assert [line.split()[1] for line in stalled] == [f"<#{quiet.channel.id}>"]

        # Pace: each seat's median in /game status, the median and 90th percentile in /stats player.
        status = await answer(fake, bo, alex.channel, "game status")
        assert "⏱️ Median time to answer here:" in status
        assert f"{took['Ann']} h" in status and f"{took['Bo']} h" in status
        stats = await answer(fake, ann, alex.channel, "stats player")
        assert f"• {ALEXANDER}: no game finished yet" in stats
        assert "answer" in stats and "timed: median" in stats and "90% within" in stats

        # Away: Ann is reminded in no game; in #byz-2 (bot_takeover_hours) a bot plays her seat.
        away = await answer(fake, ann, byz1.channel, "settings away", until="3d")
        assert away.startswith("💤 You are away until <t:")
        notice = await fake.wait_for_message(byz2.channel, lambda m: m.content.startswith(
            f"🤖 <@{ann.id}> is away until <t:"), timeout=WAIT, since=None)
        assert [b.label for b in notice.buttons()] == ["I'm back"]
        made = len(db_choices(db, byz2.game_id))
        await fake.wait_for(lambda: len(db_choices(db, byz2.game_id)) > made or None, WAIT, "the bot's move for Ann")
        assert db_choices(db, byz2.game_id)[made][1:4:2] == (byz2.seats[ann.id], None)
        status = await answer(fake, bo, alex.channel, "game status")
        assert f"(<@{ann.id}>) is away until <t:" in status
        # Bo, who is not away, is reminded, by DM as he asked, with "All my games" under it.
        assert "direct message" in await answer(fake, bo, byz1.channel, "settings ping", mode="dm")
        clock.advance(hours=13)  # past every game's first reminder
        dm = await fake.wait_for_message(fake.dm(bo), lambda m: m.content.startswith(f"⏰ In <#{byz1.channel.id}>"),
                                         timeout=WAIT, since=None)
        # The scheduler's pass that reminded Bo goes over every row due by now, Ann's too: once none
        # is left due, a reminder to Ann would be out (a fixed wait was a guess under load).
        await fake.wait_for(lambda: not due_reminders(db, clock()), WAIT, "the scheduler's pass over the due reminders")
        listed = await (await fake.click(bo, dm, "All my games")).result(WAIT)
        assert listed.ephemeral and listed.content.startswith("**Your games here** (4; ")
        assert f"<#{byz1.channel.id}> **Byzantium** #{byz1.game_id} · ⏰ **waiting on you**" in listed.content
        reminded = [m for ch in (alex.channel, byz1.channel, byz2.channel) for m in fake.messages(ch)
                    if m.content.startswith(f"⏰ <@{ann.id}>")]
        assert reminded == []
    fake.assert_clean()

    # The operator removes the server's data: asked to confirm by typing its id, a backup first.
    guild = fake.guild.id
    assert read_db(db, "SELECT count(*) FROM games WHERE guild_id = ?", (guild,))[0][0] == 4
    done = subprocess.run([sys.executable, "-m", "bot", "--db", str(db), "forget-server", str(guild),
                           "--backup", str(tmp_path / "before-forget.sqlite3")], input=f"{guild}\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"every row of server {guild} deleted" in done.stdout
    for table in ("games", "results", "answer_times", "guild_settings", "language_settings", "guild_departures"):
        assert read_db(db, f"SELECT count(*) FROM {table} WHERE guild_id = ?", (guild,))[0][0] == 0, table  # noqa: S608
    for table in ("choices", "snapshots", "messages", "reminders", "audit", "waits"):
        assert read_db(db, f"SELECT count(*) FROM {table}")[0][0] == 0, table  # noqa: S608
    assert (tmp_path / "before-forget.sqlite3").stat().st_size > 0
