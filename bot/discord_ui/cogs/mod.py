"""`/mod ...`: moderator commands. The service checks the permission (Manage Channels or the
configured role) and the server; undo, reset and abandon answer with a confirmation button."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import interact
from bot.service.posts import Outcome
from engine.text import msg


class ModCog(commands.Cog):
    mod = app_commands.Group(name="mod", description="Moderate the game in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @mod.command(name="games", description="Every open game of this server, the longest waits first")
    @app_commands.describe(stalled_hours="Only the games that have waited at least this many hours")
    async def games(self, interaction: discord.Interaction,
                    stalled_hours: app_commands.Range[int, 1, 8760] | None = None):
        await interact.command(interaction, lambda service, actor: service.mod_games(actor, stalled_hours))

    @mod.command(name="inspect", description="Summary, pending decision, last events, replay file")
    @app_commands.describe(reveal="Show the game's secrets and seed too (announced in the channel and logged; "
                                  "never to a moderator who plays)")
    async def inspect(self, interaction: discord.Interaction, reveal: bool = False):
        await interact.command(interaction, lambda service, actor: service.inspect(actor, reveal))

    @mod.command(name="undo", description="Roll the game back some choices (asks to confirm)")
    @app_commands.describe(steps="How many choices to undo")
    async def undo(self, interaction: discord.Interaction, steps: app_commands.Range[int, 1, 1000] = 1):
        await interact.command(interaction, lambda service, actor: service.mod_request(actor, "undo", steps))

    @mod.command(name="replace", description="Hand a seat to another member, or to a bot player and back")
    @app_commands.describe(old="The seat (or its member) to hand over; `bot` for the seat a bot plays",
                           new="The member who takes the seat (@mention), or `bot` / `bot:easy` for a bot player")
    async def replace(self, interaction: discord.Interaction, old: str, new: str):
        level = bot_level(new)
        if level is not None:
            await interact.command(interaction, lambda service, actor: service.replace_with_bot(actor, old, level))
            return
        member = await _member(interaction, new)
        if member is None:
            await interact.command(interaction, lambda service, actor: _refuse(msg(
                "Name the new player with an @mention, or write `bot` (or `bot:easy`) for a bot player.")))
            return
        me = getattr(interaction.client.user, "id", None)
        await interact.command(interaction, lambda service, actor: service.replace(
            actor, old, member.id, member.display_name, new_is_bot=bool(member.bot), new_is_me=member.id == me))

    @replace.autocomplete("new")
    async def _new_players(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=str(msg("a bot player ({level})", level=level)), value=f"bot:{level}")
                for level in ("normal", "easy") if current.casefold() in f"bot:{level}"]

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

    @mod.command(name="takeover", description="Let a bot play for a member who has not answered for some hours")
    @app_commands.describe(hours="After how many hours without an answer (0: never); the host may set it too")
    async def takeover(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 336]):
        await interact.command(interaction, lambda service, actor: service.set_takeover(actor, hours))

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


def bot_level(typed: str) -> str | None:
    """The level `new:` names a bot player with (`bot`, `bot:easy`, `bot easy`), else None."""
    word, _, level = typed.strip().casefold().replace(" ", ":").partition(":")
    if word != "bot":
        return None
    return level or "normal"


async def _member(interaction: discord.Interaction, typed: str):
    """The server member an @mention (or an id) names, or None."""
    digits = typed.strip().removeprefix("<@").removeprefix("!").removesuffix(">")
    guild = interaction.guild
    if not digits.isdigit() or guild is None:
        return None
    found = guild.get_member(int(digits))
    if found is not None:
        return found
    try:
        return await guild.fetch_member(int(digits))
    except discord.HTTPException:
        return None


async def _refuse(text: str) -> Outcome:
    return Outcome.refuse(str(text))
