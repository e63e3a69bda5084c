"""The one generic decision prompt: a Decision becomes component specs, within Discord's limits.

Pure data in, pure data out, so every limit is unit-tested without Discord:
- a message holds at most 5 rows; a row holds 5 buttons or 1 select; a select 25 options;
- a custom id is at most 100 characters, a button label 80, a select option's label and
  value 100, a placeholder 150.
Up to 25 options become buttons. More become select menus grouped by the option id's prefix
(`take:`, `move:` ...) and paged by 25, with the prefix-less options (`pass`, `done`) kept as
buttons. A decision too large for one message continues in further messages.

Custom ids carry the game id, the state version, the history head (see `history_head`), the
deciding seat's index and a reference to the option: the option id
itself when it fits, otherwise its index in the decision plus a short hash of the id, so a
reference can never silently point at a different option.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage.records import time_to_text
from engine import Decision, Option

if TYPE_CHECKING:
    from bot.storage.records import LoadedGame

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_TEXT_LIMIT = 100
PLACEHOLDER_LIMIT = 150
ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25

# The templates the DynamicItems parse; kept here beside the builders that must match them.
# `head` ties a prompt to the exact history it was posted for (see `history_head`). It is
# optional only so that a prompt posted by an older bot (no head) is still answered (refused,
# with a hint to re-post) rather than failing silently; every id built here has one.
BUTTON_TEMPLATE = (r"bg:(?P<game>[0-9]+):(?P<version>[0-9]+)(?::(?P<head>[0-9a-f]{6}))?"
                   r":(?P<seat>[0-9]+):(?P<ref>.+)")
SELECT_TEMPLATE = (r"bs:(?P<game>[0-9]+):(?P<version>[0-9]+)(?::(?P<head>[0-9a-f]{6}))?"
                   r":(?P<seat>[0-9]+):(?P<part>[0-9]+)")
LOBBY_TEMPLATE = r"lobby:(?P<game>[0-9]+):(?P<action>join|leave|start|cancel)"
# Moderator confirmations: the action's argument rides along, and the version makes an old
# confirmation useless once the game has moved on.
CONFIRM_TEMPLATE = r"confirm:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<action>[a-z]+):(?P<arg>[0-9]*)"
# "Open my prompt" on the public post of a private decision: it always opens the seat's current
# private prompt, so it carries no version (a preference set meanwhile never makes it stale).
OPEN_TEMPLATE = r"open:(?P<game>[0-9]+):(?P<seat>[0-9]+)"
_INDEX_REF = re.compile(r"#(?P<index>[0-9]+)\.(?P<digest>[0-9a-f]{6})")


@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    row: int
    # "primary" for the common case, "secondary" for pass/done-like choices.
    style: str = "primary"


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    # (label, value) pairs; value is the option reference resolved on click.
    options: tuple[tuple[str, str], ...]
    row: int


@dataclass(frozen=True)
class PromptPage:
    """One message's worth of components for a decision."""

    components: tuple[ButtonSpec | SelectSpec, ...]
    part: str = ""  # "1/2" when a decision spans several messages


def digest(option_id: str) -> str:
    return hashlib.sha1(option_id.encode()).hexdigest()[:6]


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


HEAD_LENGTH = 6


def history_head(loaded: LoadedGame) -> str:
    """A short token naming the exact history a game state came from.

    The version (number of choices) alone is not enough: after an undo the game goes back to
    a smaller version and a new branch of play reaches the old numbers again, so a prompt of
    the undone branch would look current. The head mixes in when the last stored choice was
    made (or, with no choice yet, when the game started), which a new branch never repeats.
    Used both to build prompts and to check a click, so the two always agree.
    """
    moment = loaded.last_choice_at if loaded.seq else None
    moment = moment or loaded.record.started_at
    stamp = time_to_text(moment) if moment is not None else "-"
    return hashlib.sha1(f"{loaded.record.id}:{loaded.seq}:{stamp}".encode()).hexdigest()[:HEAD_LENGTH]


def button_id(game_id: int, version: int, head: str, seat: int, ref: str) -> str:
    return f"bg:{game_id}:{version}:{head}:{seat}:{ref}"


def select_id(game_id: int, version: int, head: str, seat: int, part: int) -> str:
    return f"bs:{game_id}:{version}:{head}:{seat}:{part}"


def lobby_id(game_id: int, action: str) -> str:
    return f"lobby:{game_id}:{action}"


def confirm_id(game_id: int, version: int, action: str, arg: int | None = None) -> str:
    return f"confirm:{game_id}:{version}:{action}:{'' if arg is None else arg}"


def open_id(game_id: int, seat: int) -> str:
    return f"open:{game_id}:{seat}"


def _group_key(option: Option) -> str:
    prefix, sep, _rest = option.id.partition(":")
    return prefix if sep else ""


def _group_title(key: str) -> str:
    return key.replace("_", " ").capitalize() or "Choose"


def build_prompt(game_id: int, version: int, decision: Decision, seat: int = 0, *, head: str) -> list[PromptPage]:
    """The component pages for one decision (usually exactly one page). `seat` is the index of
    the deciding player, so a click on someone else's prompt is refused even when the same
    option is also theirs (simultaneous decisions). `head` is `history_head` of the game."""
    if not re.fullmatch(f"[0-9a-f]{{{HEAD_LENGTH}}}", head):
        raise ValueError(f"bad history head {head!r}")
    options = decision.options
    button_budget = CUSTOM_ID_LIMIT - len(button_id(game_id, version, head, seat, ""))
    if len(options) <= ROWS * BUTTONS_PER_ROW:
        buttons = tuple(
            ButtonSpec(
                custom_id=button_id(game_id, version, head, seat, option_ref(options, i, button_budget)),
                label=_button_label(option),
                row=i // BUTTONS_PER_ROW,
                style="primary" if _group_key(option) else "secondary",
            )
            for i, option in enumerate(options)
        )
        return [PromptPage(buttons)]

    # Too many for buttons: group by prefix. Groups become buttons, smallest first (prefix-less
    # options like `pass` before any), as long as everything still fits one message's 5 rows;
    # the rest become select menus of up to 25 options.
    groups: dict[str, list[int]] = {}
    for i, option in enumerate(options):
        groups.setdefault(_group_key(option), []).append(i)
    as_buttons: set[str] = set()
    for key in sorted(groups, key=lambda k: (k != "", len(groups[k]))):
        if _rows_needed(groups, as_buttons | {key}) <= ROWS:
            as_buttons.add(key)
    button_indices = sorted(i for key in as_buttons for i in groups[key])
    groups = {key: indices for key, indices in groups.items() if key not in as_buttons}

    rows: list[list[ButtonSpec | SelectSpec]] = []
    for n in range(0, len(button_indices), BUTTONS_PER_ROW):
        rows.append(
            [
                ButtonSpec(
                    custom_id=button_id(game_id, version, head, seat, option_ref(options, i, button_budget)),
                    label=_button_label(options[i]),
                    row=0,
                    style="primary" if _group_key(options[i]) else "secondary",
                )
                for i in button_indices[n : n + BUTTONS_PER_ROW]
            ]
        )
    select_count = 0
    for key, indices in groups.items():
        pages = [indices[n : n + SELECT_OPTIONS] for n in range(0, len(indices), SELECT_OPTIONS)]
        for number, page in enumerate(pages, start=1):
            paged = f" ({number}/{len(pages)})" if len(pages) > 1 else ""
            first, last = _short_label(options[page[0]]), _short_label(options[page[-1]])
            span = f": {first} … {last}" if len(pages) > 1 else "…"
            placeholder = f"{_group_title(key)}{paged}{span}"
            rows.append(
                [
                    SelectSpec(
                        custom_id=select_id(game_id, version, head, seat, select_count),
                        placeholder=placeholder[:PLACEHOLDER_LIMIT],
                        options=tuple(
                            (options[i].label[:SELECT_TEXT_LIMIT] or options[i].id[:SELECT_TEXT_LIMIT],
                             option_ref(options, i, SELECT_TEXT_LIMIT))
                            for i in page
                        ),
                        row=0,
                    )
                ]
            )
            select_count += 1

    messages = [rows[n : n + ROWS] for n in range(0, len(rows), ROWS)]
    result = []
    for number, message_rows in enumerate(messages, start=1):
        components: list[ButtonSpec | SelectSpec] = []
        for row_number, row in enumerate(message_rows):
            for spec in row:
                components.append(_with_row(spec, row_number))
        part = f"{number}/{len(messages)}" if len(messages) > 1 else ""
        result.append(PromptPage(tuple(components), part))
    return result


def _rows_needed(groups: dict[str, list[int]], as_buttons: set[str]) -> int:
    buttons = sum(len(groups[k]) for k in as_buttons)
    selects = sum(-(-len(v) // SELECT_OPTIONS) for k, v in groups.items() if k not in as_buttons)
    return -(-buttons // BUTTONS_PER_ROW) + selects


def _with_row(spec: ButtonSpec | SelectSpec, row: int) -> ButtonSpec | SelectSpec:
    if isinstance(spec, ButtonSpec):
        return ButtonSpec(spec.custom_id, spec.label, row, spec.style)
    return SelectSpec(spec.custom_id, spec.placeholder, spec.options, row)


def _button_label(option: Option) -> str:
    label = option.label or option.id
    if len(label) > BUTTON_LABEL_LIMIT:
        label = label[: BUTTON_LABEL_LIMIT - 1] + "…"
    return label


def _short_label(option: Option) -> str:
    return (option.label or option.id)[:30]
