"""The buttons of `/game mine` and `/mod games` (and "All my games" under a reminder), as
DynamicItems: their custom ids carry the server, the reader and the page (bot/service/members/overview.py),
so they work after a restart and from a reminder sent by DM."""

from __future__ import annotations

import re

import discord

from bot.discord_ui import interact
from bot.service.members.overview import MINE_TEMPLATE, MOD_GAMES_TEMPLATE
from bot.service.turn.specs import ButtonSpec


class _ListButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    def __init__(self, custom_id: str, label: str = "?", style: str = "secondary", row: int | None = None):
        styles = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary}
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id,
                                           style=styles.get(style, discord.ButtonStyle.secondary)), row=row)
        self.match = self.template.fullmatch(custom_id)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")


class MineButton(_ListButton, template=MINE_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        guild, user, page, flags = int(m["guild"]), int(m["user"]), int(m["page"]), m["flags"]
        await interact.component(interaction, lambda service, actor: service.my_games(
            actor, "w" in flags, "e" in flags, page=page, guild_id=guild, user_id=user), presence=False)


class ModGamesButton(_ListButton, template=MOD_GAMES_TEMPLATE):
    async def callback(self, interaction: discord.Interaction) -> None:
        m = self.match
        hours = int(m["hours"]) if m["hours"] else None
        await interact.component(interaction, lambda service, actor: service.mod_games(
            actor, hours, page=int(m["page"]), edit=True), presence=False)


OVERVIEW_ITEMS = (MineButton, ModGamesButton)


def overview_item(spec) -> discord.ui.Item | None:
    if not isinstance(spec, ButtonSpec):
        return None
    for cls in OVERVIEW_ITEMS:
        if cls.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return cls(spec.custom_id, label=spec.label, style=spec.style, row=spec.row)
    return None
