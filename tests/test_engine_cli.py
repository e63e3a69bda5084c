"""The engine's command line: replay files (good, malformed, illegal), fuzz and terminal play."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import IllegalAction, get_game

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def write(tmp_path: Path, record) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    return path


def test_replay_prints_the_final_summary(tmp_path):
    choices = [["Ann", "take:Damascus"], ["Bo", "pref:cube_source=ask"], ["Bo", "take:Mecca"], ["Bo", "source:casualty"]]
    record = {"game": "byzantium", "players": ["Ann", "Bo"], "seed": 3, "options": {"first": "Ann"},
              "choices": choices}
    result = run("replay", str(write(tmp_path, record)))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["version"] == 4
    assert out["summary"]["cities"]["Damascus"]["controller"] == "Ann"
    assert out["summary"]["cities"]["Mecca"]["controller"] == "Bo"
    assert out["summary"]["players"]["Bo"]["treasury"]["arab"] == 2


def test_replay_names_the_step_of_an_illegal_choice(tmp_path):
    record = {"game": "byzantium", "players": ["Ann", "Bo"], "seed": 3, "options": {"first": "Ann"},
              "choices": [["Ann", "take:Damascus"], ["Bo", "source:available"]]}
    result = run("replay", str(write(tmp_path, record)))
    assert result.returncode == 1
    assert "step 2 (Bo: source:available)" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text, message", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"game": "byzantium", "players": ["A", "B"], "choices": []}', "'seed'"),
    ('{"game": "chess", "players": ["A", "B"], "seed": 1, "choices": []}', "no game called 'chess'"),
    ('{"game": "byzantium", "players": ["A"], "seed": 1, "choices": []}', "2 to 4 players"),
    ('{"game": "byzantium", "players": ["A", "B"], "seed": 1, "choices": [["A"]]}', "choice 1"),
])
def test_a_malformed_replay_file_gets_one_clear_line(tmp_path, text, message):
    result = run("replay", str(write(tmp_path, text)))
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_binary_garbage_gets_one_line_not_a_traceback(tmp_path):
    """Issue 18 item 11: a file that is not text (here bytes no UTF-8 text starts with)."""
    path = tmp_path / "game.json"
    path.write_bytes(bytes([0xAA, 0xFF, 0x00, 0x81]) * 700)
    result = run("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.strip() == "replay failed: the file is not UTF-8 text (a replay is a JSON file)"


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000])
def test_deeply_nested_json_gets_one_line_not_a_traceback(tmp_path, text):
    """Issue 18 item 11: nesting deep enough to exhaust the JSON parser's recursion."""
    result = run("replay", str(write(tmp_path, text)))
    assert result.returncode == 1
    assert result.stderr.strip() == "replay failed: the file nests too deeply to be a replay"


def test_a_missing_replay_file_is_reported(tmp_path):
    result = run("replay", str(tmp_path / "nope.json"))
    assert result.returncode == 1 and "replay failed" in result.stderr


def test_fuzz_plays_games_to_the_end_and_reports_rates():
    result = run("fuzz", "byzantium", "--games", "6", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("6 games, ") and "no invariant broken" in result.stdout


def test_terminal_play_takes_numbers_and_option_ids_and_saves_a_replay(tmp_path):
    # The start player takes the first city offered (its cube comes from the free pool by itself), the
    # next raises taxes, typing the amounts on one line after a refused answer, then they quit.
    result = run("play", "byzantium", "--players", "Ann,Bo,Cy", "--seed", "9",
                 stdin="1\ntax\nbyzantine=3\nbyz=4 arab=2\nq\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    saved = json.loads((tmp_path / "replay-byzantium-9.json").read_text())
    assert [c[1] for c in saved["choices"]] == [saved["choices"][0][1], "tax", "tax:byzantine=4,arab=2"]
    assert saved["choices"][0][1].startswith("take:")
    assert "takes control of" in result.stdout and "raises taxes with 3 cubes" in result.stdout
    assert "Take a Byzantine city in the Balkans:" in result.stdout  # the options under their groups
    # byzantine=3 is an odd number of bezants: refused right under the prompt, which is not shown again.
    refused = result.stdout.index("goes in steps of 2 from 2; these numbers make 3.")  # why (issue 28 item 11)
    assert result.stdout.count("Taxes: how many cubes") == 1 and refused > result.stdout.index("Taxes: how many")


def test_terminal_play_takes_setup_options_and_saves_them_with_the_replay(tmp_path):
    result = run("play", "warriors_traders", "--players", "Ann,Bo", "--seed", "5", "--option", "map=east",
                 "--option", "variant=balkans2", "--option", 'nations={"Ann": "croatia", "Bo": "bulgaria"}',
                 stdin="1\nq\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "East Europe map, balkans2 variant" in result.stdout
    saved = json.loads((tmp_path / "replay-warriors_traders-5.json").read_text())
    assert saved["options"] == {"map": "east", "variant": "balkans2", "nations": {"Ann": "croatia", "Bo": "bulgaria"}}
    replayed = run("replay", str(tmp_path / "replay-warriors_traders-5.json"))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["summary"]["variant"] == "balkans2"


@pytest.mark.parametrize("args, message", [
    (["--option", "map"], "KEY=VALUE"),
    (["--option", "map=mars"], "no map 'mars'"),
])
def test_terminal_play_refuses_bad_options_in_one_line(tmp_path, args, message):
    result = run("play", "warriors_traders", "--players", "Ann,Bo", *args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_game_and_bad_setups_raise_illegal_action():
    with pytest.raises(IllegalAction, match="no game called"):
        get_game("monopoly")
    game = get_game("byzantium")
    for players in (["A"], ["A", "B", "C", "D", "E"], ["A", "A"]):
        with pytest.raises(IllegalAction):
            game.setup(players, 1, {})
    with pytest.raises(IllegalAction, match="no option 'colour'"):
        game.setup(["A", "B"], 1, {"colour": "red"})
    with pytest.raises(IllegalAction, match="Pinned dice"):
        game.setup(["A", "B"], 1, {"dice": [7]})
    assert issubclass(IllegalAction, ValueError)
