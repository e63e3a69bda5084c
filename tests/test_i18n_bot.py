"""The bot in the pseudo-language (issue 17): whole games through the bot (the real GameBot with
its service and publisher; Discord replaced by tests/bot_fakes.py) read by members and a server
whose language is `qps`, where every text that went through a catalogue comes out in ⟦ ⟧. Any
word outside the brackets in a post, a private answer, a DM, a button, a menu or a placeholder
was never made a message id (locales.pseudo.unwrapped)."""

from __future__ import annotations

import random
import re

import discord
import pytest
from bot_fakes import World

from bot.service.turn.specs import (
    BUTTON_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    OPEN_TEMPLATE,
    SELECT_TEMPLATE,
)
from engine import get_game
from locales import PSEUDO
from locales.pseudo import unwrapped

# What a member types or Discord shows as it is: `code` (commands, option ids), links, mentions.
LITERAL = re.compile(r"`[^`]*`|https?://\S+|<[@#!&]*\d+>|<t:\d+:\w>")
LIVE = [re.compile(t) for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE, OPEN_TEMPLATE, GROUP_TEMPLATE, GROUP_SELECT_TEMPLATE)]
CHOICE = [re.compile(t) for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE, GROUP_TEMPLATE, GROUP_SELECT_TEMPLATE)]
GROUP = [re.compile(t) for t in (GROUP_TEMPLATE, GROUP_SELECT_TEMPLATE)]


def texts_of(message) -> list[str]:
    """Everything a member reads on a message: its text, button labels, menu placeholders and options."""
    found = [message.content]
    for component in message.components:
        item = component.item if hasattr(component, "item") else component
        if isinstance(item, discord.ui.Button):
            found.append(item.label or "")
        elif isinstance(item, discord.ui.Select):
            found.append(item.placeholder or "")
            found.extend(o.label for o in item.options)
    return found


class Reader:
    """Collects every text the members were shown and what of it was never translated."""

    def __init__(self, allowed: tuple[str, ...]):
        self.allowed = allowed
        self.seen = 0
        self.bad: dict[str, str] = {}

    def read(self, text: str) -> None:
        self.seen += 1
        rest = unwrapped(LITERAL.sub(" ", text or ""), allowed=self.allowed)
        if rest:
            self.bad.setdefault(rest[:80], text[:300])


def live_components(message) -> list:
    return [c for c in message.components
            if any(p.fullmatch(getattr(c.item, "custom_id", "") or "") for p in LIVE)]


def seat_of(component) -> int | None:
    for pattern in CHOICE:
        found = pattern.fullmatch(component.item.custom_id or "")
        if found:
            return int(found["seat"])
    return None


async def answer(world: World, member, message, rng: random.Random, replies: list):
    """Click a random button or pick a random menu value on `message` (a prompt); a group of
    options opens privately, and one of them is chosen there."""
    choices = []
    for component in live_components(message):
        if isinstance(component.item, discord.ui.Select):
            choices += [("select", o.value) for o in component.item.options]
        else:
            choices.append(("button", component.item.custom_id))
    # An attack on Constantinople can end Byzantium at once; a longer game shows more texts.
    longer = [c for c in choices if "Constantinople" not in c[1]] or choices
    kind, value = rng.choice(longer)
    if kind == "select":
        done = await world.select(member, message, value)
    else:
        done = await world.click(member, message, value)
    group = [c for c in message.components if kind == "select" and any(p.fullmatch(c.item.custom_id or "")
                                                                       for p in GROUP)]
    opened = next((r for r in done.replies if live_components(r)), None)
    if opened is not None and (group or any(p.fullmatch(value) for p in GROUP)):
        replies += done.replies
        return await answer(world, member, opened, rng, replies)
    return done


async def play(world: World, name: str, players: int, options: dict, limit: int, seed: int = 11) -> Reader:
    game = get_game(name)
    channel = world.channel()
    members = [world.member(n, locale=PSEUDO) for n in ("Ann", "Bo", "Cy", "Di")[:players]]
    reader = Reader(tuple(m.name for m in members) + (game.title,) + tuple(f"{m.name} (Macedonian)" for m in members)
                    + tuple(f"{m.name} (Persian)" for m in members))
    lobby = await world.slash(members[0], channel, "game new", game=name, **options)
    replies = list(lobby.replies)
    card = channel.messages[-1]
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    await world.bot.storage.update_lobby(game_id, seed=seed)
    for member in members[1:]:
        replies += (await world.click(member, card, card.view.children[0].item.custom_id)).replies
    replies += (await world.click(members[0], card, card.view.children[2].item.custom_id)).replies
    rng = random.Random(seed)
    steps = 0
    for member in members:  # what a member asks of the bot reads in their language too
        for command in ("game help", "game status", "game hand", "game log", "game history", "settings ping"):
            options = {"mode": "both"} if command == "settings ping" else {}
            replies += (await world.slash(member, channel, command, **options)).replies
    moderator = world.member("Mod", manage_channels=True, locale=PSEUDO)
    for command in ("mod inspect", "mod export", "mod pause", "mod resume", "game status"):
        replies += (await world.slash(moderator, channel, command)).replies
    replies += (await world.slash(moderator, channel, "settings language", language="default")).replies
    while steps < limit:
        loaded = await world.bot.service.storage.load(game_id)
        pending = game.pending(loaded.state) if loaded.state is not None else []
        if not pending:
            break
        decision = pending[0]
        seat = loaded.record.seat_named(decision.player)
        member = world.members[seat.user_id]
        live = [m for m in channel.messages if live_components(m)]
        opener = [m for m in live if any(re.fullmatch(OPEN_TEMPLATE, c.item.custom_id) and
                                         c.item.custom_id.endswith(f":{loaded.record.seats.index(seat)}")
                                         for c in live_components(m))]
        if decision.private and opener:
            opened = await world.click(member, opener[-1], live_components(opener[-1])[0].item.custom_id)
            replies += opened.replies
            prompt = next(r for r in opened.replies if live_components(r))
        else:
            index = loaded.record.seats.index(seat)
            mine = [m for m in live if any(seat_of(c) == index for c in live_components(m))]
            prompt = mine[-1]
        replies += (await answer(world, member, prompt, rng, replies)).replies
        steps += 1
    for member in members:
        replies += (await world.slash(member, channel, "game status")).replies
        replies += (await world.slash(member, channel, "stats player")).replies
    replies += (await world.slash(moderator, channel, "stats top")).replies
    replies += (await world.slash(moderator, channel, "mod undo", steps=1)).replies
    for message in channel.messages + replies:
        for text in texts_of(message):
            reader.read(text)
    for member in [*members, moderator]:
        for dm in member.dms:
            reader.read(dm)
    reader.over = game.is_over((await world.bot.service.storage.load(game_id)).state)
    reader.steps = steps
    return reader


@pytest.mark.parametrize("name,players,options,limit,whole", [
    ("byzantium", 3, {}, 2000, True),
    ("warriors_traders", 3, {}, 2000, True),
    ("alexander", 1, {"solitaire": True}, 250, False),  # a whole game takes thousands of choices
])
async def test_a_game_through_the_bot_in_the_pseudo_language_leaves_no_word_untranslated(
        tmp_path, name, players, options, limit, whole):
    world = World(tmp_path / "games.sqlite3")
    world.guild.preferred_locale = PSEUDO
    await world.start_bot()
    try:
        reader = await play(world, name, players, options, limit)
    finally:
        await world.stop()
    assert reader.seen > 50 and reader.steps > 40
    assert reader.over or not whole
    assert reader.bad == {}, "\n".join(f"{k!r} <- {v!r}" for k, v in list(reader.bad.items())[:25])
