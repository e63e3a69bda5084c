"""One message per player turn: what goes on in place, what closes, what is new; the
prompts (groups, menus), forms of amounts, and the components with their custom ids.

May import: bot.service's shared modules (core, posts, text, actor, languages, slash,
follow_up), other parts of bot.service, bot.storage, engine, render, locales; never discord
(bot.discord_ui is the only code that talks to Discord).
"""
