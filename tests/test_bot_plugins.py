"""Game plugins (GAME_PLUGINS, bot/plugins.py): the setting, the refusal of a stand-in-only plugin on
the real Discord, and the worker processes (bot players, animations) loading the same plugins as the
bot, so a plugin's game is played and drawn there too. The tests' own games come in this way
(tests/tempogame.py, tests/duel_for_bot.py, tests/alexander_for_bot.py, tests/pinned_seed.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tempogame

import engine
from bot.plugins import NO_PLUGINS, PluginError, Plugins
from bot.service.bot_players.bot_pool import Job, ThinkPool
from bot.service.pictures.render_pool import RenderPool
from bot.settings import SettingsError, load_settings

TOKEN = "A" * 24 + ".BBBBBB." + "C" * 27
TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent


def test_the_setting_names_modules_and_refuses_anything_else():
    env = {"DISCORD_TOKEN": TOKEN, "GAME_PLUGINS": "tempogame, mygames.chess"}
    settings = load_settings(env, env_file=None)
    assert settings.plugins == Plugins(("tempogame", "mygames.chess"), standin=False)
    assert load_settings({**env, "DISCORD_API_BASE": "http://127.0.0.1:1/api/v10"}, env_file=None).plugins.standin
    with pytest.raises(SettingsError, match="GAME_PLUGINS names Python modules .*'tests/tempogame.py'"):
        load_settings({**env, "GAME_PLUGINS": "tests/tempogame.py"}, env_file=None)


def test_a_stand_in_only_plugin_is_refused_on_the_real_discord(tmp_path, monkeypatch):
    (tmp_path / "pins_things.py").write_text("STANDIN_ONLY = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginError, match="'pins_things', a plugin for a stand-in of Discord only"):
        Plugins(("pins_things",)).load()
    assert [m.__name__ for m in Plugins(("pins_things",), standin=True).load()] == ["pins_things"]
    with pytest.raises(PluginError, match="'no_such_plugin', which cannot be imported"):
        Plugins(("no_such_plugin",), standin=True).load()


def install(site: Path, entry_points: str) -> None:
    """A package "tabletop-extra" installed in `site` (its metadata only) with these entry points."""
    info = site / "tabletop_extra-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tabletop-extra\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_an_installed_package_s_entry_point_is_a_plugin_too(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install(site, "[boardgame_bot.games]\nextra = extra_game\n")
    (site / "extra_game.py").write_text("LOADED = True\n")
    monkeypatch.syspath_prepend(str(site))
    try:
        assert [m.__name__ for m in Plugins(("tempogame",)).load()] == ["extra_game", "tempogame"]
        (site / "extra_game.py").write_text("STANDIN_ONLY = True\n")
        del sys.modules["extra_game"]
        with pytest.raises(PluginError, match="the entry point 'extra' of tabletop-extra names 'extra_game', a "
                                              "plugin for a stand-in of Discord only"):
            Plugins().load()
    finally:
        sys.modules.pop("extra_game", None)


def run_bot(tmp_path, **env_extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    env.update(env_extra, DISCORD_TOKEN=TOKEN, PYTHONPATH=os.pathsep.join([str(REPO), str(TESTS)]))
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize(("plugins", "words"), [
    ("pinned_seed", "GAME_PLUGINS names 'pinned_seed', a plugin for a stand-in of Discord only (STANDIN_ONLY): "
                    "remove it"),
    ("tempogame,nowhere.games", "GAME_PLUGINS names 'nowhere.games', which cannot be imported"),
])
def test_python_m_bot_stops_before_connecting_with_one_line(tmp_path, plugins, words):
    done = run_bot(tmp_path, GAME_PLUGINS=plugins)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(f"error: {words}"), done.stderr


def tempo_job() -> Job:
    game = engine.get_game(tempogame.NAME)
    state = game.setup(["Ann", "Bo"], seed=7)
    return Job(tempogame.NAME, game.dumps(state), "Ann", seed=1, budget_ms=5, level="easy")


async def test_a_bot_player_s_worker_process_knows_the_plugin_s_game():
    with_plugin = ThinkPool(plugins=Plugins(("tempogame",)))
    game = engine.get_game(tempogame.NAME)
    legal = {option.id for option in game.pending(game.loads(tempo_job().state))[0].options}
    try:
        assert await with_plugin.choose(tempo_job()) in legal
    finally:
        with_plugin.close()
    without = ThinkPool(plugins=NO_PLUGINS)
    try:
        with pytest.raises(engine.IllegalAction):
            await without.choose(tempo_job())
    finally:
        without.close()


def test_the_animation_process_knows_the_plugin_s_game():
    # The process the pool starts for a long job (RenderPool.run_long), shut down waiting for it.
    with RenderPool(1, plugins=Plugins(("tempogame",)))._process_pool() as process:
        assert tempogame.NAME in process.submit(engine.game_names).result()
    with RenderPool(1)._process_pool() as process:
        assert tempogame.NAME not in process.submit(engine.game_names).result()
