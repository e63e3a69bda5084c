"""Settings from the environment or .env; every mistake is one clear line and exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

REPO = Path(__file__).resolve().parent.parent
GOOD_TOKEN = "M" + "T" * 23 + ".GaBcDe." + "x" * 27


def test_env_file_values_and_defaults(tmp_path):
    env = tmp_path / ".env"
    env.write_text(f"# comment\nDISCORD_TOKEN='{GOOD_TOKEN}'\nexport LOG_LEVEL=debug\n\nDEV_GUILD_ID=123456789012345678\n")
    settings = load_settings({}, env)
    assert settings.token == GOOD_TOKEN
    assert settings.database_path == Path("./data/games.sqlite3")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"
    assert settings.moderator_role is None and settings.api_base is None


def test_environment_wins_over_env_file(tmp_path):
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDATABASE_PATH=./a.sqlite3\n")
    settings = load_settings({"DATABASE_PATH": str(tmp_path / "b.sqlite3"), "MODERATOR_ROLE": "123456789012345678"}, env)
    assert settings.database_path == tmp_path / "b.sqlite3"
    assert settings.moderator_role == "123456789012345678"


@pytest.mark.parametrize(
    ("environ", "words"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "hello"}, "does not look like a bot token"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID must be a server id"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
        ({"DISCORD_TOKEN": GOOD_TOKEN, "DISCORD_API_BASE": "localhost:80"}, "DISCORD_API_BASE must be"),
    ],
)
def test_each_bad_setting_is_one_line_naming_it(environ, words, tmp_path):
    with pytest.raises(SettingsError) as caught:
        load_settings(environ, tmp_path / "missing.env")
    message = str(caught.value)
    assert words in message and "\n" not in message


def test_database_url_chooses_postgresql_and_a_wrong_one_is_refused_without_echoing_it(tmp_path):
    url = "postgresql://bot:s3cret@localhost:5432/games"
    settings = load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_URL": url}, None)
    assert settings.database == url and settings.database_url == url
    assert load_settings({"DISCORD_TOKEN": GOOD_TOKEN}, None).database == Path("./data/games.sqlite3")
    with pytest.raises(SettingsError, match="DATABASE_URL must be a PostgreSQL URL") as caught:
        load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_URL": "mysql://bot:s3cret@db/games"}, None)
    assert "s3cret" not in str(caught.value)


def test_database_path_that_is_a_folder_is_refused(tmp_path):
    with pytest.raises(SettingsError, match="is a folder"):
        load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "DATABASE_PATH": str(tmp_path)}, None)


def test_malformed_env_file_line_is_reported_with_its_number(tmp_path):
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nthis is not a setting\n")
    with pytest.raises(SettingsError, match="line 2 is not KEY=VALUE"):
        load_settings({}, env)


@pytest.mark.parametrize("line", [f"DISCORD_TOKEN {GOOD_TOKEN}", f"DISCORD_TOKEN: {GOOD_TOKEN}", GOOD_TOKEN,
                                  f"DISCORD TOKEN={GOOD_TOKEN}", f"export  {GOOD_TOKEN}"])
def test_a_malformed_env_line_is_never_echoed_only_its_number_and_key(tmp_path, line):
    """Issue 18, item 10: the line may hold the token; not one piece of it may reach the terminal."""
    env = tmp_path / ".env"
    env.write_text(f"LOG_LEVEL=INFO\n{line}\n")
    with pytest.raises(SettingsError) as info:
        load_settings({}, env)
    message = str(info.value)
    assert "line 2" in message and "\n" not in message
    assert not any(part in message for part in GOOD_TOKEN.split(".")), message
    assert ("(DISCORD_TOKEN)" in message) == line.startswith("DISCORD_TOKEN")


def run_bot(tmp_path, env_extra: dict, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    env.update(env_extra, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


def test_python_m_bot_without_token_prints_one_line_and_exits_2(tmp_path):
    done = run_bot(tmp_path, {})
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert "DISCORD_TOKEN is not set" in done.stderr and "Traceback" not in done.stderr


def test_python_m_bot_with_bad_level_in_env_file_exits_2(tmp_path):
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nLOG_LEVEL=chatty\n")
    done = run_bot(tmp_path, {})
    assert done.returncode == 2
    assert done.stderr.strip() == "error: LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, not 'CHATTY'"


def test_python_m_bot_unknown_command_exits_2(tmp_path):
    done = run_bot(tmp_path, {}, "frobnicate")
    assert done.returncode == 2 and "unknown command 'frobnicate'" in done.stderr


def test_log_debug_names_other_libraries_loggers_and_refuses_anything_else():
    settings = load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "LOG_DEBUG": " discord.gateway, discord.http ,"}, None)
    assert settings.debug_loggers == ("discord.gateway", "discord.http")
    assert load_settings({"DISCORD_TOKEN": GOOD_TOKEN}, None).debug_loggers == ()
    with pytest.raises(SettingsError, match="LOG_DEBUG names loggers"):
        load_settings({"DISCORD_TOKEN": GOOD_TOKEN, "LOG_DEBUG": "discord http"}, None)
