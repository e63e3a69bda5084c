"""Work the bot does on a clock rather than in answer to a click: play-by-post reminders.

Schedules live in the database so they survive restarts; a scheduler polls for what is due, with the
clock injected so tests move time by hand.
"""
