"""Byzantium's words (issue 12 item 5, issue 17): every prompt, label, group and event reads as English a
player would write, and every one of them is a message id, so it can be translated whole.

Whole games are played with random answers and every text the players would read is checked: in the
pseudo-language nothing may stay outside the ⟦ ⟧ of a translated message but player names and numbers,
and in English no sentence starts in lowercase, sides are capitalised adjectives ("an Arab movement
cube", never "a arab movement cube"), the Bulgars take a plural verb, and money is bezants.
"""

import re

import pytest

from engine import get_game
from engine.byzantium import text as byz_text
from engine.text import Msg
from locales import PSEUDO, tr
from locales.pseudo import unwrapped
from tests.byzantium_kit import GAME, random_walk

PLAYERS = ("Ann", "Bo", "Cy")
BAD = [
    (re.compile(r"\b(byzantine|arab|persian|bulgar)\b"), "a side in lowercase"),
    (re.compile(r"\ban (Byzantine|Persian|Bulgar)\b"), "'an' before a consonant"),
    (re.compile(r"\b[Aa] [AEIOUaeiou]\w"), "'a' before a vowel"),
    (re.compile(r"Bulgars (rolls|attacks|wins|loses|is|holds)\b"), "the Bulgars with a singular verb"),
    (re.compile(r"\((attack|civil war)\)"), "a kind of attack in brackets"),
    (re.compile(r"\bto The\b|\bfor the [a-z]+ [a-z]+ [a-z]+ the\b"), "a capital inside a sentence"),
    (re.compile(r"\b(Gold|gold|money)\b"), "money that is not bezants"),
    (re.compile(r"\b1 (cubes|bezants|hits|dice|markers|VPs)\b|\b([02-9]|\d\d+) (cube|bezant|hit|die|marker)\b"),
     "a plural that does not agree"),
    (re.compile(r"\{\w+\}"), "a field left unfilled"),
]


def played_texts(seed: int):
    """(what, text) for every text a random game shows its players."""
    for state, d, events in random_walk(seed, PLAYERS):
        if d is None:
            for line in byz_text.lines(GAME.summary(state)):
                yield "board", line
            continue
        yield "prompt", d.prompt
        for option in d.options:
            yield "label", option.label
            if option.group:
                yield "group", option.group
        if d.amounts is not None:
            for item in d.amounts.items:
                yield "item", item.label
        for event in events:
            yield "event", event.text


@pytest.mark.parametrize("seed", range(4))
def test_every_text_is_a_translatable_message_and_reads_as_english(seed):
    seen = 0
    for what, text in played_texts(seed):
        seen += 1
        assert isinstance(text, Msg), (what, text)
        assert unwrapped(tr(text, PSEUDO), allowed=PLAYERS) == "", (what, text, tr(text, PSEUDO))
        english = str(text)
        assert english[:1].isupper() or english[:1].isdigit() or what == "item", (what, english)
        for pattern, why in BAD:
            assert not pattern.search(english), (why, what, english)
    assert seen > 200


def test_the_sentences_issue_12_quoted_read_right_now():
    """The issue's examples: 'The Bulgars rolls', 'attacks Thessalonica (attack)', 'falls to The Bulgar
    army!', 'a arab movement cube', 'the cube for take the byzantine fleet'."""
    from tests.byzantium_kit import kinds, new_game, pin_dice, play, set_army, set_city
    from tests.byzantium_rules_kit import ready

    state = new_game(("Ann", "Bo"))
    set_city(state, "Adrianople", side="bulgar", markers=1)
    state.bulgars = 9
    ready(state, "Ann")
    pin_dice(state, [6, 1, 1, 1, 1, 4, 4])
    state, events = play(state, "Ann special:bulgars:Constantinople")
    texts = [str(e.text) for e in events]
    assert "The Bulgars attack Constantinople." in texts
    assert "Constantinople falls to the Bulgars!" in texts
    assert any(t.startswith("Constantinople rolls 6 1 1 1 1 for its defence: 1 hit.") for t in texts)
    assert "The Bulgars lose 2 cubes (now 9)." in texts

    state = new_game(("Ann", "Bo"))
    set_army(state, "Ann", "arab", main=1, movement=1)
    state.player("Ann").treasury["arab"] = 0
    state.player("Bo").treasury.update({"byzantine": 99, "arab": 99})
    ready(state, "Ann")
    state, events = play(state, "Ann pass", "Bo pass")
    disband = [str(e.text) for e in kinds(events, "disband")]
    assert disband == ["Ann cannot pay the upkeep of the Arab army: 1 main army cube and 1 movement cube leave the "
                       "game."]

    state = new_game(("Ann", "Bo"))
    state, events = play(state, "Ann pref:cube_source=ask", "Ann special:byzantine_fleet")
    assert str(GAME.pending(state)[0].prompt) == "Where does the cube on the Byzantine fleet box come from?"
    state, events = play(state, "Ann source:casualty")
    assert [str(e.text) for e in kinds(events, "pay")] == [
        "Ann pays 3 Byzantine bezants for the cube on the Byzantine fleet box."]


def test_every_kind_of_decision_has_a_rules_hint_that_is_a_message():
    """/game help shows one or two sentences of rules for the decision waiting (engine/byzantium/hints.py)."""
    hints = get_game("byzantium").hints

    kinds_seen = {d.kind for seed in range(3) for _state, d, _events in random_walk(seed, PLAYERS) if d is not None}
    assert {"action", "upkeep", "move", "retreat"} <= kinds_seen
    for kind in kinds_seen:
        assert isinstance(hints.get(kind), Msg), kind
    # What the old help text got wrong: the levy never fights beside the army; taxes cost no VP.
    assert "never fights beside" in hints["levy"]
    assert "VP" not in hints["tax"]
