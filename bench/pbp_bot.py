"""bench/pbp.py's BOT section: how many public messages a game posts per player turn, played
through the real bot (`python -m bot`, as an operator starts it) against the Discord stand-in
(tests/discord_standin), which runs in this process.

For each game: /game new, Join, Start in a channel of its own; then the scripted player of
bench/pbp.py (the same policy as the ENGINE section) plays it to the end. The bench keeps the
engine state beside the bot's (the last snapshot and the choices after it, read from the bot's
database), asks the policy for each answer and gives it as a member would: a button or a menu
on the player's live prompt, a group opened first (the second click), a form filled in and
submitted; then it waits until the bot has answered. Counted, per game:
- public messages: every message the bot posted in the game's channel and its board thread
  after the start (the lobby card is not counted; moderator notices and reminders do not happen
  here), and their edits apart;
- player turns: Byzantium's player actions (each action A-G, as the ENGINE section counts them);
  prompts outside any action (the round-end upkeep, every player who cannot pay at once) are a
  run of their own, counted apart;
- per action: the messages posted from the action's first prompt to the next action's (or the
  upkeep run's): the message that the action's answers bring (the next player's, or the
  upkeep's; after the game's last, the final scores, a message of their own that pings everyone);
- per stretch: the same from each time the game starts waiting on other players (someone new
  is asked, or someone answered of several asked at once) to the next.
- Warriors & Traders' *player turn* is the rulebook's: everything a player does before the turn
  passes to another player ("Ogni giocatore svolge tutti i passaggi della Fase Manovra prima di
  passare il turno al giocatore successivo"), the trading phase one turn for everyone at once
  ("In questa fase non esiste un ordine di gioco"): exactly a stretch (docs/rules/
  warriors_traders.md, "A player's turn in the channel"). A game turn asks each player in
  several such turns (feeding when asked, trading, the first and the second development action
  unless nobody acts between them, the maneuver): per player per game turn, the messages that
  asked them in that game turn (a message several players share counts for each).

`--bot-code DIR` runs the bot from another checkout (its folder goes first on the bot
process's PYTHONPATH): the "before" figures of a change, measured with the same players.
Figures, not a test.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from discord_standin.api import FakeDiscord  # noqa: E402
from discord_standin.runner import BotProcess  # noqa: E402
from e2e_answers import engine_state, give  # noqa: E402
from e2e_kit import Table, open_table  # noqa: E402

TITLES = {"byzantium": "Byzantium", "warriors_traders": "Warriors & Traders"}


@dataclass
class BotFigures:
    game: str
    turns: int = 0
    messages: int = 0  # posted in the channel and its thread after the start
    thread_messages: int = 0
    edits: int = 0
    prompts: int = 0
    per_turn: list[int] = field(default_factory=list)  # messages posted in each player turn
    per_outside: list[int] = field(default_factory=list)  # ... in each run of prompts outside any turn
    odd: list[str] = field(default_factory=list)  # the turns with other than one message, and why
    # Issue 12 item 4's unit: a player turn begins with a new action or when someone new is waited on.
    per_player_turn_item4: list[int] = field(default_factory=list)
    per_stretch: list[int] = field(default_factory=list)  # ... while the game waits on the same players
    # Games counted per game turn (W&T): messages of the stretches that asked each player in each
    # game turn, by (turn, player).
    per_player_turn: dict = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def posted(fake: FakeDiscord, table: Table, since: int) -> tuple[list, list]:
    """(channel messages, thread messages) the bot posted after message id `since`."""
    channel = [m for m in table.bot_messages() if m.id > since]
    threads = [c for c in fake.standin.world.channels.values() if c.is_thread and c.parent_id == table.channel.id]
    thread = [m for c in threads for m in fake.messages(c) if m.author_is_bot and m.id > since]
    return channel, thread


async def play_game(fake: FakeDiscord, db_path: Path, name: str, tempo, channel: str, players: int,
                    seed: int, max_steps: int | None = None) -> BotFigures:
    figures = BotFigures(name)
    names = tuple(f"{n}{channel[-2:]}" for n in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players])
    table = await open_table(fake, db_path, channel=channel, names=names, game=name, title=TITLES[name])
    members = {table.seats[m.id]: m for m in table.members}
    start = max(m.id for m in table.bot_messages() if "lobby, hosted by" in m.content)
    rng = random.Random(seed)
    marks: list[tuple[int, bool]] = []  # messages posted when each player turn (or outside run) began
    labels: list[str] = []  # what each mark began with
    item4: list[int] = []  # messages posted when each player turn in issue 12 item 4's sense began
    stretches: list[int] = []  # ... when the game began waiting on other players
    asked: list[tuple] = []  # (game turn, players) of each stretch, for games counted per turn
    turns_seen: set = set()
    waiting: frozenset = frozenset()
    for _step in range(max_steps or 3000):
        if table.final() is not None:
            break
        game, state = engine_state(db_path, table.game_id)
        decision = game.pending(state)[0]
        answer = tempo.policy(game, state, decision, rng)
        started = tempo.action(decision, answer) is not None
        if tempo.turn is not None and tempo.outside(decision) is None:
            key = (tempo.turn(state), decision.player)
            started, _ = key not in turns_seen, turns_seen.add(key)
        now_waiting = frozenset(d.player for d in game.pending(state))
        # Prompts outside any turn (Byzantium's round-end upkeep, W&T's setup) in a row: a turn of
        # their own, counted apart.
        apart = tempo.outside(decision) is not None and not (marks and marks[-1][1])
        if started or apart or now_waiting - waiting:
            item4.append(len(sum(posted(fake, table, start), [])))
        if started or apart or now_waiting != waiting:
            channel_posts, thread_posts = posted(fake, table, start)
            count = len(channel_posts) + len(thread_posts)
            marks += [(count, apart)] if started or apart else []
            labels += [f"{decision.player} {decision.kind}:{answer.split(':')[0]}"] if started or apart else []
            if now_waiting != waiting:
                stretches.append(count)
                asked.append((tempo.turn(state) if tempo.turn is not None and tempo.outside(decision) is None
                               else None, now_waiting))
            waiting = now_waiting
        await give(table, members[decision.player], decision, answer)
        figures.prompts += 1
    else:
        if max_steps is None:  # a step limit asked for (--bot-steps) is no error
            figures.errors.append(f"{name} in #{channel} did not end")
    channel_posts, thread_posts = posted(fake, table, start)
    figures.messages = len(channel_posts) + len(thread_posts)
    figures.thread_messages = len(thread_posts)
    figures.edits = sum(len(m.versions) - 1 for m in channel_posts + thread_posts)
    counts = [b - a for (a, _), (b, _) in zip(marks, [*marks[1:], (figures.messages, False)], strict=True)]
    figures.per_turn = [n for n, (_, apart) in zip(counts, marks, strict=True) if not apart]
    figures.per_outside = [n for n, (_, apart) in zip(counts, marks, strict=True) if apart]
    figures.turns = len(figures.per_turn)
    figures.per_player_turn_item4 = [b - a for a, b in zip(item4, [*item4[1:], figures.messages], strict=True)]
    figures.odd = [f"{label} -> {n}" for label, n, (_, apart) in zip(labels, counts, marks, strict=True)
                   if n != 1 and not apart]
    figures.per_stretch = [b - a for a, b in zip(stretches, [*stretches[1:], figures.messages], strict=True)]
    # The message that asks a stretch's players was posted just before it began (by the answer that
    # ended the stretch before): it counts for each of them.
    arrived = [b - a for a, b in zip([0, *stretches[:-1]], stretches, strict=True)]
    for (turn, players), n in zip(asked, arrived, strict=True):
        for player in players if turn is not None else ():
            figures.per_player_turn[turn, player] = figures.per_player_turn.get((turn, player), 0) + n
    return figures


async def run(name: str, tempo, games: int, players: int, seed: int, bot_code: str | None,
              reset=lambda: None, max_steps: int | None = None) -> list[BotFigures]:
    fake = await FakeDiscord.start(channels=tuple(f"pbp-{i + 1:02d}" for i in range(games)))
    tmp = tempfile.TemporaryDirectory(prefix="pbp-bot-")
    db_path = Path(tmp.name) / "games.sqlite3"
    env = {"DEV_GUILD_ID": str(fake.guild.id), "LOG_LEVEL": "WARNING"}
    if bot_code:
        env["PYTHONPATH"] = str(Path(bot_code).resolve())
    bot = BotProcess(fake, db_path, extra_env=env)
    results = []
    try:
        await bot.start(timeout=60)
        await fake.wait_for_commands("game", timeout=60)
        for number in range(games):
            reset()  # the scripted player's memory of the last game
            try:
                results.append(await play_game(fake, db_path, name, tempo, f"pbp-{number + 1:02d}", players,
                                               seed + number, max_steps))
            except AssertionError as exc:
                figures = BotFigures(name)
                figures.errors.append(str(exc)[:300])
                results.append(figures)
        violations = [str(v) for v in fake.violations]
        if violations and results:
            results[-1].errors += violations[:5]
    finally:
        await bot.stop()
        await fake.close()
        tmp.cleanup()
    return results


def show(name: str, results: list[BotFigures], bot_code: str | None, per_game_turn: bool = False) -> None:
    where = f" (bot code from {bot_code})" if bot_code else ""
    print(f"\n== bot: {name}, {len(results)} games through `python -m bot` and the stand-in{where} ==")
    played = [r for r in results if r.turns]
    for r in results:
        for error in r.errors:
            print(f"  error: {error}")
    if not played:
        return
    turns = sum(r.turns for r in played)
    messages = sum(r.messages for r in played)
    per_turn = [n for r in played for n in r.per_turn]
    outside = [n for r in played for n in r.per_outside]
    unit = "player game turn" if per_game_turn else "player action"
    print(f"{unit}s {turns}, prompts {sum(r.prompts for r in played)}, public messages {messages} "
          f"({sum(r.thread_messages for r in played)} in board threads), edits {sum(r.edits for r in played)}")
    if not per_game_turn:  # W&T's player game turns interleave: counted below, by whom each message asks
        print(f"public messages per {unit}: mean {sum(per_turn) / turns:.2f}, median {statistics.median(per_turn):.1f}, "
              f"max {max(per_turn)}, {sum(n == 1 for n in per_turn)} of {turns} exactly 1; "
              f"per prompt {messages / sum(r.prompts for r in played):.2f}; edits per {unit} {sum(r.edits for r in played) / turns:.2f}")
    if outside:
        print(f"prompts outside any {unit} ({'the setup' if per_game_turn else 'round-end upkeep, everyone at once'}): "
              f"{len(outside)} runs, messages per run mean {statistics.mean(outside):.2f}, max {max(outside)}")
    stretches = [n for r in played for n in r.per_stretch]
    print(f"public messages per stretch the game waits on the same players (a player's turn as the channel sees "
          f"it): {len(stretches)} stretches, mean {messages / len(stretches):.2f}, "
          f"median {statistics.median(stretches):.1f}, max {max(stretches)}")
    item4 = [n for r in played for n in r.per_player_turn_item4]
    print(f"public messages per player turn (a new {'stretch' if per_game_turn else 'action'}, or someone new "
          f"waited on: issue 12 item 4): {len(item4)} turns, mean {statistics.mean(item4):.2f}, "
          f"median {statistics.median(item4):.1f}, max {max(item4)}")
    player_turns = [n for r in played for n in r.per_player_turn.values()]
    if player_turns:
        print(f"public messages asking each player per game turn (a message several players share counts for "
              f"each): {len(player_turns)} player game turns, mean {statistics.mean(player_turns):.2f}, "
              f"median {statistics.median(player_turns):.1f}, max {max(player_turns)}")
    print("per game (messages / turns): " + ", ".join(f"{r.messages}/{r.turns}" for r in played))
    if not per_game_turn:
        print("turns with other than one message: "
              + "; ".join(o for r in played for o in r.odd))


def bot_section(name: str, tempo, games: int, players: int, seed: int, bot_code: str | None = None,
                reset=lambda: None, max_steps: int | None = None) -> None:
    results = asyncio.run(run(name, tempo, games, players, seed, bot_code, reset, max_steps))
    show(name, results, bot_code, per_game_turn=tempo.turn is not None)


if __name__ == "__main__":  # pragma: no cover - run through bench/pbp.py
    print(json.dumps({"use": "python bench/pbp.py --bot-games N"}))
