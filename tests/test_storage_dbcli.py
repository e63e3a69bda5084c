"""`python -m bot backup PATH` and `python -m bot check-db` (bot/storage/dbcli.py), on a SQLite file and
on a PostgreSQL database (`db_target`: tests/pg_kit.py)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from toygame import GAME, random_move

from bot.storage import dbcli
from bot.storage.records import Seat
from bot.storage.store import Storage

ROOT = Path(__file__).resolve().parent.parent


async def make_db(path: Path | str, games: int = 2) -> list[int]:
    store = await Storage.open(path)
    ids = []
    try:
        for n in range(games):
            record = await store.create_game(guild_id=1, channel_id=n, game=GAME.name, host_user_id=1,
                                             seats=[Seat("A", "Ann", 1), Seat("B", "Bo", 2)], seed=n,
                                             options={"goal": 500})
            loaded = await store.start_game(record.id)
            rng = random.Random(n)
            for _ in range(25):
                loaded, _ = await store.play(record.id, *random_move(GAME, loaded.state, rng))
            ids.append(record.id)
    finally:
        await store.close()
    return ids


def sql(path: Path, statement: str, args: tuple = ()) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(statement, args)
    conn.close()


async def change(target: Path | str, statement: str, *args) -> None:
    store = await Storage.open(target)
    try:
        await store.db.execute(statement, *args)
    finally:
        await store.close()


def test_check_db_passes_a_sound_database(db_target, capsys):
    db = db_target
    ids = asyncio.run(make_db(db))
    assert dbcli.main(["check-db", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"game #{ids[0]} (dice_race, active, channel 0): ok, 25 choices" in out
    assert "2 open games checked, 0 problem(s)" in out


def test_check_db_names_the_corrupt_game_and_step_and_fails(db_target, capsys):
    db = db_target
    ids = asyncio.run(make_db(db))
    asyncio.run(change(db, "UPDATE choices SET option_id = 'teleport' WHERE game_id = ? AND seq = 13", ids[1]))
    assert dbcli.main(["check-db", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert f"game #{ids[0]} (dice_race, active, channel 0): ok" in out
    assert f"PROBLEM: game #{ids[1]} is corrupt at step 13" in out
    assert "1 problem(s)" in out


def test_check_db_refuses_a_missing_file_without_creating_it(tmp_path, capsys):
    db = tmp_path / "nothing.sqlite3"
    assert dbcli.main(["check-db", "--db", str(db)]) == 1
    assert "no such database file" in capsys.readouterr().err
    assert not db.exists()


def test_check_db_refuses_to_migrate_a_database_of_another_schema_version(tmp_path, capsys):
    db = tmp_path / "old.sqlite3"
    sql(db, "CREATE TABLE games (id INTEGER PRIMARY KEY)")  # a file from before the migrations
    assert dbcli.main(["check-db", "--db", str(db)]) == 1
    assert "schema version 0" in capsys.readouterr().err
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0  # left as it was
    conn.close()


def test_backup_writes_a_checked_copy_and_never_overwrites(db_target, backend, tmp_path, capsys, request):
    db = db_target
    asyncio.run(make_db(db))
    target = tmp_path / "backups" / ("b1.sqlite3" if backend == "sqlite" else "b1.dump")
    assert dbcli.main(["backup", str(target), "--db", str(db)]) == 0
    assert "backup written and checked" in capsys.readouterr().out
    assert oct(target.stat().st_mode & 0o777) == "0o600"  # it holds every game's secrets
    # The copy is a database of its own (PostgreSQL's after pg_restore) that passes check-db.
    copy = target if backend == "sqlite" else asyncio.run(request.getfixturevalue("pg_server").restore(target))
    assert dbcli.main(["check-db", "--db", str(copy)]) == 0
    assert "2 open games checked, 0 problem(s)" in capsys.readouterr().out
    assert dbcli.main(["backup", str(target), "--db", str(db)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_the_database_comes_from_the_command_line_or_the_environment(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.sqlite3"))
    assert dbcli.database_target(None) == tmp_path / "x.sqlite3"
    assert dbcli.database_target("given.db") == Path("given.db")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@/games")  # PostgreSQL wins over the file
    assert dbcli.database_target(None) == "postgresql://bot@/games"
    assert dbcli.database_target("postgresql://x@/y") == "postgresql://x@/y"


def test_python_m_bot_dispatches_the_database_commands(tmp_path):
    db = tmp_path / "games.sqlite3"
    asyncio.run(make_db(db, games=1))
    # The toy game is not in the engine registry of a fresh process, so check-db must say so.
    done = subprocess.run([sys.executable, "-m", "bot", "check-db", "--db", str(db)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert "unknown game 'dice_race'" in done.stdout
    done = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "copy.db"), "--db", str(db)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "copy.db").exists()
