"""Whole Alexander games through the real bot (`python -m bot`) against the Discord stand-in.

The test follows the game as the bot stores it: it replays the stored choices with the engine
(`AlexGame.state`), asks a seeded policy for an answer to the decision the game waits on, and
gives that answer the way a member does: a private decision by opening "Open my prompt" (only its
owner can) and clicking the button there, anything else, and any answer a button cannot give (a
choice of several things), by the typed shortcut `/alex choose option:`. After every step it
reads what the channel gained and checks that no card in a hand is named there.

The seed and the dice are pinned by the game plugin tests/alexander_for_bot.py, so the
test knows the whole game in advance: with every die a 6, Alexander dies in his first battle
(wounds 12 and a 6: "danger"), unless Black Cleitus saves him.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from discord_standin.api import FakeDiscord
from discord_standin.message_record import Message, walk_components
from discord_standin.world import Member
from duel_kit import OPEN, ids_of, private_texts, public_record
from e2e_kit import FINAL, WAIT, final_since, id_version, read_db
from test_alexander_playouts import hidden_words

from engine.alexander import GAME
from engine.alexander.board import board
from engine.core import Decision, IllegalAction, enumerate_answers

PLUGIN = "alexander_for_bot"  # tests/alexander_for_bot.py
TITLE = "The Conquerors: Alexander the Great"


def alexander_env(fake: FakeDiscord, seed: int, dice: list[int]) -> dict[str, str]:
    return {"GAME_PLUGINS": PLUGIN, "ALEX_SEED": json.dumps(seed), "ALEX_DICE": json.dumps(dice),
            "DEV_GUILD_ID": str(fake.guild.id)}


def policy(decision: Decision, rng: random.Random) -> str:
    """The suggested garrisons when offered, else any answer at random (the engine's own list)."""
    if decision.option("suggested") is not None:
        return "suggested"
    return rng.choice(enumerate_answers(decision, 100))


def _legal(state, decision: Decision, answer: str) -> bool:
    try:
        GAME.apply(state, decision.player, answer)
    except IllegalAction:
        return False
    return True


def card_names(card_ids) -> set[str]:
    cards = board().cards
    return {cards[c].name for c in card_ids if c in cards}


@dataclass
class AlexGame:
    fake: FakeDiscord
    members: list[Member]
    db_path: Path
    seed: int
    dice: list[int]
    game_id: int = 0
    seats: dict[str, Member] = field(default_factory=dict)  # engine seat -> member
    state: object = None
    seq: int = 0
    # Cards each seat may have seen (its own hands, what it was shown) and cards shown to all.
    seen: dict[str, set[str]] = field(default_factory=dict)
    public_cards: set[str] = field(default_factory=set)
    held: dict[str, set[str]] = field(default_factory=dict)  # every card a seat ever held
    checked: int = 0  # public record entries checked for leaks
    # Per answer: the seat that answered and how many new channel messages the answer brought.
    posted: list[tuple[str, int]] = field(default_factory=list)
    private_asked: list[str] = field(default_factory=list)  # the seat of each private decision
    private_opened: int = 0
    clicked: int = 0
    typed: int = 0

    @property
    def channel(self):
        return self.fake.channel("general")

    def bot_messages(self) -> list[Message]:
        return [m for m in self.fake.messages(self.channel) if m.author_is_bot and not m.deleted]

    def final(self) -> Message | None:
        return next((m for m in self.bot_messages() if FINAL in m.content), None)

    # -- following the stored game -------------------------------------------------------------
    def _start_state(self):
        row = read_db(self.db_path, "SELECT seats, options FROM games WHERE id = ?", (self.game_id,))[0]
        players = [s["seat"] for s in json.loads(row["seats"])]
        return GAME.setup(players, self.seed, {**json.loads(row["options"]), "dice": list(self.dice)})

    def catch_up(self) -> int:
        """Apply the choices stored since the last look; returns how many there were."""
        if self.state is None:
            self.state = self._start_state()
            self._learn([])
        rows = read_db(self.db_path, "SELECT seq, player, option_id FROM choices WHERE game_id = ? AND seq > ?"
                                     " ORDER BY seq", (self.game_id, self.seq))
        for row in rows:
            self.state, events = GAME.apply(self.state, row["player"], row["option_id"])
            self.seq = row["seq"]
            self._learn(events)
        return len(rows)

    def _learn(self, events) -> None:
        s = self.state
        for e in events:
            shown = [e.data.get("card")] + list(e.data.get("cards") or [])
            shown = {c for c in shown if isinstance(c, str)}
            if e.public:
                self.public_cards |= shown
            for seat in e.private_to:
                self.seen.setdefault(seat, set()).update(shown)
        self.public_cards |= set(s.discard) | set(s.removed) | set(s.in_play)
        for side, hand in s.hands.items():
            seat = s.sides[side]
            self.seen.setdefault(seat, set()).update(hand)
            self.held.setdefault(seat, set()).update(hand)

    # -- acting --------------------------------------------------------------------------------
    async def slash(self, member: Member, command: str, **options) -> Message:
        ix = await self.fake.slash(member, self.channel, command, **options)
        answer = await ix.result(WAIT)
        assert answer.ephemeral, answer
        return answer

    def live_open_posts(self, member: Member) -> list[Message]:
        return [m for m in self.bot_messages() if f"<@{member.id}>" in m.content
                and any(b.label == OPEN and not b.disabled for b in m.buttons())]

    async def open_prompt(self, member: Member) -> Message:
        post = await self.fake.wait_for(lambda: (self.live_open_posts(member) or [None])[-1], WAIT,
                                        f"{member.name}'s Open my prompt post")
        ix = await self.fake.click(member, post, OPEN)
        await self.fake.wait_for(lambda: ix.followups, WAIT, f"{member.name}'s private prompt")
        prompt = ix.followups[0]
        assert prompt.ephemeral, prompt
        self.private_opened += 1
        return prompt

    def settled(self, after: int, seq: int) -> bool:
        """The bot has posted what the choice stored as `seq` asks next: the final scores, a
        prompt for that version, or a live Open post made after the click."""
        final = self.final()
        if final is not None and final_since(final, after):
            return True
        for m in self.bot_messages():
            if any(id_version(c.get("custom_id")) == seq for c in walk_components(m.components)):
                return True
            if m.id > after and any(b.label == OPEN and not b.disabled for b in m.buttons()):
                return True
        # A private step going on in place: its Open button carries no version, but the message
        # is noted (after its edit) as the prompt of this version.
        return bool(read_db(self.db_path, "SELECT 1 FROM messages WHERE game_id = ? AND kind = 'prompt' AND version = ?",
                            (self.game_id, seq)))

    async def step(self, rng: random.Random) -> None:
        """One decision of the game, answered as its member would."""
        self.catch_up()
        [decision] = GAME.pending(self.state)
        member = self.seats[decision.player]
        answer = policy(decision, rng)
        while decision.amounts is not None and decision.option(answer) not in decision.options and not _legal(
                self.state, decision, answer):
            answer = policy(decision, rng)  # an amount the rules refuse: the engine's own walk picks again
        before = self.seq
        messages = len(self.bot_messages())
        if decision.private:
            prompt = await self.open_prompt(member)
            self._check_private_prompt(prompt, decision)
            if answer in ids_of(prompt):
                button = next(b for b in prompt.buttons() if b.custom_id.endswith(":" + answer))
                ix = await self.fake.click(member, prompt, button.custom_id)
                await self.fake.wait_for(lambda: ix.followups or "✅" in prompt.content, WAIT, "the choice")
                refused = [f for f in ix.followups if not f.content.startswith("🔒")]  # 🔒: the next private step
                assert not refused, f"{answer} refused: {refused[0].content}"
                await self.fake.wait_for(lambda: self.settled(ix.id, before + 1), WAIT, "the bot to post the next step")
                self.clicked += 1
            else:
                await self._typed(member, answer)
        else:
            await self._typed(member, answer)
        assert self.catch_up() == 1, "exactly one stored choice per answer"
        self.posted.append((decision.player, len(self.bot_messages()) - messages))
        if decision.private:
            self.private_asked.append(decision.player)
        self.check_public_posts()

    def messages_per_turn(self) -> list[tuple[str, int, int]]:
        """(seat, answers, new channel messages) per player turn: each run of answers by the same
        seat, with the messages those answers brought (the last one's: the next turn's post)."""
        turns: list[tuple[str, int, int]] = []
        for seat, new in self.posted:
            if turns and turns[-1][0] == seat:
                turns[-1] = (seat, turns[-1][1] + 1, turns[-1][2] + new)
            else:
                turns.append((seat, 1, new))
        return turns

    async def _typed(self, member: Member, answer: str) -> None:
        reply = await self.slash(member, "alex choose", option=answer)
        # "Done.", the answered private prompt, or what only the chooser learnt ("You drew ...");
        # a refusal stores nothing, which the caller sees.
        assert "not one of your options" not in reply.content and "not your decision" not in reply.content, reply.content
        self.typed += 1

    def _check_private_prompt(self, prompt: Message, decision: Decision) -> None:
        """The private prompt shows its owner's hand, the decision and its options."""
        side = self.state.side_of(decision.player)
        mine = card_names(self.state.hands[side])
        assert all(name in prompt.content for name in mine), (mine, prompt.content)

    # -- what everyone sees ----------------------------------------------------------------------
    def check_public_posts(self) -> None:
        """No public message or edit names a card held in a hand
        (or lying in the deck) that was never shown to everyone. (In solitaire nothing is
        hidden: 16.0.)"""
        if self.state.solitaire:
            return
        record = public_record(self.fake)
        fresh = json.dumps(record, ensure_ascii=False)  # every message with every edit, old ones too
        self.checked = len(record)
        hidden = {w for w in hidden_words(self.state, self.public_cards) if not w.startswith('"')}
        leaked = sorted(w for w in hidden if re.search(rf"\b{re.escape(w)}\b", fresh))
        assert not leaked, f"public posts name hidden cards {leaked} at step {self.seq}"

    def check_private_answers(self) -> None:
        """Each member's ephemeral answers and DMs never name a card only the other side held."""
        for seat, member in self.seats.items():
            others = set().union(*(h for s, h in self.held.items() if s != seat))
            foreign = card_names(others - self.seen.get(seat, set()) - self.public_cards)
            text = "\n".join(private_texts(self.fake, member))
            leaked = sorted(n for n in foreign if re.search(rf"\b{re.escape(n)}\b", text))
            assert not leaked, f"{member.name} was shown {leaked}"


async def open_alexander(fake: FakeDiscord, db_path: Path, *, seed: int, dice: list[int],
                         names: tuple[str, ...] = ("Ann", "Bo"), **new_options) -> AlexGame:
    """/game new game:alexander by the first member, Join by the other, Start."""
    await fake.wait_for_commands("game", "alex", "mod", timeout=WAIT)
    channel = fake.channel("general")
    members = [fake.member(n) for n in names]
    ix = await fake.slash(members[0], channel, "game new", game="alexander", **new_options)
    assert (await ix.result(WAIT)).content == f"Lobby for {TITLE} opened."
    lobby = await fake.wait_for_message(channel, lambda m: "lobby, hosted by" in m.content, timeout=WAIT, since=ix)
    for m in members[1:]:
        await fake.click(m, lobby, "Join")
        await fake.wait_for(lambda m=m: f"<@{m.id}>" in lobby.content, WAIT, f"{m.name} seated")
    start = await fake.click(members[0], lobby, "Start")
    game = AlexGame(fake, members, db_path, seed, dice)
    await fake.wait_for(lambda: game.settled(start.id, 0), WAIT, "the first prompt")
    row = read_db(db_path, "SELECT id, seats FROM games WHERE channel_id = ? AND status = 'active'", (channel.id,))[0]
    game.game_id = row["id"]
    game.seats = {s["seat"]: next(m for m in members if m.id == s["user_id"]) for s in json.loads(row["seats"])}
    return game


async def play_to_the_end(game: AlexGame, policy_seed: int, cap: int = 400) -> None:
    rng = random.Random(policy_seed)
    for _ in range(cap):
        game.catch_up()
        if GAME.is_over(game.state):
            break
        await game.step(rng)
    else:
        raise AssertionError(f"the game did not end in {cap} decisions")
    await game.fake.wait_for(game.final, WAIT, "the final scores")
    game.check_public_posts()
