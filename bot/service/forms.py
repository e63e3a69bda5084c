"""The form of a choice of several things at once (`Decision.amounts`): a Discord modal whose
answer becomes exactly the one option id `Amounts.answer(...)` names.

Pure: `amounts_form` builds a ModalSpec within Discord's limits (a title of 45 characters, at
most five top-level components), `read_form` turns the submitted values back into an option id
or a sentence saying what is wrong. The engine still checks the answer (`Decision.offers` and
its own rules) when it is applied.

Up to four items: a text above the fields (the prompt and the totals), then one field per item,
a menu of the numbers it may take when they are 25 or fewer, else a number to type. Five items:
no text above. More: one text box with a line per item ("Elite (Antioch): 0"), as the terminal
takes one typed line.
"""

from __future__ import annotations

import re

from bot.service.specs import (
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
from bot.service.text import first_line
from engine.core import Amounts, Decision, Total
from engine.text import joined, layout, lines, msg

ALL_FIELD = "all"
_NUMBER = re.compile(r"-?[0-9]+")


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


def amounts_form(game_id: int, version: int, head: str, seat: int, decision: Decision) -> ModalSpec:
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
    # read_form takes the number after each line's last colon, whatever language the label is in.
    default = lines([layout("{item}: {n}", item=item.label, n=item.min) for item in items])
    box = FieldSpec(ALL_FIELD, msg("How many of each"), msg("Change the number after each colon."), default=default,
                    paragraph=True)
    return ModalSpec(custom_id, title, intro, (box,))


def _item_field(index: int, item) -> FieldSpec:
    label = clip(item.label, FIELD_LABEL_LIMIT)
    span = msg("{lo} to {hi}", lo=item.min, hi=item.max)
    description = clip(msg("{item} ({lo} to {hi})", item=item.label, lo=item.min, hi=item.max), FIELD_DESCRIPTION_LIMIT)
    if item.max - item.min + 1 <= SELECT_OPTIONS:
        choices = tuple(str(n) for n in range(item.min, item.max + 1))
        return FieldSpec(field_id(index), label, description, choices=choices, default=str(item.min))
    return FieldSpec(field_id(index), label, description, default=str(item.min),
                     placeholder=clip(span, INPUT_PLACEHOLDER_LIMIT))


def read_form(decision: Decision, values: dict[str, str]) -> tuple[str | None, str]:
    """(option id, "") for a valid answer, or (None, what is wrong) in a sentence."""
    amounts = decision.amounts
    if amounts is None:
        return None, msg("That form is not for this decision any more. Please use the latest prompt.")
    items = amounts.items
    if ALL_FIELD in values:
        numbers = _lines(values[ALL_FIELD])
        if len(numbers) != len(items):
            return None, msg("Give one number for each of the {n} lines.", n=len(items))
    else:
        numbers = [values.get(field_id(i), "").strip() for i in range(len(items))]
    counts: dict[str, int] = {}
    for item, raw in zip(items, numbers, strict=True):
        if not _NUMBER.fullmatch(raw or ""):
            return None, msg("'{item}' needs a whole number from {lo} to {hi}.", item=item.label, lo=item.min,
                             hi=item.max)
        value = int(raw)
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


def _lines(text: str) -> list[str]:
    """The number at the end of each non-empty line ("Elite (Antioch): 2" -> "2")."""
    numbers = []
    for line in filter(None, (raw.strip() for raw in text.splitlines())):
        found = _NUMBER.findall(line.rpartition(":")[2] if ":" in line else line)
        numbers.append(found[-1] if found else "")
    return numbers


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
