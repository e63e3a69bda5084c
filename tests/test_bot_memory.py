"""The bot limits glibc's malloc arenas before its threads start (issue 30: a lower peak RSS),
unless the host chose a value, and does nothing on another C library."""

from __future__ import annotations

import platform

import bot.__main__ as entry
from bot import memory


class FakeLibc:
    def __init__(self, result: int = 1):
        self.calls: list[tuple[int, int]] = []
        self.result = result

    def mallopt(self, option: int, value: int) -> int:
        self.calls.append((option, value))
        return self.result


def test_two_arenas_are_set_when_the_host_set_none():
    libc = FakeLibc()
    assert memory.few_malloc_arenas({}, lambda: libc) is True
    assert libc.calls == [(memory.M_ARENA_MAX, 2)]


def test_the_hosts_own_setting_wins():
    libc = FakeLibc()
    assert memory.few_malloc_arenas({"MALLOC_ARENA_MAX": "4"}, lambda: libc) is False
    assert libc.calls == []


def test_another_c_library_is_left_alone():
    def no_glibc():
        raise OSError("libc.so.6: cannot open shared object file")

    assert memory.few_malloc_arenas({}, no_glibc) is False
    assert memory.few_malloc_arenas({}, lambda: object()) is False  # a libc without mallopt
    assert memory.few_malloc_arenas({}, lambda: FakeLibc(result=0)) is False  # refused


def test_the_real_call_works_on_glibc():
    # On glibc (Linux, CI) the call goes through; elsewhere it is left alone without an error.
    assert memory.few_malloc_arenas({}) is (platform.libc_ver()[0] == "glibc")


def test_running_the_bot_sets_it_before_reading_the_settings(monkeypatch):
    order: list[str] = []
    monkeypatch.setattr(memory, "few_malloc_arenas", lambda: order.append("arenas") or True)

    import bot.settings

    def refuse(environ):
        order.append("settings")
        raise bot.settings.SettingsError("no token")

    monkeypatch.setattr(bot.settings, "load_settings", refuse)
    assert entry.main([]) == 2
    assert order == ["arenas", "settings"]
