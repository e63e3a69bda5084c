"""Helpers for the secrets tests: the secret duel (tests/hiddengame.py) played through the real bot
(`python -m bot` with the game plugin tests/duel_for_bot.py) against the Discord stand-in, and the public record
of a run, normalised so that two runs can be compared message for message.

A `Duel` is one game in #general. Its private decisions show in the channel as a post with an
**Open my prompt** button; `open_prompt()` clicks it and returns the private (ephemeral) prompt,
`choose()` picks an option there and waits until the bot is done with everything the choice
causes (new posts, and the old prompt's button taken away), so the next action never overlaps.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import hiddengame
from discord_standin.api import FakeDiscord
from discord_standin.message_record import Message
from discord_standin.records import Interaction
from discord_standin.world import DM, Member
from e2e_kit import WAIT, final_since, question, read_db

from bot.service.turn.prompt import BUTTON_TEMPLATE, OPEN_TEMPLATE

PLUGIN = "duel_for_bot"  # tests/duel_for_bot.py
OPEN = "Open my prompt"
FINAL = "is over. Final scores"
BUTTON_ID = re.compile(BUTTON_TEMPLATE)


def pinned_deck(first: Sequence[str], second: Sequence[str], draws: Sequence[str]) -> list[str]:
    """A whole deck (top last, as DUEL_DECK wants it): the first seat is dealt `first`, the second
    `second`, then the turns draw `draws` in order; the other cards follow in a fixed order."""
    rest = list(hiddengame.DECK)
    for card in [*first, *second, *draws]:
        rest.remove(card)
    return list(reversed([*first, *second, *draws, *sorted(rest)]))


def duel_env(deck: list[str], fake: FakeDiscord) -> dict[str, str]:
    return {"GAME_PLUGINS": PLUGIN, "DUEL_DECK": json.dumps(deck), "DEV_GUILD_ID": str(fake.guild.id)}


@dataclass
class Duel:
    fake: FakeDiscord
    members: list[Member]
    db_path: Path
    game_id: int = 0
    seats: dict[str, Member] = field(default_factory=dict)

    @property
    def channel(self):
        return self.fake.channel("general")

    def bot_messages(self) -> list[Message]:
        return [m for m in self.fake.messages(self.channel) if m.author_is_bot and not m.deleted]

    def live_posts(self) -> list[Message]:
        """Public posts with a live Open button (the decisions the game waits on now)."""
        return [m for m in self.bot_messages() if any(b.label == OPEN and not b.disabled for b in m.buttons())]

    def final(self) -> Message | None:
        return next((m for m in self.bot_messages() if FINAL in m.content), None)

    async def settled(self, after: int, seq: int | None = None) -> None:
        """Wait until the bot has answered everything up to now: a live post (or the final
        scores) newer than `after`, and no older live post left; or, when `seq` (the choices
        stored before) is given, the one live post going on with a newer choice."""
        def done() -> bool:
            live = self.live_posts()
            newest = [m for m in live if m.id > after]
            if self.final() is not None and final_since(self.final(), after):
                return not live
            return bool(newest) and len(live) == len(newest) or seq is not None and len(live) == 1 \
                and self.goes_on(live[0], seq)
        await self.fake.wait_for(done, WAIT, f"the bot to finish answering after {after}")

    def stored(self) -> int:
        """The number of the newest stored choice."""
        return read_db(self.db_path, "SELECT COALESCE(MAX(seq), 0) AS seq FROM choices WHERE game_id = ?",
                       (self.game_id,))[0]["seq"]

    def goes_on(self, post: Message, seq: int) -> bool:
        """`post` is the prompt of a choice stored after `seq`, and of the newest: a turn message
        gone on in place with its player's next private step (noted again after its edit)."""
        newest = self.stored()
        return newest > seq and bool(read_db(
            self.db_path, "SELECT 1 FROM messages WHERE message_id = ? AND kind = 'prompt' AND version = ?",
            (post.id, newest)))

    def waiting_post(self, member: Member) -> Message:
        found = [m for m in self.live_posts() if question(m).startswith(f"<@{member.id}>")]
        assert found, f"no live post waits on {member.name}: {self.live_posts()}"
        return found[-1]

    async def open_prompt(self, member: Member) -> Message:
        """Click Open my prompt on the post that waits on `member`: their private prompt."""
        ix = await self.fake.click(member, self.waiting_post(member), OPEN)
        await self.fake.wait_for(lambda: ix.followups, WAIT, f"{member.name}'s private prompt")
        prompt = ix.followups[0]
        assert prompt.ephemeral, prompt
        return prompt

    async def choose(self, member: Member, option_id: str, prompt: Message | None = None) -> Interaction:
        """Pick `option_id` on `member`'s private prompt (opened now unless given)."""
        prompt = prompt or await self.open_prompt(member)
        button = next((b for b in prompt.buttons() if (m := BUTTON_ID.fullmatch(b.custom_id or ""))
                       and m["ref"] == option_id), None)
        assert button is not None, f"{option_id} not offered to {member.name}: {prompt.buttons()}"
        seq = self.stored()
        ix = await self.fake.click(member, prompt, button.custom_id)
        await self.fake.wait_for(lambda: ix.followups or "✅" in prompt.content, WAIT, f"{member.name}'s choice")
        refused = [f for f in ix.followups if not f.content.startswith("🔒")]  # 🔒: their next private step
        assert not refused, f"{member.name}'s {option_id} was refused: {refused[0].content}"
        await self.settled(ix.id, seq)
        return ix

    async def slash(self, member: Member, command: str, **options: Any) -> Message:
        """A slash command answered privately; returns the answer."""
        ix = await self.fake.slash(member, self.channel, command, **options)
        answer = await ix.result(WAIT)
        assert answer.ephemeral, answer
        return answer


async def open_duel(fake: FakeDiscord, db_path: Path, names: tuple[str, str] = ("Ann", "Bo")) -> Duel:
    """/game new game:secret_duel, Join, Start: the first private decision waits in the channel."""
    await fake.wait_for_commands("game", "mod", timeout=WAIT)
    channel = fake.channel("general")
    members = [fake.member(n) for n in names]
    ix = await fake.slash(members[0], channel, "game new", game=hiddengame.NAME)
    assert (await ix.result(WAIT)).content == "Lobby for Secret duel opened."
    lobby = await fake.wait_for_message(channel, lambda m: "lobby, hosted by" in m.content, timeout=WAIT, since=ix)
    await fake.click(members[1], lobby, "Join")
    await fake.wait_for(lambda: f"<@{members[1].id}>" in lobby.content, WAIT, "the second player seated")
    start = await fake.click(members[0], lobby, "Start")
    duel = Duel(fake, members, db_path)
    await duel.settled(start.id)
    row = read_db(db_path, "SELECT id, seats FROM games WHERE channel_id = ? AND status = 'active'", (channel.id,))[0]
    duel.game_id = row["id"]
    duel.seats = {s["seat"]: next(m for m in members if m.id == s["user_id"]) for s in json.loads(row["seats"])}
    return duel


# -- the public record of a run ------------------------------------------------------------------

_SNOWFLAKE = re.compile(r"\d{15,}")
# A prompt's history head (bot/service/prompt.history_head) mixes in the time of the last choice:
# it differs between two runs whatever anyone holds, like a message id.
_HEAD = re.compile(r"\b((?:b[gs]|g[rs]|f[ms]):[0-9]+:[0-9]+):[0-9a-f]{6}:")


def public_record(fake: FakeDiscord) -> list[dict]:
    """Everything anyone in the server could see, in the order it was posted: every public
    message in every channel and thread (not DMs, not ephemeral answers) with all its versions
    (text, components, attachments by content hash) and whom it pinged. Ids are replaced by
    names (members, channels) or by their order of appearance (anything else), so that two runs
    compare equal exactly when they look the same."""
    world = fake.standin.world
    names = {u.id: u.name for u in world.users.values()}
    names.update({c.id: f"#{c.name}" for c in world.channels.values() if c.name})
    seen: dict[str, str] = {}

    def norm(text: str) -> str:
        def swap(match: re.Match) -> str:
            value = int(match.group())
            if value in names:
                return names[value]
            return seen.setdefault(match.group(), f"id{len(seen) + 1}")
        return _SNOWFLAKE.sub(swap, _HEAD.sub(r"\1:head:", text))

    record = []
    for message in sorted(fake.standin.store.messages.values(), key=lambda m: m.id):
        channel = world.channels.get(message.channel_id)
        if message.ephemeral or channel is None or channel.type == DM:
            continue
        record.append({
            "channel": names.get(channel.id, "?"),
            "author": names.get(message.author.id, "?"),
            "pinged": sorted(names.get(u, "?") for u in message.pinged_users),
            "deleted": message.deleted,
            "versions": [{"content": norm(v.content),
                          "components": norm(json.dumps(v.components, sort_keys=True)),
                          "embeds": norm(json.dumps(v.embeds, sort_keys=True)),
                          "files": [(a.filename, hashlib.sha256(a.data).hexdigest()) for a in v.attachments]}
                         for v in message.versions],
        })
    return record


def first_difference(a: list[dict], b: list[dict]) -> str:
    """Where two public records part, in words (for the assertion message)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"message {i} differs:\n  with:    {json.dumps(x)[:1500]}\n  without: {json.dumps(y)[:1500]}"
    return f"the records have {len(a)} and {len(b)} messages"


def private_texts(fake: FakeDiscord, member: Member) -> list[str]:
    """Everything only `member` was shown: their ephemeral answers and their DMs, every version."""
    messages = list(fake.ephemeral_messages(member)) + fake.messages(fake.dm(member))
    texts = []
    for m in messages:
        for v in m.versions:
            texts.append(v.content + json.dumps(v.components))
    return texts


def ids_of(prompt: Message) -> list[str]:
    """The option ids behind a private prompt's buttons."""
    return [m["ref"] for b in prompt.buttons() if (m := BUTTON_ID.fullmatch(b.custom_id or ""))]


OPEN_ID = re.compile(OPEN_TEMPLATE)
