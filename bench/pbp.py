"""Play-by-post tempo (issue 12): how often a game asks its players, per action.

    python bench/pbp.py [--game byzantium] [--games 10] [--players 3] [--policy sensible|random|both]
                        [--seed 0] [--quiet]

Figures, not a test. Every prompt costs hours in play-by-post (the player is pinged, comes back,
clicks), so this counts the prompts a whole game asks for, per player action:

- a *prompt* is a decision the engine hands to a player (forced decisions, which the engine takes
  itself, and decisions settled by a preference never reach a player and are not counted);
- a prompt belongs to the player action it happens in (a retreat asked of another player belongs
  to the attack's action); prompts outside any action (upkeep at the end of a round) are counted
  apart;
- a *confirmation* is a prompt with one real choice beside a "done"/"keep"-style option;
- decisions per game = every prompt of the game.

Two policies choose the answers: `random` (uniform over every answer, amounts included: it
distorts the figures, e.g. a random player reinforces one cube at a time and moves aimlessly) and
`sensible` (a scripted player who takes cities, moves, passes when his turn is worth little and
takes cubes from the free pool first). Quote the sensible figures; random shows the worst cases.

Sections, each with its own place below:
- ENGINE, per game (this file's GAMES table): Byzantium; Warriors & Traders (bench/pbp_wt.py,
  counted per player per game turn: `Tempo.turn`).
- BOT (bench/pbp_bot.py, `--bot-games N`): public channel messages per player turn, the same
  scripted players playing through the real bot (`python -m bot`) against the Discord stand-in.

Figures (`python bench/pbp.py --games 20 --quiet`, 3 players, seeds 0-19):
- before issue 12 (main at b31e1ac), sensible: prompts per action median 2.0, mean 2.40 (A take
  1.89, B reinforce 4.91, C special 2.08, D taxes 3.00, E church/mosque 1.92, F move 3.24, G pass
  1.01); upkeep 22.1 prompts per game outside any action; confirmations 1%; 134 decisions per
  game (median); 19% of prompts ask where a cube comes from. Random: median 2.0, mean 2.33.
- after issue 12 (rules version 3), sensible: median 1.0, mean 1.36, 90% of actions at most 2
  prompts (A take 1.00, B reinforce 2.00, C special 1.03, D taxes 2.00, E church/mosque 1.00,
  F move 1.93, G pass 1.00); upkeep 4.2 prompts per game; confirmations 2%; 71 decisions per game
  (median); no prompt asks where a cube comes from (the preference answers). Random: median 1.0,
  mean 1.32.
- Warriors & Traders, per player per turn (`--game warriors_traders --games 20 --players 4
  --quiet`, whole West map; bench/pbp_wt.py): before issue 12 (main at 537fe85, rules version
  4), sensible: median 6.0, mean 7.07, 10%-90% 3-12, max 23; confirmations 33% of prompts;
  300 decisions per game (median); 12 setup prompts. 3 players: median 6.0, mean 6.88, max 23.
  Random: median 4.0, mean 5.04, max 35 (random play wastes its armies early, then has less
  to decide).
  After (rules version 5: preferences for feeding and the token move, whole actions and moves
  in one choice, princesses with the end of the movement, offers / bank trades / damage /
  several princesses / which armies go as one choice of amounts, the starting tokens one
  choice): sensible median 3.0, mean 4.12, 10%-90% 2-7, max 12; confirmations 20%; 160
  decisions per game; 4 setup prompts. 3 players: median 4.0, mean 4.14, max 13. Random:
  median 3.0, mean 3.39.
- BOT, public messages (`--bot-games 3 --bot-only --players 3`, seeds 0-2; bench/pbp_bot.py):
  before issue 12 the bot posted a board and a prompt per choice, about 1.9 public messages
  per choice (issue 12's count). One message per turn (main at f2f1bff: edited in place while
  the same player goes on with the same action): Byzantium 142 messages for 121 player actions,
  mean 1.17, median 1.0, max 4 per action (the rest: upkeep prompts at round ends, each a
  player of its own, and the final scores); 0.78 per prompt; per stretch the game waits on the
  same players mean 1.04, max 2. Warriors & Traders (`--game warriors_traders --bot-games 2`):
  174 messages for 60 player game turns, mean 2.90 per player per game turn; per stretch mean
  1.21, median 1.0, max 2 (a player's two development actions in a row, each a new message);
  0.72 per prompt.
  After (every upkeep of a round at once in one message, rules version 4; several players
  asked at once share one message; W&T's stretch one message; the final scores first on the
  last turn message, then again a message of their own, since an edit pings nobody). The bot picks each game's seed, so the games differ from run to run:
  Byzantium 134 messages for 123 player actions and 8 round-end upkeeps: per action mean 1.02,
  median 1.0, 118 of 123 exactly 1, max 3 (a move whose attack asks the defender: the defender
  is pinged in a message of their own, then the attacker again; the game's last action had 0,
  the final scores on its message: now 1, the final scores' own); each round's upkeep one message for all players (mean
  0.75: none when only the last player to act pays, on their message); per player turn in
  issue 12 item 4's sense (a new action, or someone new waited on) max 1, mean 0.97; per
  stretch max 2 only where a player takes two actions in a row after the others passed (one
  message per action); 0.73 per prompt. Warriors & Traders: 160 messages for 60 player game
  turns (2.67 per player game turn; a second run: 141 for 60, 2.35); per stretch (the
  rulebook's player turn, docs/rules/warriors_traders.md) mean 0.94, median 1.0, max 1; per
  player per game turn, the messages that asked them (a shared one counts for each): mean
  2.75, median 2.0, max 6.
- ALEXANDER through the stand-in (issue 27, item 2): tests/test_e2e_alexander.py plays a whole
  two-member game (seed 11, every die a 6, 86 answers in 15 player turns, a turn being a run of
  answers by one seat) and counts the new channel messages each turn brought
  (`AlexGame.messages_per_turn`). Before (main at ea33bcd: each private step posted a new
  "X has chosen." message): 53 messages, per turn 1, 1, 5, 2, 5, 2, 13, 9, 2, 4, 3, 1, 1, 3, 1
  (mean 3.5, max 13). After (a private step goes on in place): 15, exactly 1 per turn; the
  test asserts it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the
# `engine` package: look from the repository root instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench import pbp_wt  # noqa: E402  (Warriors & Traders: its policy and how it is counted)
from engine import get_game  # noqa: E402
from engine.core import Decision, IllegalAction, enumerate_answers  # noqa: E402

# Option ids that end or skip a step: a prompt of one real choice beside one of these confirms.
DONE_LIKE = frozenset({"done", "keep", "stop", "skip", "no", "no_more"})


# -- what a game tells the counter ----------------------------------------------------------------

@dataclass
class Tempo:
    """How one game's prompts are read.

    `action(decision, answer)`: the action a prompt *starts* (a label such as "A take"), or None
    when it is a step inside the action under way. `outside(decision)`: a label when the prompt
    belongs to no action (end-of-round upkeep), else None. `is_confirmation(decision)`: one real
    choice and a "done". `policy(game, state, decision, rng)`: the sensible player's answer.
    `actions`: the labels in the order to print them.
    """

    actions: tuple[str, ...]
    action: Callable[[Decision, str], str | None]
    outside: Callable[[Decision], str | None]
    policy: Callable
    is_confirmation: Callable[[Decision], bool] = field(default=lambda d: default_confirmation(d))
    # Games counted per player per turn (Warriors & Traders) give the turn a state is in; every
    # player's prompts of a turn are then one count (zero for a player asked nothing).
    turn: Callable | None = None
    # A confirmation judged by the answer too ("keep", "fight"): overrides is_confirmation.
    confirms: Callable[[Decision, str], bool] | None = None


def default_confirmation(decision: Decision) -> bool:
    ids = [o.id for o in decision.options]
    if decision.amounts is not None:
        return False
    if len(ids) == 1:
        return True  # not forced (private): still only a click
    return len(ids) == 2 and any(i in DONE_LIKE for i in ids)


# -- Byzantium --------------------------------------------------------------------------------------

BYZ_ACTIONS = ("A take", "B reinforce", "C special", "D taxes", "E church/mosque", "F move", "G pass")
BYZ_PREFIX = {"take": "A take", "reinforce": "B reinforce", "special": "C special", "tax": "D taxes",
              "church": "E church/mosque", "mosque": "E church/mosque", "move": "F move", "place": "F move",
              "pass": "G pass"}


def byz_action(decision: Decision, answer: str) -> str | None:
    if decision.kind != "action":
        return None
    return BYZ_PREFIX[answer.split(":", 1)[0]]


def byz_outside(decision: Decision) -> str | None:
    return "round end (upkeep)" if decision.kind == "upkeep" else None


def byz_policy(game, state, decision: Decision, rng: random.Random) -> str:
    """A player who plays like people do: cities first, some moves and specials, the free pool
    first, passes once his turns are worth little; upkeep drops the dearest cubes."""
    ids = [o.id for o in decision.options]
    kind = decision.kind

    def first(*prefixes: str) -> str | None:
        for prefix in prefixes:
            found = [i for i in ids if i == prefix or i.startswith(prefix + ":")]
            if found:
                return rng.choice(found)
        return None

    if kind == "action":
        me = state.player(decision.player)
        done_this_round = byz_actions_this_round[decision.player]
        weights = {"take": 30, "move": 20, "place": 20, "special": 12, "reinforce": 8, "tax": 6,
                   "church": 3, "mosque": 3, "pass": 2 + 3 * done_this_round}
        if me.available == 0:
            weights["pass"] += 10
        groups: dict[str, list[str]] = defaultdict(list)
        for i in ids:
            groups[i.split(":", 1)[0]].append(i)
        names = list(groups)
        chosen = rng.choices(names, [weights.get(n, 5) for n in names])[0]
        answer = rng.choice(groups[chosen])
        byz_actions_this_round[decision.player] = 0 if chosen == "pass" else done_this_round + 1
        return answer
    if kind == "source":
        return first("source:available", "source:casualty") or ids[0]
    if kind == "pay":
        treasury = state.player(decision.player).treasury
        return max(ids, key=lambda i: treasury[i.removeprefix("pay:")])
    if kind == "upkeep" and ids and all(i.startswith("disband:") and "=" not in i for i in ids):
        return max(ids, key=lambda i: {"elite": 3, "levy": 2}.get(i.removeprefix("disband:"), 1))  # one cube a prompt
    if kind == "upkeep" and ids:
        return ids[0]  # the removals that lose the fewest VP
    if kind == "retreat" and "stay" in ids:
        return "stay" if rng.random() < 0.6 else rng.choice([i for i in ids if i != "stay"])
    if kind == "reinforce" and "done" in ids and rng.random() < 0.3:
        return "done"
    if kind == "move" and "done" in ids and rng.random() < 0.5:
        return "done"
    if kind == "levy":
        return "levy" if rng.random() < 0.7 else "no_levy"
    return random_answer(game, state, decision, rng)


byz_actions_this_round: Counter = Counter()

GAMES: dict[str, Tempo] = {
    "byzantium": Tempo(BYZ_ACTIONS, byz_action, byz_outside, byz_policy),
}

GAMES["warriors_traders"] = Tempo(pbp_wt.ACTIONS, pbp_wt.action, pbp_wt.outside, pbp_wt.policy,
                                  turn=pbp_wt.turn, confirms=pbp_wt.confirms)


# -- playing --------------------------------------------------------------------------------------

def random_answer(game, state, decision: Decision, rng: random.Random) -> str:
    return rng.choice(enumerate_answers(decision, limit=500))


@dataclass
class GameFigures:
    players: int
    prompts: int = 0
    confirmations: int = 0
    per_action: list[tuple[str, int]] = field(default_factory=list)  # (action, prompts it took)
    outside: Counter = field(default_factory=Counter)
    by_kind: Counter = field(default_factory=Counter)


def play_one(name: str, tempo: Tempo, policy: str, seed: int, players: int) -> GameFigures:
    game = get_game(name)
    rng = random.Random(seed)
    seats = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    state = game.setup(seats, seed, {})
    figures = GameFigures(players)
    byz_actions_this_round.clear()
    current: list | None = None  # [action label, prompts so far]
    per_turn: Counter = Counter()  # (turn, player) -> prompts, for games counted per turn
    turns_seen: set[int] = set()
    steps = 0
    while not game.is_over(state):
        decision = game.pending(state)[0]
        choose = tempo.policy if policy == "sensible" else random_answer
        for _attempt in range(50):  # an amounts answer the rules refuse: choose again
            answer = choose(game, state, decision, rng)
            try:
                new_state, _events = game.apply(state, decision.player, answer)
                break
            except IllegalAction:
                continue
        else:
            raise RuntimeError(f"no accepted answer for {decision.kind}: {decision.prompt}")
        figures.prompts += 1
        figures.by_kind[decision.kind] += 1
        figures.confirmations += (tempo.confirms(decision, answer) if tempo.confirms
                                  else tempo.is_confirmation(decision))
        started = tempo.action(decision, answer)
        apart = tempo.outside(decision)
        if tempo.turn is not None:
            turn = tempo.turn(state)
            if apart is not None:
                figures.outside[apart] += 1
            else:
                turns_seen.add(turn)
                per_turn[turn, decision.player] += 1
        elif started is not None:
            if current is not None:
                figures.per_action.append((current[0], current[1]))
            current = [started, 1]
        elif apart is not None:
            figures.outside[apart] += 1
        elif current is not None:
            current[1] += 1
        state = new_state
        steps += 1
        if steps > 20000:
            raise RuntimeError("the game did not end")
    if current is not None:
        figures.per_action.append((current[0], current[1]))
    for turn in sorted(turns_seen):
        figures.per_action += [(tempo.actions[0], per_turn[turn, seat]) for seat in seats]
    return figures


def show(name: str, tempo: Tempo, policy: str, results: list[GameFigures], quiet: bool) -> None:
    print(f"\n== {name}, policy {policy}: {len(results)} games ==")
    head = "  ".join(f"{a.split()[0]:>5}" for a in tempo.actions)
    if not quiet:
        print(f"{'game':>4} {'pl':>2} {'prompts':>7} {'actions':>7} {'median':>6} {'mean':>5} {'confirm':>7}   "
              f"mean prompts per action: {head}")
    for number, fig in enumerate(results):
        counts = [n for _a, n in fig.per_action]
        by_action = defaultdict(list)
        for label, n in fig.per_action:
            by_action[label].append(n)
        cells = "  ".join(f"{statistics.mean(by_action[a]):>5.2f}" if by_action[a] else f"{'-':>5}"
                          for a in tempo.actions)
        if not quiet:
            print(f"{number:>4} {fig.players:>2} {fig.prompts:>7} {len(counts):>7} {statistics.median(counts):>6.1f} "
                  f"{statistics.mean(counts):>5.2f} {fig.confirmations / fig.prompts:>7.0%}   "
                  f"{' ' * 25}{cells}")
    every = [n for fig in results for _a, n in fig.per_action]
    by_action = defaultdict(list)
    for fig in results:
        for label, n in fig.per_action:
            by_action[label].append(n)
    prompts = sum(f.prompts for f in results)
    print(f"all games: {len(every)} actions, prompts per action median {statistics.median(every):.1f}, "
          f"mean {statistics.mean(every):.2f}, max {max(every)}")
    if len(every) >= 10:
        deciles = statistics.quantiles(every, n=10)
        print(f"  spread: 10% of actions take at most {deciles[0]:.0f} prompts, 90% at most {deciles[-1]:.0f}")
    for label in tempo.actions:
        if by_action[label]:
            ns = by_action[label]
            print(f"  {label:<16} {len(ns):>5} actions   median {statistics.median(ns):.1f}   "
                  f"mean {statistics.mean(ns):.2f}   max {max(ns)}")
    outside = sum((f.outside for f in results), Counter())
    for label, n in outside.items():
        print(f"  {label:<16} {n / len(results):>5.1f} prompts per game (outside any action)")
    print(f"confirmations: {sum(f.confirmations for f in results) / prompts:.0%} of prompts; "
          f"decisions per game: median {statistics.median(f.prompts for f in results):.0f}")
    kinds = sum((f.by_kind for f in results), Counter())
    print("prompts by kind: " + ", ".join(f"{k} {n / prompts:.0%}" for k, n in kinds.most_common()))


def bot_section(args) -> None:
    """Public channel messages per player turn, through the real bot against the Discord stand-in
    (bench/pbp_bot.py; target: at most 1 public message per player turn, edits aside), with
    `--bot-games N` games; `--bot-code DIR` runs another checkout's bot (before/after figures)."""
    if not args.bot_games:
        print("\n== bot: public messages per player turn: --bot-games N plays N games through the bot ==")
        return
    from bench import pbp_bot

    pbp_bot.bot_section(args.game, GAMES[args.game], args.bot_games, args.players, args.seed, args.bot_code,
                        reset=byz_actions_this_round.clear, max_steps=args.bot_steps)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="byzantium", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--policy", default="both", choices=("sensible", "random", "both"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true", help="totals only")
    parser.add_argument("--bot-games", type=int, default=0, help="games played through the bot (BOT section)")
    parser.add_argument("--bot-steps", type=int, default=None,
                        help="stop each bot game after this many choices (default: play it to the end)")
    parser.add_argument("--bot-code", help="run the bot from this checkout instead (before/after figures)")
    parser.add_argument("--bot-only", action="store_true", help="only the BOT section")
    args = parser.parse_args()
    tempo = GAMES[args.game]
    for policy in () if args.bot_only else (("sensible", "random") if args.policy == "both" else (args.policy,)):
        results = [play_one(args.game, tempo, policy, args.seed + n, args.players) for n in range(args.games)]
        show(args.game, tempo, policy, results, args.quiet)
    bot_section(args)


if __name__ == "__main__":
    main()
