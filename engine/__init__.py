"""Pure rules engines: no Discord, no I/O, no clock, no global random."""

from engine.core import (
    Amounts,
    Decision,
    Event,
    Game,
    IllegalAction,
    Item,
    Option,
    Preference,
    Total,
    Window,
    visible_events,
)
from engine.games import game_names, get_game
from engine.text import Msg, msg, msg_n, term

__all__ = ["Amounts", "Decision", "Event", "Game", "IllegalAction", "Item", "Msg", "Option", "Preference",
           "Total", "Window", "game_names", "get_game", "msg", "msg_n", "term", "visible_events"]
