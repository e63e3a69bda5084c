"""`/settings ping`: how each member wants to be reminded; `/settings away` and `/settings back`:
a member's absence from every game (bot/service/members/away.py); `/settings language`: the language of
the game posts in a channel or a whole server (moderators)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import interact
from locales import LANGUAGES

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()] + [
    app_commands.Choice(name="Default: the server's language", value="default")]


class SettingsCog(commands.Cog):
    settings = app_commands.Group(name="settings", description="Your own settings")

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @settings.command(name="ping", description="Be told of your turns in the game channel, by DM, or both")
    @app_commands.describe(mode="channel, dm or both")
    async def ping(self, interaction: discord.Interaction, mode: Literal["channel", "dm", "both"]):
        await interact.command(interaction, lambda service, actor: service.set_ping(actor, mode))

    @settings.command(name="away", description="Pause your reminders in every game until a date; a bot may play for you")
    @app_commands.describe(until="Hours (48), days (3d) or a date (2026-12-24, or 2026-12-24 18:00 UTC)")
    async def away(self, interaction: discord.Interaction, until: str):
        await interact.command(interaction, lambda service, actor: service.set_away(actor, until))

    @settings.command(name="back", description="Back early: your reminders again, and your seats back from the bots")
    async def back(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.back_now(actor))

    @settings.command(name="language",
                      description="Moderators: the language of the game posts here or in the whole server")
    @app_commands.describe(language="The language of boards and posts (each member's own answers follow their Discord)",
                           where="This channel's games (default) or the whole server's")
    @app_commands.choices(language=LANGUAGE_CHOICES,
                          where=[app_commands.Choice(name="This channel", value="channel"),
                                 app_commands.Choice(name="The whole server", value="server")])
    async def language(self, interaction: discord.Interaction, language: str, where: str = "channel"):
        await interact.command(interaction, lambda service, actor: service.set_language(actor, where, language))
