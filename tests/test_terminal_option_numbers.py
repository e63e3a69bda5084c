"""An option keeps its number in the terminal (issue 28 item 11): numbered 1, 2, 3... as listed,
"Take Athens" was 2, then 1 once Adrianople was taken, and "Pass" walked from 53 down. Now an
option offered again in a question of the same kind keeps its number; new options take the
smallest numbers left free (engine/option_numbers.py)."""

from __future__ import annotations

import io
import re
import sys

from engine.__main__ import main
from engine.core import Decision, Option
from engine.option_numbers import OptionNumbers
from engine.terminal import listed, pick

LISTED = re.compile(r"^\s+(\d+)\. .*  \[([^\]]+)\]$")


def ask(player, kind, *ids):
    return Decision(player, "?", tuple(Option(i, i.title()) for i in ids), kind=kind)


def test_an_option_offered_again_keeps_its_number_and_new_ones_fill_the_gaps():
    numbers = OptionNumbers()
    first = ask("Ann", "action", "take:a", "take:b", "take:c", "pass")
    assert numbers.number(first, listed(first)) == {"take:a": 1, "take:b": 2, "take:c": 3, "pass": 4}
    second = ask("Ann", "action", "take:b", "take:c", "move:x", "move:y", "pass")
    again = numbers.number(second, listed(second))
    assert again == {"take:b": 2, "take:c": 3, "move:x": 1, "move:y": 5, "pass": 4}
    assert pick(second, "4", again) == "pass" and pick(second, "1", again) == "move:x"
    assert pick(second, "6", again) is None
    # take:a comes back: its number 1 is held by move:x, so it takes the next free one.
    third = ask("Ann", "action", "take:a", "move:x", "pass")
    assert numbers.number(third, listed(third)) == {"take:a": 2, "move:x": 1, "pass": 4}


def test_each_kind_and_each_player_count_on_their_own():
    numbers = OptionNumbers()
    numbers.number(ask("Ann", "action", "take:a", "pass"), [])
    numbers.number(ask("Ann", "action", "take:a", "pass"), listed(ask("Ann", "action", "take:a", "pass")))
    retreat = ask("Ann", "retreat", "pass", "stay")
    assert numbers.number(retreat, listed(retreat)) == {"pass": 1, "stay": 2}
    bo = ask("Bo", "action", "pass")
    assert numbers.number(bo, listed(bo)) == {"pass": 1}


def listings(out: str, question: str) -> list[dict[str, int]]:
    """Each listing under `question` in a terminal transcript: option id -> number shown."""
    found = []
    for block in out.split(question)[1:]:
        numbers = {}
        for line in block.split("\n> ")[0].splitlines()[1:]:
            match = LISTED.match(line)
            if match:
                numbers[match.group(2)] = int(match.group(1))
        found.append(numbers)
    return found


def test_byzantium_actions_keep_their_numbers_turn_after_turn(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(["1"] * 40 + ["q"]) + "\n"))
    assert main(["play", "byzantium", "--players", "Ann,bot,bot", "--seed", "4", "--budget-ms", "2"]) == 0
    actions = listings(capsys.readouterr().out, "Ann: Round 1: choose your action.")
    assert len(actions) >= 3
    for before, after in zip(actions, actions[1:], strict=False):
        assert {i: n for i, n in after.items() if i in before} == {i: before[i] for i in after if i in before}
        assert len(set(after.values())) == len(after)  # one number, one option
    assert len({numbers["pass"] for numbers in actions}) == 1  # "Pass" is always the same number
