"""The test suite's wall time and peak memory, as docs/development.md states them (issue 24).

    python bench/suite.py                      # the README's pytest command, from this checkout
    python bench/suite.py -- -q tests/test_locks.py   # any pytest arguments after --

Runs pytest (with the arguments README.md's test command gives it, unless others follow `--`),
samples the resident memory of pytest and every process it starts (xdist workers, bot
processes, the PostgreSQL server) every 0.2 s, and prints the wall time, the peak of their sum,
the machine's load average before and after, and pytest's own last line. Run it on an idle
machine for the figures of docs/development.md: other work on the machine slows the suite.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]


def readme_pytest_args() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- test-command -->", 1)[1].split("<!-- /test-command -->", 1)[0]
    match = re.search(r"-m pytest([^\n`&]*)", block)
    return match[1].split() if match else []


def tree_rss(proc: psutil.Process) -> int:
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total


def main() -> None:
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else readme_pytest_args()
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "pytest", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    watched = psutil.Process(proc.pid)
    peak = 0

    def sample() -> None:
        nonlocal peak
        while proc.poll() is None:
            peak = max(peak, tree_rss(watched))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    output = proc.communicate()[0]
    sampler.join()
    wall = time.monotonic() - started
    last = [line for line in output.splitlines() if line.strip()][-1:] or ["(no output)"]
    print(f"pytest {' '.join(args)}")
    print(f"wall time        {wall / 60:.1f} min ({wall:.0f} s)")
    print(f"peak memory      {peak / 2**20:,.0f} MiB (pytest and every process it started, summed)")
    print(f"load average     {load_before:.1f} before, {os.getloadavg()[0]:.1f} after ({os.cpu_count()} cores)")
    print(f"pytest said      {last[0]}")
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            print(line)
    sys.exit(proc.returncode)


if __name__ == "__main__":
    main()
