"""Where a bot process's CPU goes: py-spy's samples of it sorted into the parts of a choice.

    py-spy record --pid PID --nonblocking -r 200 -f raw -o bot.prof     # while the bot plays
    python bench/cpu_split.py bot.prof --cpu 4.2 --choices 100

bench/e2e_load.py --profile does both around its games and prints the same table. Each sample
is one thread's Python stack at one moment; a thread that waits (a queue, a lock, the
selector) is no CPU and is left out. What remains is shared out in proportion to the samples,
so the parts add up to the process's CPU time (`--cpu`, from /proc) divided by the choices.
On a loaded machine a thread waiting for a core is sampled as running: the shares are right
in proportion, the absolute split comes from the measured CPU time, not from the samples.
The database thread's samples are SQLite's C code at work, but also its fdatasync at each
commit and its waits for the GIL (a native profile, `py-spy record --native`, shows them
apart: on 2026-11-28 most of that thread's samples were waits): that part is an upper bound,
and every other part is a little more than it shows.
"""

from __future__ import annotations

import argparse
import collections
import inspect
import re
import sys
from collections.abc import Iterable
from functools import cache

FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*?):(?P<line>\d+)\)$")

# The parts, in the order they are printed.
PARTS = (
    "engine (rules: apply, pending, options; replays)",
    "snapshots and state JSON (engine dumps/loads)",
    "storage (queries, records, aiosqlite calls)",
    "database thread (SQLite; with its waits for the disk and the GIL)",
    "text (messages, translations, layout)",
    "close-up: board scene",
    "close-up: crop, strip",
    "close-up: PNG encoding",
    "whole board: scene",
    "whole board: PNG encoding",
    "history, replays, score chart (drawn)",
    "both at once (before issue 30): scene",
    "both at once (before issue 30): crop, strip",
    "both at once (before issue 30): PNG encoding",
    "bot service (prompts, posts, turn messages)",
    "discord.py, HTTP, gateway",
    "asyncio loop, threads, other",
)


# A frame's kind (_kind) -> its part.
NAMES = {"engine": PARTS[0], "snapshots": PARTS[1], "storage": PARTS[2], "text": PARTS[4],
         "bot": "bot service (prompts, posts, turn messages)", "discord": "discord.py, HTTP, gateway",
         None: "asyncio loop, threads, other"}


@cache
def _line_of(module_name: str, function: str, needle: str) -> int | None:
    """The line of `needle` in a library function (where its thread blocks), to tell a wait
    from work in the same function."""
    try:
        module = __import__(module_name, fromlist=["_"])
        lines, start = inspect.getsourcelines(getattr(module, function))
    except Exception:
        return None
    return next((start + i for i, line in enumerate(lines) if needle in line), None)


def _waiting(leaf: str) -> bool:
    """A thread blocked rather than running: no CPU."""
    match = FRAME.match(leaf)
    if match is None:
        return False
    function, file, line = match["function"], match["file"], int(match["line"])
    if function.endswith(".wait") or function.endswith(".select") or function in ("Queue.get", "SimpleQueue.get"):
        return True
    if file.endswith("concurrent/futures/thread.py") and function == "_worker":
        return line == _line_of("concurrent.futures.thread", "_worker", "work_queue.get(block=True)")
    if file.endswith("aiosqlite/core.py") and function == "_connection_worker_thread":
        return line == _line_of("aiosqlite.core", "_connection_worker_thread", "tx.get()")
    return False


def _kind(frame: str) -> str | None:
    """The part a frame belongs to (None: a frame that does not decide it)."""
    match = FRAME.match(frame)
    if match is None:
        return None
    function, file = match["function"], match["file"]
    if file.startswith("engine/"):
        if file == "engine/text.py":
            return "text"
        if function.split(".")[-1] in ("dumps", "loads", "to_json", "from_json"):
            return "snapshots"
        return "engine"
    if file.startswith("bot/storage/") or "aiosqlite/" in file or "sqlite3/" in file or "asyncpg/" in file:
        return "storage"
    if file in ("bot/service/text.py", "bot/discord_ui/translator.py", "bot/discord_ui/message_parts.py") \
            or file.endswith("/gettext.py") or file.startswith("locales/"):
        return "text"
    if function in ("dumps", "loads") and file.endswith(("json/__init__.py", "json/encoder.py", "json/decoder.py")):
        return "json"
    if file.startswith("bot/"):
        return "bot"
    if "discord/" in file or "aiohttp/" in file or "yarl/" in file or "multidict/" in file:
        return "discord"
    return None


def _picture(frames: list[str]) -> str | None:
    """The part of a sample taken in the render pool: which picture, and which step of it."""
    entry = None
    for frame in frames:
        if "(bot/service/pictures/render_pool.py" in frame and frame.startswith("_render_views "):
            entry = "both at once (before issue 30)"  # the close-up and the whole board, every choice
        elif "(bot/service/pictures/render_pool.py" in frame and frame.startswith("_render_close_up "):
            entry = "close-up"
        elif "(bot/service/pictures/render_pool.py" in frame and frame.startswith("_render "):
            entry = "whole board"
        elif "(bot/service/past/story.py" in frame or "(render/chart.py" in frame or "(render/animation.py" in frame:
            return "history, replays, score chart (drawn)"
    if entry is None:
        return None
    for frame in reversed(frames):
        if frame.startswith("encode_png "):
            return f"{entry}: PNG encoding"
        if frame.startswith("draw_inline "):
            return "close-up: crop, strip" if entry == "close-up" else f"{entry}: crop, strip"
    return "close-up: board scene" if entry == "close-up" else f"{entry}: scene"


def classify(frames: list[str]) -> str | None:
    """The part of one sample (root first), or None for a thread that waits."""
    if not frames or _waiting(frames[-1]):
        return None
    if any(f.startswith("_connection_worker_thread (aiosqlite/core.py:") for f in frames):
        # SQLite's own C code shows as the thread's line or the statement's: its work, and its
        # fdatasync at a commit and its waits for the GIL, which only a native profile (py-spy
        # --native) tells apart. Whole transactions run in this thread (their bodies' Python too).
        return "database thread (SQLite; with its waits for the disk and the GIL)"
    picture = _picture(frames)
    if picture is not None:
        return picture
    kinds = [k for k in (_kind(f) for f in reversed(frames)) if k is not None]
    first = kinds[0] if kinds else None
    if first == "text" and next((k for k in kinds if k != "text"), None) == "engine":
        first = "engine"  # an option's label built by the rules is the rules' work
    if first == "json":  # a JSON round trip: the state's (snapshots) or a record's (storage)
        first = next((k for k in kinds[1:] if k in ("snapshots", "storage")), "storage")
    return NAMES[first]


def read_samples(lines: Iterable[str], command: str | None = "-m bot") -> collections.Counter:
    """Samples per part from py-spy's raw output (`stack count` lines, frames joined by `;`);
    with --subprocesses, only the processes whose command line holds `command`."""
    parts: collections.Counter = collections.Counter()
    for line in lines:
        line = line.rstrip("\n")
        if not line:
            continue
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        processes = [f for f in frames if f.startswith("process ")]
        if processes and (command is None or not any(command in p for p in processes)):
            continue
        frames = [f for f in frames if not f.startswith("process ") and not f.startswith("thread ")]
        part = classify(frames)
        if part is not None:
            parts[part] += int(count)
    return parts


def table(parts: collections.Counter, cpu_seconds: float, choices: int) -> list[str]:
    """The split in ms of CPU per choice, each part and the total."""
    total = sum(parts.values()) or 1
    per_choice = cpu_seconds * 1000 / max(choices, 1)
    width = max(len(p) for p in PARTS)
    rows = [f"  {part:<{width}}  {parts[part] / total * per_choice:6.1f} ms  {parts[part] / total * 100:5.1f} %"
            for part in PARTS if parts[part]]
    rows.append(f"  {'all (the process CPU time / choices)':<{width}}  {per_choice:6.1f} ms  "
                f"({total} samples)")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile", help="py-spy record -f raw output")
    parser.add_argument("--cpu", type=float, required=True, help="the process's CPU seconds over the samples")
    parser.add_argument("--choices", type=int, required=True)
    parser.add_argument("--command", default="-m bot", help="with --subprocesses: the process to count")
    args = parser.parse_args(argv)
    with open(args.profile) as lines:
        parts = read_samples(lines, args.command)
    print("\n".join(table(parts, args.cpu, args.choices)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
