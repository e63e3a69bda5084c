"""Secrets: what may be shown to whom, a player's private prompt, hand and standing orders,
and who may never see a running game's secrets (its insiders).

May import: bot.service's shared modules (core, posts, text, actor, languages, slash,
follow_up), other parts of bot.service, bot.storage, engine, render, locales; never discord
(bot.discord_ui is the only code that talks to Discord).
"""
