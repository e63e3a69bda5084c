"""`/settings ping`: how each member wants to be reminded."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import interact


class SettingsCog(commands.Cog):
    settings = app_commands.Group(name="settings", description="Your own settings")

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @settings.command(name="ping", description="Be told of your turns in the game channel, by DM, or both")
    @app_commands.describe(mode="channel, dm or both")
    async def ping(self, interaction: discord.Interaction, mode: Literal["channel", "dm", "both"]):
        await interact.command(interaction, lambda service, actor: service.set_ping(actor, mode))
