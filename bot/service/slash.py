"""Citing a slash command in a text (`slash("game new")`) is engine/slash.py's: a game's rules
hints cite its own shortcuts, so the engine holds it; the bot's texts take it from here too."""

from engine.slash import slash

__all__ = ["slash"]
