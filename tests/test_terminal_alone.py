"""The terminal for one person against bots, and a shorter screen (issue 27, item 7): no "pass the
keyboard" screens when nobody else is at the table; before each step only the board's lines that
changed (`s` or `board` prints all of it); each group of options under one heading."""

from __future__ import annotations

import io
import re
import sys

import hiddengame  # noqa: F401  (registers the secret duel for the command line)

from engine.__main__ import main
from engine.core import Decision, Option
from engine.option_numbers import OptionNumbers
from engine.terminal import CLEAR, listed, pick


def run(monkeypatch, capsys, tmp_path, args: list[str], script: list[str]) -> str:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(script) + "\n"))
    code = main(["play", *args])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def test_one_person_against_a_bot_decides_in_place_with_no_keyboard_to_pass(monkeypatch, capsys, tmp_path):
    out = run(monkeypatch, capsys, tmp_path, [hiddengame.NAME, "--players", "Ann,bot", "--seed", "5",
                                              "--budget-ms", "3"], ["1"] * 12 + ["q"])
    assert CLEAR not in out and "Pass the keyboard" not in out and "Press Enter to hide" not in out
    assert "private screen" not in out.splitlines()[0]
    assert "\nAnn: " in out  # her private decisions were asked, in place


def test_two_people_still_pass_the_keyboard(monkeypatch, capsys, tmp_path):
    out = run(monkeypatch, capsys, tmp_path, [hiddengame.NAME, "--players", "Ann,Bo", "--seed", "5"], ["", "q"])
    assert "Pass the keyboard to Ann" in out and CLEAR in out


def test_the_board_is_printed_whole_once_then_only_what_changed(monkeypatch, capsys, tmp_path):
    out = run(monkeypatch, capsys, tmp_path, ["byzantium", "--players", "Ann,Bo,Cy", "--seed", "9"],
              ["1", "pass", "q"])
    assert out.count("Persian cities:") == 1  # unchanged by taking a Byzantine city: printed once
    assert "(Type `s` to see the whole state.)" in out
    changed = out.split("takes control of Adrianople")[1].split("(Type `s`")[0]
    assert "Armies on the board: Ann's Byzantine army" in changed and "Persian cities:" not in changed


def test_board_at_a_prompt_prints_the_whole_board_and_asks_again(monkeypatch, capsys, tmp_path):
    out = run(monkeypatch, capsys, tmp_path, ["byzantium", "--players", "Ann,Bo,Cy", "--seed", "9"],
              ["1", "board", "s", "pass", "q"])
    assert out.count("Persian cities:") == 3
    assert out.count("Bo: Round 1: choose your action.") == 1  # the question is not asked twice


def test_each_group_of_options_has_one_heading(monkeypatch, capsys, tmp_path):
    """Alexander's activity lists "Move an army", "Move and devastate", "Move an army" again."""
    out = run(monkeypatch, capsys, tmp_path, ["alexander", "--players", "Ann,bot", "--seed", "3", "--budget-ms", "3",
                                              "--option", "macedonian=Ann", "--option", "garrisons=suggested"],
              ["done", "2", "q"])
    activity = out.split("Your activity this round:")[1].split(">")[0]
    assert activity.count("Move an army:") == 1 and activity.count("Move and devastate:") == 1
    assert activity.index("[move:macedonian.2]") < activity.index("Move and devastate:")
    assert "2. Move Macedonian Army #2 from Pella" in activity
    assert "Macedonian Army #2" in out.split("Your activity this round:")[1].split(">")[1]  # "2" chose it


def test_numbers_follow_the_listed_order():
    decision = Decision("Ann", "?", (Option("a1", "A1", "A"), Option("b1", "B1", "B"), Option("a2", "A2", "A")))
    assert [o.id for o in listed(decision)] == ["a1", "a2", "b1"]
    numbers = OptionNumbers().number(decision, listed(decision))
    assert numbers == {"a1": 1, "a2": 2, "b1": 3}  # a first question: 1, 2, 3 as listed
    assert pick(decision, "2", numbers) == "a2" and pick(decision, "3", numbers) == "b1"


def test_what_every_player_gets_in_turn_is_one_line_as_in_the_bot(monkeypatch, capsys, tmp_path):
    """Issue 28 item 9: W&T's "X has nothing left to trade in this phase." and "X maneuvers (2
    action points per army)." came once per player every turn; the terminal tells them as the
    bot's posts do (engine.told), once for all."""
    out = run(monkeypatch, capsys, tmp_path, ["warriors_traders", "--players", "Ann,bot,bot", "--seed", "4",
                                              "--budget-ms", "2"], ["1"] * 60 + ["q"])
    assert "Ann, Bot 1 and Bot 2 have nothing left to trade in this phase." in out
    assert "Ann, Bot 1 and Bot 2 maneuver (2 action points per army)." in out
    alone = re.compile(r"  \* .+ (has nothing left to trade in this phase\.|maneuvers \(\d+ action points)")
    told = [alone.fullmatch(line.split(" per army")[0]) for line in out.splitlines()]
    for line, nxt in zip(told, told[1:], strict=False):  # one player alone on a line only when the next one differs
        assert not (line and nxt and line[1] == nxt[1]), (line[0], nxt[0])
