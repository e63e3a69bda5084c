"""A form (modal) as discord.py sends it, from the service's ModalSpec, in the member's language.
Its submission is answered by components.form_submitted."""

from __future__ import annotations

import dataclasses

import discord

from bot.service.turn.specs import (
    FIELD_DESCRIPTION_LIMIT,
    FIELD_LABEL_LIMIT,
    INPUT_PLACEHOLDER_LIMIT,
    MODAL_TITLE_LIMIT,
    TEXT_DISPLAY_LIMIT,
    ModalSpec,
    clip,
)
from locales import tr


def build_modal(spec: ModalSpec, lang: str | None = None) -> discord.ui.Modal:
    """The modal of a form in `lang` (the member's: a form is private); `stop()`ped, so discord.py
    does not keep it: `form_submitted` answers."""

    def words(text, limit: int):
        return clip(tr(text, lang), limit) if text else text

    spec = dataclasses.replace(
        spec, title=words(spec.title, MODAL_TITLE_LIMIT), intro=words(spec.intro, TEXT_DISPLAY_LIMIT),
        fields=tuple(dataclasses.replace(
            f, label=words(f.label, FIELD_LABEL_LIMIT), description=words(f.description, FIELD_DESCRIPTION_LIMIT),
            placeholder=words(f.placeholder, INPUT_PLACEHOLDER_LIMIT), default=words(f.default, 4000))
            for f in spec.fields))
    modal = discord.ui.Modal(title=spec.title, custom_id=spec.custom_id, timeout=None)
    if spec.intro:
        modal.add_item(discord.ui.TextDisplay(spec.intro))
    for field in spec.fields:
        if field.choices:
            widget = discord.ui.Select(custom_id=field.custom_id, min_values=1, max_values=1, options=[
                discord.SelectOption(label=value, value=value, default=value == field.default)
                for value in field.choices])
        else:
            widget = discord.ui.TextInput(
                custom_id=field.custom_id, default=field.default or None, placeholder=field.placeholder or None,
                style=discord.TextStyle.paragraph if field.paragraph else discord.TextStyle.short, required=True,
                max_length=4000 if field.paragraph else 10)
        modal.add_item(discord.ui.Label(text=field.label, description=field.description or None, component=widget))
    modal.stop()
    return modal
