"""The buttons and menus the bot sends, as discord.py DynamicItems that survive restarts.

Every piece of state a click needs travels in its custom id (see bot/service/prompt.py for the
formats), so the items are rebuilt from the id when a click arrives, whether or not the bot
restarted since it sent them. Items hold no rules: a click becomes (game, version, history head,
option reference) and goes to the service through `bot.discord_ui.interact`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.discord_ui import interact
from bot.discord_ui.history_items import HISTORY_ITEMS, history_item
from bot.service.prompt import (
    BUTTON_TEMPLATE,
    CONFIRM_TEMPLATE,
    LOBBY_TEMPLATE,
    OPEN_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    SelectSpec,
)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, custom_id: str, label: str = "?", style: str = "primary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.version = int(match["version"])
        self.head = match["head"]  # None on a prompt from an older bot
        self.seat = int(match["seat"])
        self.ref = match["ref"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.choose(self.game_id, self.version, self.ref, actor,
                                                       seat=self.seat, head=self.head),
            game_id=self.game_id,
        )


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, custom_id: str, placeholder: str = "", options: Sequence[tuple[str, str]] = (),
                 row: int | None = None):
        select = discord.ui.Select(
            custom_id=custom_id,
            placeholder=placeholder or None,
            options=[discord.SelectOption(label=label, value=value) for label, value in options],
            min_values=1,
            max_values=1,
        )
        super().__init__(select, row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.version = int(match["version"])
        self.head = match["head"]  # None on a prompt from an older bot
        self.seat = int(match["seat"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, item.placeholder or "", [(o.label, o.value) for o in item.options])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or (interaction.data or {}).get("values", [])
        if not values:
            await interact.component(interaction, None)
            return
        ref = values[0]
        await interact.component(
            interaction, lambda service, actor: service.choose(self.game_id, self.version, ref, actor,
                                                       seat=self.seat, head=self.head),
            game_id=self.game_id,
        )


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=LOBBY_TEMPLATE):
    def __init__(self, custom_id: str, label: str = "?", style: str = "secondary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.action = match["action"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.lobby_action(self.game_id, self.action, actor),
            game_id=self.game_id,
        )


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=CONFIRM_TEMPLATE):
    def __init__(self, custom_id: str, label: str = "?", style: str = "danger", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.version = int(match["version"])
        self.action = match["action"]
        self.arg = int(match["arg"]) if match["arg"] else None

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction,
            lambda service, actor: service.confirm(self.game_id, self.version, self.action, self.arg, actor),
            game_id=self.game_id,
        )


class OpenPromptButton(discord.ui.DynamicItem[discord.ui.Button], template=OPEN_TEMPLATE):
    """"Open my prompt" on the public post of a private decision: answers its player, and only
    them, with the private prompt (ephemeral)."""

    def __init__(self, custom_id: str, label: str = "?", style: str = "primary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.seat = int(match["seat"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.open_prompt(self.game_id, self.seat, actor),
            game_id=self.game_id,
        )


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, LobbyButton, ConfirmButton, OpenPromptButton, *HISTORY_ITEMS)


def item_for(spec: ButtonSpec | SelectSpec) -> discord.ui.Item:
    """The DynamicItem that sends `spec` (chosen by the custom id's template)."""
    if (item := history_item(spec)) is not None:
        return item
    if isinstance(spec, SelectSpec):
        return ChoiceSelect(spec.custom_id, spec.placeholder, spec.options, row=spec.row)
    for cls in (ChoiceButton, LobbyButton, ConfirmButton, OpenPromptButton):
        if cls.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return cls(spec.custom_id, label=spec.label, style=spec.style, row=spec.row)
    raise ValueError(f"no component matches custom id {spec.custom_id!r}")


def build_view(specs: Sequence[ButtonSpec | SelectSpec]) -> discord.ui.View | None:
    """A View made only of DynamicItems (so discord.py need not keep it in memory)."""
    if not specs:
        return None
    view = discord.ui.View(timeout=None)
    for spec in specs:
        view.add_item(item_for(spec))
    return view
