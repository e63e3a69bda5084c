"""The game service: load a game, apply a choice, persist it, render the board and build the posts.

`game_service.GameService` gathers the request groups (lobby, play, read, mod); the rest is what they
share: prompts and custom ids, the words of every post, seats, lobby options, rules hints and the
render pool. Plain data in and out, no discord.py, so tests drive it directly.
"""
