"""Every script in bench/ runs to the end with its smallest arguments (issue 24).

Nothing else runs them, so a change of the engine's or the bot's contract broke one unseen
(bench/render.py on a Warriors & Traders decision of amounts only). The figures they print are
not checked here (timings belong to the scripts themselves); that they print some and exit 0 is.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# script -> its smallest run (a few seconds). Modules that only serve another script are run
# through it (RUN_THROUGH); bench/cpu_split.py is imported by bench/e2e_load.py --profile
# (tests/test_cpu_split.py checks its split), bench/stages.py is the plugin --stages loads
# into the bot (tests/test_bench_stages.py).
SMALLEST = {
    "ai.py": ["--games", "1", "--greedy-games", "1", "--selfplay-games", "1", "--budget-ms", "5",
              "--game", "byzantium"],
    "e2e_load.py": ["--games", "1", "--choices", "2"],
    "e2e_load.py --profile": ["--games", "1", "--choices", "2", "--profile"],
    "e2e_load.py --stages": ["--games", "1", "--choices", "2", "--stages"],
    "engine.py": ["--games", "1", "--runs", "1", "--max-steps", "50"],
    "pbp.py": ["--games", "1", "--quiet", "--bot-games", "1", "--bot-steps", "10"],
    "pbp.py W&T": ["--game", "warriors_traders", "--games", "1", "--quiet"],
    "render.py": ["--runs", "1"],
    "storage.py": ["--choices", "20", "--repeats", "2"],
    "suite.py": ["--", "-q", "-p", "no:cacheprovider", "tests/test_locks.py"],
    "wt_scores.py": ["--games", "1", "--players", "2"],
}
RUN_THROUGH = {"pbp_bot.py": "pbp.py", "pbp_wt.py": "pbp.py W&T", "cpu_split.py": "e2e_load.py --profile",
              "stages.py": "e2e_load.py --stages"}


def test_every_bench_script_has_a_smallest_run():
    scripts = {path.name for path in (ROOT / "bench").glob("*.py") if path.name != "__init__.py"}
    covered = {name.split()[0] for name in SMALLEST} | set(RUN_THROUGH)
    assert scripts <= covered, f"bench scripts nobody runs: {sorted(scripts - covered)} (add them to SMALLEST)"


@pytest.mark.parametrize("name", sorted(SMALLEST))
def test_the_bench_script_runs_to_the_end(name, tmp_path):
    script = ROOT / "bench" / name.split()[0]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(script), *SMALLEST[name]], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{name}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    assert any(char.isdigit() for char in done.stdout), f"{name} printed no figure:\n{done.stdout[-2000:]}"
