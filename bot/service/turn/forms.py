"""The form of a choice of several things at once (`Decision.amounts`): a Discord modal whose
answer becomes exactly the one option id `Amounts.answer(...)` names.

Pure: `amounts_form` builds a ModalSpec within Discord's limits (a title of 45 characters, at
most five top-level components), `read_form` turns the submitted values back into an option id
or a sentence saying what is wrong. The engine still checks the answer (`Decision.offers` and
its own rules) when it is applied.

Up to four items: a text above the fields (the prompt and the totals), then one field per item,
a menu of the numbers it may take when they are 25 or fewer, else a number to type. Five items:
no text above. Each field's label holds its bounds ("Arab bezants (0 to 40)"). More: one text box
prefilled with a line per item and its bounds ("Elite (Antioch) (0 to 1): 0"), as the terminal
takes one typed line; each line is read by its label, never by its place (issue 25).
A refused form opens again with what the member typed (`Drafts`).
"""

from __future__ import annotations

import dataclasses
import re
from collections import OrderedDict

from bot.service.text import first_line
from bot.service.turn.specs import (
    FIELD_DESCRIPTION_LIMIT,
    FIELD_LABEL_LIMIT,
    INPUT_PLACEHOLDER_LIMIT,
    MODAL_COMPONENTS,
    MODAL_TITLE_LIMIT,
    SELECT_OPTIONS,
    TEXT_DISPLAY_LIMIT,
    FieldSpec,
    ModalSpec,
    clip,
    form_submit_id,
)
from engine.core import Amounts, Decision, Total
from engine.text import Msg, joined, layout, lines, msg
from locales import LANGUAGES, SOURCE, tr

ALL_FIELD = "all"
TEXT_INPUT_LIMIT = 4000  # Discord's longest text input value


def field_id(index: int) -> str:
    return f"n{index}"


def totals_text(amounts: Amounts) -> list[str]:
    """Each total in words: "Bezants in all (2 per cube): 2 to 12, in steps of 2"."""
    lines = []
    for total in amounts.totals:
        name = total.label or (msg("In all ({group})", group=total.group) if total.group else msg("In all"))
        if total.lo == total.hi:
            lines.append(msg("{name}: exactly {n}", name=name, n=total.lo))
        elif total.step > 1:
            lines.append(msg("{name}: {lo} to {hi}, in steps of {step}", name=name, lo=total.lo, hi=total.hi,
                             step=total.step))
        else:
            lines.append(msg("{name}: {lo} to {hi}", name=name, lo=total.lo, hi=total.hi))
    return lines


def amounts_form(game_id: int, version: int, head: str, seat: int, decision: Decision,
                 typed: dict[str, str] | None = None) -> ModalSpec:
    """The form; `typed`: what the member typed into it last time (refused), shown again."""
    spec = _empty_form(game_id, version, head, seat, decision)
    if not typed:
        return spec
    fields = tuple(dataclasses.replace(f, default=_kept(f, typed[f.custom_id])) if f.custom_id in typed else f
                   for f in spec.fields)
    return dataclasses.replace(spec, fields=fields)


def _kept(field: FieldSpec, typed: str) -> str:
    """A field's value as typed, where the field can show it (a menu only its own choices)."""
    if field.choices:
        return typed if typed in field.choices else field.default
    return typed[:TEXT_INPUT_LIMIT]


def _empty_form(game_id: int, version: int, head: str, seat: int, decision: Decision) -> ModalSpec:
    amounts = decision.amounts
    assert amounts is not None
    custom_id = form_submit_id(game_id, version, head, seat)
    # Texts stay message ids where they fit (the modal is built in the member's language).
    prompt = decision.prompt
    title = clip(first_line(prompt), MODAL_TITLE_LIMIT)
    intro = clip(lines([prompt, *totals_text(amounts)]), TEXT_DISPLAY_LIMIT)
    items = amounts.items
    if len(items) < MODAL_COMPONENTS:
        return ModalSpec(custom_id, title, intro, tuple(_item_field(i, item) for i, item in enumerate(items)))
    if len(items) == MODAL_COMPONENTS:
        fields = [_item_field(i, item) for i, item in enumerate(items)]
        first = fields[0]
        fields[0] = FieldSpec(first.custom_id, first.label, clip(joined(totals_text(amounts), "; "),
                                                                 FIELD_DESCRIPTION_LIMIT),
                              first.choices, first.default, placeholder=first.placeholder)
        return ModalSpec(custom_id, title, "", tuple(fields))
    # read_form reads each line by its label (before the last colon), in any language.
    default = lines([layout("{item}: {n}", item=bounded(item), n=item.min) for item in items])
    box = FieldSpec(ALL_FIELD, msg("How many of each"), msg("Change the number after each colon."), default=default,
                    paragraph=True)
    return ModalSpec(custom_id, title, intro, (box,))


def bounded(item) -> Msg:
    """An item with its bounds, "Byzantine levy (0 to 3)": a field's label, a line of the box."""
    return msg("{item} ({lo} to {hi})", item=item.label, lo=item.min, hi=item.max)


def _item_field(index: int, item) -> FieldSpec:
    # The bounds in the label itself (issue 28): Discord shows a description in small print.
    label = clip(bounded(item), FIELD_LABEL_LIMIT)
    span = msg("{lo} to {hi}", lo=item.min, hi=item.max)
    description = clip(bounded(item), FIELD_DESCRIPTION_LIMIT)
    if item.max - item.min + 1 <= SELECT_OPTIONS:
        choices = tuple(str(n) for n in range(item.min, item.max + 1))
        return FieldSpec(field_id(index), label, description, choices=choices, default=str(item.min))
    return FieldSpec(field_id(index), label, description, default=str(item.min),
                     placeholder=clip(span, INPUT_PLACEHOLDER_LIMIT))


def read_form(decision: Decision, values: dict[str, str], lang: str = "") -> tuple[str | None, str]:
    """(option id, "") for a valid answer, or (None, what is wrong) in a sentence.

    The one box is read line by line by each line's label (in `lang`, the member's language,
    else in any language the form may have been shown in), never by position: a line moved up
    or down still gives its number to its own item. A number is whole and in its item's range, or
    the line is refused as it was typed."""
    amounts = decision.amounts
    if amounts is None:
        return None, msg("That form is not for this decision any more. Please use the latest prompt.")
    items = amounts.items
    if ALL_FIELD in values:
        counts, wrong = _read_box(items, values[ALL_FIELD], lang)
        if counts is None:
            return None, wrong
    else:
        counts = {}
        for index, item in enumerate(items):
            value = _whole(values.get(field_id(index), ""))
            if value is None:
                return None, msg("'{item}' needs a whole number from {lo} to {hi}.", item=item.label, lo=item.min,
                                 hi=item.max)
            if not item.min <= value <= item.max:
                return None, msg("'{item}' must be from {lo} to {hi}, not {n}.", item=item.label, lo=item.min,
                                 hi=item.max, n=value)
            counts[item.id] = value
    for total in amounts.totals:
        wrong = _total_problem(amounts, total, counts)
        if wrong:
            return None, wrong
    refused = amounts.refusal(counts)  # a rule the totals cannot say: its own reason
    if refused is not None:
        return None, refused
    option_id = amounts.answer(counts)
    if amounts.parse(option_id) is None:  # pragma: no cover - the checks above are the same
        return None, msg("Those numbers are not a possible answer.")
    return option_id, ""


# A number as typed: digits, perhaps a sign; longer than this it is out of any range (and never
# handed to int(), which refuses more than 4300 digits with an error of its own).
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
_QUOTE_LIMIT = 80


def _whole(raw: str) -> int | None:
    """The whole number typed ("1.5", "1e3", "two" and a thousand digits are none)."""
    raw = (raw or "").strip()
    return int(raw) if _WHOLE.fullmatch(raw) else None


def _read_box(items, text: str, lang: str) -> tuple[dict[str, int] | None, str]:
    """The counts of the one box, each line "label: number" read by its label."""
    named = _labels(items, lang)
    counts: dict[str, int] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        quoted = clip(line, _QUOTE_LIMIT)
        label, colon, typed = line.rpartition(":")
        item = named.get(_key(label)) if colon else None
        if item is None:
            return None, msg("I could not read the line '{line}': write each line as an item of the form, a colon "
                             "and a number.", line=quoted)
        if item.id in counts:
            return None, msg("'{item}' has two lines; give it one.", item=item.label)
        value = _whole(typed)
        if value is None or not item.min <= value <= item.max:
            return None, msg("I could not read the line '{line}': '{item}' takes a whole number from {lo} to {hi}.",
                             line=quoted, item=item.label, lo=item.min, hi=item.max)
        counts[item.id] = value
    missing = [item for item in items if item.id not in counts]
    if missing:
        return None, msg("The line of '{item}' is missing; give each item its line.", item=missing[0].label)
    return counts, ""


def _key(label: str) -> str:
    """A label as compared: case and runs of blanks do not matter."""
    return " ".join(label.split()).casefold()


def _labels(items, lang: str) -> dict:
    """Label -> item, the member's language first, then English and the others (the form may have
    been opened in another one). A label two items share in one language names neither."""
    named: dict = {}
    for language in dict.fromkeys([lang or SOURCE, SOURCE, *LANGUAGES]):
        here: dict = {}
        for item in items:  # the label alone, or as the template shows it, with its bounds
            for key in {_key(tr(item.label, language)), _key(tr(bounded(item), language))}:
                here[key] = None if key in here and here[key] is not item else item
        for key, item in here.items():
            named.setdefault(key, item)
    return named


def _total_problem(amounts: Amounts, total: Total, counts: dict[str, int]) -> str:
    value = sum(counts[i.id] for i in amounts.items if i.group == total.group)
    name = total.label or msg("The total")
    if not total.lo <= value <= total.hi:
        if total.lo == total.hi:
            return msg("{name} must be exactly {n}; these numbers make {value}.", name=name, n=total.lo, value=value)
        return msg("{name} must be from {lo} to {hi}; these numbers make {value}.", name=name, lo=total.lo,
                   hi=total.hi, value=value)
    if (value - total.lo) % total.step:
        return msg("{name} goes in steps of {step} from {lo}; these numbers make {value}.", name=name,
                   step=total.step, lo=total.lo, value=value)
    return ""


class Drafts:
    """What a member typed into a form that was refused, to prefill the form when they open it
    again for the same decision (the same game version): nothing they typed is lost. Kept in
    memory, at most `limit` (the oldest go first); a restart forgets them."""

    def __init__(self, limit: int = 500):
        self.limit = limit
        self._kept: OrderedDict[tuple, tuple[int, dict[str, str]]] = OrderedDict()

    def keep(self, game_id: int, seat: int, user_id: int, version: int, values: dict[str, str]) -> None:
        key = (game_id, seat, user_id)
        self._kept.pop(key, None)
        self._kept[key] = (version, dict(values))
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)

    def typed(self, game_id: int, seat: int, user_id: int, version: int) -> dict[str, str]:
        kept = self._kept.get((game_id, seat, user_id))
        return dict(kept[1]) if kept is not None and kept[0] == version else {}

    def forget(self, game_id: int, seat: int, user_id: int) -> None:
        self._kept.pop((game_id, seat, user_id), None)
