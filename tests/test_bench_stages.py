"""bench/stages.py times a choice stage by stage inside the bot (issue 30): it wraps the bot's
functions by name, so it must still find every one of them, and its summary must read what the
bot wrote."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.stages import STAGES, summary

ROOT = Path(__file__).resolve().parents[1]


def test_every_function_it_times_is_still_there():
    # In a process of its own: installing wraps the bot's functions for good.
    done = subprocess.run([sys.executable, "-c", "import bench.stages as s; s.install(); print('ok')"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_the_summary_gives_each_stage_per_choice(tmp_path):
    # Two choices: the second never waited for a render thread (a stage it lacks counts as 0).
    per_choice = {"total": [1.0, 2.0], "gateway": [0.01, 0.03], "close-up queue": [0.5],
                  "db read n": [14, 12], "db reads": [0.2, 0.4]}
    path = tmp_path / "stages.json"
    path.write_text(json.dumps({"per_choice": per_choice, "loop_lag": [0.001, 0.002, 0.1],
                                "groups": [[0.004, 5], [0.006, 7]]}))
    rows = summary(path)
    by_label = {row[:60].strip(): row[60:].split() for row in rows[1:len(STAGES) + 1]}
    assert by_label["click -> handling done"] == ["1500.0", "1000.0", "2000.0", "ms"]
    assert by_label["of which waiting for a render thread"] == ["250.0", "0.0", "500.0", "ms"]
    assert by_label["how many reads"] == ["13.0", "12.0", "14.0"]  # a count, not in ms
    assert "2 for 12 writes (6.0 each)" in rows[len(STAGES) + 1]
    assert "max 100 ms" in rows[-1]
