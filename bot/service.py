"""The game service: the one place that loads a game, applies a choice, persists, renders and
builds the posts. The cogs and the buttons only translate Discord input into these calls.

It holds no Discord objects, so tests (and the end-to-end stand-in) drive it directly; each
group of requests lives in its own module:
- service_lobby: /game new and the lobby buttons
- service_play: clicks, typed shortcuts, take-backs
- service_read: status, map, log, help, stats, ping settings
- service_mod: moderator actions with confirmations
- reminders: play-by-post reminders
"""

from __future__ import annotations

from bot.reminders import ReminderActions
from bot.service_core import Refusal, utcnow
from bot.service_lobby import LobbyActions
from bot.service_mod import ModActions
from bot.service_play import PlayActions
from bot.service_read import ReadActions


class GameService(LobbyActions, PlayActions, ReadActions, ModActions, ReminderActions):
    """`GameService(storage, renderer=RenderPool(), clock=utcnow)`."""


__all__ = ["GameService", "Refusal", "utcnow"]
