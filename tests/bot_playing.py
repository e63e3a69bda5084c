"""Playing through tests/bot_fakes.py's World as members do: open a game, find the live
prompts and their question, pick an option (a group opened first), fill in an amounts form."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import discord

from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    SELECT_TEMPLATE,
)

if TYPE_CHECKING:
    from bot_fakes import World


def form_values(field_ids, decision, counts: dict[str, int]) -> dict[str, str]:
    """What a member types into an amounts form (bot/service/turn/forms.py) to answer `counts`:
    one field per item, or past five items one box with a line per item."""
    from bot.service.turn import forms
    items = decision.amounts.items
    if forms.ALL_FIELD in field_ids:
        return {forms.ALL_FIELD: "\n".join(f"{item.label}: {counts[item.id]}" for item in items)}
    return {forms.field_id(i): str(counts[item.id]) for i, item in enumerate(items)}


def modal_fields(modal: discord.ui.Modal) -> set[str]:
    return {c.component.custom_id for c in modal.children if isinstance(c, discord.ui.Label)}


async def open_game(world: World, players=("Ann", "Bo", "Cy"), seed: int = 7):
    """/game new by the first member, the others join, the host starts. Returns (channel, members)."""
    channel = world.channel()
    members = [world.member(name) for name in players]
    reply = await world.slash(members[0], channel, "game new", game="byzantium")
    assert "opened" in reply.reply_text
    card = channel.messages[-1]
    assert card.buttons() == ["Join", "Leave", "Start", "Cancel", "🤖 Add bot", "🤖 Add easy bot", "Remove a bot"]
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    # Pin the seed so the game (and this test) is the same on every run.
    await world.bot.storage.update_lobby(game_id, seed=seed)
    for member in members[1:]:
        await world.click(member, card, "Join")
    await world.click(members[0], card, "Start")
    assert card.view is None and "Started" in card.content
    return channel, members


PROMPT_TEMPLATES = tuple(re.compile(t) for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE, GROUP_TEMPLATE,
                                                 GROUP_SELECT_TEMPLATE, FORM_TEMPLATE))


def prompt_version(custom_id: str) -> int | None:
    """The game version in the custom id of a prompt's component (an option, group or form)."""
    match = next((m for m in (t.fullmatch(custom_id) for t in PROMPT_TEMPLATES) if m), None)
    return int(match["version"]) if match else None


def current_prompts(channel, version: int | None = None):
    """The newest prompt messages with live components (those for the latest version)."""
    prompts = []
    for message in channel.messages:
        ids = [c.item.custom_id for c in message.components]
        versions = {v for cid in ids for v in [prompt_version(cid)] if v is not None}
        if versions:
            prompts.append((max(versions), message))
    if not prompts:
        return []
    latest = max(v for v, _ in prompts) if version is None else version
    return [m for v, m in prompts if v == latest]


async def open_group(world, member, message, starts: str):
    """Click the group button whose label starts with `starts`: the group's options, shown to the
    member alone (the reply with components)."""
    label = next(b for b in message.buttons() if b.startswith(starts))
    interaction = await world.click(member, message, label)
    [opened] = [m for m in interaction.replies if m.components]
    return opened


def pass_label(message) -> str:
    """The label of the prompt's Pass button."""
    return next(b for b in message.buttons() if b.startswith("Pass"))


def question(message) -> str:
    """A turn message's prompt: its last paragraph (the account of what happened comes above)."""
    return message.content.rpartition("\n\n")[2]


def waiting_member(message, members):
    """The member a prompt asks: the first of them in a message several players share (their
    paragraphs and their buttons come in the same order, bot/service/turn/shared_prompt.py)."""
    asked = [p for p in message.content.split("\n\n") if p.startswith("<@")]
    return next(m for m in members if asked and asked[0].startswith(f"<@{m.id}>"))


def prompt_seat(custom_id: str) -> int | None:
    """The deciding seat's index in the custom id of a prompt's component."""
    match = next((m for m in (t.fullmatch(custom_id) for t in PROMPT_TEMPLATES) if m), None)
    return int(match["seat"]) if match else None


def own_choices(message) -> list[tuple[str, str]]:
    """What `pick` may choose on a prompt: ("select", value) and ("button", custom id) of the first
    player's part (a message several players share holds each one's), not the form or the board."""
    choices = []
    seats = [prompt_seat(c.item.custom_id) for c in message.components if prompt_seat(c.item.custom_id) is not None]
    for component in message.components:
        if prompt_version(component.item.custom_id) is None or re.fullmatch(FORM_TEMPLATE, component.item.custom_id):
            continue
        if prompt_seat(component.item.custom_id) != seats[0]:
            continue
        if hasattr(component.item, "options"):
            choices += [("select", o.value) for o in component.item.options]
        else:
            choices.append(("button", component.item.custom_id))
    return choices


async def pick(world, message, member, rng: random.Random, steps: int = 20):
    """Choose a random offered option on a prompt: a button, or a value from a select; a group
    opens its options (privately) and one of those is picked (`own_choices`), and so is the next
    private step of the member's that comes as a private reply. A loop, not a recursion: a run of
    private steps can be long, and a random player can go round one for ever (Alexander's
    discard / back): after `steps` the caller gets the interaction back and plays on."""
    for _ in range(steps):
        kind, value = rng.choice(own_choices(message))
        if kind == "select":
            interaction = await world.select(member, message, value)
        else:
            interaction = await world.click(member, message, value)
        opened = [m for m in interaction.replies if m.components]
        if not opened:
            return interaction
        message = opened[0]  # a group of options, or the next private step, shown to the member alone
    return interaction


async def loaded_game(world: World, channel):
    """The channel's open game as storage loads it (record, state, seq)."""
    record = await world.bot.storage.channel_game(channel.id)
    assert record is not None, "no open game in the channel"
    return await world.bot.storage.load(record.id)
