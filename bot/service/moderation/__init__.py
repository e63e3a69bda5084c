"""Moderators' commands (/mod ...) and conceding a game.

May import: bot.service's shared modules (core, posts, text, actor, languages, slash,
follow_up), other parts of bot.service, bot.storage, engine, render, locales; never discord
(bot.discord_ui is the only code that talks to Discord).
"""
