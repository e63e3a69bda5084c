"""Load benchmark: N Byzantium games in N channels, played at the same time by scripted members,
through the real bot (`python -m bot`, exactly as an operator starts it) and the local Discord
stand-in (tests/discord_standin), which runs in this process.

    python bench/e2e_load.py [--games 50] [--choices 20] [--think 0] [--check] [--story]

Each game opens with /game new, Join, Join, Start; then its members make `--choices` choices by
clicking the live prompt (passing early, the cheapest way through upkeep), each waiting for the
bot to post the next prompt before the next click, plus a random pause of 0..2x`--think` seconds
(also before a game's first click, so the games do not start in lockstep). The default, 0, is as
fast as the bot allows: 50 clicks always waiting, a stress test far above real play-by-post traffic.

Prints p50/p95/max of interaction -> first response (the bot's first callback) and of
interaction -> board posted (the board for the new version arriving in the channel), the bot
process's CPU time and peak memory, and every error: refused or unanswered clicks, Discord
rules broken, unknown routes, ERROR lines in the bot's log, choices missing or doubled in the
database. Targets (issue 6): first response p95 < 300 ms, board posted p95 < 1.5 s at 50
concurrent games, no errors. With --check the exit status is 1 when a target is missed.
With --story, a member of #story (a finished ~300-step game stored before the bot starts) asks
/game replay, waits for the GIF, opens /game history and steps back three times, over and over
while the games are played: compare the click figures with a run without it.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from discord_standin.api import FakeDiscord  # noqa: E402
from discord_standin.records import Interaction  # noqa: E402
from discord_standin.runner import BotProcess  # noqa: E402
from e2e_kit import Table, open_table, quick_option  # noqa: E402

FIRST_RESPONSE_TARGET = 0.300
BOARD_TARGET = 1.5
ANSWER_TIMEOUT = 120.0


@dataclass
class Sample:
    ix: Interaction
    table: Table
    version: int  # the version the click answered; the board it causes is named ...-v{version + 1}.png


@dataclass
class Run:
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def play(table: Table, choices: int, think: float, rng: random.Random, run: Run) -> None:
    name = table.channel.name
    if think:
        await asyncio.sleep(rng.uniform(0, 2 * think))  # members do not all click the moment their game starts
    for _ in range(choices):
        if table.final() is not None:
            run.errors.append(f"#{name}: the game ended before {choices} choices")
            return
        try:
            version = table.version()
            member = table.waiting()
            option = quick_option(table.options())
            ix = await table.press(member, option)
            await table.settle(ix, version, ANSWER_TIMEOUT)
        except AssertionError as exc:
            run.errors.append(f"#{name}: {exc}")
            return
        if ix.followups:
            run.errors.append(f"#{name}: {option} refused: {ix.followups[0].content}")
            return
        table.acked.append((table.seats[member.id], option, member.id))
        run.samples.append(Sample(ix, table, version))
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))


@dataclass
class StoryRun:
    """Timings of /game history and /game replay asked in #story (a stored 300-step game) while
    the other games are played."""

    replay_ack: list[float] = field(default_factory=list)  # /game replay -> its private answer
    replay_posted: list[float] = field(default_factory=list)  # /game replay -> the GIF in the channel
    replay_bytes: list[int] = field(default_factory=list)
    history_answer: list[float] = field(default_factory=list)  # /game history -> the view with images
    history_step: list[float] = field(default_factory=list)  # ◀ -> the view edited to the step before


async def store_long_game(db_path: Path, channel_id: int, guild_id: int, members: list) -> int:
    """A whole random 4-player Byzantium game (about 300 choices), imported as a finished game of
    #story before the bot starts."""
    from bot.storage.records import Seat
    from bot.storage.store import Storage
    from engine import get_game

    game = get_game("byzantium")
    names = [m.name for m in members]
    rng, seed = random.Random(5), 5
    state = game.setup(names, seed, {})
    choices = []
    while not game.is_over(state):
        decision = game.pending(state)[0]
        option = rng.choice(decision.options).id
        choices.append([decision.player, option])
        state, _ = game.apply(state, decision.player, option)
    storage = await Storage.open(db_path)
    try:
        loaded = await storage.import_game(
            {"game": "byzantium", "players": names, "seed": seed, "options": {}, "choices": choices},
            guild_id=guild_id, channel_id=channel_id, host_user_id=members[0].id,
            seats=[Seat(m.name, m.name, m.id) for m in members])
    finally:
        await storage.close()
    return loaded.seq


async def story_load(fake: FakeDiscord, members: list, steps: int, done: asyncio.Event, story: StoryRun,
                     run: Run) -> None:
    """Until the games are played: /game replay (waiting for its GIF), then /game history and three ◀."""
    channel = fake.channel("story")
    asker = members[0]
    while not done.is_set():
        try:
            ix = await fake.slash(asker, channel, "game replay")
            answer = await ix.result(ANSWER_TIMEOUT)
            story.replay_ack.append(answer.versions[-1].at - ix.created)
            gif = await fake.wait_for_message(channel, lambda m: any(a.filename.endswith(".gif") for a in m.attachments),
                                              timeout=ANSWER_TIMEOUT, since=ix)
            story.replay_posted.append(gif.versions[0].at - ix.created)
            story.replay_bytes.append(gif.attachments[0].size)
            ix = await fake.slash(members[1], channel, "game history")
            view = await ix.result(ANSWER_TIMEOUT)
            await fake.wait_for(lambda v=view: v.attachments, ANSWER_TIMEOUT, "the history view's images")
            story.history_answer.append(view.versions[-1].at - ix.created)
            for _ in range(3):
                before = len(view.versions)
                label = next(b.label for b in view.buttons() if b.label.startswith("◀"))
                ix = await fake.click(members[1], view, label)
                await fake.wait_for(lambda v=view, n=before: len(v.versions) > n, ANSWER_TIMEOUT, "the step before")
                story.history_step.append(view.versions[-1].at - ix.created)
        except (AssertionError, TimeoutError, StopIteration) as exc:
            run.errors.append(f"#story: {exc!r}")
            return


def board_latency(sample: Sample) -> float | None:
    """Seconds from the click to the arrival of the board of the version it made (None: no board,
    as after a choice nothing visible happened in)."""
    suffix = f"-v{sample.version + 1}.png"
    for m in sample.table.boards():
        if m.id > sample.ix.id and any(a.filename.endswith(suffix) for a in m.versions[0].attachments):
            return m.versions[0].at - sample.ix.created
    return None


def spread(values: list[float]) -> str:
    if not values:
        return "no samples"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms  ({len(ordered)} samples)")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))] if ordered else float("inf")


async def bench(games: int, choices: int, think: float, seed: int, with_story: bool = False) -> bool:
    rng = random.Random(seed)
    load_before = os.getloadavg()[0]
    fake = await FakeDiscord.start(channels=tuple(f"game-{i + 1}" for i in range(games)) + ("story",))
    tmp = tempfile.TemporaryDirectory(prefix="e2e-load-")
    db_path = Path(tmp.name) / "games.sqlite3"
    bot = BotProcess(fake, db_path, extra_env={"DEV_GUILD_ID": str(fake.guild.id), "LOG_LEVEL": "WARNING"})
    run = Run()
    story, story_steps = StoryRun(), 0
    storytellers = [fake.member(n) for n in ("Sa", "Sb", "Sc", "Sd")]
    try:
        if with_story:
            story_steps = await store_long_game(db_path, fake.channel("story").id, fake.guild.id, storytellers)
        await bot.start(timeout=60)
        await fake.wait_for_commands("game", "byz", timeout=60)
        for i in range(games):
            for letter in "ABC":
                fake.member(f"{letter}{i + 1}")
        started = bot.resource_usage()
        self_started = resource.getrusage(resource.RUSAGE_SELF)

        t0 = time.monotonic()
        opened = await asyncio.gather(*(open_table(fake, db_path, channel=f"game-{i + 1}",
                                                   names=tuple(f"{c}{i + 1}" for c in "ABC"))
                                        for i in range(games)), return_exceptions=True)
        tables = [t for t in opened if isinstance(t, Table)]
        run.errors += [f"lobby: {e!r}" for e in opened if not isinstance(e, Table)]
        t1 = time.monotonic()
        done = asyncio.Event()
        telling = (asyncio.create_task(story_load(fake, storytellers, story_steps, done, story, run))
                   if with_story else None)
        await asyncio.gather(*(play(t, choices, think, random.Random(rng.random()), run) for t in tables))
        t2 = time.monotonic()
        done.set()
        if telling is not None:
            await telling

        usage = bot.resource_usage()
        self_usage = resource.getrusage(resource.RUSAGE_SELF)
        for table in tables:
            try:
                table.assert_db_matches_acknowledged()
                table.assert_nothing_doubled()
            except AssertionError as exc:
                run.errors.append(f"#{table.channel.name} database: {exc}")
        run.errors += [f"Discord rule: {v}" for v in fake.violations]
        run.errors += [f"unknown route: {r}" for r in fake.unknown_routes]
        run.errors += [f"unanswered interaction {ix.id}" for ix in fake.unanswered()]
        run.errors += [f"bot log: {line}" for line in bot.log_path.read_text(errors="replace").splitlines()
                       if re.search(r" (ERROR|CRITICAL) ", line)]
    finally:
        await bot.stop()
        await fake.close()
        tmp.cleanup()

    first = [s.ix.first_response_latency for s in run.samples if s.ix.first_response_latency is not None]
    boards = [b for b in (board_latency(s) for s in run.samples) if b is not None]
    play_cpu = usage["cpu_seconds"] - started["cpu_seconds"]
    gen_cpu = (self_usage.ru_utime + self_usage.ru_stime) - (self_started.ru_utime + self_started.ru_stime)
    first_ok = p95(first) < FIRST_RESPONSE_TARGET
    board_ok = p95(boards) < BOARD_TARGET
    print(f"e2e load: {games} games x {choices} choices, 3 members each, think 0..{2 * think:g} s; "
          f"bot = `python -m bot`, stand-in and members in this process")
    print(f"lobbies: {len(tables)} opened and started in {t1 - t0:.1f} s")
    print(f"choices: {len(run.samples)} acknowledged in {t2 - t1:.1f} s ({len(run.samples) / max(t2 - t1, 1e-9):.1f}/s)")
    print(f"interaction -> first response: {spread(first)}   target p95 < {FIRST_RESPONSE_TARGET * 1000:.0f} ms: "
          f"{'met' if first_ok else 'MISSED'}")
    print(f"interaction -> board posted:   {spread(boards)}   target p95 < {BOARD_TARGET:g} s: "
          f"{'met' if board_ok else 'MISSED'}")
    per_choice = play_cpu / max(len(run.samples), 1) * 1000
    print(f"bot process: CPU {play_cpu:.1f} s during the games ({play_cpu / max(t2 - t0, 1e-9) * 100:.0f}% of one core, "
          f"{per_choice:.0f} ms per choice with the lobbies), "
          f"{usage['cpu_seconds']:.1f} s in all; peak RSS {usage['peak_rss_mib']:.0f} MiB")
    print(f"load generator (stand-in + members, this process): CPU {gen_cpu:.1f} s")
    print(f"machine: {os.cpu_count()} CPUs, load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after "
          "(other processes share the CPUs: figures vary with them)")
    if with_story:
        print(f"#story ({story_steps} stored steps), asked while the games were played:")
        print(f"  /game replay -> answered:   {spread(story.replay_ack)}")
        print(f"  /game replay -> GIF posted: {spread(story.replay_posted)}; "
              f"{', '.join(f'{b:,}' for b in story.replay_bytes)} bytes")
        print(f"  /game history -> view with images: {spread(story.history_answer)}")
        print(f"  ◀ -> the step before drawn:        {spread(story.history_step)}")
    print(f"errors: {len(run.errors)}")
    for line in run.errors[:20]:
        print(f"  {line}")
    return first_ok and board_ok and not run.errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--choices", type=int, default=20, help="choices per game (at most ~50: the game ends)")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause of a member before each click (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed or anything failed")
    parser.add_argument("--story", action="store_true",
                        help="meanwhile, in #story (a stored ~300-step game), ask /game replay and /game history again "
                             "and again, and print their times")
    args = parser.parse_args(argv)
    ok = asyncio.run(bench(args.games, args.choices, args.think, args.seed, args.story))
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
