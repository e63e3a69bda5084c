"""`/mod ...`: moderator commands. The service checks the permission (Manage Channels or the
configured role) and the server; undo, reset and abandon answer with a confirmation button."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import interact


class ModCog(commands.Cog):
    mod = app_commands.Group(name="mod", description="Moderate the game in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @mod.command(name="inspect", description="Summary, pending decision, last events, replay file")
    @app_commands.describe(reveal="Show the game's secrets and seed too (announced in the channel and logged; "
                                  "never to a moderator who plays)")
    async def inspect(self, interaction: discord.Interaction, reveal: bool = False):
        await interact.command(interaction, lambda service, actor: service.inspect(actor, reveal))

    @mod.command(name="undo", description="Roll the game back some choices (asks to confirm)")
    @app_commands.describe(steps="How many choices to undo")
    async def undo(self, interaction: discord.Interaction, steps: app_commands.Range[int, 1, 1000] = 1):
        await interact.command(interaction, lambda service, actor: service.mod_request(actor, "undo", steps))

    @mod.command(name="replace", description="Hand a seat to another member")
    @app_commands.describe(old="The seat (or its member) to hand over", new="The member who takes the seat")
    async def replace(self, interaction: discord.Interaction, old: str, new: discord.Member):
        me = getattr(interaction.client.user, "id", None)
        await interact.command(interaction, lambda service, actor: service.replace(
            actor, old, new.id, new.display_name, new_is_bot=bool(new.bot), new_is_me=new.id == me))

    @replace.autocomplete("old")
    async def _seats(self, interaction: discord.Interaction, current: str):
        try:
            record = await interaction.client.service.storage.channel_game(interaction.channel_id)
        except Exception:
            return []
        if record is None or record.guild_id != interaction.guild_id:
            return []
        typed = current.casefold()
        return [app_commands.Choice(name=f"{s.seat} ({s.name})"[:100], value=s.seat[:100])
                for s in record.seats if typed in s.seat.casefold() or typed in s.name.casefold()][:25]

    @mod.command(name="skip", description="Take the default choice (pass if possible) for the player waited on")
    async def skip(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.skip(actor))

    @mod.command(name="pause", description="Pause the game: no choices until resumed")
    async def pause(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.set_paused(actor, True))

    @mod.command(name="resume", description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.set_paused(actor, False))

    @mod.command(name="reset", description="Start the game over with the same seats (asks to confirm)")
    async def reset(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.mod_request(actor, "reset"))

    @mod.command(name="abandon", description="End the game without results (asks to confirm)")
    async def abandon(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.mod_request(actor, "abandon"))

    @mod.command(name="export", description="The game's replay file (while it runs: its public record)")
    @app_commands.describe(reveal="The full replay with secrets and seed while the game runs (announced and "
                                  "logged; never to a moderator who plays)")
    async def export(self, interaction: discord.Interaction, reveal: bool = False):
        await interact.command(interaction, lambda service, actor: service.export(actor, reveal))
