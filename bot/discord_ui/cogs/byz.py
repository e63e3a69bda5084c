"""`/byz ...`: typed shortcuts for Byzantium players. Autocomplete offers only what is legal
now; the chosen value goes through the same service path as a click (and is checked again)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.shortcuts import choose, suggest

GAME = "byzantium"
# Which option-id prefixes each shortcut may choose.
TAKE = ("take",)
MOVE = ("move", "to")
RETREAT = ("retreat",)
ANY: tuple[str, ...] = ()


def _choose(interaction: discord.Interaction, typed: str, prefixes: tuple[str, ...]):
    return choose(interaction, typed, prefixes, GAME)


class ByzCog(commands.Cog):
    byz = app_commands.Group(name="byz", description="Byzantium shortcuts", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @byz.command(name="take", description="Take control of a city")
    @app_commands.describe(city="The city (only cities you can take now are offered)")
    async def take(self, interaction: discord.Interaction, city: str):
        await _choose(interaction, city, TAKE)

    @take.autocomplete("city")
    async def _take_city(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, TAKE, GAME)

    @byz.command(name="move", description="Move an army, or choose where it moves next")
    @app_commands.describe(to="The army to move, or the city to move to")
    async def move(self, interaction: discord.Interaction, to: str):
        await _choose(interaction, to, MOVE)

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, MOVE, GAME)

    @byz.command(name="retreat", description="Choose where your army retreats")
    async def retreat(self, interaction: discord.Interaction, to: str):
        await _choose(interaction, to, RETREAT)

    @retreat.autocomplete("to")
    async def _retreat_to(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, RETREAT, GAME)

    @byz.command(name="pass", description="Pass for the rest of the round")
    async def pass_(self, interaction: discord.Interaction):
        await _choose(interaction, "pass", ("pass",))

    @byz.command(name="done", description="Stop moving (or finish the current step)")
    async def done(self, interaction: discord.Interaction):
        await _choose(interaction, "done", ("done",))

    @byz.command(name="choose", description="Any option of your current decision")
    @app_commands.describe(option="One of your options now")
    async def choose(self, interaction: discord.Interaction, option: str):
        await _choose(interaction, option, ANY)

    @choose.autocomplete("option")
    async def _choose_option(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, ANY, GAME)
