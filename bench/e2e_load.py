"""Load benchmark: N Byzantium games in N channels, played at the same time by scripted members,
through the real bot (`python -m bot`, exactly as an operator starts it) and the local Discord
stand-in (tests/discord_standin), which runs in this process.

    python bench/e2e_load.py [--games 50] [--choices 20] [--think 0] [--check] [--story]
    python bench/e2e_load.py --processes 2 --db postgres     # sharded, beside 1 process on SQLite
    python bench/e2e_load.py --bots 2 [--bot-budget-ms 100]   # 2 bot players in each game
    python bench/e2e_load.py --games 10 --choices 10 --profile  # + where the bot's CPU goes (py-spy)
    python bench/e2e_load.py --games 50 --choices 20 --stages   # + where a click's time goes

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
With --bots N, each game seats N bot players (and 4 - N members, at most 3): the members' clicks
are timed while the bots think in their worker process (issue 15: first response p95 < 300 ms);
the database check then covers the members' choices, and every bot choice must be stored with
nobody's click.
With --board-asks F (default 0.1), after a fraction F of the choices two members of the game
click the turn message's Full board one after the other (the whole board is drawn only when
asked, issue 30): printed are click -> first response (the deferral, within Discord's 3 s) and
click -> the board's image, for the first asker (who has it drawn) and the second (kept).
Bot CPU per choice is the process's CPU over the whole run (lobbies included) divided by the
choices, and the median over 1-second windows of the CPU spent in the window divided by the
choices acknowledged in it (windows with none left out). With --profile, py-spy samples the
bot process(es) during the games and the CPU per choice is split into its parts (engine,
storage, snapshots, text, each picture and its PNG encoding, discord.py: bench/cpu_split.py);
it needs py-spy (in the dev extra) and the right to trace the process (root, or ptrace_scope 0).
With --stages, the bot process also times each choice click stage by stage (bench/stages.py,
loaded into the bot as a plugin): the gateway, the deferral, the game's lock, storing, the
close-up (its wait for a render thread apart), the reminders, the posts to Discord, and every
database read and write with their waits; printed per choice (mean, p50, p95).
Figures, not a test.

With `--processes N --db postgres` the same run is made twice and printed side by side: one bot
process on SQLite, then N bot processes (`--shards K --shard-count N`) on one PostgreSQL server
(started here from the pgserver package), with one server per shard and the games dealt to them
in turn; the PostgreSQL server's own CPU time is measured too.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from cpu_split import read_samples  # noqa: E402
from cpu_split import table as split_table  # noqa: E402
from discord_standin.api import FakeDiscord  # noqa: E402
from discord_standin.records import Interaction  # noqa: E402
from discord_standin.runner import BotProcess  # noqa: E402
from e2e_kit import Table, open_table, quick_option  # noqa: E402
from pg_kit import PgServer  # noqa: E402
from stages import summary  # noqa: E402

FIRST_RESPONSE_TARGET = 0.300
BOARD_TARGET = 1.5
FULL_BOARD_TARGET = 3.0  # Discord's limit for the first response to a click
BOARD_BUTTON = "🗺️ Full board"
ANSWER_TIMEOUT = 120.0
# With bot players a click waits for their turns too (a pause and a search each, one worker for
# every game): members wait longer for their next prompt, never for their click's first answer.
BOT_GAME_TIMEOUT = 900.0


@dataclass
class Sample:
    ix: Interaction
    table: Table
    version: int  # the version the click answered; the board it causes is named ...-v{version + 1}.png


@dataclass
class Run:
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    ended: int = 0  # games that reached their end before their last choice
    # Full board clicks: first response (the deferral) and the image, for the first and second asker
    board_first: list[float] = field(default_factory=list)
    board_image: list[float] = field(default_factory=list)
    board_again_image: list[float] = field(default_factory=list)


async def ask_board(table: Table, rng: random.Random, run: Run) -> None:
    """Two members of the game click Full board on the newest turn message, one after the other:
    the first has the whole board drawn, the second gets the one kept for the version."""
    prompts = [m for m in table.live_prompts() if any(b.label == BOARD_BUTTON for b in m.buttons())]
    if not prompts:
        return  # a game whose turn message shows the whole board already
    askers = rng.sample(table.members, 2)
    for n, asker in enumerate(askers):
        ix = await table.fake.click(asker, prompts[0], BOARD_BUTTON)
        answer = await ix.result(ANSWER_TIMEOUT)
        if not any(a.filename.endswith(".png") for a in answer.attachments):
            run.errors.append(f"#{table.channel.name}: Full board answered without a board: {answer.content[:80]}")
            return
        if n == 0:
            run.board_first.append(ix.first_response_latency)
            run.board_image.append(answer.versions[-1].at - ix.created)
        else:
            run.board_again_image.append(answer.versions[-1].at - ix.created)


async def play(table: Table, choices: int, think: float, rng: random.Random, run: Run,
               board_asks: float = 0.0) -> None:
    name = table.channel.name
    if think:
        await asyncio.sleep(rng.uniform(0, 2 * think))  # members do not all click the moment their game starts
    timeout = BOT_GAME_TIMEOUT if None in table.seats else ANSWER_TIMEOUT  # bot seats have no member
    for _ in range(choices):
        try:
            # With bots the game may be theirs for a while: wait for a member's prompt.
            await table.fake.wait_for(lambda: table.final() or table.live_prompts() or None, timeout, "a prompt")
        except AssertionError as exc:
            run.errors.append(f"#{name}: {exc}")
            return
        if table.final() is not None:
            run.ended += 1  # quick choices end some games early: not an error, fewer samples
            return
        try:
            version = table.version()
            member = table.waiting()
            option = quick_option(table.options())
            ix = await table.press(member, option)
            await table.settle(ix, version, timeout)
        except AssertionError as exc:
            run.errors.append(f"#{name}: {exc}")
            return
        if ix.followups:
            run.errors.append(f"#{name}: {option} refused: {ix.followups[0].content}")
            return
        table.acked.append((table.seats[member.id], option, member.id))
        run.samples.append(Sample(ix, table, version))
        if board_asks and rng.random() < board_asks:
            try:
                await table.fake.wait_for(lambda: table.final() or table.live_prompts() or None, timeout, "a prompt")
                await ask_board(table, rng, run)
            except AssertionError as exc:
                run.errors.append(f"#{name}: Full board: {exc}")
                return
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
    # A turn message carries the close-up (`-vN-close-up.png`) and the board (`-vN.png`); while the
    # same player goes on, the message is edited in place, so every version of it counts.
    suffixes = (f"-v{sample.version + 1}.png", f"-v{sample.version + 1}-close-up.png")
    arrivals = [version.at for m in sample.table.boards() for version in m.versions
                if version.at >= sample.ix.created and any(a.filename.endswith(suffixes) for a in version.attachments)]
    return min(arrivals) - sample.ix.created if arrivals else None


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


def assert_members_and_bots_stored(table: Table) -> None:
    """The members' choices as acknowledged, in order; every other choice a bot's, with no click."""
    from e2e_kit import db_choices

    rows = db_choices(table.db_path, table.game_id)
    assert [seq for seq, *_ in rows] == list(range(1, len(rows) + 1))
    members = {seat for user, seat in table.seats.items() if user is not None}
    member_rows = [(p, o, u) for _s, p, o, u in rows if p in members]
    assert member_rows == table.acked, "the members' choices differ from those acknowledged"
    assert all(u is None for _s, p, _o, u in rows if p not in members), "a bot's choice carries a click"


@dataclass
class Setup:
    """One configuration: how many bot processes (shards), on which database."""

    processes: int
    db: str  # "sqlite" or "postgres"
    bots: int = 0  # bot players per game (issue 15)
    bot_budget_ms: float = 100

    @property
    def label(self) -> str:
        bots = f", {self.bots} bots/game at {self.bot_budget_ms:g} ms" if self.bots else ""
        return f"{self.processes} process{'es' if self.processes > 1 else ''}, {self.db}{bots}"

    @property
    def letters(self) -> str:
        """The members of each game (A, B, C ...), fewer when bots take seats."""
        return "ABC"[:min(3, 4 - self.bots)] if self.bots else "ABC"


def start_profiler(pid: int, out: Path) -> subprocess.Popen:
    """py-spy sampling process `pid` until stopped (stop_profiler); raw stacks into `out`."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        raise SystemExit("--profile needs py-spy: install the dev extra (requirements/dev.lock)")
    return subprocess.Popen([spy, "record", "--pid", str(pid), "--nonblocking", "--rate", "200", "--format", "raw",
                             "--output", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop_profiler(spy: subprocess.Popen) -> None:
    spy.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
    try:
        _out, err = spy.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        spy.kill()
        raise
    if spy.returncode not in (0, -signal.SIGINT):
        print(f"py-spy: {err.decode(errors='replace')[-500:]}", file=sys.stderr)


async def loop_lag(done: asyncio.Event, out: list[float]) -> None:
    """This process's event loop (the stand-in for Discord and every member): how late a 10 ms
    sleep wakes. Large values would mean the load generator itself delays the clicks and posts
    it times, not the bot."""
    while not done.is_set():
        started = time.monotonic()
        await asyncio.sleep(0.01)
        out.append(time.monotonic() - started - 0.01)


async def cpu_windows(bots: list, run: Run, done: asyncio.Event, out: list[float]) -> None:
    """Every second: the bot processes' CPU in the window over the choices acknowledged in it."""
    cpu = sum(b.resource_usage()["cpu_seconds"] for b in bots)
    acked = len(run.samples)
    while not done.is_set():
        try:
            await asyncio.wait_for(done.wait(), 1.0)
        except TimeoutError:
            pass
        now_cpu, now_acked = sum(b.resource_usage()["cpu_seconds"] for b in bots), len(run.samples)
        if now_acked > acked:
            out.append((now_cpu - cpu) / (now_acked - acked))
        cpu, acked = now_cpu, now_acked


async def bench(setup: Setup, games: int, choices: int, think: float, seed: int, folder: Path,
                postgres: PgServer | None, with_story: bool = False, board_asks: float = 0.0,
                profile: bool = False, profile_keep: str = "", stages: bool = False) -> dict:
    rng = random.Random(seed)
    load_before = os.getloadavg()[0]
    # One server per process, on that process's shard (Discord's rule: (guild_id >> 22) % count);
    # the games are dealt to the servers in turn.
    fake = await FakeDiscord.start(channels=())
    count = setup.processes
    servers = [fake.add_guild(f"Server {k}", shard=(k, count) if count > 1 else None,
                              channels=tuple(f"game-{i + 1}" for i in range(games) if i % count == k)
                              + (("story",) if with_story and k == 0 else ()))
               for k in range(count)]
    if postgres is not None:
        db: Path | str = await postgres.new_database(migrated=False)
    else:
        db = folder / f"games-{count}.sqlite3"
    bots = []
    for k in range(count):
        env = {"LOG_LEVEL": "WARNING"}
        if setup.bots:
            env["BOT_BUDGET_MS"] = f"{setup.bot_budget_ms:g}"
        if stages:
            env.update(GAME_PLUGINS="bench.stages", STAGES_OUT=str(folder / f"stages-{setup.db}-{k}.json"))
        if isinstance(db, str):
            env["DATABASE_URL"] = db
        if count > 1:
            env.update(SHARD_IDS=str(k), SHARD_COUNT=str(count))
        else:
            env["DEV_GUILD_ID"] = str(servers[0].guild.id)
        bots.append(BotProcess(fake, folder / f"bot{k}.sqlite3" if isinstance(db, str) else db, extra_env=env,
                               log_path=folder / f"bot-{setup.processes}-{setup.db}-{k}.log"))
    run = Run()
    story, story_steps = StoryRun(), 0
    storytellers = [servers[0].member(n) for n in ("Sa", "Sb", "Sc", "Sd")]
    try:
        if with_story:
            story_steps = await store_long_game(db, servers[0].channel("story").id, servers[0].guild.id,
                                                storytellers)
        for bot in bots:
            await bot.start(timeout=60)
        await servers[0].wait_for_commands("game", "byz", timeout=60)
        for i in range(games):
            for letter in setup.letters:
                servers[i % count].member(f"{letter}{i + 1}")
        spies = [start_profiler(bot.proc.pid, folder / f"bot-{k}.prof") for k, bot in enumerate(bots)] \
            if profile else []
        started = [bot.resource_usage() for bot in bots]
        db_started = postgres.cpu_seconds() if postgres else 0.0
        self_started = resource.getrusage(resource.RUSAGE_SELF)

        t0 = time.monotonic()
        opened = await asyncio.gather(*(open_table(servers[i % count], db, channel=f"game-{i + 1}",
                                                   names=tuple(f"{c}{i + 1}" for c in setup.letters),
                                                   **({"bots": setup.bots} if setup.bots else {}))
                                        for i in range(games)), return_exceptions=True)
        tables = [t for t in opened if isinstance(t, Table)]
        run.errors += [f"lobby: {e!r}" for e in opened if not isinstance(e, Table)]
        t1 = time.monotonic()
        done = asyncio.Event()
        telling = (asyncio.create_task(story_load(servers[0], storytellers, story_steps, done, story, run))
                   if with_story else None)
        windows: list[float] = []
        sampling = asyncio.create_task(cpu_windows(bots, run, done, windows))
        lags: list[float] = []
        lagging = asyncio.create_task(loop_lag(done, lags))
        await asyncio.gather(*(play(t, choices, think, random.Random(rng.random()), run, board_asks)
                               for t in tables))
        t2 = time.monotonic()
        done.set()
        await sampling
        await lagging
        if telling is not None:
            await telling

        usage = [bot.resource_usage() for bot in bots]
        for spy in spies:
            stop_profiler(spy)
        db_cpu = (postgres.cpu_seconds() - db_started) if postgres else None
        self_usage = resource.getrusage(resource.RUSAGE_SELF)
        for table in tables:
            try:
                if setup.bots:
                    assert_members_and_bots_stored(table)
                else:
                    table.assert_db_matches_acknowledged()
                table.assert_nothing_doubled()
            except AssertionError as exc:
                run.errors.append(f"#{table.channel.name} database: {exc}")
        run.errors += [f"Discord rule: {v}" for v in fake.violations]
        run.errors += [f"unknown route: {r}" for r in fake.unknown_routes]
        run.errors += [f"unanswered interaction {ix.id}" for ix in fake.unanswered()]
        for bot in bots:
            run.errors += [f"bot log: {line}" for line in bot.log_path.read_text(errors="replace").splitlines()
                           if re.search(r" (ERROR|CRITICAL) ", line)]
    finally:
        for bot in bots:
            await bot.stop()
        await fake.close()

    first = [s.ix.first_response_latency for s in run.samples if s.ix.first_response_latency is not None]
    boards = [b for b in (board_latency(s) for s in run.samples) if b is not None]
    play_cpu = sum(u["cpu_seconds"] - s["cpu_seconds"] for u, s in zip(usage, started, strict=True))
    gen_cpu = (self_usage.ru_utime + self_usage.ru_stime) - (self_started.ru_utime + self_started.ru_stime)
    acked = len(run.samples)
    split = None
    if profile:
        parts = collections.Counter()
        for k in range(len(bots)):
            with open(folder / f"bot-{k}.prof") as lines:
                parts += read_samples(lines, command=None)
        split = split_table(parts, play_cpu, acked)
        if profile_keep:
            Path(profile_keep).write_text("".join((folder / f"bot-{k}.prof").read_text() for k in range(len(bots))))
    return {
        "setup": setup, "games": games, "choices": choices, "think": think,
        "lobbies": f"{len(tables)} in {t1 - t0:.1f} s",
        "acknowledged": f"{acked} in {t2 - t1:.1f} s ({acked / max(t2 - t1, 1e-9):.1f}/s)"
                        + (f", {run.ended} games ended early" if run.ended else ""),
        "first": first, "boards": boards,
        "bot_cpu": f"{play_cpu:.1f} s ({play_cpu / max(t2 - t0, 1e-9) * 100:.0f}% of one core), "
                   f"{play_cpu / max(acked, 1) * 1000:.0f} ms/choice",
        "cpu_median": (f"{statistics.median(windows) * 1000:.0f} ms/choice ({len(windows)} windows)"
                       if windows else "no windows"),
        "run": run, "split": split,
        "db_cpu": "in the bot process" if db_cpu is None
                  else f"{db_cpu:.1f} s, {db_cpu / max(acked, 1) * 1000:.1f} ms/choice",
        "rss": " + ".join(f"{u['peak_rss_mib']:.0f}" for u in usage) + " MiB",
        "generator_cpu": f"{gen_cpu:.1f} s ({gen_cpu / max(t2 - t0, 1e-9) * 100:.0f}% of one core)"
                         + (f"; its event loop late by p50 {statistics.median(lags) * 1000:.1f} ms, "
                            f"p95 {p95(lags) * 1000:.1f} ms" if lags else ""),
        "load": f"{load_before:.1f} -> {os.getloadavg()[0]:.1f}",
        "errors": run.errors,
        "story": (story, story_steps) if with_story else None,
        "stages": [summary(folder / f"stages-{setup.db}-{k}.json") for k in range(count)] if stages else [],
    }


def report(results: list[dict]) -> bool:
    """The figures of each configuration side by side."""
    head = results[0]
    print(f"e2e load: {head['games']} games x {head['choices']} choices, {len(head['setup'].letters)} members each, think 0..{2 * head['think']:g} s;"
          f" bots = `python -m bot` (with --shards K --shard-count N when several), stand-in and members in this process;"
          f" {os.cpu_count()} CPUs shared with other work")
    ok = True
    rows = [("configuration", lambda r: r["setup"].label),
            ("lobbies opened and started", lambda r: r["lobbies"]),
            ("choices acknowledged", lambda r: r["acknowledged"]),
            ("interaction -> first response", lambda r: spread(r["first"])),
            (f"  target p95 < {FIRST_RESPONSE_TARGET * 1000:.0f} ms",
             lambda r: "met" if p95(r["first"]) < FIRST_RESPONSE_TARGET else "MISSED"),
            ("interaction -> board posted", lambda r: spread(r["boards"])),
            (f"  target p95 < {BOARD_TARGET:g} s", lambda r: "met" if p95(r["boards"]) < BOARD_TARGET else "MISSED"),
            ("bot processes' CPU in the games", lambda r: r["bot_cpu"]),
            ("  median of 1 s windows", lambda r: r["cpu_median"]),
            ("Full board -> first response", lambda r: spread(r["run"].board_first)),
            (f"  target p95 < {FULL_BOARD_TARGET:g} s",
             lambda r: "met" if p95(r["run"].board_first) < FULL_BOARD_TARGET or not r["run"].board_first
             else "MISSED"),
            ("Full board -> image, 1st asker", lambda r: spread(r["run"].board_image)),
            ("Full board -> image, 2nd asker", lambda r: spread(r["run"].board_again_image)),
            ("PostgreSQL server CPU", lambda r: r["db_cpu"]),
            ("peak RSS per bot process", lambda r: r["rss"]),
            ("load generator CPU", lambda r: r["generator_cpu"]),
            ("load average before -> after", lambda r: r["load"]),
            ("errors", lambda r: str(len(r["errors"])))]
    width = max(len(name) for name, _ in rows)
    column = max(len(str(get(r))) for r in results for _, get in rows)
    for name, get in rows:
        print(f"{name:<{width}}  " + "  ".join(f"{str(get(r)):<{column}}" for r in results).rstrip())
    for r in results:
        if r["story"] is not None:
            story, steps = r["story"]
            print(f"[{r['setup'].label}] #story ({steps} stored steps), asked while the games were played:")
            print(f"  /game replay -> answered:   {spread(story.replay_ack)}")
            print(f"  /game replay -> GIF posted: {spread(story.replay_posted)}; "
                  f"{', '.join(f'{b:,}' for b in story.replay_bytes)} bytes")
            print(f"  /game history -> view with images: {spread(story.history_answer)}")
            print(f"  ◀ -> the step before drawn:        {spread(story.history_step)}")
    for r in results:
        for k, rows in enumerate(r["stages"]):
            print(f"[{r['setup'].label}] bot process {k}: where a choice's time goes (bench/stages.py):")
            print("\n".join(rows))
    for r in results:
        if r["split"]:
            print(f"[{r['setup'].label}] bot CPU per choice, by part (py-spy samples, bench/cpu_split.py):")
            print("\n".join(r["split"]))
    for r in results:
        ok = ok and p95(r["first"]) < FIRST_RESPONSE_TARGET and p95(r["boards"]) < BOARD_TARGET and not r["errors"]
        for line in r["errors"][:20]:
            print(f"  [{r['setup'].label}] {line}")
    return ok


async def bench_all(setups: list[Setup], games: int, choices: int, think: float, seed: int,
                    with_story: bool = False, board_asks: float = 0.0, profile: str | None = None,
                    stages: bool = False) -> bool:
    with tempfile.TemporaryDirectory(prefix="e2e-load-") as tmp:
        folder = Path(tmp)
        postgres = PgServer(folder / "pg") if any(s.db == "postgres" for s in setups) else None
        try:
            results = []
            for setup in setups:
                results.append(await bench(setup, games, choices, think, seed, folder,
                                           postgres if setup.db == "postgres" else None,
                                           with_story=with_story and setup.db == "sqlite",
                                           board_asks=board_asks, profile=profile is not None,
                                           profile_keep=profile or "", stages=stages and setup.db == "sqlite"))
        finally:
            if postgres is not None:
                postgres.stop()
    return report(results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--choices", type=int, default=20, help="choices per game (at most ~50: the game ends)")
    parser.add_argument("--think", type=float, default=0.0, help="mean pause of a member before each click (s)")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes, one shard each (more than one needs --db postgres)")
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed or anything failed")
    parser.add_argument("--story", action="store_true",
                        help="meanwhile, in #story (a stored ~300-step game), ask /game replay and /game history again "
                             "and again, and print their times")
    parser.add_argument("--bots", type=int, default=0, choices=range(0, 4), help="bot players per game")
    parser.add_argument("--bot-budget-ms", type=float, default=100, help="their thinking budget per decision")
    parser.add_argument("--board-asks", type=float, default=0.1,
                        help="fraction of the choices after which two members click Full board")
    parser.add_argument("--profile", nargs="?", const="", default=None, metavar="KEEP",
                        help="sample the bot process with py-spy and print its CPU per choice by part;"
                             " KEEP: a file to keep the raw samples in (py-spy's raw format)")
    parser.add_argument("--stages", action="store_true",
                        help="time each choice stage by stage in the bot process (bench/stages.py; SQLite only)")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.db != "postgres":
        parser.error("several processes share one database: use --db postgres")
    setups = [Setup(1, "sqlite", args.bots, args.bot_budget_ms)]
    if (args.processes, args.db) != (1, "sqlite"):
        setups.append(Setup(args.processes, args.db, args.bots, args.bot_budget_ms))  # side by side with one process on SQLite
    ok = asyncio.run(bench_all(setups, args.games, args.choices, args.think, args.seed, args.story,
                               args.board_asks, args.profile, args.stages))
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
