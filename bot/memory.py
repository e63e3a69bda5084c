"""How the bot process's C allocator keeps memory (issue 30).

glibc's malloc gives threads their own heaps ("arenas", up to eight per core); the bot's drawing,
database and event-loop threads then each keep the memory they freed, and the process's peak
grows with them. Two arenas, as MALLOC_ARENA_MAX=2 would set, held the 100-game load run at
280 MiB instead of 296-298 with no more CPU per choice (bench/e2e_load.py, docs/operations.md).
A host that sets MALLOC_ARENA_MAX itself keeps its own value; other C libraries are left alone.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable, Mapping

M_ARENA_MAX = -8  # glibc's malloc.h
ARENAS = 2


def _glibc() -> ctypes.CDLL:
    return ctypes.CDLL("libc.so.6")


def few_malloc_arenas(environ: Mapping[str, str] = os.environ,
                      load_libc: Callable[[], object] = _glibc) -> bool:
    """Limit glibc's arenas before any thread starts; True when the limit was set here."""
    if environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        mallopt = load_libc().mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS, Windows): nothing to set
        return False
    return mallopt(M_ARENA_MAX, ARENAS) == 1
