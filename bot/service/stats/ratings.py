"""Skill ratings per game type, recomputed from the stored results of a server's finished games.

openskill's Plackett-Luce model (Weng-Lin's Bayesian rating for any number of players and
teams, the open counterpart of TrueSkill): each member has a mean skill `mu` and an uncertainty
`sigma`; the number shown and ranked on is the conservative `ordinal` (mu - 3 sigma), which
starts at 0 and grows as a member wins and as the bot grows sure of them.

Ratings are never stored: they are recomputed, in order of the games' ends, from the results
table, so whatever a moderator corrects (an undo reopening a finished game, a reset) is
reflected the next time anyone asks. Rules:
- a team (cooperative Warriors & Traders) is rated as one team of its members;
- ties share a rank;
- a game with a bot player (a seat marked `bot`) counts for nobody's rating, nor does a game
  in which one member held several seats (Alexander's solitaire: they won and lost at once);
- a seat without a member (left the server) still plays its part as an unrated opponent.
Pure functions; the caller runs `compute` off the event loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Placing:
    """One seat's result in a finished game."""

    user_id: int | None
    rank: int
    team: str | None = None


@dataclass(frozen=True)
class RatedGame:
    game_id: int
    placings: tuple[Placing, ...]
    has_bot: bool = False


@dataclass(frozen=True)
class Rating:
    user_id: int
    mu: float
    sigma: float
    played: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def compute(games: Iterable[RatedGame]) -> dict[int, Rating]:
    """Every member's rating after `games`, taken in the order given (oldest first)."""
    current: dict[int, object] = {}  # user id -> openskill rating
    played: dict[int, int] = {}
    for game in games:
        members = [p.user_id for p in game.placings if p.user_id is not None]
        if game.has_bot or len(set(members)) < len(members):
            continue
        teams = _teams(game.placings)
        if len(teams) < 2:
            continue  # nobody to be measured against
        ratings = [[_rating_of(current, p.user_id) for p in members] for members in teams]
        updated = MODEL.rate(ratings, ranks=[members[0].rank for members in teams])
        for members, new in zip(teams, updated, strict=True):
            for placing, rating in zip(members, new, strict=True):
                if placing.user_id is not None:
                    current[placing.user_id] = rating
                    played[placing.user_id] = played.get(placing.user_id, 0) + 1
    return {uid: Rating(uid, r.mu, r.sigma, played[uid]) for uid, r in current.items()}


def _rating_of(current: dict, user_id: int | None):
    """A member's rating so far, or a newcomer's (also for a seat whose member is gone)."""
    if user_id is not None and user_id in current:
        return current[user_id]
    return MODEL.rating()


def _teams(placings: Sequence[Placing]) -> list[list[Placing]]:
    """The sides of a game: the seats of one team together, every other seat alone."""
    teams: dict[str, list[Placing]] = {}
    sides: list[list[Placing]] = []
    for placing in placings:
        if placing.team is None:
            sides.append([placing])
        elif placing.team in teams:
            teams[placing.team].append(placing)
        else:
            teams[placing.team] = [placing]
            sides.append(teams[placing.team])
    return sides


def leaderboard(ratings: dict[int, Rating]) -> list[Rating]:
    """Best first (by ordinal; a tie by more games played, then by member id for a fixed order)."""
    return sorted(ratings.values(), key=lambda r: (-r.ordinal, -r.played, r.user_id))
