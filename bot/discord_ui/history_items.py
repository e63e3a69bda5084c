"""The buttons and menu of a `/game history` view, as DynamicItems (they survive restarts).

Their custom ids carry the game, the member the view was drawn for and where they go (see
bot/service/past/history.py); the service refuses a click by anyone else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.discord_ui import interact
from bot.service.past.history import HISTORY_SELECT_TEMPLATE, HISTORY_TEMPLATE
from bot.service.turn.prompt import ButtonSpec, SelectSpec

_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary}


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button], template=HISTORY_TEMPLATE):
    def __init__(self, custom_id: str, label: str = "?", style: str = "primary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id,
                                           style=_STYLES.get(style, discord.ButtonStyle.primary)), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.user_id = int(match["user"])
        self.to = match["to"]
        self.step = int(match["step"]) if match["step"] else None

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.history_move(self.game_id, self.user_id, self.to, self.step,
                                                             actor),
            game_id=self.game_id,
        )


class HistorySelect(discord.ui.DynamicItem[discord.ui.Select], template=HISTORY_SELECT_TEMPLATE):
    def __init__(self, custom_id: str, placeholder: str = "", options: Sequence[tuple[str, str]] = (),
                 row: int | None = None):
        select = discord.ui.Select(custom_id=custom_id, placeholder=placeholder or None, min_values=1, max_values=1,
                                   options=[discord.SelectOption(label=label, value=value) for label, value in options])
        super().__init__(select, row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.user_id = int(match["user"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, item.placeholder or "", [(o.label, o.value) for o in item.options])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or (interaction.data or {}).get("values", [])
        if not values:
            await interact.component(interaction, None)
            return
        value = str(values[0])
        await interact.component(
            interaction, lambda service, actor: service.history_goto(self.game_id, self.user_id, value, actor),
            game_id=self.game_id,
        )


HISTORY_ITEMS = (HistoryButton, HistorySelect)


def history_item(spec: ButtonSpec | SelectSpec) -> discord.ui.Item | None:
    """The history view's item for `spec`, or None when the spec is not one of them."""
    if isinstance(spec, SelectSpec):
        if HistorySelect.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return HistorySelect(spec.custom_id, spec.placeholder, spec.options, row=spec.row)
        return None
    if HistoryButton.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
        return HistoryButton(spec.custom_id, label=spec.label, style=spec.style, row=spec.row)
    return None
