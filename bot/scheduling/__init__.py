"""Work the bot does on a clock rather than in answer to a click: play-by-post reminders and
the turns of bot players (reminders.py; bot/service/bot_players/bots.py), and which process owns which shards'
servers and their scheduled work (shards.py: leases in the database, so nothing scheduled is done
twice or lost when a process dies and restarts).

Schedules live in the database so they survive restarts; a scheduler polls for what is due, with the
clock injected so tests move time by hand.
"""
