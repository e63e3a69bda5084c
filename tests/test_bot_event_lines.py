"""What every player gets in turn is one line (issue 28 item 9): Warriors & Traders said
"X has nothing left to trade in this phase." and "X maneuvers (2 action points per army)." once
per player every turn."""

from __future__ import annotations

from bot.service.text import event_lines
from engine.core import Event
from engine.text import msg
from locales import tr


def done(player):
    return Event("trade_done", msg("{player} has nothing left to trade in this phase.", player=player), {"player": player})


def maneuvers(player, ap):
    return Event("maneuver", msg("{player} maneuvers ({ap} action points per army).", player=player, ap=ap),
                 {"player": player, "ap": ap})


def test_players_with_nothing_left_to_trade_are_one_line():
    said = [str(line) for line in event_lines([done("Ann"), done("Bo"), done("Cy")])]
    assert said == ["• Ann, Bo and Cy have nothing left to trade in this phase."]
    assert "Ann, Bo e Cy" in tr(event_lines([done("Ann"), done("Bo"), done("Cy")])[0], "it")


def test_maneuvers_with_the_same_points_are_one_line_and_others_stay_apart():
    said = [str(line) for line in event_lines([maneuvers("Ann", 2), maneuvers("Bo", 2), maneuvers("Cy", 3), done("Ann")])]
    assert said == ["• Ann and Bo maneuver (2 action points per army).", "• Cy maneuvers (3 action points per army).",
                    "• Ann has nothing left to trade in this phase."]
