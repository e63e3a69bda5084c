"""`/alex ...`: typed shortcuts for The Conquerors: Alexander the Great, the same way as `/byz`.

Autocomplete offers only the member's own pending options (a private decision's options only to
its player, in an ephemeral list); the value becomes the option id and goes through the same
service path as a click. A choice of several things (cards to discard, hits, ASP) is typed as its
answer, `discard:spies=1,surprise=1`, and autocomplete suggests some. Option ids:
docs/rules/alexander.md, "Playing it in Discord".
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.shortcuts import choose, finish, suggest

GAME = "alexander"
# Which option-id prefixes each shortcut may choose.
MOVE = ("move", "go", "sail", "to", "join", "fleet", "fleets", "leaders", "leader", "mp", "inside", "outside")
CARD = ("play", "discard", "done")
RECRUIT = ("recruit", "join", "new", "fleet", "leader", "per", "at", "province", "done")
# What ends the current step: stop here, no more leaders, finish recruiting, play no card.
STOP = ("stop", "done", "pass")
ANY: tuple[str, ...] = ()


def _choose(interaction: discord.Interaction, typed: str, prefixes: tuple[str, ...]):
    return choose(interaction, typed, prefixes, GAME)


class AlexCog(commands.Cog):
    alex = app_commands.Group(name="alex", description="Alexander the Great shortcuts", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @alex.command(name="move", description="Choose what moves, how far, and each step (or sail)")
    @app_commands.describe(to="The unit to move, its MP, or the next space: only your legal moves are offered")
    async def move(self, interaction: discord.Interaction, to: str):
        await _choose(interaction, to, MOVE)

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, MOVE, GAME)

    @alex.command(name="card", description="Play or discard cards in your card segment")
    @app_commands.describe(card="Only the cards you can play now are offered")
    async def card(self, interaction: discord.Interaction, card: str):
        await _choose(interaction, card, CARD)

    @card.autocomplete("card")
    async def _card(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, CARD, GAME)

    @alex.command(name="recruit", description="Recruit ASP, raise an army or a fleet, draw a leader")
    @app_commands.describe(what="Only what you can recruit now is offered")
    async def recruit(self, interaction: discord.Interaction, what: str):
        await _choose(interaction, what, RECRUIT)

    @recruit.autocomplete("what")
    async def _recruit(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, RECRUIT, GAME)

    @alex.command(name="stop", description="Stop here, or finish the current step")
    async def stop(self, interaction: discord.Interaction):
        await finish(interaction, STOP, GAME)

    @alex.command(name="choose", description="Any option of your current decision (or amounts: discard:spies=1)")
    @app_commands.describe(option="One of your options now")
    async def choose(self, interaction: discord.Interaction, option: str):
        await _choose(interaction, option, ANY)

    @choose.autocomplete("option")
    async def _choose_option(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, ANY, GAME)
