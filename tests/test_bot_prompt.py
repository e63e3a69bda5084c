"""The generic prompt builder keeps Discord's component limits by construction."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord_ui.components import build_view
from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
    CUSTOM_ID_LIMIT,
    FORM_TEMPLATE,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    SelectSpec,
    build_prompt,
    resolve_ref,
)
from engine import Decision, Option

HEAD = "abc123"


def decision(option_ids, labels=None) -> Decision:
    labels = labels or option_ids
    return Decision("Ann", "Choose.", tuple(Option(i, label) for i, label in zip(option_ids, labels, strict=True)))


def check_page(page) -> None:
    """What Discord enforces on one message's components."""
    rows: dict[int, list] = {}
    for spec in page.components:
        assert len(spec.custom_id) <= CUSTOM_ID_LIMIT
        rows.setdefault(spec.row, []).append(spec)
        templates = (BUTTON_TEMPLATE, GROUP_TEMPLATE, FORM_TEMPLATE) if isinstance(spec, ButtonSpec) \
            else (SELECT_TEMPLATE, GROUP_SELECT_TEMPLATE)
        match = next(m for m in (re.fullmatch(t, spec.custom_id) for t in templates) if m)
        assert match["head"] == HEAD
        if isinstance(spec, ButtonSpec):
            assert 1 <= len(spec.label) <= 80
        else:
            assert 1 <= len(spec.options) <= 25
            assert len(spec.placeholder) <= 150
            assert all(len(label) <= 100 and len(value) <= 100 for label, value in spec.options)
            assert len({v for _, v in spec.options}) == len(spec.options)
    assert set(rows) <= set(range(5))
    for row in rows.values():
        assert len(row) <= 5
        if any(isinstance(s, SelectSpec) for s in row):
            assert len(row) == 1  # a select fills its row
    ids = [s.custom_id for s in page.components]
    assert len(ids) == len(set(ids))
    # discord.py accepts the view (it raises on too many rows or items).
    view = build_view(page.components)
    assert view is not None and len(view.children) <= 25
    view.to_components()


def offered(pages) -> list[str]:
    refs = []
    for page in pages:
        for spec in page.components:
            if isinstance(spec, ButtonSpec):
                refs.append(re.fullmatch(BUTTON_TEMPLATE, spec.custom_id)["ref"])
            else:
                refs.extend(v for _, v in spec.options)
    return refs


def test_up_to_25_options_are_buttons_five_per_row():
    d = decision([f"to:City{i}" for i in range(25)])
    pages = build_prompt(12, 34, d, head=HEAD)
    assert len(pages) == 1
    specs = pages[0].components
    assert all(isinstance(s, ButtonSpec) for s in specs) and len(specs) == 25
    assert [s.row for s in specs] == [i // 5 for i in range(25)]
    assert specs[0].custom_id == "bg:12:34:abc123:0:to:City0"
    check_page(pages[0])


def test_more_than_25_options_become_grouped_selects_with_small_groups_as_buttons():
    ids = [f"take:City{i}" for i in range(33)] + ["move:byzantine", "move:arab", "tax", "pass"]
    d = decision(ids)
    pages = build_prompt(1, 5, d, head=HEAD)
    assert len(pages) == 1
    check_page(pages[0])
    buttons = [s for s in pages[0].components if isinstance(s, ButtonSpec)]
    selects = [s for s in pages[0].components if isinstance(s, SelectSpec)]
    # Small groups and prefix-less options fit as buttons; the 33 cities page through selects.
    assert [b.label for b in buttons] == ["move:byzantine", "move:arab", "tax", "pass"]
    assert [len(s.options) for s in selects] == [25, 8]
    assert selects[0].placeholder.startswith("Choose (1/2)")  # options without a group heading
    assert sorted(offered(pages)) == sorted(ids)  # every option reachable exactly once


def test_a_huge_decision_spills_into_further_messages():
    ids = [f"to:C{i}" for i in range(300)]
    pages = build_prompt(1, 1, decision(ids), head=HEAD)
    assert len(pages) == 3  # 12 selects of <=25, five per message
    assert [p.part for p in pages] == ["1/3", "2/3", "3/3"]
    for page in pages:
        check_page(page)
    assert sorted(offered(pages)) == sorted(ids)
    select_ids = [s.custom_id for p in pages for s in p.components]
    assert len(select_ids) == len(set(select_ids))  # unique across the messages too


def test_long_option_ids_use_an_index_and_hash_that_cannot_point_elsewhere():
    long_id = "retreat:" + "Constantinople-" * 10
    options = (Option("pass", "Pass"), Option(long_id, "Retreat far"))
    d = Decision("Ann", "Retreat?", options)
    pages = build_prompt(123456789, 987654, d, seat=3, head=HEAD)
    check_page(pages[0])
    assert pages[0].components[0].custom_id == "bg:123456789:987654:abc123:3:pass"
    ref = re.fullmatch(BUTTON_TEMPLATE, pages[0].components[1].custom_id)["ref"]
    assert ref.startswith("#1.")
    assert resolve_ref(options, ref) == long_id
    # The same index in a decision whose options changed resolves to nothing, not to a neighbour.
    shifted = (Option(long_id, "Retreat far"), Option("pass", "Pass"))
    assert resolve_ref(shifted, ref) is None
    other = (Option("pass", "Pass"), Option("retreat:Antioch", "Antioch"))
    assert resolve_ref(other, ref) is None


def test_long_labels_are_cut_within_limits():
    d = decision(["a:x", "b:y"], ["L" * 300, "M" * 81])
    page = build_prompt(1, 1, d, head=HEAD)[0]
    check_page(page)
    assert page.components[0].label.endswith("…") and len(page.components[0].label) == 80


def test_resolve_ref_refuses_options_not_offered():
    options = (Option("take:Damascus", "Damascus"),)
    assert resolve_ref(options, "take:Damascus") == "take:Damascus"
    assert resolve_ref(options, "take:Antioch") is None
    assert resolve_ref(options, "#0.000000") is None


@pytest.mark.parametrize("count", [1, 5, 24, 25, 26, 49, 50, 51, 125, 126])
def test_every_size_keeps_the_limits_and_offers_everything(count):
    ids = [f"{'ab'[i % 2]}:{i}" for i in range(count)]
    pages = build_prompt(99, 7, decision(ids), head=HEAD)
    for page in pages:
        check_page(page)
    assert sorted(offered(pages)) == sorted(ids)


def test_dynamic_items_parse_what_the_builder_makes():
    from bot.discord_ui.components import ChoiceButton, ChoiceSelect

    page = build_prompt(42, 9, decision([f"to:C{i}" for i in range(30)]), head=HEAD)[0]
    item = build_view(page.components).children[0]
    assert isinstance(item, ChoiceSelect) and (item.game_id, item.version) == (42, 9)
    button = build_view(build_prompt(42, 9, decision(["pass"]), head=HEAD)[0].components).children[0]
    assert isinstance(button, ChoiceButton) and button.ref == "pass"
    assert isinstance(button.item, discord.ui.Button)
