"""Pure rules engines: no Discord, no I/O, no clock, no global random."""

from engine.core import Decision, Event, Game, IllegalAction, Option, game_names, get_game

__all__ = ["Decision", "Event", "Game", "IllegalAction", "Option", "game_names", "get_game"]
