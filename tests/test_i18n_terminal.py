"""The terminal in the players' language (issue 17): `python -m engine play ... --lang it`, and a
whole game of every game in the pseudo-language leaves no word untranslated."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import get_game
from engine.core import enumerate_answers
from engine.terminal import CLEAR, Terminal
from locales import PSEUDO
from locales.pseudo import unwrapped

ROOT = Path(__file__).resolve().parent.parent
OPTION_ID = re.compile(r"\s*\[[^\]⟦⟧]*\]$")  # "  [take:Damascus]": what a player types, not words
SEEDS = {"alexander": 0, "byzantium": 5, "warriors_traders": 5}  # whole games of a few thousand steps at most


def play_in(lang: str, name: str, seed: int, players: list[str]):
    """A whole game at the terminal, every seat answering at random; returns the lines shown and the game."""
    game = get_game(name)
    rng = random.Random(seed)
    state = [game.setup(players, seed, {})]
    shown: list[str] = []

    def ask(_prompt: str) -> str:
        # The pending answers of every seat: the terminal refuses those not asked now and asks again.
        answers = [a for d in game.pending(state[0]) for a in enumerate_answers(d, 20)]
        return rng.choice(answers) if answers else ""

    terminal = Terminal(game, ask=ask, say=shown.append, lang=lang)
    terminal.on_change = lambda new, _events: state.__setitem__(0, new)
    final = terminal.play(state[0])
    return shown, game, final


def untranslated(shown: list[str], players: list[str]) -> list[str]:
    found = []
    for line in shown:
        if line == CLEAR:
            continue
        rest = unwrapped(OPTION_ID.sub("", line), allowed=tuple(players))
        if rest:
            found.append(line)
    return found


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_a_whole_terminal_game_in_the_pseudo_language_leaves_no_word_untranslated(name):
    players = ["Ann", "Bo", "Cy"][: max(get_game(name).min_players, 3 if name == "byzantium" else 2)]
    shown, game, final = play_in(PSEUDO, name, SEEDS.get(name, 1), players)
    assert game.is_over(final)
    assert len(shown) > 100
    bad = untranslated(shown, players)
    assert bad == [], "\n".join(bad[:20])


def test_the_same_game_in_english_has_no_pseudo_marks():
    shown, _game, _final = play_in("en", "byzantium", 5, ["Ann", "Bo", "Cy"])
    assert not any("⟦" in line for line in shown)
    assert any("Round 1 of 3" in line for line in shown)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_play_lang_it_speaks_italian():
    """The engine's own refusal, from a catalogue already translated (engine/core.py)."""
    result = run("play", "byzantium", "--players", "Ann", "--lang", "it")
    assert result.returncode == 2
    assert result.stderr.strip() == "Byzantium richiede da 2 a 4 giocatori, non 1."
    assert run("play", "byzantium", "--players", "Ann").stderr.strip() == "Byzantium needs 2 to 4 players, not 1."


def test_play_lang_qps_wraps_the_terminal_s_own_words(tmp_path):
    result = subprocess.run([sys.executable, "-m", "engine", "play", "byzantium", "--players", "Ann,Bo", "--seed", "3",
                             "--lang", "qps"], input="99\nq\n", capture_output=True, text=True, cwd=tmp_path,
                            timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if not line.startswith("> ")]
    assert lines and untranslated(lines, ["Ann", "Bo"]) == []


def test_a_language_the_bot_does_not_have_is_refused():
    result = run("play", "byzantium", "--players", "Ann,Bo", "--lang", "fr")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr


def test_replay_lang_prints_the_summary_s_texts_in_that_language(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"game": "warriors_traders", "players": ["Ann", "Bo"], "seed": 3, "options": {}, "choices": []}')
    english = run("replay", str(path))
    pseudo = run("replay", str(path), "--lang", "qps")
    assert english.returncode == pseudo.returncode == 0, pseudo.stderr
    assert "⟦" not in english.stdout
    assert "⟦" in pseudo.stdout
