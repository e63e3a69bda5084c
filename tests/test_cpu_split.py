"""bench/cpu_split.py sorts py-spy's samples of the bot into the parts of a choice (issue 30): each
picture and its encoding apart, the rules' own labels as the rules' work, waits left out, and
the parts adding up to the process's CPU per choice."""

from __future__ import annotations

import collections

from bench.cpu_split import NAMES, classify, read_samples, table

LOOP = ["_run_module_as_main (<frozen runpy>:198)", "main (bot/__main__.py:55)",
        "BaseEventLoop._run_once (asyncio/base_events.py:1922)", "Handle._run (asyncio/events.py:80)"]
POOL = ["Thread._bootstrap (threading.py:1002)", "_worker (concurrent/futures/thread.py:83)",
        "_WorkItem.run (concurrent/futures/thread.py:58)"]


def test_each_picture_and_its_encoding_are_parts_of_their_own():
    close_up = [*POOL, "_render_close_up (bot/service/pictures/render_pool.py:40)", "render_inline (render/__init__.py:50)"]
    assert classify([*close_up, "scene (render/byzantium.py:94)", "draw_board (render/byzantium.py:120)"]) \
        == "close-up: board scene"
    assert classify([*close_up, "draw_inline (render/inline.py:70)", "text (render/kit/lettering.py:30)"]) \
        == "close-up: crop, strip"
    assert classify([*close_up, "encode_png (render/kit/encoding.py:57)", "Image.save (PIL/Image.py:2400)"]) \
        == "close-up: PNG encoding"
    board = [*POOL, "_render (bot/service/pictures/render_pool.py:25)", "render_png (render/__init__.py:35)"]
    assert classify([*board, "render_png (render/byzantium.py:70)", "encode_png (render/kit/encoding.py:57)"]) \
        == "whole board: PNG encoding"
    assert classify([*board, "render_png (render/byzantium.py:70)", "draw_board (render/byzantium.py:120)"]) \
        == "whole board: scene"


def test_rules_storage_text_and_discord_are_told_apart():
    choose = [*LOOP, "PlayActions.choose (bot/service/play.py:80)"]
    assert classify([*choose, "Game.apply (engine/core.py:200)", "take (engine/byzantium/actions.py:10)"]) == NAMES["engine"]
    # A label the rules build (a Msg) is the rules' work; one the bot builds is text.
    assert classify([*choose, "Game.pending (engine/core.py:150)", "msg (engine/text.py:90)", "_fill (engine/text.py:60)",
                     "Msg.__new__ (engine/text.py:40)"]) == NAMES["engine"]
    assert classify([*choose, "account_lines (bot/service/text.py:60)", "Msg.__new__ (engine/text.py:40)"]) == NAMES["text"]
    assert classify([*choose, "Storage.append_choice (bot/storage/store.py:330)", "Game.dumps (engine/core.py:90)",
                     "dumps (json/__init__.py:231)"]) == NAMES["snapshots"]
    assert classify([*choose, "StorageBase._record (bot/storage/base.py:147)", "loads (json/__init__.py:346)"]) \
        == NAMES["storage"]
    assert classify([*LOOP, "HTTPClient.request (discord/http.py:600)"]) == "discord.py, HTTP, gateway"
    assert classify(["Thread._bootstrap (threading.py:1002)", "_connection_worker_thread (aiosqlite/core.py:63)"]) \
        == "database thread (SQLite; with its waits for the disk and the GIL)"
    # A whole transaction runs in that thread: its statements and its body are the thread's work.
    assert classify(["Thread._bootstrap (threading.py:1002)", "_connection_worker_thread (aiosqlite/core.py:63)",
                     "run_group (bot/storage/sqlite/group_commit.py:110)", "_whole (bot/storage/sqlite/database.py:80)",
                     "SqliteConn._run (bot/storage/sqlite/database.py:55)"]) \
        == "database thread (SQLite; with its waits for the disk and the GIL)"


def test_waiting_threads_are_no_cpu_and_the_parts_add_up_to_the_measured_cpu():
    lines = [
        ";".join([*LOOP, "EpollSelector.select (selectors.py:468)"]) + " 500",
        ";".join([*POOL[:2], "Condition.wait (threading.py:320)"]) + " 300",
        ";".join([*LOOP, "Game.apply (engine/core.py:200)"]) + " 30",
        ";".join([*LOOP, "Storage.load (bot/storage/store.py:260)"]) + " 10",
    ]
    parts = read_samples(lines, command=None)
    assert parts == collections.Counter({NAMES["engine"]: 30, NAMES["storage"]: 10})
    rows = table(parts, cpu_seconds=4.0, choices=100)  # 40 ms a choice: 30 ms of rules, 10 of storage
    assert rows[0].split()[-4:] == ["30.0", "ms", "75.0", "%"]
    assert rows[1].split()[-4:] == ["10.0", "ms", "25.0", "%"]
    assert "40.0 ms" in rows[-1]
