"""`/stats player` and `/stats top`: games played and won, and the skill rating per game type
(bot/service/stats/ratings.py), recomputed from the server's stored results at every request."""

from __future__ import annotations

import asyncio
from collections import defaultdict

from bot.service import text
from bot.service.actor import Actor
from bot.service.core import ServiceCore, game_title
from bot.service.posts import Outcome
from bot.service.stats import pace, ratings
from bot.storage.records import ResultRow
from engine.text import layout, msg, msg_n

TOP = 10  # members listed per game in /stats top


def rated_games(rows: list[tuple[ResultRow, bool]]) -> dict[str, list[ratings.RatedGame]]:
    """Stored results (in the order the games ended) as the games to rate, per game type."""
    games: dict[int, list[ResultRow]] = defaultdict(list)
    bots: dict[int, bool] = {}
    for row, has_bot in rows:
        games[row.game_id].append(row)
        bots[row.game_id] = has_bot
    by_type: dict[str, list[ratings.RatedGame]] = defaultdict(list)
    for game_id, seats in games.items():  # dicts keep the order the games ended in
        placings = tuple(ratings.Placing(r.user_id, r.rank, r.details.get("team")) for r in seats)
        by_type[seats[0].game].append(ratings.RatedGame(game_id, placings, bots[game_id]))
    return by_type


def _compute_all(by_type: dict[str, list[ratings.RatedGame]]) -> dict[str, dict[int, ratings.Rating]]:
    return {game: ratings.compute(games) for game, games in by_type.items()}


def shown(rating: ratings.Rating) -> str:
    return f"{rating.ordinal:.1f}"


class SkillActions(ServiceCore):
    async def _ratings(self, guild_id: int, game: str | None = None) -> dict[str, dict[int, ratings.Rating]]:
        """Every member's rating per game type on this server, from the stored results (off the
        event loop: a server's whole history is rated again)."""
        by_type = rated_games(await self.storage.finished_results(guild_id, game))
        return await asyncio.to_thread(_compute_all, by_type)

    async def stats(self, actor: Actor, user_id: int, name: str) -> Outcome:
        if actor.guild_id is None:
            return Outcome.refuse(msg("Statistics are kept per server; ask in a server channel."))
        rows = await self.storage.user_stats(actor.guild_id, user_id)
        paces = pace.member_pace(await self.storage.member_answer_times(actor.guild_id, user_id))
        if not rows and not paces:
            return Outcome.say(msg("{name} has not finished a game here yet.", name=name))
        rated = await self._ratings(actor.guild_id)
        with_bots = defaultdict(set)  # game type -> the member's games that had a bot player
        for result, has_bot in await self.storage.finished_results(actor.guild_id):
            if has_bot and result.user_id == user_id:
                with_bots[result.game].add(result.game_id)
        lines = [msg("**{name}** on this server:", name=name)]
        for row in rows:
            line = msg("• {game}: {played} played, {won} won", game=game_title(row.game), played=row.played,
                       won=row.won)
            if with_bots[row.game]:
                line = msg("{line} ({count} with bot players, not rated)", line=line, count=len(with_bots[row.game]))
            board = ratings.leaderboard(rated.get(row.game, {}))
            mine = next((i for i, r in enumerate(board) if r.user_id == user_id), None)
            if mine is not None:
                line = msg("{line}; skill rating {rating} (#{place} of {count})", line=line,
                           rating=shown(board[mine]), place=mine + 1, count=len(board))
            lines.append(line)
            if row.game in paces:
                lines.append(layout("  {pace}", pace=pace.pace_line(paces.pop(row.game))))
        for game, figures in sorted(paces.items()):  # games the member plays but has not finished
            lines.append(msg("• {game}: no game finished yet", game=game_title(game)))
            lines.append(layout("  {pace}", pace=pace.pace_line(figures)))
        return Outcome.say(text.chunk_lines(lines)[0])

    async def top(self, actor: Actor, game: str | None = None) -> Outcome:
        """The server's leaderboard: the best-rated members of each game type (or of one)."""
        if actor.guild_id is None:
            return Outcome.refuse(msg("Statistics are kept per server; ask in a server channel."))
        rated = await self._ratings(actor.guild_id, game)
        boards = {name: ratings.leaderboard(found) for name, found in sorted(rated.items()) if found}
        if not boards:
            return Outcome.say(msg("No rated game has finished on this server yet."))
        lines = []
        for name, board in boards.items():
            lines.append(msg("**{game}** — skill ratings", game=game_title(name)))
            for place, rating in enumerate(board[:TOP], 1):
                lines.append(msg_n("{place}. <@{user}> {rating} ({n} rated game)",
                                   "{place}. <@{user}> {rating} ({n} rated games)", rating.played, place=place,
                                   user=rating.user_id, rating=shown(rating)))
        lines.append(msg("A skill rating starts at 0 and grows with wins against strong players and with "
                             "games played (openskill: mean skill minus three times its uncertainty)."))
        return Outcome.say(text.chunk_lines(lines)[0])
