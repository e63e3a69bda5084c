"""The game service: load a game, apply a choice, persist it, draw the board and build the posts.
Plain data in and out, no discord.py, so tests drive it directly.

Here, what every part shares: `game_service.GameService` gathers the request groups; `core` (loading,
storing, the outcome of a request), `play` (choices, takebacks, typed answers) and `read` (status,
log, map, re-posts); `posts` (what a request answers: posts, edits, replies), `text` (the words of
every post), `actor` (who asks), `languages` (who reads which language), `slash` (commands cited
in texts), `follow_up` (what went wrong after a change was stored).

The parts, one sub-package each (their docstrings say more):
- `turn/`: one message per player turn, prompts, menus, forms, custom ids;
- `pictures/`: the boards a turn posts, drawn in worker processes, once per version;
- `secrecy/`: what may be shown to whom, private prompts, hands, insiders;
- `seating/`: lobbies, their options, seats;
- `past/`: history, replays, score charts;
- `bot_players/`: bot players' turns, their worker process, takeovers;
- `stats/`: ratings and pace;
- `members/`: a member across games (/game mine, /mod games, away);
- `moderation/`: /mod commands and conceding.

May import: bot.storage, engine, render, locales. Never discord: bot.discord_ui alone talks to Discord.
"""
