"""`python -m render FILE -o board.png`: replays, wrapped states and bare states all draw."""

import io
import json

from PIL import Image

from engine import get_game
from render.__main__ import main

GAME = get_game("byzantium")


def play(choices_wanted: int):
    """A replay record of a 3-player game: the first option of each decision, `choices_wanted` times."""
    state = GAME.setup(["Ann", "Bo", "Cy"], 4, {})
    choices = []
    while len(choices) < choices_wanted and not GAME.is_over(state):
        decision = GAME.pending(state)[0]
        option = decision.options[-1].id
        choices.append([decision.player, option])
        state, _ = GAME.apply(state, decision.player, option)
    return {"game": "byzantium", "players": ["Ann", "Bo", "Cy"], "seed": 4, "options": {}, "choices": choices}, state


def png_at(path) -> Image.Image:
    image = Image.open(io.BytesIO(path.read_bytes()))
    image.load()
    return image


def test_a_replay_is_drawn_at_its_end_and_equals_the_state_drawn_directly(tmp_path):
    record, state = play(12)
    (tmp_path / "replay.json").write_text(json.dumps(record))
    (tmp_path / "state.json").write_text(GAME.dumps(state))
    assert main([str(tmp_path / "replay.json"), "-o", str(tmp_path / "a.png")]) == 0
    assert main([str(tmp_path / "state.json"), "-o", str(tmp_path / "b.png")]) == 0
    assert png_at(tmp_path / "a.png").size == png_at(tmp_path / "b.png").size
    # The replay's picture also highlights the last action, so only the board state must agree:
    # drawing the bare state and the wrapped state gives the very same bytes.
    (tmp_path / "wrapped.json").write_text(json.dumps({"game": "byzantium", "state": json.loads(GAME.dumps(state))}))
    assert main([str(tmp_path / "wrapped.json"), "-o", str(tmp_path / "c.png")]) == 0
    assert (tmp_path / "b.png").read_bytes() == (tmp_path / "c.png").read_bytes()


def test_a_replay_can_be_drawn_at_an_earlier_step(tmp_path):
    record, _ = play(12)
    (tmp_path / "replay.json").write_text(json.dumps(record))
    assert main([str(tmp_path / "replay.json"), "-o", str(tmp_path / "early.png"), "--step", "3"]) == 0
    assert main([str(tmp_path / "replay.json"), "-o", str(tmp_path / "end.png")]) == 0
    assert (tmp_path / "early.png").read_bytes() != (tmp_path / "end.png").read_bytes()


def test_unreadable_files_are_refused_with_a_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    for content in ("not json", "[1, 2]", '{"x": 1}', '{"game": "byzantium", "players": ["A", "B"], "seed": 1, "choices": [["A", "nonsense"]]}'):
        bad.write_text(content)
        assert main([str(bad), "-o", str(tmp_path / "out.png")]) == 1
        assert "cannot draw" in capsys.readouterr().err
    assert not (tmp_path / "out.png").exists()


def test_a_fresh_process_draws_the_same_bytes(tmp_path):
    """No hidden state: the command in a new interpreter gives what this process renders."""
    import subprocess
    import sys
    from pathlib import Path

    from render import render_png

    _, state = play(20)
    (tmp_path / "state.json").write_text(GAME.dumps(state))
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-m", "render", str(tmp_path / "state.json"), "-o", str(tmp_path / "fresh.png")],
        cwd=root, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    assert (tmp_path / "fresh.png").read_bytes() == render_png("byzantium", state)
