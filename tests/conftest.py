"""Shared pytest fixtures. The Discord stand-in's fixtures live in discord_standin/fixtures.py."""

from discord_standin.fixtures import *  # noqa: F401,F403  (the fixtures module defines __all__)
