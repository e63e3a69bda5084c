"""The buttons, menus and forms the bot sends, as discord.py DynamicItems that survive restarts.

Every piece of state a click needs travels in its custom id (see bot/service/turn/specs.py for the
formats), so the items are rebuilt from the id when a click arrives, whether or not the bot
restarted since it sent them. Items hold no rules: a click becomes (game, version, history head,
option reference) and goes to the service through `bot.discord_ui.interact`. A form (modal) is
answered by `form_submitted`, which the client calls for every modal submission: nothing about
an open form is kept in memory, so a form opened before a restart is still answered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.discord_ui import interact
from bot.discord_ui.history_items import HISTORY_ITEMS, history_item
from bot.discord_ui.overview_items import OVERVIEW_ITEMS, overview_item
from bot.service.turn.specs import (
    BACK_TEMPLATE,
    BOARD_TEMPLATE,
    BUTTON_TEMPLATE,
    CONFIRM_TEMPLATE,
    FORM_SUBMIT_TEMPLATE,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    LOBBY_TEMPLATE,
    OPEN_TEMPLATE,
    ORDER_TEMPLATE,
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
        clicked = _message_id(interaction)
        await interact.component(
            interaction, lambda service, actor: service.choose(self.game_id, self.version, self.ref, actor,
                                                       seat=self.seat, head=self.head, clicked=clicked),
            game_id=self.game_id,
        )


def _message_id(interaction: discord.Interaction) -> int | None:
    return getattr(interaction.message, "id", None)


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
        clicked = _message_id(interaction)
        await interact.component(
            interaction, lambda service, actor: service.choose(self.game_id, self.version, ref, actor,
                                                       seat=self.seat, head=self.head, clicked=clicked),
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


class _PromptButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button of a prompt that is not an option: a group, the form, ... (game, version, history
    head and seat in its custom id, like the options'). Never registered itself: its template
    matches nothing."""

    def __init__(self, custom_id: str, label: str = "?", style: str = "primary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id = int(match["game"])
        self.version = int(match["version"])
        self.head = match["head"]
        self.seat = int(match["seat"])
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")


class GroupButton(_PromptButton, template=GROUP_TEMPLATE):
    """A group of options ("Take a city…"): its options, to the deciding player alone."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open_group(self, interaction, self.match["ref"])


async def _open_group(item, interaction: discord.Interaction, ref: str) -> None:
    """A group's button or menu entry: its options, to the deciding player alone."""
    await interact.component(
        interaction, lambda service, actor: service.open_group(item.game_id, item.version, item.head, item.seat,
                                                       ref, actor),
        game_id=item.game_id,
    )


class GroupSelect(ChoiceSelect, template=GROUP_SELECT_TEMPLATE):
    """The groups of a decision in a menu, when there are too many for buttons."""

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or (interaction.data or {}).get("values", [])
        if not values:
            await interact.component(interaction, None)
            return
        await _open_group(self, interaction, values[0])


class FormButton(_PromptButton, template=FORM_TEMPLATE):
    """Opens the form of a decision of amounts (the modal must be the click's first answer)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.form(
            interaction, lambda service, actor: service.amounts_form(self.game_id, self.version, self.head,
                                                             self.seat, actor),
            game_id=self.game_id,
        )


class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=BOARD_TEMPLATE):
    """"Full board" beside a turn message's close-up: the whole board now, privately."""

    def __init__(self, custom_id: str, label: str = "?", style: str = "secondary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        self.game_id = int(self.template.fullmatch(custom_id)["game"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.full_board(self.game_id, actor), game_id=self.game_id,
            waits_turn=False,  # a picture the member waits for, mostly kept already
        )


FORM_SUBMIT = re.compile(FORM_SUBMIT_TEMPLATE)


async def form_submitted(interaction: discord.Interaction) -> bool:
    """Answer a submitted form of this bot (True), or leave the interaction alone (False)."""
    data = interaction.data or {}
    match = FORM_SUBMIT.fullmatch(str(data.get("custom_id", "")))
    if interaction.type is not discord.InteractionType.modal_submit or match is None:
        return False
    values = submitted_values(data.get("components") or [])
    game_id, version, head, seat = int(match["game"]), int(match["version"]), match["head"], int(match["seat"])
    clicked = _message_id(interaction)
    await interact.component(
        interaction, lambda service, actor: service.submit_form(game_id, version, head, seat, values, actor,
                                                        clicked=clicked),
        game_id=game_id,
    )
    return True


def submitted_values(components: Sequence[dict]) -> dict[str, str]:
    """custom id -> value of every field of a submitted modal (a menu gives its first value)."""
    found: dict[str, str] = {}
    for component in components:
        inner = [component["component"]] if isinstance(component.get("component"), dict) else []
        found.update(submitted_values([*component.get("components", []), *inner]))
        if "custom_id" in component:
            if "values" in component:
                found[component["custom_id"]] = str((component["values"] or [""])[0])
            elif "value" in component:
                found[component["custom_id"]] = str(component["value"] or "")
    return found


class BackButton(OpenPromptButton, template=BACK_TEMPLATE):
    """"I'm back" under the notice that a bot plays a member's seat: the member takes it back
    (game and seat in its custom id, as Open my prompt's)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.come_back(self.game_id, self.seat, actor),
            game_id=self.game_id,
        )


class OrderButton(discord.ui.DynamicItem[discord.ui.Button], template=ORDER_TEMPLATE):
    """A standing order for a kind of reaction window, set from its first private prompt."""

    def __init__(self, custom_id: str, label: str = "?", style: str = "secondary", row: int | None = None):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=_STYLES[style]), row=row)
        match = self.template.fullmatch(custom_id)
        self.game_id, self.seat = int(match["game"]), int(match["seat"])
        self.window, self.value = match["window"], match["value"]

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(item.custom_id, label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interact.component(
            interaction, lambda service, actor: service.order_from_prompt(self.game_id, self.seat, self.window,
                                                                  self.value, actor),
            game_id=self.game_id,
        )


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, LobbyButton, ConfirmButton, OpenPromptButton, GroupButton, GroupSelect,
                 FormButton, BoardButton, BackButton, OrderButton, *HISTORY_ITEMS, *OVERVIEW_ITEMS)
_BUTTONS = (ChoiceButton, LobbyButton, ConfirmButton, OpenPromptButton, GroupButton, FormButton, BoardButton,
            BackButton, OrderButton)


def item_for(spec: ButtonSpec | SelectSpec) -> discord.ui.Item:
    """The DynamicItem that sends `spec` (chosen by the custom id's template)."""
    if (item := history_item(spec) or overview_item(spec)) is not None:
        return item
    if isinstance(spec, SelectSpec):
        if GroupSelect.__discord_ui_compiled_template__.fullmatch(spec.custom_id):
            return GroupSelect(spec.custom_id, spec.placeholder, spec.options, row=spec.row)
        return ChoiceSelect(spec.custom_id, spec.placeholder, spec.options, row=spec.row)
    for cls in _BUTTONS:
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
