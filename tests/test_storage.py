"""The storage service: lobby to finished game, loading, undo, export/import, settings, reminders.

Every test taking `storage` runs twice: on SQLite and on PostgreSQL (tests/pg_kit.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from toygame import GAME, random_move

from bot.storage.database import Conflict
from bot.storage.records import (
    BadReplay,
    ChannelBusy,
    GameMovedOn,
    GameNotFound,
    Seat,
    SeatConflict,
    UnknownGame,
    WrongStatus,
)
from bot.storage.store import Storage
from engine import IllegalAction

SEATS = [Seat("A", "Ann", 101), Seat("B", "Bo", 102), Seat("C", "Cy", 103)]


@pytest.fixture
async def storage(db_target):
    store = await Storage.open(db_target, checkpoint_every=4)
    yield store
    await store.close()


async def new_game(storage, channel_id=500, goal=60, seats=SEATS, seed=7):
    record = await storage.create_game(guild_id=1, channel_id=channel_id, game=GAME.name, host_user_id=101,
                                       seats=seats, seed=seed, options={"goal": goal})
    return await storage.start_game(record.id)


async def play_random(storage, loaded, count, rng):
    for _ in range(count):
        if GAME.is_over(loaded.state):
            break
        player, option_id = random_move(GAME, loaded.state, rng)
        loaded, _events = await storage.play(loaded.id, player, option_id)
    return loaded


def same(a, b) -> bool:
    return GAME.dumps(a) == GAME.dumps(b)


# -- opening, pragmas, lobby --------------------------------------------------------------------
async def test_open_creates_folder_and_sets_protective_pragmas(tmp_path):
    store = await Storage.open(tmp_path / "deep" / "er" / "bot.sqlite")
    try:
        assert (tmp_path / "deep" / "er" / "bot.sqlite").exists()
        for conn in (store.db.writer, store.db.reader):
            async with conn.execute("PRAGMA journal_mode") as cur:
                assert (await cur.fetchone())[0] == "wal"
            async with conn.execute("PRAGMA synchronous") as cur:
                assert (await cur.fetchone())[0] == 2  # FULL
            async with conn.execute("PRAGMA foreign_keys") as cur:
                assert (await cur.fetchone())[0] == 1
            async with conn.execute("PRAGMA busy_timeout") as cur:
                assert (await cur.fetchone())[0] >= 1000
    finally:
        await store.close()


async def test_second_open_game_in_a_channel_is_refused_until_the_first_ends(storage):
    first = await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=1, seats=SEATS)
    with pytest.raises(ChannelBusy) as info:
        await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=2)
    assert info.value.game_id == first.id and "already has an open game" in str(info.value)
    other = await storage.create_game(guild_id=1, channel_id=10, game=GAME.name, host_user_id=2)
    assert other.channel_id == 10
    await storage.set_status(first.id, "abandoned")
    again = await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=2)
    assert (await storage.channel_game(9)).id == again.id


async def test_the_database_itself_refuses_two_open_games_in_a_channel(storage):
    await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=1)
    with pytest.raises(Conflict):
        await storage.db.execute(
            "INSERT INTO games (guild_id, channel_id, game, seed, host_user_id, created_at, updated_at)"
            " VALUES (1, 9, 'dice_race', '1', 1, 'x', 'x')")


async def test_unknown_game_name_is_refused_at_creation(storage):
    with pytest.raises(UnknownGame, match="nosuchgame"):
        await storage.create_game(guild_id=1, channel_id=9, game="nosuchgame", host_user_id=1)


async def test_lobby_seats_change_until_start_then_setup_uses_them_in_order(storage):
    record = await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=101,
                                       seats=SEATS[:1], seed=3, options={"goal": 40})
    record = await storage.update_lobby(record.id, seats=SEATS[:1] + [Seat("B", "Bo", 102)])
    assert record.players == ["A", "B"] and record.seat_of(102).name == "Bo"
    loaded = await storage.start_game(record.id)
    assert loaded.record.status == "active" and loaded.seq == 0
    assert same(loaded.state, GAME.setup(["A", "B"], 3, {"goal": 40}))
    with pytest.raises(WrongStatus):
        await storage.update_lobby(record.id, seats=SEATS)


async def test_start_with_a_player_count_the_rules_refuse_stays_a_lobby(storage):
    record = await storage.create_game(guild_id=1, channel_id=9, game=GAME.name, host_user_id=101,
                                       seats=SEATS[:1])
    with pytest.raises(IllegalAction, match="needs 2 to 4 players"):
        await storage.start_game(record.id)
    assert (await storage.game(record.id)).status == "lobby"


# -- choices and loading -----------------------------------------------------------------------
async def test_choices_persist_and_load_equals_the_state_played(storage):
    loaded = await new_game(storage)
    played = await play_random(storage, loaded, 15, random.Random(1))
    again = await storage.load(loaded.id)
    assert again.seq == played.seq == 15 and same(again.state, played.state)
    assert (await storage.load_channel(500)).seq == 15
    choices = await storage.choices(loaded.id)
    assert [c.seq for c in choices] == list(range(1, 16))
    assert all(c.events for c in choices if c.option_id.startswith("roll"))  # the dice were narrated
    # checkpoint_every=4: kept at setup and every fourth choice, plus the latest state
    rows = await storage.db.fetch("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", loaded.id)
    assert [r[0] for r in rows] == [0, 4, 8, 12, 15]


async def test_the_last_choices_are_read_newest_first_up_to_a_version_in_one_query(storage):
    loaded = await new_game(storage)
    await play_random(storage, loaded, 9, random.Random(2))
    everything = await storage.choices(loaded.id)
    assert [c.seq for c in await storage.choices_before(loaded.id, 6, 3)] == [6, 5, 4]
    assert [c.seq for c in await storage.choices_before(loaded.id, None, 2)] == [9, 8]
    assert [c.seq for c in await storage.choices_before(loaded.id, 2, 50)] == [2, 1]
    assert await storage.last_choices(loaded.id, 4) == everything[-4:]  # in order, as before
    assert await storage.last_choices(loaded.id, 50) == everything


async def test_load_survives_losing_every_snapshot_because_they_are_only_a_cache(storage):
    loaded = await new_game(storage)
    played = await play_random(storage, loaded, 10, random.Random(2))
    await storage.db.execute("DELETE FROM snapshots")
    again = await storage.load(loaded.id)
    assert again.seq == 10 and same(again.state, played.state)


async def test_a_stale_expected_seq_is_refused_as_moved_on(storage):
    loaded = await new_game(storage)
    player, option_id = random_move(GAME, loaded.state, random.Random(3))
    await storage.play(loaded.id, player, option_id, expected_seq=0)
    with pytest.raises(GameMovedOn) as info:
        await storage.play(loaded.id, player, option_id, expected_seq=0)
    assert info.value.latest == 1


async def test_appending_an_existing_seq_raises_moved_on_and_keeps_the_first(storage):
    loaded = await new_game(storage)
    state, _ = GAME.apply(loaded.state, "A", "roll:1")
    await storage.append_choice(loaded.id, 1, "A", "roll:1", state)
    other, _ = GAME.apply(loaded.state, "A", "roll:3")
    with pytest.raises(GameMovedOn):
        await storage.append_choice(loaded.id, 1, "A", "roll:3", other)
    assert [(c.player, c.option_id) for c in await storage.choices(loaded.id)] == [("A", "roll:1")]


async def test_an_illegal_choice_is_refused_and_nothing_is_stored(storage):
    loaded = await new_game(storage)
    with pytest.raises(IllegalAction):
        await storage.play(loaded.id, "B", "roll:1")  # A moves first
    assert await storage.choices(loaded.id) == []


async def test_paused_games_take_no_choices_until_resumed(storage):
    loaded = await new_game(storage)
    await storage.set_status(loaded.id, "paused", by_user_id=1)
    with pytest.raises(WrongStatus):
        await storage.play(loaded.id, "A", "roll:1")
    await storage.set_status(loaded.id, "active", by_user_id=1)
    await storage.play(loaded.id, "A", "roll:1")
    assert [a["action"] for a in await storage.audit_log(loaded.id)] == ["paused", "active"]


async def test_the_last_choice_finishes_the_game_with_results_in_the_same_step(storage):
    loaded = await new_game(storage, goal=25)
    finished = await play_random(storage, loaded, 500, random.Random(4))
    assert GAME.is_over(finished.state)
    record = await storage.game(loaded.id)
    assert record.status == "finished" and record.finished_at is not None
    results = await storage.results(loaded.id)
    assert {r.player for r in results} == {"A", "B", "C"}
    winner = next(r for r in results if r.rank == 1)
    assert winner.user_id == record.seat_named(winner.player).user_id and winner.score >= 25
    assert await storage.channel_game(500) is None  # the channel is free again
    stats = await storage.user_stats(1, winner.user_id)
    assert [(s.game, s.played, s.won) for s in stats] == [(GAME.name, 1, 1)]
    with pytest.raises(WrongStatus):
        later = finished.state.model_copy(update={"version": finished.seq + 1})
        await storage.append_choice(loaded.id, finished.seq + 1, "A", "roll:1", later)


# -- undo, export, import --------------------------------------------------------------------
async def test_undo_deletes_later_choices_and_rebuilds_the_earlier_state(storage):
    loaded = await new_game(storage)
    rng = random.Random(5)
    states = [loaded.state]
    for _ in range(11):
        loaded = await play_random(storage, loaded, 1, rng)
        states.append(loaded.state)
    undone = await storage.undo_to(loaded.id, 6, by_user_id=9)
    assert undone.seq == 6 and same(undone.state, states[6])
    assert [c.seq for c in await storage.choices(loaded.id)] == [1, 2, 3, 4, 5, 6]
    assert same((await storage.load(loaded.id)).state, states[6])
    assert await storage.verify_game(loaded.id) == 6
    # play goes on from there, and the audit log explains the gap
    await play_random(storage, undone, 3, rng)
    assert (await storage.load(loaded.id)).seq == 9
    assert (await storage.audit_log(loaded.id))[-1]["detail"] == {"from": 11, "to": 6}


async def test_undo_of_a_finished_game_reopens_it_and_drops_its_results(storage):
    loaded = await new_game(storage, goal=20)
    finished = await play_random(storage, loaded, 500, random.Random(6))
    undone = await storage.undo_to(loaded.id, finished.seq - 1)
    assert undone.record.status == "active" and not GAME.is_over(undone.state)
    assert await storage.results(loaded.id) == []


async def test_undo_beyond_the_last_choice_is_refused(storage):
    loaded = await new_game(storage)
    await play_random(storage, loaded, 3, random.Random(7))
    with pytest.raises(Exception, match="cannot undo to 5"):
        await storage.undo_to(loaded.id, 5)


async def test_export_then_import_reproduces_the_game_exactly(storage):
    loaded = await new_game(storage)
    played = await play_random(storage, loaded, 13, random.Random(8))
    replay = await storage.export_game(loaded.id, reveal=True)  # a running game's seed only on reveal
    assert set(replay) == {"game", "rules_version", "players", "seed", "options", "choices"}
    assert replay["players"] == ["A", "B", "C"] and len(replay["choices"]) == 13
    imported = await storage.import_game(replay, guild_id=2, channel_id=777, host_user_id=5, seats=SEATS)
    assert imported.id != loaded.id and imported.seq == 13 and same(imported.state, played.state)
    assert same((await storage.load(imported.id)).state, played.state)
    assert await storage.verify_game(imported.id) == 13
    assert await storage.export_game(imported.id, reveal=True) == replay


async def test_import_refuses_a_replay_whose_choice_the_rules_refuse(storage):
    replay = {"game": GAME.name, "players": ["A", "B"], "seed": 1, "options": {}, "choices": [["B", "roll:1"]]}
    with pytest.raises(BadReplay, match="choice 1"):
        await storage.import_game(replay, guild_id=1, channel_id=5, host_user_id=1)
    with pytest.raises(BadReplay, match="players"):
        await storage.import_game({**replay, "players": "AB"}, guild_id=1, channel_id=5, host_user_id=1)
    assert await storage.list_games(1) == []


async def test_list_games_by_guild_and_status(storage):
    a = await new_game(storage, channel_id=1)
    b = await storage.create_game(guild_id=1, channel_id=2, game=GAME.name, host_user_id=1)
    await storage.create_game(guild_id=2, channel_id=3, game=GAME.name, host_user_id=1)
    assert [g.id for g in await storage.list_games(1)] == [b.id, a.id]
    assert [g.id for g in await storage.list_games(1, statuses=["active"])] == [a.id]
    assert len(await storage.list_games(None)) == 3
    assert [g.id for g in await storage.list_games(1, limit=1)] == [b.id]
    with pytest.raises(GameNotFound):
        await storage.load(999)


async def test_replacing_a_seat_keeps_the_engine_name(storage):
    loaded = await new_game(storage)
    record = await storage.replace_seat(loaded.id, "B", user_id=555, name="Dee", by_user_id=1)
    assert record.players == ["A", "B", "C"] and record.seat_of(555).seat == "B" and record.seat_of(102) is None
    with pytest.raises(SeatConflict, match="another seat") as taken:
        await storage.replace_seat(loaded.id, "C", user_id=101, name="Ann")
    assert taken.value.taken
    with pytest.raises(SeatConflict, match="no seat") as missing:
        await storage.put_seat(loaded.id, Seat("Z", "Z", None, bot=True))
    assert not missing.value.taken
    assert (await storage.game(loaded.id)).seats == record.seats  # nothing written


# -- messages, reminders, settings --------------------------------------------------------------
async def test_message_records(storage):
    loaded = await new_game(storage)
    await storage.record_message(loaded.id, 500, 9001, "lobby")
    await storage.record_message(loaded.id, 500, 9002, "board", 0)
    await storage.record_message(loaded.id, 500, 9003, "prompt", 0)
    assert [m.message_id for m in await storage.game_messages(loaded.id)] == [9001, 9002, 9003]
    assert [m.version for m in await storage.game_messages(loaded.id, "board")] == [0]
    await storage.forget_message(9003)
    assert await storage.game_messages(loaded.id, "prompt") == []


async def test_reminders_are_due_only_for_active_games_and_cleared_on_pause(storage):
    loaded = await new_game(storage)
    now = datetime(2026, 1, 1, 12, tzinfo=UTC)
    await storage.set_reminder(loaded.id, "A", now + timedelta(hours=12))
    assert await storage.due_reminders(now) == []
    assert await storage.next_reminder_at() == now + timedelta(hours=12)
    await storage.set_reminder(loaded.id, "A", now - timedelta(minutes=1), attempt=2)  # moved, not added
    due = await storage.due_reminders(now)
    assert [(r.player, r.attempt, r.channel_id) for r in due] == [("A", 2, 500)]
    await storage.set_status(loaded.id, "paused")
    assert await storage.reminders(loaded.id) == [] and await storage.due_reminders(now) == []


async def test_replacing_the_reminder_schedule_is_one_step(storage):
    loaded = await new_game(storage)
    now = datetime(2026, 1, 1, 12, tzinfo=UTC)
    await storage.set_reminder(loaded.id, "A", now, attempt=3)
    await storage.replace_reminders(loaded.id, {"B": now + timedelta(hours=1), "C": now + timedelta(hours=2)})
    assert [(r.player, r.attempt) for r in await storage.reminders(loaded.id)] == [("B", 0), ("C", 0)]


async def test_guild_and_user_settings_default_then_persist(storage):
    assert (await storage.guild_settings(7)).moderator_role_id is None
    await storage.set_guild_settings(7, moderator_role_id=42)
    settings = await storage.set_guild_settings(7, default_reminder_hours=24)
    assert (settings.moderator_role_id, settings.default_reminder_hours) == (42, 24)
    assert (await storage.set_guild_settings(7, moderator_role_id=None)).moderator_role_id is None
    assert await storage.ping_mode(3) == "channel"
    await storage.set_ping_mode(3, "dm")
    assert await storage.ping_mode(3) == "dm"
    with pytest.raises(ValueError):
        await storage.set_ping_mode(3, "carrier-pigeon")


async def test_backup_is_a_consistent_copy_that_opens(storage, backend, tmp_path, request):
    loaded = await new_game(storage)
    played = await play_random(storage, loaded, 9, random.Random(9))
    target = await storage.backup(tmp_path / "backups" / ("copy.sqlite" if backend == "sqlite" else "copy.dump"))
    if backend == "sqlite":
        copy = await Storage.open(target)
    else:  # a pg_dump archive: restored with pg_restore into a new database
        copy = await Storage.open(await request.getfixturevalue("pg_server").restore(target))
    try:
        assert same((await copy.load(loaded.id)).state, played.state)
        assert await copy.integrity_problems() == []
    finally:
        await copy.close()
    with pytest.raises(Exception, match="already exists"):
        await storage.backup(target)
