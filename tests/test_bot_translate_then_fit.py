"""Translate first, then fit (issue 28 item 3): a button label over 80 characters or a form
title over 45 was cut on its English text before translation, so an Italian game showed
"Remove 1 elite cube, 1 main army cube, 2 levy cubes and 1 movement cube (-5 Byz…" among
Italian buttons; `/game status` said "Round 2" (the Italian catalogue kept the English)."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from bot.discord_ui.speech import localized
from bot.service.text import clip, status_text
from bot.service.turn.forms import amounts_form
from bot.service.turn.prompt import build_prompt
from bot.service.turn.specs import BUTTON_LABEL_LIMIT, MODAL_TITLE_LIMIT, ButtonSpec
from engine.byzantium.board import Side
from engine.byzantium.rounds import disband_label
from engine.core import Amounts, Decision, Item, Option, Total
from engine.text import msg
from locales import HERE as LOCALES_DIR
from locales import tr

HEAD = "abcdef"


def long_removal():
    removed = {"elite": 1, "main": 1, "levy": 2, "movement": 1}
    return disband_label(Side.BYZANTINE)(removed)


def test_a_long_button_label_is_translated_before_it_is_cut():
    label = long_removal()
    assert len(label) > BUTTON_LABEL_LIMIT
    decision = Decision("Ann", "Upkeep", (Option("disband:a", label), Option("disband:b", msg("Pass"))), kind="upkeep")
    [page] = build_prompt(1, 2, decision, 0, head=HEAD)
    [button] = [c for c in localized(page.components, "it") if isinstance(c, ButtonSpec) and "disband" in c.custom_id
                and c.custom_id.endswith("disband:a")]
    italian = tr(label, "it")
    assert button.label == clip(italian, BUTTON_LABEL_LIMIT) and button.label.startswith(italian[:40])
    assert "Remove" not in button.label and "cube" not in button.label
    assert len(button.label) <= BUTTON_LABEL_LIMIT


def test_a_long_form_title_is_translated_before_it_is_cut():
    prompt = msg("Reinforce: which boxes of your army cards get the cubes (1 to 3, at most one on each elite box)?")
    amounts = Amounts((Item("byzantine.main", msg("Byzantine main army"), 3),), (Total(1, 3),), prefix="reinforce")
    spec = amounts_form(1, 2, HEAD, 0, Decision("Ann", prompt, (), kind="reinforce", amounts=amounts))
    title = clip(tr(spec.title, "it"), MODAL_TITLE_LIMIT)  # what modals.build_modal does
    assert title.startswith(tr(prompt, "it")[:30]) and "Reinforce" not in title


def test_status_says_the_round_in_the_games_language():
    text = status_text("Byzantium", {"round": 2}, (), {}, since=None, status=msg("running"))
    assert "Turno 2" in tr(text, "it") and "Round" not in tr(text, "it")


# Texts that read the same in a language as in English on purpose (abbreviations, titles).
SAME_ON_PURPOSE = {"Prod. {level} ({tokens})", "Warriors & Traders", "The Conquerors: Alexander the Great",
                   "bot, {level}", "🤖 bot, {level}", "{player} (bot): {choice}", "{n} cav.", "Gold {n}", "{n} min",
                   "{prompt} (Hand: {cards}.)"}  # German says "Hand" too


def test_no_sentence_is_left_in_english_in_a_catalogue():
    """A translation equal to its English (a sentence, not a name: names have a context) is
    English shown in another language."""
    for lang in ("it", "de", "pl"):
        with open(LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
            catalog = read_po(f)
        same = [m.id for m in catalog if m.id and not isinstance(m.id, tuple) and not m.context
                and m.string == m.id and " " in m.id and re.search(r"[a-z]{3,}", re.sub(r"\{[^}]*\}", "", m.id))]
        assert set(same) <= SAME_ON_PURPOSE, (lang, sorted(set(same) - SAME_ON_PURPOSE))
