"""What the storage service hands out and the errors it raises: plain frozen records."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

Status = Literal["lobby", "active", "paused", "finished", "abandoned"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "active", "paused")
FINISHED_STATUSES: tuple[Status, ...] = ("finished", "abandoned")
PingMode = Literal["channel", "dm", "both"]


# -- errors ------------------------------------------------------------------------------
class StorageError(Exception):
    """Base of everything the storage service raises on purpose."""


class DatabaseGone(StorageError):
    """The database file (or its WAL) was deleted, moved or replaced while the bot ran: a commit
    would go into a file nobody will ever open again, so nothing is stored or confirmed."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(f"{reason}: nothing is stored or confirmed any more. Stop the bot, restore the "
                         "database from the latest backup (docs/operations.md, Backups), then start it again")


class GameNotFound(StorageError):
    def __init__(self, what: str):
        super().__init__(f"no such game: {what}")


class ChannelBusy(StorageError):
    """A channel already holds an open (lobby, active or paused) game."""

    def __init__(self, channel_id: int, game_id: int | None):
        self.channel_id = channel_id
        self.game_id = game_id
        super().__init__(f"channel {channel_id} already has an open game (#{game_id}); finish or abandon it first")


class WrongStatus(StorageError):
    """The game is not in a status that allows this (a choice in a paused game, seats after start)."""

    def __init__(self, game_id: int, status: str, wanted: str):
        self.game_id = game_id
        self.status = status
        super().__init__(f"game #{game_id} is {status}; this needs it to be {wanted}")


class GameMovedOn(StorageError):
    """Someone else's choice took this sequence number first: reload and ask again."""

    def __init__(self, game_id: int, seq: int, latest: int):
        self.game_id = game_id
        self.seq = seq
        self.latest = latest
        super().__init__(f"game #{game_id} moved on: choice {seq} is already taken (latest is {latest})")


class UnknownGame(StorageError):
    """The game's name is not in the engine registry (typo, or a game removed from the code)."""

    def __init__(self, name: str, game_id: int | None = None):
        self.name = name
        self.game_id = game_id
        where = f"game #{game_id} uses " if game_id is not None else ""
        super().__init__(f"{where}unknown game '{name}'")


class CorruptGame(StorageError):
    """Stored data disagrees with the rules. Reported with the step, never repaired silently."""

    def __init__(self, game_id: int, step: int, reason: str):
        self.game_id = game_id
        self.step = step
        self.reason = reason
        super().__init__(f"game #{game_id} is corrupt at step {step}: {reason}")


class SeatConflict(StorageError):
    """A seat's change the game no longer allows: the seat is gone, or the member took another
    seat meanwhile (a race with a lobby click)."""

    def __init__(self, game_id: int, seat: str, taken: bool):
        self.game_id = game_id
        self.seat = seat
        self.taken = taken  # True: the member holds another seat; False: no such seat
        super().__init__(f"that member already holds another seat in game #{game_id}" if taken
                         else f"game #{game_id} has no seat '{seat}'")


class BadReplay(StorageError):
    """An imported replay file is malformed or does not play under the rules."""


# -- records -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Seat:
    """A Discord member in an engine seat. `seat` is the engine's player name."""

    seat: str
    name: str
    user_id: int | None = None
    # Played by a bot player (engine/ai) at `level`: a bot seat (no member), or a member's seat
    # a bot plays while they are away (`user_id` kept: any click of theirs takes it back).
    bot: bool = False
    level: str | None = None
    # A bot has played for this seat at some point: the game counts for nobody's rating.
    bot_played: bool = False

    @property
    def away(self) -> bool:
        """A member's seat that a bot plays for them until they come back."""
        return self.bot and self.user_id is not None

    def to_json(self) -> dict:
        data = {"user_id": self.user_id, "name": self.name, "seat": self.seat}
        if self.bot:
            data |= {"bot": True, "level": self.level or "normal"}
        return {**data, "bot_played": True} if self.bot_played else data

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        bot = bool(data.get("bot"))
        return cls(seat=data["seat"], name=data["name"], user_id=data.get("user_id"), bot=bot,
                   level=(data.get("level") or "normal") if bot else None, bot_played=bool(data.get("bot_played")))


def seed_to_text(seed: int) -> str:
    """A seed as the database keeps it: decimal text, since seeds are wider than 64 bits."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StorageError("a seed is a whole number")
    return str(seed)


def seats_to_text(seats: tuple[Seat, ...] | list[Seat]) -> str:
    names = [s.seat for s in seats]
    if len(set(names)) != len(names):
        raise StorageError("two seats have the same name")
    return json.dumps([s.to_json() for s in seats])


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    parent_channel_id: int | None
    game: str
    rules_version: str
    seats: tuple[Seat, ...]
    seed: int
    options: dict[str, Any]
    status: Status
    host_user_id: int
    reminder_hours: float
    boards_in_thread: bool
    board_thread_id: int | None
    lobby_message_id: int | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    # After how many hours without an answer a bot plays a member's seat for them (None: never).
    bot_takeover_hours: float | None = None

    @property
    def players(self) -> list[str]:
        """Engine player names in seat order, as given to setup."""
        return [s.seat for s in self.seats]

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seats_of(self, user_id: int) -> list[Seat]:
        """Every seat of a member: one, or both sides of a solitaire game."""
        return [s for s in self.seats if s.user_id == user_id]

    def seat_named(self, seat: str) -> Seat | None:
        return next((s for s in self.seats if s.seat == seat), None)


@dataclass(frozen=True)
class ChoiceRecord:
    seq: int
    player: str
    option_id: str
    user_id: int | None
    events: list[dict]
    created_at: datetime


@dataclass
class LoadedGame:
    """A game record with its current engine state; `seq` is the number of choices made."""

    record: GameRecord
    state: Any
    seq: int
    last_choice_at: datetime | None = None

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def waiting_since(self) -> datetime | None:
        """When the game started waiting on its current decision (for /game status)."""
        return self.last_choice_at or self.record.started_at


@dataclass(frozen=True)
class MessageRecord:
    message_id: int
    game_id: int
    channel_id: int
    kind: str
    version: int | None
    created_at: datetime
    seat: str | None = None  # the seat a prompt waits on
    body: str | None = None  # a turn message's account, above its prompt


@dataclass(frozen=True)
class Reminder:
    game_id: int
    player: str
    due_at: datetime
    attempt: int
    channel_id: int = 0
    guild_id: int = 0


def shard_of(guild_id: int, shard_count: int) -> int:
    """The Discord shard a server's events come on (Discord's own rule)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one bot process serves: `ids` out of `count` (all of them by default)."""

    ids: tuple[int, ...] = (0,)
    count: int = 1

    @property
    def everything(self) -> bool:
        return set(self.ids) == set(range(self.count))

    def owns(self, guild_id: int) -> bool:
        return self.everything or shard_of(guild_id, self.count) in self.ids

    def where(self, guild_column: str) -> tuple[str, tuple[int, ...]]:
        """A SQL condition (and its parameters) true for the rows of these shards' servers."""
        if self.everything:
            return "1 = 1", ()
        marks = ", ".join("?" * len(self.ids))
        return f"({guild_column} >> 22) % ? IN ({marks})", (self.count, *self.ids)


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    default_reminder_hours: float | None = None
    log_channel_id: int | None = None


@dataclass(frozen=True)
class ResultRow:
    game_id: int
    player: str
    user_id: int | None
    game: str
    score: float | None
    rank: int
    details: dict = field(default_factory=dict)
    finished_at: datetime | None = None


def seat_results(entry: Mapping[str, Any]) -> list[tuple[str, dict]]:
    """The results rows (seat, details) for one row of an engine's standings.

    A team's row (cooperative Warriors & Traders: "player" is the team's label, "Ann & Bo",
    and "players" lists its seats) gives every seat of the team a row of its own, with the
    team's score and rank and the label kept as details["team"]: each member is credited in
    /stats. Any other row is one seat's, as it comes.
    """
    details = {k: v for k, v in entry.items() if k not in ("player", "score", "rank")}
    members = entry.get("players")
    if not isinstance(members, list) or not members:
        return [(str(entry["player"]), details)]
    team = {**details, "team": str(entry["player"])}
    return [(str(member), dict(team)) for member in members]


def standings_of(rows: Iterable[ResultRow]) -> list[dict]:
    """Stored results back as the engine's standings: the rows of one team (details["team"])
    become the team's single row again, as the final scores showed it."""
    standings, teams = [], set()
    for row in rows:
        details = dict(row.details)
        team = details.pop("team", None)
        if team is not None:
            if team in teams:
                continue
            teams.add(team)
        standings.append({**details, "player": row.player if team is None else team,
                          "score": row.score, "rank": row.rank})
    return standings


@dataclass(frozen=True)
class GameStats:
    """One member's record in one game type: /stats."""

    game: str
    played: int
    won: int


# -- time --------------------------------------------------------------------------------
def time_to_text(moment: datetime) -> str:
    """One fixed UTC shape, so stored times compare correctly as text."""
    if moment.tzinfo is None:
        raise ValueError("naive datetime: pass an aware UTC time")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def text_to_time(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
