"""Backups of a PostgreSQL database: `pg_dump` in its custom format, private, synced, never partial.

As for SQLite (bot/storage/sqlite/backup.py) the archive is written as `<target>.partial`
(created 0600), synced, renamed to its name, then read back with `pg_restore --list`: a file
under the backup's name is always whole. The password travels in PGPASSWORD, never in the
command line (which every user of the machine can read in `ps`).

pg_dump must be at least the server's version: PG_DUMP names one; else the one beside the
`pgserver` package's server (the tests' PostgreSQL) when it is installed; else `pg_dump` on PATH.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from bot.storage.records import StorageError
from bot.storage.sqlite.backup import fsync_and_rename
from bot.storage.sqlite.files import create_private_empty


def find_tool(name: str) -> str:
    """The path of pg_dump or pg_restore (see the module's docstring), or StorageError."""
    given = os.environ.get("PG_DUMP")
    if given:
        candidate = Path(given).with_name(name) if name != "pg_dump" else Path(given)
        if candidate.is_file():
            return str(candidate)
    try:
        from pgserver._commands import POSTGRES_BIN_PATH  # the dev extra's server, when installed
    except ImportError:
        pass
    else:
        if (POSTGRES_BIN_PATH / name).is_file():
            return str(POSTGRES_BIN_PATH / name)
    found = shutil.which(name)
    if found is None:
        raise StorageError(f"{name} is not installed: install PostgreSQL's client programs "
                           "(Debian: apt-get install postgresql-client) or set PG_DUMP to its path")
    return found


def split_password(url: str) -> tuple[str, dict[str, str]]:
    """The URL without its password, and the environment that gives libpq the password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url, {}
    netloc = parts.netloc.rsplit("@", 1)
    user = parts.username or ""
    bare = urlunsplit(parts._replace(netloc=f"{user}@{netloc[1]}" if len(netloc) == 2 else netloc[0]))
    return bare, {"PGPASSWORD": unquote(parts.password)}


def without_password(url: str) -> str:
    return split_password(url)[0]


async def _run(args: list[str], env: dict[str, str]) -> str:
    proc = await asyncio.create_subprocess_exec(
        *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env={**os.environ, **env})
    out, err = await proc.communicate()
    if proc.returncode != 0:
        lines = err.decode(errors="replace").strip().splitlines() or [f"exit status {proc.returncode}"]
        raise StorageError(f"{Path(args[0]).name} failed: {lines[-1]}")
    return out.decode(errors="replace")


async def dump_database(url: str, target: str | os.PathLike) -> Path:
    """`pg_dump --format=custom` of the database at `url` into the new file `target`."""
    target = Path(target)
    if target.exists():
        raise StorageError(f"{target} already exists; choose a new name")
    partial = target.with_name(target.name + ".partial")
    bare, env = split_password(url)
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)  # left by a dump that was killed
        create_private_empty(partial)
        await _run([find_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={partial}",
                    f"--dbname={bare}"], env)
        await asyncio.to_thread(fsync_and_rename, partial, target)
    except BaseException as exc:
        partial.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise StorageError(f"cannot write the backup {target}: {exc.strerror or exc}") from None
        raise
    return target


async def check_dump(path: Path) -> int:
    """Read the archive's table of contents back (`pg_restore --list`); returns its entry count."""
    listing = await _run([find_tool("pg_restore"), "--list", str(path)], {})
    return sum(1 for line in listing.splitlines() if line and not line.startswith(";"))


async def restore_dump(archive: Path, url: str) -> None:
    """`pg_restore` an archive into the (new, empty) database at `url`."""
    bare, env = split_password(url)
    await _run([find_tool("pg_restore"), "--no-owner", "--exit-on-error", f"--dbname={bare}", str(archive)], env)


def pre_migration_name(folder: Path, database: str, version: int, now: datetime) -> Path:
    """Where the automatic dump taken before migrating from `version` goes."""
    return folder / f"{database}-schema{version}-before-migration-{now:%Y%m%d-%H%M%S}.dump"
