"""`/wt ...`: typed shortcuts for Warriors & Traders players, the same way as `/byz`.

Autocomplete offers only the member's own pending options (in the trade phase several players
decide at once: each sees only theirs); the value becomes the option id and goes through the
same service path as a click. Option ids: docs/rules/warriors_traders.md, section 4.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.shortcuts import choose, finish, suggest

GAME = "warriors_traders"
# Which option-id prefixes each shortcut may choose (a choice of amounts counts by its prefix:
# `trade:` bank trades, `send:` an offer, `armies:`, `princesses:`, `damage:`).
BUILD = ("build", "fortress", "upgrade", "at", "stop")
TECH = ("tech", "shift", "keep")
TRADE = ("trade", "bank", "route", "offer", "vp", "peace", "give", "get", "send", "cancel", "accept", "refuse", "take")
OFFER = ("offer", "give", "get", "send", "cancel", "accept", "refuse")
MOVE = ("from", "to", "all", "unit", "armies", "back", "fight", "battle", "damage", "princess", "princesses", "unify")
# What ends the current step: done trading / with princesses / with extra actions, end the
# movement and fight, keep the development tokens, no second army.
DONE = ("done", "fight", "keep", "stop")
ANY: tuple[str, ...] = ()


def _choose(interaction: discord.Interaction, typed: str, prefixes: tuple[str, ...]):
    return choose(interaction, typed, prefixes, GAME)


class WTCog(commands.Cog):
    wt = app_commands.Group(name="wt", description="Warriors & Traders shortcuts", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @wt.command(name="build", description="Build an army or a fortress, upgrade one, or place what you built")
    @app_commands.describe(what="Only what you can build or place now is offered")
    async def build(self, interaction: discord.Interaction, what: str):
        await _choose(interaction, what, BUILD)

    @build.autocomplete("what")
    async def _build_what(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, BUILD, GAME)

    @wt.command(name="tech", description="Develop a technology (or place or shift a development token)")
    @app_commands.describe(track="Production, trade or military: only what you can do now is offered")
    async def tech(self, interaction: discord.Interaction, track: str):
        await _choose(interaction, track, TECH)

    @tech.autocomplete("track")
    async def _tech_track(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, TECH, GAME)

    @wt.command(name="trade", description="Trade phase: bank trades, trade routes, buying VP, offers, peace")
    @app_commands.describe(option="One of your trade options now")
    async def trade(self, interaction: discord.Interaction, option: str):
        await _choose(interaction, option, TRADE)

    @trade.autocomplete("option")
    async def _trade_option(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, TRADE, GAME)

    @wt.command(name="offer", description="Make a trade offer to a player (what you give and ask for), or answer one")
    @app_commands.describe(step="Whom to offer to; the offer as give:grain=2 get:wood=1; or accept / refuse")
    async def offer(self, interaction: discord.Interaction, step: str):
        await _choose(interaction, step, OFFER)

    @offer.autocomplete("step")
    async def _offer_step(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, OFFER, GAME)

    @wt.command(name="move", description="Move armies (from, to, which) or princesses; fight when done")
    @app_commands.describe(to="Where from, where to, or which armies: only your legal moves are offered")
    async def move(self, interaction: discord.Interaction, to: str):
        await _choose(interaction, to, MOVE)

    @move.autocomplete("to")
    async def _move_to(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, MOVE, GAME)

    @wt.command(name="done", description="Finish the current step: done trading, end movement, keep tokens ...")
    async def done(self, interaction: discord.Interaction):
        await finish(interaction, DONE, GAME)

    @wt.command(name="pass", description="Pass this development action")
    async def pass_(self, interaction: discord.Interaction):
        await _choose(interaction, "pass", ("pass",))

    @wt.command(name="choose", description="Any option of your current decision")
    @app_commands.describe(option="One of your options now")
    async def choose(self, interaction: discord.Interaction, option: str):
        await _choose(interaction, option, ANY)

    @choose.autocomplete("option")
    async def _choose_option(self, interaction: discord.Interaction, current: str):
        return await suggest(interaction, current, ANY, GAME)
