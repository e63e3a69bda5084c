"""The Discord application, one sub-package per part.

- discord_ui/: the only code that talks to Discord (client, slash commands, buttons, publishing);
- service/: the game service, plain data in and out (lobby, play, moderation, prompts, words);
- storage/: games kept as setup plus choices, with the SQLite backend in storage/sqlite/;
- scheduling/: work done on a clock (reminders);
- settings.py and __main__.py: configuration and `python -m bot`.
"""
