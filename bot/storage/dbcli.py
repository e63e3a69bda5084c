"""Database tools: `python -m bot backup PATH`, `python -m bot check-db` and
`python -m bot forget-server SERVER_ID` (a server's data removed on request, docs/privacy.md).

The database is --db FILE-or-URL, else DATABASE_URL (PostgreSQL) from the environment or .env,
else DATABASE_PATH (default ./data/games.sqlite3). Both commands work while the bot runs (SQLite's
WAL lets them read beside it; PostgreSQL serves everyone). On PostgreSQL `backup` is pg_dump's
custom-format archive (restore it with pg_restore, docs/operations.md).

Exit status: 0 all good, 1 a problem found (printed, one line each), 2 bad usage.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.settings import SettingsError, read_env_file  # the bot's own .env reader, so both agree
from bot.storage.base import is_database_url
from bot.storage.records import OPEN_STATUSES, StorageError
from bot.storage.sqlite.backup import backup_file
from bot.storage.sqlite.connection import UnusableDatabase
from bot.storage.store import Storage

DEFAULT_DATABASE = Path("./data/games.sqlite3")


def database_target(given: str | None) -> Path | str:
    """--db, else DATABASE_URL, else DATABASE_PATH (environment over .env), else the default file."""
    if given:
        return given if is_database_url(given) else Path(given)
    env_file = read_env_file(Path(".env"))
    url = os.environ.get("DATABASE_URL") or env_file.get("DATABASE_URL")
    if url:
        return url
    return Path(os.environ.get("DATABASE_PATH") or env_file.get("DATABASE_PATH") or DEFAULT_DATABASE)


async def backup(db: Path | str, target: Path) -> int:
    if isinstance(db, str):
        return await backup_postgres(db, target)
    written = await backup_file(db, target)  # any schema version: the copy before an upgrade
    # Check the copy itself, with plain sqlite3 so nothing is written to it.
    with sqlite3.connect(f"file:{written}?mode=ro", uri=True) as conn:
        verdict = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    conn.close()
    if verdict != ["ok"]:
        print(f"backup {written} fails its integrity check: {'; '.join(verdict[:5])}")
        return 1
    print(f"backup written and checked: {written} ({written.stat().st_size / 1e6:.1f} MB)")
    return 0


async def backup_postgres(url: str, target: Path) -> int:
    from bot.storage.postgres.dump import check_dump, dump_database

    written = await dump_database(url, target)  # any schema version, as it is
    entries = await check_dump(written)
    print(f"backup written and checked: {written} ({written.stat().st_size / 1e6:.1f} MB, pg_dump archive "
          f"of {entries} entries; restore with pg_restore)")
    return 0


async def check_db(db: Path | str, *, all_games: bool) -> int:
    store = await Storage.open(db, migrate_schema=False)
    problems = 0
    try:
        for line in await store.integrity_problems():
            print(f"integrity: {line}")
            problems += 1
        statuses = None if all_games else OPEN_STATUSES
        games = await store.list_games(None, statuses=statuses, limit=1_000_000)
        for record in sorted(games, key=lambda g: g.id):
            label = f"game #{record.id} ({record.game}, {record.status}, channel {record.channel_id})"
            try:
                count = await store.verify_game(record.id)
                loaded = await store.load(record.id)
            except StorageError as exc:
                print(f"{label}: PROBLEM: {exc}")
                problems += 1
                continue
            print(f"{label}: ok, {count} choices replay to every snapshot; loads at {loaded.seq}")
    finally:
        await store.close()
    kind = "games (all)" if all_games else "open games"
    print(f"check-db: {len(games)} {kind} checked, {problems} problem(s)")
    return 1 if problems else 0


def forget_backup_name(db: Path | str, guild_id: int) -> Path:
    """Where the backup before a forget-server goes: beside the SQLite file, else in ./data."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    if isinstance(db, Path):
        return db.with_name(f"{db.stem}.before-forget-{guild_id}-{stamp}{db.suffix or '.sqlite3'}")
    return Path("data") / f"before-forget-{guild_id}-{stamp}.dump"


async def forget_server(db: Path | str, guild_id: int, *, yes: bool, backup_to: Path | None,
                        ask=input) -> int:
    """Everything the bot stores of one server (its games with their choices, boards, messages,
    reminders, results and audit, its answer times, settings and languages), deleted in one
    transaction, after a backup and a confirmation (the server's id typed again, or --yes)."""
    store = await Storage.open(db, migrate_schema=False)
    try:
        counts = await store.guild_rows(guild_id)
        held = {table: n for table, n in counts.items() if n}
        if not held:
            print(f"forget-server: nothing is stored for server {guild_id}")
            return 0
        print(f"server {guild_id}: " + ", ".join(f"{n} {table}" for table, n in held.items()))
        if not yes:
            typed = ask(f"Type the server id ({guild_id}) to delete all of it, after a backup: ").strip()
            if typed != str(guild_id):
                print("forget-server: not confirmed; nothing was changed")
                return 1
    finally:
        await store.close()
    target = backup_to or forget_backup_name(db, guild_id)
    if await backup(db, target):
        print("forget-server: the backup failed; nothing was changed")
        return 1
    store = await Storage.open(db, migrate_schema=False)
    try:
        await store.forget_guild(guild_id)
        left = {table: n for table, n in (await store.guild_rows(guild_id)).items() if n}
    finally:
        await store.close()
    if left:
        print(f"forget-server: rows of server {guild_id} are still there: {left}")
        return 1
    print(f"forget-server: every row of server {guild_id} deleted. The backup {target} still holds them: "
          "delete it once it is no longer needed to undo this")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Database tools.")
    parser.add_argument("--db", help="database file or postgresql:// URL (default: DATABASE_URL, else "
                                     "DATABASE_PATH, else ./data/games.sqlite3)")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("backup", help="write a consistent copy of the database to PATH")
    copy.add_argument("path", help="a new file; refused if it exists")
    copy.add_argument("--db", dest="db_sub", help=argparse.SUPPRESS)
    check = commands.add_parser("check-db", help="integrity check, and every open game replays exactly")
    check.add_argument("--all", action="store_true", help="check finished and abandoned games too")
    check.add_argument("--db", dest="db_sub", help=argparse.SUPPRESS)
    forget = commands.add_parser("forget-server", help="delete everything stored of one Discord server, "
                                                       "after a backup and a confirmation")
    forget.add_argument("server_id", type=int, help="the server's (guild's) id")
    forget.add_argument("--yes", action="store_true", help="do not ask to confirm (scripts)")
    forget.add_argument("--backup", type=Path, help="where the backup goes (default: beside the SQLite file, "
                                                    "or ./data for PostgreSQL)")
    forget.add_argument("--db", dest="db_sub", help=argparse.SUPPRESS)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    db = args.db_sub or args.db
    try:
        db = database_target(db)
        if args.command == "backup":
            return asyncio.run(backup(db, Path(args.path)))
        if args.command == "forget-server":
            return asyncio.run(forget_server(db, args.server_id, yes=args.yes, backup_to=args.backup))
        return asyncio.run(check_db(db, all_games=args.all))
    except UnusableDatabase as exc:
        print(f"error: cannot use the database {db}: {exc}", file=sys.stderr)
        return 1
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (sqlite3.Error, SettingsError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: {exc.filename or db}: {exc.strerror or exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
