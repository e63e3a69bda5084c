"""Bot seats in the terminal (issue 15, item 4): `python -m engine play GAME --players Ann,bot,bot`
and `python -m engine selfplay GAME --games N`."""

from __future__ import annotations

import io
import json
import sys

import hiddengame  # noqa: F401  (registers the secret duel for the command line)

from engine.__main__ import bot_seats, main
from engine.terminal import CLEAR


def test_bot_seats_are_named_and_get_their_levels():
    assert bot_seats(["Ann", "bot", "bot:easy"]) == (["Ann", "Bot 1", "Bot 2"], {"Bot 1": "normal", "Bot 2": "easy"})


def test_play_with_bot_seats_lets_the_bots_answer_and_the_person_decide(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\nq\n"))
    code = main(["play", "byzantium", "--players", "Ann,bot,bot:easy", "--seed", "3", "--budget-ms", "3",
                 "--option", "first=Bot 1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Bot 1 (bot): " in out and "Bot 2 (bot): " in out  # both played before Ann's first turn
    assert "\nAnn: " in out
    replay = json.loads(next(tmp_path.glob("replay-*.json")).read_text())
    assert replay["players"] == ["Ann", "Bot 1", "Bot 2"]
    seats = [seat for seat, _ in replay["choices"]]
    assert seats[0] == "Bot 1" and "Ann" in seats and "Bot 2" in seats


def test_a_bots_private_choice_is_not_shown_to_the_table(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nq\n"))
    code = main(["play", hiddengame.NAME, "--players", "bot,Bo", "--seed", "5", "--budget-ms", "3"])
    out = capsys.readouterr().out
    assert code == 0, out
    table = out.split(CLEAR)[0]
    assert "Bot 1 (bot) has decided." in table
    assert "Bot 1 (bot): " not in table  # the card played shows only through the public events


def test_an_unknown_bot_level_is_refused_in_one_line(capsys):
    assert main(["play", "byzantium", "--players", "Ann,bot:genius"]) == 2
    assert "Unknown bot level 'genius'" in capsys.readouterr().err


def test_selfplay_plays_whole_games_between_bots_and_prints_the_results(capsys):
    code = main(["selfplay", "warriors_traders", "--games", "2", "--players", "3", "--budget-ms", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "game 1 (seed 0): 1. " in out and "game 2 (seed 1): 1. " in out
    assert "2 games of Warriors & Traders, 3 normal bots at 1 ms: wins Bot 1 " in out
    assert "decisions/s" in out


def test_selfplay_refuses_a_number_of_players_the_game_does_not_take(capsys):
    assert main(["selfplay", "byzantium", "--players", "7"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
