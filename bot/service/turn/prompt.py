"""The one generic decision prompt: a Decision becomes component specs, within Discord's limits.

Pure data in, pure data out, so every limit is unit-tested without Discord (see specs.py):
- up to 25 options become buttons, five to a row;
- options the game put in groups (`Option.group`, "Take a city") show as one button per group
  (a group of one shows its option itself); a click on a group opens that group's options for
  the deciding player only, so any option is at most two clicks away. More than 25 entries put
  the groups in a menu;
- more than 25 ungrouped options become select menus grouped by the option id's prefix
  (`take:`, `move:` ...) and paged by 25, with the prefix-less options (`pass`, `done`) kept as
  buttons; a decision too large for one message continues in further messages;
- a decision with `amounts` (how many of each ...) adds a button that opens its form (forms.py).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service.turn.specs import (  # noqa: F401  (re-exported: the Discord layer and tests read them here)
    BOARD_TEMPLATE,
    BUTTON_LABEL_LIMIT,
    BUTTON_TEMPLATE,
    BUTTONS_PER_ROW,
    CONFIRM_TEMPLATE,
    CUSTOM_ID_LIMIT,
    FORM_SUBMIT_TEMPLATE,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    LOBBY_TEMPLATE,
    OPEN_TEMPLATE,
    PLACEHOLDER_LIMIT,
    ROWS,
    SELECT_OPTIONS,
    SELECT_TEMPLATE,
    SELECT_TEXT_LIMIT,
    ButtonSpec,
    SelectSpec,
    board_id,
    button_id,
    clip,
    confirm_id,
    digest,
    form_id,
    group_id,
    group_ref,
    group_select_id,
    lobby_id,
    open_id,
    option_ref,
    resolve_group,
    resolve_ref,
    select_id,
)
from bot.storage.records import time_to_text
from engine import Decision, Option
from engine.text import layout, msg

if TYPE_CHECKING:
    from bot.storage.records import LoadedGame

FORM_LABEL = msg("✏️ Choose the numbers…")


@dataclass(frozen=True)
class PromptPage:
    """One message's worth of components for a decision."""

    components: tuple[ButtonSpec | SelectSpec, ...]
    part: str = ""  # "1/2" when a decision spans several messages


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


@dataclass(frozen=True)
class _Ids:
    """The custom ids of one prompt (game, version, history head, deciding seat)."""

    game_id: int
    version: int
    head: str
    seat: int

    def button(self, ref: str) -> str:
        return button_id(self.game_id, self.version, self.head, self.seat, ref)

    def select(self, part: int) -> str:
        return select_id(self.game_id, self.version, self.head, self.seat, part)

    @property
    def ref_budget(self) -> int:
        return CUSTOM_ID_LIMIT - len(self.button(""))


def option_groups(decision: Decision) -> list[str]:
    """The groups of a decision that hold two options or more, in the order they first appear
    (a group of one is shown as its option)."""
    sizes = Counter(o.group for o in decision.options if o.group)
    groups: list[str] = []
    for option in decision.options:
        if sizes.get(option.group, 0) > 1 and option.group not in groups:
            groups.append(option.group)
    return groups


def build_prompt(game_id: int, version: int, decision: Decision, seat: int = 0, *, head: str) -> list[PromptPage]:
    """The component pages for one decision (usually exactly one page). `seat` is the index of
    the deciding player, so a click on someone else's prompt is refused even when the same
    option is also theirs (simultaneous decisions). `head` is `history_head` of the game."""
    if not re.fullmatch(f"[0-9a-f]{{{HEAD_LENGTH}}}", head):
        raise ValueError(f"bad history head {head!r}")
    ids = _Ids(game_id, version, head, seat)
    extras = []
    if decision.amounts is not None:
        extras.append(ButtonSpec(form_id(game_id, version, head, seat), FORM_LABEL, 0, "primary"))
    groups = option_groups(decision)
    if groups:
        page = _grouped_page(ids, decision, groups, extras)
        if page is not None:
            return [page]
    return _flat_pages(ids, decision.options, range(len(decision.options)), extras)


# A whole decision as one group: the button that stands for a player's prompt in a message
# shared with other players when their buttons do not all fit (shared_prompt.py).
WHOLE_REF = f"0.{digest('*')}"


def whole_button(game_id: int, version: int, decision: Decision, seat: int, *, head: str) -> ButtonSpec:
    """One button that shows `decision`'s whole prompt to its player alone."""
    label = clip(layout("{player}: {choose}", player=decision.player, choose=CHOOSE_WHAT), BUTTON_LABEL_LIMIT)
    return ButtonSpec(group_id(game_id, version, head, seat, WHOLE_REF), label, 0, "primary")


def menu_row(game_id: int, version: int, decision: Decision, seat: int, *, head: str) -> tuple[SelectSpec, ...] | None:
    """`decision`'s options as one menu (one row), its placeholder naming its player, for a message
    shared by several players; None when a menu cannot hold them all (more than 25 options, or a
    form of amounts beside them)."""
    if decision.amounts is not None or not 1 < len(decision.options) <= SELECT_OPTIONS:
        return None
    ids = _Ids(game_id, version, head, seat)
    options = decision.options
    placeholder = clip(layout("{player}: {choose}", player=decision.player, choose=CHOOSE_WHAT), PLACEHOLDER_LIMIT)
    return (SelectSpec(ids.select(0), placeholder,
                       tuple((clip(o.label or o.id, SELECT_TEXT_LIMIT), option_ref(options, i, SELECT_TEXT_LIMIT))
                             for i, o in enumerate(options)), 0),)


def build_group_page(game_id: int, version: int, decision: Decision, seat: int, group: str, *,
                     head: str) -> list[PromptPage]:
    """The options of one group of `decision` (the second click), with the same custom ids as
    on the prompt itself, so a click is checked exactly like any other."""
    ids = _Ids(game_id, version, head, seat)
    indices = [i for i, o in enumerate(decision.options) if o.group == group]
    return _flat_pages(ids, decision.options, indices, [])


def _grouped_page(ids: _Ids, decision: Decision, groups: list[str], extras: list[ButtonSpec]) -> PromptPage | None:
    """One button per group and per option outside the groups, in the game's order; the groups
    go in a menu when there are more than 25 entries. None when even that does not fit."""
    options = decision.options
    sizes = Counter(o.group for o in options if o.group)
    entries: list[ButtonSpec] = []
    group_entries: list[tuple[str, str]] = []
    loose: list[ButtonSpec] = []
    for i, option in enumerate(options):
        if option.group in groups:
            if option.group in (g for g, _ in group_entries):
                continue
            number = groups.index(option.group)
            label = clip(layout("{group}… ({n})", group=option.group, n=sizes[option.group]), BUTTON_LABEL_LIMIT)
            ref = group_ref(groups, number)
            group_entries.append((option.group, ref))
            entries.append(ButtonSpec(group_id(ids.game_id, ids.version, ids.head, ids.seat, ref), label, 0,
                                      "primary"))
        else:
            button = _option_button(ids, options, i)
            entries.append(button)
            loose.append(button)
    entries += extras
    if len(entries) <= ROWS * BUTTONS_PER_ROW:
        return PromptPage(_in_rows(entries))
    # Too many for buttons: the groups go in menus (25 to a menu) below the other buttons.
    buttons = loose + extras
    button_rows = -(-len(buttons) // BUTTONS_PER_ROW)
    pages = [group_entries[n: n + SELECT_OPTIONS] for n in range(0, len(group_entries), SELECT_OPTIONS)]
    if button_rows + len(pages) > ROWS:
        return None
    menus = tuple(
        SelectSpec(group_select_id(ids.game_id, ids.version, ids.head, ids.seat, part),
                   layout("{choose} ({part}/{pages})", choose=CHOOSE_WHAT, part=part + 1, pages=len(pages))
                   if len(pages) > 1 else CHOOSE_WHAT,
                   tuple((clip(layout("{group} ({n})", group=g, n=sizes[g]), SELECT_TEXT_LIMIT), ref) for g, ref in page),
                   button_rows + part)
        for part, page in enumerate(pages))
    return PromptPage(_in_rows(buttons) + menus)


def _in_rows(buttons: Sequence[ButtonSpec]) -> tuple[ButtonSpec, ...]:
    return tuple(_with_row(b, n // BUTTONS_PER_ROW) for n, b in enumerate(buttons))


def _option_button(ids: _Ids, options: Sequence[Option], i: int) -> ButtonSpec:
    option = options[i]
    return ButtonSpec(ids.button(option_ref(options, i, ids.ref_budget)), _button_label(option), 0,
                      "primary" if _group_key(option) else "secondary")


def _flat_pages(ids: _Ids, options: Sequence[Option], indices: Sequence[int],
                extras: list[ButtonSpec]) -> list[PromptPage]:
    """`options[indices]` as buttons when they fit, else grouped by id prefix into menus."""
    indices = list(indices)
    if len(indices) + len(extras) <= ROWS * BUTTONS_PER_ROW:
        return [PromptPage(_in_rows([*(_option_button(ids, options, i) for i in indices), *extras]))]

    # Too many for buttons: group by prefix. Groups become buttons, smallest first (prefix-less
    # options like `pass` before any), as long as everything still fits one message's 5 rows;
    # the rest become select menus of up to 25 options.
    groups: dict[str, list[int]] = {}
    for i in indices:
        groups.setdefault(_group_key(options[i]), []).append(i)
    as_buttons: set[str] = set()
    for key in sorted(groups, key=lambda k: (k != "", len(groups[k]))):
        if _rows_needed(groups, as_buttons | {key}, len(extras)) <= ROWS:
            as_buttons.add(key)
    button_indices = sorted(i for key in as_buttons for i in groups[key])
    groups = {key: members for key, members in groups.items() if key not in as_buttons}

    buttons = [*(_option_button(ids, options, i) for i in button_indices), *extras]
    rows: list[list[ButtonSpec | SelectSpec]] = [buttons[n: n + BUTTONS_PER_ROW]
                                                 for n in range(0, len(buttons), BUTTONS_PER_ROW)]
    select_count = 0
    for key, members in groups.items():
        pages = [members[n: n + SELECT_OPTIONS] for n in range(0, len(members), SELECT_OPTIONS)]
        for number, page in enumerate(pages, start=1):
            title = options[page[0]].group or _group_title(key)
            if len(pages) > 1:
                placeholder = layout("{title} ({number}/{pages}): {first} … {last}", title=title, number=number,
                                     pages=len(pages), first=_short_label(options[page[0]]),
                                     last=_short_label(options[page[-1]]))
            else:
                placeholder = layout("{title}…", title=title)
            rows.append([SelectSpec(
                custom_id=ids.select(select_count),
                placeholder=clip(placeholder, PLACEHOLDER_LIMIT),
                options=tuple((clip(options[i].label or options[i].id, SELECT_TEXT_LIMIT),
                               option_ref(options, i, SELECT_TEXT_LIMIT)) for i in page),
                row=0,
            )])
            select_count += 1

    messages = [rows[n: n + ROWS] for n in range(0, len(rows), ROWS)]
    result = []
    for number, message_rows in enumerate(messages, start=1):
        components = [_with_row(spec, row_number) for row_number, row in enumerate(message_rows) for spec in row]
        part = f"{number}/{len(messages)}" if len(messages) > 1 else ""
        result.append(PromptPage(tuple(components), part))
    return result


CHOOSE_WHAT = msg("Choose what to do…")


def _group_key(option: Option) -> str:
    prefix, sep, _rest = option.id.partition(":")
    return prefix if sep else ""


def _group_title(key: str) -> str:
    """A menu's title when its options name no group: the id prefix is no word to show."""
    return msg("Choose")


def _fit(label: str, limit: int) -> str:
    """`label` within `limit` (text.clip: a message id stays whole, the publisher clips its
    translation)."""
    return clip(label, limit)


def _rows_needed(groups: dict[str, list[int]], as_buttons: set[str], extras: int) -> int:
    buttons = sum(len(groups[k]) for k in as_buttons) + extras
    selects = sum(-(-len(v) // SELECT_OPTIONS) for k, v in groups.items() if k not in as_buttons)
    return -(-buttons // BUTTONS_PER_ROW) + selects


def _with_row(spec: ButtonSpec | SelectSpec, row: int) -> ButtonSpec | SelectSpec:
    if isinstance(spec, ButtonSpec):
        return ButtonSpec(spec.custom_id, spec.label, row, spec.style)
    return SelectSpec(spec.custom_id, spec.placeholder, spec.options, row)


def _button_label(option: Option) -> str:
    return clip(option.label or option.id, BUTTON_LABEL_LIMIT)


def _short_label(option: Option) -> str:
    return _fit(option.label or option.id, 30)
