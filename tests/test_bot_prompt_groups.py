"""Two clicks and forms (issue 12, item 2 and 3 as the bot renders them): grouped options
(`Option.group`) and choices of several amounts (`Decision.amounts`), within Discord's limits.
Pure: the prompt builder, the form builder and the form reader, without Discord."""

from __future__ import annotations

import json
import re

import pytest
from test_bot_prompt import HEAD, check_page

from bot.discord_ui.components import submitted_values
from bot.discord_ui.modals import build_modal
from bot.service.turn.forms import ALL_FIELD, Drafts, amounts_form, field_id, read_form
from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    SelectSpec,
    build_group_page,
    build_prompt,
    option_groups,
    resolve_group,
    resolve_ref,
)
from bot.service.turn.specs import (
    FIELD_DESCRIPTION_LIMIT,
    FIELD_LABEL_LIMIT,
    MODAL_COMPONENTS,
    MODAL_TITLE_LIMIT,
    SELECT_OPTIONS,
)
from engine.core import Amounts, Decision, Item, Option, Total, enumerate_answers
from engine.text import msg
from locales import tr


def offered(pages) -> list[str]:
    """The option references a click can send from these pages (groups and forms left out)."""
    refs = []
    for page in pages:
        for spec in page.components:
            if isinstance(spec, ButtonSpec) and (m := re.fullmatch(BUTTON_TEMPLATE, spec.custom_id)):
                refs.append(m["ref"])
            elif isinstance(spec, SelectSpec) and re.fullmatch(SELECT_TEMPLATE, spec.custom_id):
                refs.extend(v for _, v in spec.options)
    return refs


def first_action(cities: int = 30) -> Decision:
    """Like Byzantium's first action: cities by group, a few moves, specials and pass."""
    options = [Option(f"take:C{i}", f"Take C{i}", group="Take a city") for i in range(cities)]
    options += [Option(f"move:{d}", f"Move {d}", group="Move an army") for d in ("north", "south")]
    options += [Option("special:fort", "Build a fort", group="Special action"), Option("pass", "Pass")]
    return Decision("Ann", "Choose your action.", tuple(options), kind="action")


def test_groups_show_as_one_button_each_and_a_group_of_one_as_its_option():
    decision = first_action()
    assert option_groups(decision) == ["Take a city", "Move an army"]
    [page] = build_prompt(3, 8, decision, seat=1, head=HEAD)
    check_page(page)
    assert [s.label for s in page.components] == ["Take a city… (30)", "Move an army… (2)", "Build a fort", "Pass"]
    group = re.fullmatch(GROUP_TEMPLATE, page.components[0].custom_id)
    assert (group["game"], group["version"], group["seat"]) == ("3", "8", "1")
    assert resolve_group(option_groups(decision), group["ref"]) == "Take a city"
    # A reference built for other groups never names a different group.
    assert resolve_group(["Move an army", "Take a city"], group["ref"]) is None


def test_the_second_click_offers_the_groups_options_resolved_against_the_whole_decision():
    decision = first_action()
    pages = build_group_page(3, 8, decision, 1, "Take a city", head=HEAD)
    assert len(pages) == 1
    check_page(pages[0])
    menus = [s for s in pages[0].components if isinstance(s, SelectSpec)]
    assert [len(m.options) for m in menus] == [25, 5]
    refs = offered(pages)
    assert sorted(resolve_ref(decision.options, r) for r in refs) == sorted(f"take:C{i}" for i in range(30))
    small = build_group_page(3, 8, decision, 1, "Move an army", head=HEAD)[0]
    assert [s.label for s in small.components] == ["Move north", "Move south"]


def test_more_than_25_entries_put_the_groups_in_a_menu():
    options = [Option(f"g{g}:{i}", f"Option {g}.{i}", group=f"Group {g}") for g in range(30) for i in range(2)]
    decision = Decision("Ann", "Choose.", (*options, Option("pass", "Pass")))
    [page] = build_prompt(1, 1, decision, head=HEAD)
    check_page(page)
    menus = [s for s in page.components if isinstance(s, SelectSpec)]
    assert [s.label for s in page.components if isinstance(s, ButtonSpec)] == ["Pass"]
    assert [len(m.options) for m in menus] == [25, 5]
    assert all(re.fullmatch(GROUP_SELECT_TEMPLATE, m.custom_id) for m in menus)
    refs = [ref for m in menus for _, ref in m.options]
    assert [resolve_group(option_groups(decision), r) for r in refs] == [f"Group {g}" for g in range(30)]


@pytest.mark.parametrize("groups,size", [(1, 26), (5, 30), (24, 2), (25, 3), (60, 2)])
def test_any_grouping_keeps_the_limits_and_every_option_within_two_clicks(groups, size):
    options = tuple(Option(f"x:{g}.{i}", f"Opt {g}.{i}", group=f"G{g}") for g in range(groups) for i in range(size))
    decision = Decision("Ann", "Choose.", (*options, Option("pass", "Pass")))
    pages = build_prompt(1, 2, decision, head=HEAD)
    for page in pages:
        check_page(page)
    reachable = set(offered(pages))
    for group in option_groups(decision):
        for page in build_group_page(1, 2, decision, 0, group, head=HEAD):
            check_page(page)
            reachable |= set(offered([page]))
    assert {resolve_ref(decision.options, r) for r in reachable} - {None} == {o.id for o in decision.options}


TAX = Amounts((Item("byz", "Byzantine bezants", 6), Item("arab", "Arab bezants", 40)),
              (Total(2, 40, step=2, label="Bezants in all (2 per cube)"),), prefix="tax")


def amounts_decision(amounts: Amounts = TAX, prompt: str = "How many bezants do you collect?") -> Decision:
    return Decision("Ann", prompt, (Option("none", "No taxes"),), kind="tax", amounts=amounts)


def test_a_decision_of_amounts_has_its_options_and_a_form_button():
    [page] = build_prompt(5, 6, amounts_decision(), seat=2, head=HEAD)
    check_page(page)
    assert [s.label for s in page.components] == ["No taxes", "✏️ Choose the numbers…"]
    form = re.fullmatch(FORM_TEMPLATE, page.components[1].custom_id)
    assert (form["game"], form["version"], form["seat"]) == ("5", "6", "2")


def check_modal(spec) -> None:
    assert 1 <= len(spec.title) <= MODAL_TITLE_LIMIT and len(spec.custom_id) <= 100
    assert len(spec.fields) + bool(spec.intro) <= MODAL_COMPONENTS
    for field in spec.fields:
        assert 1 <= len(field.label) <= FIELD_LABEL_LIMIT and len(field.description) <= FIELD_DESCRIPTION_LIMIT
        assert len(field.choices) <= SELECT_OPTIONS
        assert not field.choices or field.default in field.choices
    build_modal(spec).to_dict()  # discord.py accepts it


def test_the_form_has_a_menu_for_small_numbers_and_a_text_input_for_large_ones():
    spec = amounts_form(5, 6, HEAD, 2, amounts_decision())
    check_modal(spec)
    # Each field says its bounds in its label (issue 28 item 7).
    assert [f.label for f in spec.fields] == ["Byzantine bezants (0 to 6)", "Arab bezants (0 to 40)"]
    assert spec.custom_id == f"fs:5:6:{HEAD}:2" and spec.title == "How many bezants do you collect?"
    assert "Bezants in all (2 per cube): 2 to 40, in steps of 2" in spec.intro
    byz, arab = spec.fields
    assert byz.choices == tuple(str(n) for n in range(7)) and byz.default == "0"
    assert arab.choices == () and arab.placeholder == "0 to 40"


def test_five_items_leave_no_room_for_the_text_and_more_go_in_one_box():
    five = Amounts(tuple(Item(f"i{n}", f"Item {n}", 3) for n in range(5)), (Total(1, 5),), prefix="p")
    spec = amounts_form(1, 1, HEAD, 0, amounts_decision(five, "A very long question " * 5))
    check_modal(spec)
    assert spec.intro == "" and len(spec.fields) == 5 and "In all: 1 to 5" in spec.fields[0].description
    many = Amounts(tuple(Item(f"i{n}", f"Item {n}", 3) for n in range(9)), (Total(1, 5),), prefix="p")
    spec = amounts_form(1, 1, HEAD, 0, amounts_decision(many))
    check_modal(spec)
    [box] = spec.fields
    # Prefilled, each line with its item's bounds (issue 28 item 7).
    assert box.custom_id == ALL_FIELD and box.paragraph and box.default.splitlines()[0] == "Item 0 (0 to 3): 0"
    edited = box.default.replace("Item 2 (0 to 3): 0", "Item 2 (0 to 3): 3").replace("Item 7 (0 to 3): 0", "Item 7: 1")
    assert read_form(amounts_decision(many), {ALL_FIELD: edited}) == ("p:i2=3,i7=1", "")
    assert read_form(amounts_decision(many), {ALL_FIELD: "Item 0: 1"})[1] == (
        "The line of 'Item 1' is missing; give each item its line.")


REINFORCE = Amounts(tuple(Item(f"byzantine.{box}", f"Byzantine {box}", 3) for box in ("elite", "levy", "movement"))
                    + tuple(Item(f"arab.{box}", f"Arab {box}", 3) for box in ("elite", "levy", "movement")),
                    (Total(1, 3),), prefix="reinforce")


def box(**given: int) -> str:
    """The one box as the form shows it, with the numbers given (by item id's box name)."""
    return "\n".join(f"{item.label}: {given.get(item.id.replace('.', '_'), 0)}" for item in REINFORCE.items)


def test_the_one_box_is_read_by_each_lines_label_not_its_position():
    """Issue 25 item 4: swapping two lines gave each the other's number."""
    decision = amounts_decision(REINFORCE)
    text = box(byzantine_levy=3)
    swapped = text.replace("Byzantine levy: 3\nByzantine movement: 0", "Byzantine movement: 0\nByzantine levy: 3")
    assert swapped != text
    assert read_form(decision, {ALL_FIELD: swapped}) == ("reinforce:byzantine.levy=3", "")
    upside_down = "\n".join(reversed(text.splitlines()))
    assert read_form(decision, {ALL_FIELD: upside_down}) == ("reinforce:byzantine.levy=3", "")
    # Case, blanks and empty lines do not matter.
    loose = text.replace("Byzantine levy: 3", "  byzantine   LEVY :3 ") + "\n\n"
    assert read_form(decision, {ALL_FIELD: loose}) == ("reinforce:byzantine.levy=3", "")


@pytest.mark.parametrize("line,words", [
    ("Byzantine levy: 1.5", "I could not read the line 'Byzantine levy: 1.5': 'Byzantine levy' takes a whole number "
                            "from 0 to 3."),
    ("Byzantine levy: 1e3", "I could not read the line 'Byzantine levy: 1e3': 'Byzantine levy' takes a whole number "
                            "from 0 to 3."),
    ("Byzantine levy: 4", "I could not read the line 'Byzantine levy: 4': 'Byzantine levy' takes a whole number "
                          "from 0 to 3."),
    ("Byzantine levy: " + "9" * 4400, "'Byzantine levy' takes a whole number from 0 to 3."),
    ("Byzantine levies: 1", "I could not read the line 'Byzantine levies: 1': write each line as an item of the form, "
                            "a colon and a number."),
    ("Byzantine levy 1", "I could not read the line 'Byzantine levy 1'"),
    ("Arab elite: 1", "'Arab elite' has two lines; give it one."),
])
def test_a_line_that_cannot_be_read_is_refused_by_itself(line, words):
    text = box().replace("Byzantine levy: 0", line)
    option_id, wrong = read_form(amounts_decision(REINFORCE), {ALL_FIELD: text})
    assert option_id is None and words in str(wrong) and len(str(wrong)) < 300


def test_a_field_with_a_thousand_digits_is_refused_not_an_error():
    assert read_form(amounts_decision(), {"n0": "0", "n1": "4" * 4400}) == (
        None, "'Arab bezants' needs a whole number from 0 to 40.")
    assert read_form(amounts_decision(), {"n0": "1.5", "n1": "2"})[0] is None
    assert read_form(amounts_decision(), {"n0": "+2", "n1": "2"}) == ("tax:byz=2,arab=2", "")


def test_labels_are_read_in_the_members_language_or_any_other():
    labels = Amounts(tuple(Item(f"i{n}", msg("{lo} to {hi}", lo=n, hi=9), 3) for n in range(6)), (Total(1, 5),),
                     prefix="p")
    decision = amounts_decision(labels)
    german = [f"{tr(item.label, 'de')}: {1 if item.id == 'i4' else 0}" for item in labels.items]
    assert german[4] != f"{item_label(labels, 4)}: 1"
    for lang in ("de", "it", ""):
        assert read_form(decision, {ALL_FIELD: "\n".join(reversed(german))}, lang) == ("p:i4=1", "")


def item_label(amounts, index):
    return str(amounts.items[index].label)


def test_a_label_two_items_share_names_neither():
    twins = Amounts((Item("a", "Levy", 3), Item("b", "Levy", 3), *(Item(f"c{n}", f"C{n}", 3) for n in range(4))),
                    (Total(0, 5),), prefix="p")
    wrong = read_form(amounts_decision(twins), {ALL_FIELD: "Levy: 1\nLevy: 0\nC0: 0\nC1: 0\nC2: 0\nC3: 0"})[1]
    assert "I could not read the line 'Levy: 1'" in str(wrong)


def test_a_refused_form_opens_again_with_what_was_typed():
    drafts = Drafts(limit=2)
    typed = {ALL_FIELD: box(byzantine_levy=3).replace("Arab elite: 0", "Arab elite: lots")}
    drafts.keep(5, 1, 42, 6, typed)
    assert drafts.typed(5, 1, 42, 7) == {} and drafts.typed(5, 1, 43, 6) == {}  # another version, member
    spec = amounts_form(5, 6, HEAD, 1, amounts_decision(REINFORCE), drafts.typed(5, 1, 42, 6))
    assert spec.fields[0].default == typed[ALL_FIELD]
    spec = amounts_form(5, 6, HEAD, 1, amounts_decision(), {"n0": "9", "n1": "lots"})
    assert spec.fields[0].default == "0" and spec.fields[1].default == "lots"  # a menu keeps its own choices
    drafts.keep(5, 2, 42, 6, {})
    drafts.keep(5, 3, 42, 6, {})
    assert drafts.typed(5, 1, 42, 6) == {}  # the oldest went first
    drafts.forget(5, 3, 42)
    assert drafts.typed(5, 3, 42, 6) == {}


def test_a_form_answers_exactly_the_one_option_id_the_amounts_name():
    decision = amounts_decision()
    option_id, wrong = read_form(decision, {field_id(0): "2", field_id(1): "4"})
    assert (option_id, wrong) == (TAX.answer({"byz": 2, "arab": 4}), "") == ("tax:byz=2,arab=4", "")
    assert decision.offers(option_id) and option_id in enumerate_answers(decision, 10_000)
    assert read_form(decision, {field_id(0): "0", field_id(1): " 12 "}) == ("tax:arab=12", "")


@pytest.mark.parametrize("values,words", [
    ({"n0": "1", "n1": "0"}, "Bezants in all (2 per cube) must be from 2 to 40; these numbers make 1."),
    ({"n0": "2", "n1": "1"}, "Bezants in all (2 per cube) goes in steps of 2 from 2; these numbers make 3."),
    ({"n0": "0", "n1": "lots"}, "'Arab bezants' needs a whole number from 0 to 40."),
    ({"n0": "7", "n1": "1"}, "'Byzantine bezants' must be from 0 to 6, not 7."),
    ({"n0": "-2", "n1": "4"}, "'Byzantine bezants' must be from 0 to 6, not -2."),
    ({"n0": "2"}, "'Arab bezants' needs a whole number from 0 to 40."),
])
def test_numbers_that_are_no_answer_are_refused_with_the_reason(values, words):
    assert read_form(amounts_decision(), values) == (None, words)


def test_a_form_for_a_decision_without_amounts_is_refused():
    plain = Decision("Ann", "Pass?", (Option("pass", "Pass"),))
    assert read_form(plain, {"n0": "1"})[0] is None


def test_submitted_values_are_read_from_labels_action_rows_and_menus():
    components = [
        {"type": 10, "id": 1, "content": "text"},
        {"type": 18, "id": 2, "component": {"type": 3, "custom_id": "n0", "values": ["2"]}},
        {"type": 18, "id": 3, "component": {"type": 4, "custom_id": "n1", "value": "4"}},
        {"type": 1, "components": [{"type": 4, "custom_id": "all", "value": "x: 1"}]},
    ]
    assert submitted_values(components) == {"n0": "2", "n1": "4", "all": "x: 1"}


def test_the_form_is_built_in_the_members_language_and_read_back_in_any():
    many = Amounts(tuple(Item(f"i{n}", msg("{lo} to {hi}", lo=n, hi=9), 3) for n in range(9)), (Total(1, 5),),
                   prefix="p")
    spec = amounts_form(1, 1, HEAD, 0, amounts_decision(many))
    shown = json.dumps(build_modal(spec, "de").to_dict(), ensure_ascii=False)
    label = tr(msg("How many of each"), "de")
    assert label != "How many of each" and label in shown and "How many of each" not in shown
    german = tr(spec.fields[0].default, "de")
    assert german != str(spec.fields[0].default)  # the item labels too
    edited = "\n".join(line.rpartition(":")[0] + (": 2" if i == 4 else ": 0") for i, line in enumerate(german.splitlines()))
    assert read_form(amounts_decision(many), {ALL_FIELD: edited}) == ("p:i4=2", "")


def test_numbers_a_rule_beyond_the_totals_refuses_get_that_rules_reason():
    """Issue 28: the amounts' check (which cubes can be paid for) answers a form with its own reason,
    not "Those numbers are not a possible answer"."""
    def check(counts):
        return "Only 1 Arab cube can be paid for." if counts["arab"] > 1 else None

    amounts = Amounts((Item("byz", "Byzantine", 3), Item("arab", "Arab", 3)), (Total(1, 3),), prefix="r", check=check)
    decision = amounts_decision(amounts)
    assert read_form(decision, {field_id(0): "1", field_id(1): "2"}) == (None, "Only 1 Arab cube can be paid for.")
    assert read_form(decision, {field_id(0): "2", field_id(1): "1"}) == ("r:byz=2,arab=1", "")
