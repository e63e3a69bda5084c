"""Results rows and /stats: one row per seat, also in cooperative (team) games, where every
member of a team is credited with the team's score and rank; the migration that rewrites team
rows stored the old way (one row per team, no user)."""

from __future__ import annotations

import json
import random
import shutil

import aiosqlite
import pytest

from bot.storage.records import ResultRow, Seat, seat_results, standings_of
from bot.storage.sqlite.migrate import MIGRATIONS_DIR, migrate
from bot.storage.store import Storage
from engine import IllegalAction, get_game
from engine.core import enumerate_answers

WT = get_game("warriors_traders")
BYZ = get_game("byzantium")
TEAM_SEATS = [Seat("Ann", "Ann", 101), Seat("Bo", "Bo", 102), Seat("Cy", "Cy", 103), Seat("Di", "Di", 104)]
TEAMS_2V2 = {"map": "east", "teams": [["Ann", "Bo"], ["Cy", "Di"]]}


@pytest.fixture
async def storage(tmp_path):
    store = await Storage.open(tmp_path / "data" / "bot.sqlite")
    yield store
    await store.close()


def random_answer(engine, state, decision, rng) -> str:
    """A plain option, or (a decision of amounts alone: W&T's damage) an answer the game takes."""
    if decision.options:
        return rng.choice(decision.options).id
    answers = enumerate_answers(decision, limit=200)
    rng.shuffle(answers)
    for answer in answers:
        try:
            engine.apply(state, decision.player, answer)
            return answer
        except IllegalAction:
            continue
    raise AssertionError(f"no answer of {decision.player}'s {decision.kind} decision is accepted")


async def play_to_the_end(storage, game: str, seats, options: dict, seed: int, channel_id: int = 700):
    """Create, start and play a game by uniform random choices through Storage.play, so the last
    choice writes the results as in the bot. Returns the finished LoadedGame."""
    engine = get_game(game)
    record = await storage.create_game(guild_id=1, channel_id=channel_id, game=game, host_user_id=seats[0].user_id,
                                       seats=seats, seed=seed, options=options)
    loaded = await storage.start_game(record.id)
    rng = random.Random(seed)
    for _ in range(3000):
        if engine.is_over(loaded.state):
            return loaded
        decision = rng.choice(engine.pending(loaded.state))
        loaded, _events = await storage.play(loaded.id, decision.player, random_answer(engine, loaded.state, decision,
                                                                                       rng))
    pytest.fail(f"the {game} game did not end in 3000 choices")


async def test_a_finished_2v2_game_credits_every_member_of_each_team(storage):
    loaded = await play_to_the_end(storage, "warriors_traders", TEAM_SEATS, TEAMS_2V2, seed=1)
    standings = WT.result(loaded.state)
    assert sorted(s["player"] for s in standings) == ["Ann & Bo", "Cy & Di"]
    assert sorted(s["rank"] for s in standings) in ([1, 2], [1, 1])
    assert (await storage.game(loaded.id)).status == "finished"

    rows = await storage.results(loaded.id)
    by_player = {r.player: r for r in rows}
    assert sorted(by_player) == ["Ann", "Bo", "Cy", "Di"]  # one row per seat, none per team
    assert {p: by_player[p].user_id for p in by_player} == {"Ann": 101, "Bo": 102, "Cy": 103, "Di": 104}
    for team in standings:
        for member in team["players"]:
            row = by_player[member]
            assert (row.score, row.rank) == (team["score"], team["rank"])
            assert row.details == {"team": team["player"], "players": team["players"]}
    # Read back as standings, each team is one row again, as the final scores showed it.
    assert standings_of(rows) == standings

    winners = {m for team in standings if team["rank"] == 1 for m in team["players"]}
    for user_id, member in ((101, "Ann"), (102, "Bo"), (103, "Cy"), (104, "Di")):
        won = int(member in winners)
        stats = await storage.user_stats(1, user_id)
        assert [(s.game, s.played, s.won) for s in stats] == [("warriors_traders", 1, won)]
    assert await storage.user_stats(2, 101) == []  # another guild


async def test_a_byzantium_game_still_writes_one_row_per_player(storage):
    seats = TEAM_SEATS[:3]
    loaded = await play_to_the_end(storage, "byzantium", seats, {}, seed=1, channel_id=701)
    standings = BYZ.result(loaded.state)
    rows = await storage.results(loaded.id)
    assert [(r.player, r.user_id, r.score, r.rank) for r in rows] == \
        [(s["player"], {"Ann": 101, "Bo": 102, "Cy": 103}[s["player"]], s["score"], s["rank"]) for s in standings]
    assert all("team" not in r.details for r in rows)
    assert rows[0].details == {k: v for k, v in standings[0].items() if k not in ("player", "score", "rank")}
    assert standings_of(rows) == standings
    for seat in seats:
        [stats] = await storage.user_stats(1, seat.user_id)
        won = next(s["rank"] for s in standings if s["player"] == seat.seat) == 1
        assert (stats.game, stats.played, stats.won) == ("byzantium", 1, int(won))


def test_free_rows_pass_as_they_are_and_team_rows_split_per_seat():
    free = {"player": "Ann", "score": 12, "rank": 1, "nation": "france"}
    assert seat_results(free) == [("Ann", {"nation": "france"})]
    team = {"player": "Ann & Bo", "players": ["Ann", "Bo"], "score": 20, "rank": 1}
    assert seat_results(team) == [("Ann", {"players": ["Ann", "Bo"], "team": "Ann & Bo"}),
                                  ("Bo", {"players": ["Ann", "Bo"], "team": "Ann & Bo"})]
    # A team row stored before the per-seat rows (no "team" in details) reads back unchanged.
    old = ResultRow(1, "Ann & Bo", None, "warriors_traders", 20, 1, {"players": ["Ann", "Bo"]})
    assert standings_of([old]) == [team]


async def test_the_migration_splits_team_rows_stored_the_old_way(tmp_path):
    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(MIGRATIONS_DIR / "001_initial.sql", first)
    path = tmp_path / "bot.sqlite"
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        assert await migrate(conn, first) == (0, 1)
        now = "2026-01-01T00:00:00.000000Z"
        seats = [s.to_json() for s in TEAM_SEATS]
        seats[3]["user_id"] = None  # a seat without a member
        for game_id, game in ((1, "warriors_traders"), (2, "byzantium")):
            await conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, seats, seed, status, host_user_id,"
                " created_at, updated_at) VALUES (?, 1, ?, ?, ?, 1, 'finished', 101, ?, ?)",
                (game_id, 900 + game_id, game, json.dumps(seats), now, now))
        old = [(1, "Cy & Di", None, "warriors_traders", 19, 2, {"players": ["Cy", "Di"]}),
               (1, "Ann & Bo", None, "warriors_traders", 20, 1, {"players": ["Ann", "Bo"]}),
               (2, "Ann", 101, "byzantium", 50, 1, {"cities": 8}),
               (2, "Bo", 102, "byzantium", 40, 2, {"cities": 6})]
        await conn.executemany(
            "INSERT INTO results (game_id, player, user_id, guild_id, game, score, rank, details, finished_at)"
            " VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)", [(*r[:6], json.dumps(r[6]), now) for r in old])
    finally:
        await conn.close()

    store = await Storage.open(path)  # migrates to the newest schema
    try:
        team = await store.results(1)
        assert [(r.player, r.user_id, r.score, r.rank, r.details) for r in team] == [
            ("Ann", 101, 20, 1, {"players": ["Ann", "Bo"], "team": "Ann & Bo"}),
            ("Bo", 102, 20, 1, {"players": ["Ann", "Bo"], "team": "Ann & Bo"}),
            ("Cy", 103, 19, 2, {"players": ["Cy", "Di"], "team": "Cy & Di"}),
            ("Di", None, 19, 2, {"players": ["Cy", "Di"], "team": "Cy & Di"})]
        assert [(r.player, r.user_id, r.details) for r in await store.results(2)] == \
            [("Ann", 101, {"cities": 8}), ("Bo", 102, {"cities": 6})]  # untouched
        assert [(s.game, s.played, s.won) for s in await store.user_stats(1, 101)] == \
            [("byzantium", 1, 1), ("warriors_traders", 1, 1)]
        assert [(s.game, s.played, s.won) for s in await store.user_stats(1, 103)] == [("warriors_traders", 1, 0)]
    finally:
        await store.close()
