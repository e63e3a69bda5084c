"""Terminal play with secrets (issue 10, item 4): `python -m engine play` keeps a private decision on a
private screen (the keyboard is passed, the screen cleared before and after), and what the table
reads never changes with what a player holds. Played on the secret duel (tests/hiddengame.py)."""

from __future__ import annotations

import io
import json
import re
import sys

import hiddengame  # noqa: F401  (registers the secret duel for the command line)
from duel_kit import pinned_deck

from engine.__main__ import main
from engine.terminal import CLEAR

DRAWS = ["5", "6", "5", "6", "2", "3"]
WITH_PARRY = pinned_deck(["1", "2", "5"], ["3", "4", "parry"], DRAWS)
WITHOUT = pinned_deck(["1", "2", "5"], ["3", "4", "6"], DRAWS)

# Each private screen: Enter to take the keyboard, the answer(s), Enter to hide the screen.
# Ann sets her Parry order to "never" on her first screen; Bo is asked at every attack.
SCRIPT = [
    "", "pref:order:parry=never", "play:1", "",  # Ann attacks for 1
    "", "take", "",                              # Bo takes it (he could parry in one run)
    "", "play:3", "",                            # Bo attacks; Ann's order takes the hit
    "", "pass", "",                              # Ann passes and draws
    "", "play:4", "",
    "", "play:5", "",
    "", "take", "",
    "", "play:6", "",                            # Ann has 13 damage: the end
]


def play(monkeypatch, capsys, tmp_path, deck: list[str], *extra: str) -> str:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(SCRIPT) + "\n"))
    draws = json.dumps({"deck": [deck]})
    code = main(["play", hiddengame.NAME, "--players", "Ann,Bo", "--seed", "5", "--option", f"draws={draws}", *extra])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def screens(out: str) -> tuple[list[str], list[str]]:
    """The output split at the screen clears: (what the table reads, the private screens)."""
    parts = out.split(CLEAR)
    return parts[0::2], parts[1::2]


def test_the_table_reads_the_same_whether_or_not_bo_holds_a_parry(monkeypatch, capsys, tmp_path):
    held = play(monkeypatch, capsys, tmp_path, WITH_PARRY)
    empty = play(monkeypatch, capsys, tmp_path, WITHOUT)
    public_held, private_held = screens(held)
    public_empty, private_empty = screens(empty)
    assert "Final standings" in public_held[-1] and "1. Bo: 6" in public_held[-1]
    assert public_held == public_empty  # every line the table reads, in order
    # The private screens did differ: Bo was offered his Parry only when he held it.
    assert any("Play a Parry" in screen for screen in private_held)
    assert not any("Play a Parry" in screen for screen in private_empty)
    table = "".join(public_held)
    assert "Pass the keyboard to Bo" in table and "Bo may parry." in table
    assert not re.search(r"Play a Parry|drew|\"Bo\": \[|\"Ann\": \[", table)


def test_each_private_screen_shows_only_its_own_seat_and_what_it_learnt(monkeypatch, capsys, tmp_path):
    _public, private = screens(play(monkeypatch, capsys, tmp_path, WITH_PARRY))
    for screen in private:
        seat = re.search(r"Only (\w+) may look now", screen)[1]
        other = "Bo" if seat == "Ann" else "Ann"
        assert f'"{other}": [' not in screen  # the other hand never shows
        drawn = set(re.findall(r"\(only you\) You drew (a \d|Parry)", screen))
        assert drawn <= ({"a 5", "a 2"} if seat == "Ann" else {"a 6", "a 3"})
    assert any("(only you) You drew a 5." in s for s in private)  # Ann's own draw, on her screen


def test_open_table_shows_everything_and_never_clears(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    script = ["play:1", "take", "play:3", "pass", "q"]  # Ann's window is asked on the table too
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(script) + "\n"))
    draws = json.dumps({"deck": [WITH_PARRY]})
    assert main(["play", hiddengame.NAME, "--players", "Ann,Bo", "--seed", "5", "--option", f"draws={draws}",
                 "--open"]) == 0
    out = capsys.readouterr().out
    assert CLEAR not in out and "Pass the keyboard" not in out
    assert '"parry"' in out and "You drew a 5." in out  # Bo's Parry and Ann's draw, for the solitaire player
    saved = json.loads(next(tmp_path.glob("replay-secret_duel-5.json")).read_text())
    assert saved["choices"][:2] == [["Ann", "play:1"], ["Bo", "take"]] and saved["options"]["draws"]


def test_open_table_names_both_hands_in_words_for_alexander_solitaire(monkeypatch, capsys, tmp_path):
    """16.0: the solitaire player sees both hands; the table reads as text, not as a JSON dump."""
    from engine.alexander import GAME as ALEXANDER
    from engine.alexander.board import board

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("suggested\nsuggested\nq\n"))
    assert main(["play", "alexander", "--players", "Ann,Bo", "--seed", "3", "--option", "solitaire=true",
                 "--option", "macedonian=Ann", "--open"]) == 0
    out = capsys.readouterr().out
    state = ALEXANDER.setup(["Ann", "Bo"], 3, {"solitaire": True, "macedonian": "Ann"})
    for seat, side in (("Ann", "macedonian"), ("Bo", "persian")):
        names = [board().cards[c].name for c in state.hands[side]]
        # Both hands, each named by its side (issue 27 item 4: in solitaire nothing is hidden).
        assert f"{seat}: {side.capitalize()} hand, 3 cards: {names[0]}, {names[1]} and {names[2]}." in out
    assert '"hands"' not in out and "Macedonian: armies #1 at Perinthos" in out


def test_the_amounts_example_is_a_real_answer_when_plain_options_come_first():
    """Alexander's discard (15.0) offers "Keep them all" beside the amounts: the example shown
    must still be an amounts answer the game takes."""
    from engine.alexander import GAME as ALEXANDER
    from engine.terminal import amounts_help, typed_amounts

    state = ALEXANDER.setup(["Ann", "Bo"], 3, {"garrisons": "suggested", "macedonian": "Ann"})
    state, _ = ALEXANDER.apply(state, "Ann", "discard")
    [decision] = ALEXANDER.pending(state)
    example = re.search(r"e\.g\. `([^`]*)`", str(amounts_help(decision)))[1]
    assert example and decision.offers(typed_amounts(decision.amounts, example))
