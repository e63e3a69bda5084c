"""Opening one SQLite connection, and saying plainly what is wrong with a file that will not do.

Every failure here closes the connection it opened (an aiosqlite connection left open keeps its
worker thread, and with it the process, alive forever) and becomes an `UnusableDatabase` whose
message is one line: what is wrong, that it will not fix itself, and what the operator does.
"""

from __future__ import annotations

import os
import sqlite3

import aiosqlite

from bot.storage.records import StorageError

# Waiting for another process's write lock (a backup, check-db) before giving up.
BUSY_TIMEOUT_MS = 5000

# FULL, not NORMAL: in WAL mode NORMAL survives a process crash but may lose the last
# commits on power loss or an OS crash, and the bot announces a choice to the players as
# soon as it is committed. FULL syncs the WAL at every commit, so a confirmed choice stays.
SYNCHRONOUS = "FULL"

_RESTORE = ("keep the file aside for inspection, restore the latest backup that "
            "`python -m bot check-db --db BACKUP` passes (docs/operations.md, Backups), then start again")


class UnusableDatabase(StorageError):
    """The database file cannot serve the bot: not SQLite, damaged, read-only or unreachable.
    None of these goes away by waiting; the message says what the operator must do."""


def unusable(exc: BaseException) -> UnusableDatabase:
    """The operator's sentence for an error SQLite or the OS gave on opening or checking a file."""
    text = str(exc) if isinstance(exc, sqlite3.Error) else (getattr(exc, "strerror", None) or str(exc))
    lowered = text.lower()
    if "not a database" in lowered or "file is encrypted" in lowered:
        return UnusableDatabase(f"it is not a SQLite database, or its first page is damaged ({text}). "
                                f"Check DATABASE_PATH names the right file; if it does, {_RESTORE}")
    if "malformed" in lowered or "corrupt" in lowered:
        return UnusableDatabase(f"it is damaged ({text}); this will not fix itself: {_RESTORE}")
    if "readonly" in lowered or "read-only" in lowered:
        return read_only(text)
    if "unable to open" in lowered:
        return UnusableDatabase(
            f"SQLite cannot open it ({text}): the file, its -wal and -shm files or its folder are not "
            "readable and writable by the user running the bot, or the disk is read-only. This will not "
            "fix itself: fix the permissions (or remount the disk read-write), then start again")
    return UnusableDatabase(f"{type(exc).__name__}: {text}")


def read_only(detail: str) -> UnusableDatabase:
    return UnusableDatabase(
        f"it is read-only ({detail}): games could be read but no choice ever stored, and this will "
        "not fix itself. Make the file, its -wal and -shm files and its folder writable by the user "
        "running the bot (or remount the disk read-write), then start again")


async def connect(path: str | os.PathLike) -> aiosqlite.Connection:
    """A connection with the settings every connection here needs (see module constants)."""
    try:
        conn = await aiosqlite.connect(str(path), isolation_level=None)  # explicit transactions only
    except sqlite3.Error as exc:  # aiosqlite stops its thread itself when the open fails
        raise unusable(exc) from None
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        async with conn.execute("PRAGMA journal_mode = WAL") as cur:
            mode = (await cur.fetchone())[0]
        if mode != "wal":
            raise UnusableDatabase(f"could not switch it to WAL journal mode (got {mode!r}); "
                                   "is the file or its folder read-only?")
        await conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException as exc:
        await conn.close()
        if isinstance(exc, sqlite3.Error):
            raise unusable(exc) from None
        raise
    return conn


async def check_health(conn: aiosqlite.Connection) -> None:
    """At start-up: SQLite's quick check (a damaged file is said at once, not at the first game
    that touches a bad page), and one real committed write (a read-only file or disk answers
    reads and refuses every write, which the players would see as "try again" forever)."""
    try:
        rows = await conn.execute_fetchall("PRAGMA quick_check")
    except sqlite3.Error as exc:
        raise unusable(exc) from None
    problems = [r[0] for r in rows if r[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3]) + (f" and {len(problems) - 3} more" if len(problems) > 3 else "")
        raise UnusableDatabase(f"it is damaged (quick_check: {shown}); this will not fix itself: {_RESTORE}")
    try:
        version = (await conn.execute_fetchall("PRAGMA user_version"))[0][0]
        await conn.execute("BEGIN IMMEDIATE")
        # Rewrites the header with the value it has: a real write that changes nothing.
        await conn.execute(f"PRAGMA user_version = {int(version)}")
        await conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        if "readonly" in str(exc).lower() or "read-only" in str(exc).lower():
            raise read_only(str(exc)) from None
        raise unusable(exc) from None
