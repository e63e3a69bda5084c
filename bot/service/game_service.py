"""The game service: the one place that loads a game, applies a choice, persists, renders and
builds the posts. The cogs and the buttons only translate Discord input into these calls.

It holds no Discord objects, so tests (and the end-to-end stand-in) drive it directly; each
group of requests lives in its own module:
- lobby: /game new and the lobby buttons
- play: clicks, typed shortcuts, take-backs; concede: giving up a game without a turn limit
- read: status, map, log, help, ping settings
- mod: moderator actions with confirmations; takeover: when a bot plays for a member away
- private: a player's own prompt, hand and standing orders (secrets)
- history, story_posts: /game history (the board at any past step) and /game replay
- skill: /stats player and /stats top (skill ratings from the stored results)
- overview: /game mine and /mod games (every game of a member, of a server)
- languages: /settings language, and which language each post is read in
- bot/scheduling/reminders.py: play-by-post reminders
- bots: bot players' turns, a member's seat played while they are away, and taken back
- away: /settings away and /settings back (a member's absence across every game)
"""

from __future__ import annotations

from bot.scheduling.reminders import ReminderActions
from bot.service.bot_players.bots import BotActions
from bot.service.bot_players.takeover import TakeoverActions
from bot.service.core import Refusal, utcnow
from bot.service.languages import LanguageActions
from bot.service.members.away import AwayActions
from bot.service.members.overview import OverviewActions
from bot.service.moderation.concede import ConcedeActions
from bot.service.moderation.mod import ModActions
from bot.service.past.story_posts import StoryActions
from bot.service.play import PlayActions
from bot.service.read import ReadActions
from bot.service.seating.lobby import LobbyActions
from bot.service.secrecy.private import PrivateActions
from bot.service.stats.skill import SkillActions


class GameService(LobbyActions, PlayActions, ConcedeActions, PrivateActions, ReadActions, StoryActions,
                  SkillActions, ModActions, TakeoverActions, OverviewActions, ReminderActions, LanguageActions,
                  BotActions, AwayActions):
    """`GameService(storage, renderer=RenderPool(), clock=utcnow)`."""


__all__ = ["GameService", "Refusal", "utcnow"]
