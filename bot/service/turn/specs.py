"""Components as plain data (buttons, menus, forms) and the custom ids that carry a click.

Pure data in, pure data out: the Discord layer turns these specs into discord.py items, and
the templates here are what its DynamicItems parse, so the builders and the parsers always
agree. Every limit Discord sets on them is a constant here, tested without Discord:
- a custom id is at most 100 characters; a button label 80; a select option's label and value
  100, a placeholder 150; 25 options per select;
- a message holds at most 5 rows, a row 5 buttons or 1 select;
- a form (modal): a title of 45 characters, at most 5 top-level components, a field's label
  45 and its description 100, a text input's value 4000 and placeholder 100.

Custom ids carry the game id, the state version, the history head (see prompt.history_head),
the deciding seat's index and what was clicked: an option (its id when it fits, otherwise its
index plus a short hash of the id, so a reference never silently points at another option),
a group of options, or the form of a decision's amounts.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Option
from engine.text import Msg

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_TEXT_LIMIT = 100
PLACEHOLDER_LIMIT = 150
ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
MODAL_TITLE_LIMIT = 45
MODAL_COMPONENTS = 5
FIELD_LABEL_LIMIT = 45
FIELD_DESCRIPTION_LIMIT = 100
TEXT_DISPLAY_LIMIT = 4000
INPUT_PLACEHOLDER_LIMIT = 100

_PROMPT = r"(?P<game>[0-9]+):(?P<version>[0-9]+)(?::(?P<head>[0-9a-f]{6}))?:(?P<seat>[0-9]+)"
# `head` ties a prompt to the exact history it was posted for. It is optional only so that a
# prompt posted by an older bot (no head) is still answered (refused, with a hint to re-post)
# rather than failing silently; every id built here has one.
BUTTON_TEMPLATE = rf"bg:{_PROMPT}:(?P<ref>.+)"
SELECT_TEMPLATE = rf"bs:{_PROMPT}:(?P<part>[0-9]+)"
# A group of options ("Take a city"): its button, or a menu of groups; the click opens the
# group's options for the deciding player only.
GROUP_TEMPLATE = rf"gr:{_PROMPT}:(?P<ref>[0-9]+\.[0-9a-f]{{6}})"
GROUP_SELECT_TEMPLATE = rf"gs:{_PROMPT}:(?P<part>[0-9]+)"
# The button that opens a decision's amounts form, and the form's own id when submitted.
FORM_TEMPLATE = rf"fm:{_PROMPT}"
FORM_SUBMIT_TEMPLATE = rf"fs:{_PROMPT}"
LOBBY_TEMPLATE = r"lobby:(?P<game>[0-9]+):(?P<action>join|leave|start|cancel|bot_normal|bot_easy|unbot)"
# Moderator confirmations: the action's argument rides along, and the version makes an old
# confirmation useless once the game has moved on.
CONFIRM_TEMPLATE = r"confirm:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<action>[a-z]+):(?P<arg>[0-9]*)"
# "Open my prompt" on the public post of a private decision: it always opens the seat's current
# private prompt, so it carries no version (a preference set meanwhile never makes it stale).
OPEN_TEMPLATE = r"open:(?P<game>[0-9]+):(?P<seat>[0-9]+)"
# "I'm back" under the notice that a bot plays a member's seat while they are away.
BACK_TEMPLATE = r"back:(?P<game>[0-9]+):(?P<seat>[0-9]+)"
# A standing order set from a reaction window's private prompt (issue 27): game, seat, the
# window's kind and the order's value.
ORDER_TEMPLATE = r"order:(?P<game>[0-9]+):(?P<seat>[0-9]+):(?P<window>[a-z0-9_]+)=(?P<value>ask|never|auto)"
# "Full board" beside a turn message's close-up: the game's board now, privately.
BOARD_TEMPLATE = r"board:(?P<game>[0-9]+)"
_INDEX_REF = re.compile(r"#(?P<index>[0-9]+)\.(?P<digest>[0-9a-f]{6})")


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    row: int
    # "primary" for the common case, "secondary" for pass/done-like choices and groups.
    style: str = "primary"


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    # (label, value) pairs; value is the option reference resolved on click.
    options: tuple[tuple[str, str], ...]
    row: int


@dataclass(frozen=True)
class FieldSpec:
    """One field of a form: a menu of `choices` (values as text) when given, else a text input."""

    custom_id: str
    label: str
    description: str = ""
    choices: tuple[str, ...] = ()
    default: str = ""
    paragraph: bool = False
    placeholder: str = ""


@dataclass(frozen=True)
class ModalSpec:
    """A form: a title, an optional text above the fields, and the fields."""

    custom_id: str
    title: str
    intro: str
    fields: tuple[FieldSpec, ...]


def digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def option_ref(options: Sequence[Option], index: int, budget: int) -> str:
    """How a click names `options[index]` within `budget` characters."""
    option_id = options[index].id
    if len(option_id) <= budget and not _INDEX_REF.fullmatch(option_id):
        return option_id
    return f"#{index}.{digest(option_id)}"


def resolve_ref(options: Sequence[Option], ref: str) -> str | None:
    """The option id a reference names among `options`, or None if it names none of them."""
    match = _INDEX_REF.fullmatch(ref)
    if match is None:
        return ref if any(o.id == ref for o in options) else None
    index = int(match["index"])
    if index < len(options) and digest(options[index].id) == match["digest"]:
        return options[index].id
    return None


def group_ref(groups: Sequence[str], index: int) -> str:
    return f"{index}.{digest(groups[index])}"


def resolve_group(groups: Sequence[str], ref: str) -> str | None:
    """The group a reference names among `groups` (None: not offered, or another list)."""
    index, _, hashed = ref.partition(".")
    if index.isdigit() and int(index) < len(groups) and digest(groups[int(index)]) == hashed:
        return groups[int(index)]
    return None


def _prompt_id(kind: str, game_id: int, version: int, head: str, seat: int) -> str:
    return f"{kind}:{game_id}:{version}:{head}:{seat}"


def button_id(game_id: int, version: int, head: str, seat: int, ref: str) -> str:
    return f"{_prompt_id('bg', game_id, version, head, seat)}:{ref}"


def select_id(game_id: int, version: int, head: str, seat: int, part: int) -> str:
    return f"{_prompt_id('bs', game_id, version, head, seat)}:{part}"


def group_id(game_id: int, version: int, head: str, seat: int, ref: str) -> str:
    return f"{_prompt_id('gr', game_id, version, head, seat)}:{ref}"


def group_select_id(game_id: int, version: int, head: str, seat: int, part: int) -> str:
    return f"{_prompt_id('gs', game_id, version, head, seat)}:{part}"


def form_id(game_id: int, version: int, head: str, seat: int) -> str:
    return _prompt_id("fm", game_id, version, head, seat)


def form_submit_id(game_id: int, version: int, head: str, seat: int) -> str:
    return _prompt_id("fs", game_id, version, head, seat)


def lobby_id(game_id: int, action: str) -> str:
    return f"lobby:{game_id}:{action}"


def confirm_id(game_id: int, version: int, action: str, arg: int | None = None) -> str:
    return f"confirm:{game_id}:{version}:{action}:{'' if arg is None else arg}"


def order_id(game_id: int, seat: int, window: str, value: str) -> str:
    return f"order:{game_id}:{seat}:{window}={value}"


def back_id(game_id: int, seat: int) -> str:
    return f"back:{game_id}:{seat}"


def open_id(game_id: int, seat: int) -> str:
    return f"open:{game_id}:{seat}"


def board_id(game_id: int) -> str:
    return f"board:{game_id}"


def clip(text: str, limit: int) -> str:
    """`text` within `limit` characters, the cut marked with an ellipsis; a message id (Msg) is
    left whole for the publisher to translate, then clip (bot/service/text.clip)."""
    if len(text) <= limit or isinstance(text, Msg):
        return text
    return text[: limit - 1] + "…"
