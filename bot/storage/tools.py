"""Games in and out of the database: export, import, verification, integrity checks, backups."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.storage import replay as rp
from bot.storage.base import StorageBase, _event_json
from bot.storage.database import Conflict
from bot.storage.records import (
    FINISHED_STATUSES,
    BadReplay,
    ChannelBusy,
    CorruptGame,
    LoadedGame,
    Seat,
    UnknownGame,
    seats_to_text,
    seed_to_text,
    text_to_time,
)
from engine import IllegalAction


class Tools(StorageBase):
    """Taking games out and in, and checking the file; part of `Storage`."""

    # -- export and import ------------------------------------------------------------------
    async def export_game(self, game_id: int, *, reveal: bool = False) -> dict:
        """The replay that `python -m engine replay FILE` accepts: setup plus every choice.

        The seed is the game's secret while it runs (with it and the choices anyone can work
        out every future roll), so it is left out of the export of a lobby, an active or a
        paused game unless `reveal` (a moderator's explicit, announced reveal); a finished or
        abandoned game's export has it. The generator's state is never exported (it lives in
        the snapshots, which are not part of a replay). The options name the old generator
        for games recorded with it, so the file replays without knowing rules versions.
        """

        async def body(c):
            record = await self._game_row(c, game_id)
            rows = await c.all("SELECT player, option_id FROM choices WHERE game_id = ? ORDER BY seq",
                                   (game_id,))
            return record, rows

        record, rows = await self._read(body)
        try:
            options = rp.setup_options(rp.engine_for(record.game, game_id), record.rules_version, record.options)
        except UnknownGame:  # a game this code no longer has still exports as it was stored
            options = dict(record.options)
        replay = {"game": record.game, "rules_version": record.rules_version, "players": record.players}
        if reveal or record.status in FINISHED_STATUSES:
            replay["seed"] = record.seed
        replay.update(options=options, choices=[[r["player"], r["option_id"]] for r in rows])
        return replay

    async def import_game(
        self,
        replay: dict,
        *,
        guild_id: int,
        channel_id: int,
        host_user_id: int,
        seats: Iterable[Seat] | None = None,
        reminder_hours: float = 12.0,
    ) -> LoadedGame:
        """Create a game from a replay, checking every choice against the rules first.

        Raises BadReplay if the replay is malformed or does not play, UnknownGame for a game
        this code does not have, ChannelBusy if the channel already has an open game.
        """
        name, players, seed, options, choices = _parse_replay(replay)
        engine = rp.engine_for(name)
        # A replay of a game recorded with the old generator says so by its rules version (or
        # its options); the stored options then name that generator for good.
        recorded = replay.get("rules_version")
        options = rp.setup_options(engine, recorded if isinstance(recorded, str) else rp.rules_version(engine),
                                   options)
        seats = list(seats) if seats is not None else [Seat(p, p) for p in players]
        if [s.seat for s in seats] != players:
            raise BadReplay("the seats must name the replay's players, in order")
        try:
            state = engine.setup(players, seed, dict(options))
        except IllegalAction as exc:
            raise BadReplay(f"setup refused: {exc}") from None
        now = self._now()
        rows, snapshots = [], [(0, engine.dumps(state))]
        for seq, (player, option_id) in enumerate(choices, start=1):
            try:
                state, events = engine.apply(state, player, option_id)
            except IllegalAction as exc:
                raise BadReplay(f"choice {seq} ({player}: {option_id}) refused: {exc}") from None
            rows.append((seq, player, option_id, None, _event_json(events), now))
            if self.is_checkpoint(seq) or seq == len(choices):
                snapshots.append((seq, engine.dumps(state)))
        over = engine.is_over(state)

        async def body(c):
            await self._refuse_busy(c, channel_id)
            try:
                game_id = await c.value(
                    "INSERT INTO games (guild_id, channel_id, game, rules_version, seats, seed, options, status,"
                    " host_user_id, reminder_hours, created_at, updated_at, started_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, name, rp.rules_version(engine), seats_to_text(seats),
                     seed_to_text(seed), json.dumps(options), host_user_id, reminder_hours, now, now, now))
            except Conflict:  # another process opened a game in the channel meanwhile
                raise ChannelBusy(channel_id, None) from None
            await c.many(
                "INSERT INTO choices (game_id, seq, player, option_id, user_id, events, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)", [(game_id, *r) for r in rows])
            await c.many("INSERT INTO snapshots (game_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
                                [(game_id, s, t, now) for s, t in snapshots])
            record = await self._game_row(c, game_id)
            if over:
                await self._write_results(c, record, engine.result(state), now)
            await self._audit(c, game_id, host_user_id, "import", {"choices": len(rows)})
            return await self._game_row(c, game_id)

        record = await self._write(body)
        return LoadedGame(record, state, len(rows), text_to_time(now) if rows else None)

    # -- checks and backups --------------------------------------------------------------
    async def verify_game(self, game_id: int) -> int:
        """Replay a game from setup, checking every snapshot; returns its number of choices.

        Raises CorruptGame (game and step) or UnknownGame; changes nothing.
        """

        async def body(c):
            record = await self._game_row(c, game_id)
            choices = await c.all("SELECT seq, player, option_id FROM choices WHERE game_id = ? ORDER BY seq",
                                      (game_id,))
            snaps = await c.all("SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))
            return record, choices, snaps

        record, choices, snaps = await self._read(body)
        if record.status == "lobby":
            if choices or snaps:
                raise CorruptGame(game_id, 0, "a lobby with choices or snapshots")
            return 0
        engine = rp.engine_for(record.game, game_id)
        try:
            rp.verify(engine, game_id, record.players, record.seed, record.options, record.rules_version,
                      [(r["seq"], r["player"], r["option_id"]) for r in choices],
                      {r["seq"]: r["state"] for r in snaps})
        except CorruptGame as exc:
            raise rp.with_rules_hint(exc, record.rules_version, engine) from None
        return len(choices)

    async def integrity_problems(self) -> list[str]:
        """The database's own checks (SQLite: integrity and foreign keys); an empty list: sound."""
        return await self.db.integrity_problems()

    async def backup(self, target: str | os.PathLike) -> Path:
        """An online, consistent, private copy (SQLite: a file; PostgreSQL: a pg_dump archive)."""
        return await self.db.backup(target)


def _parse_replay(replay: Any) -> tuple[str, list[str], int, dict, list[tuple[str, str]]]:
    if not isinstance(replay, dict):
        raise BadReplay("a replay is a JSON object")
    missing = {"game", "players", "seed", "choices"} - set(replay)
    if missing == {"seed"}:
        raise BadReplay("the replay has no seed: a game's export leaves its secret seed out while it runs")
    if missing:
        raise BadReplay(f"the replay lacks {', '.join(sorted(missing))}")
    name, players, seed = replay["game"], replay["players"], replay["seed"]
    options, choices = replay.get("options", {}), replay["choices"]
    if not isinstance(name, str):
        raise BadReplay("'game' must be a name")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadReplay("'players' must be a list of names")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadReplay("'seed' must be an integer")
    if not isinstance(options, dict):
        raise BadReplay("'options' must be an object")
    if not isinstance(choices, list) or not all(
        isinstance(ch, list) and len(ch) == 2 and all(isinstance(x, str) for x in ch) for ch in choices
    ):
        raise BadReplay("'choices' must be a list of [player, option_id] pairs")
    return name, players, seed, options, [(p, o) for p, o in choices]
