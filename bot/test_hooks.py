"""TEST HOOK ONLY (BOT_TEST_GAMES): games that exist for the tests, registered in the bot process
the end-to-end tests start, and in no other.

The secrets tests play `tests/hiddengame.py` (a hidden-hand game nobody is offered) through the
real bot. Its file is imported before the slash commands are built, so `/game new` lists it in
that process. Settings refuse the hook unless DISCORD_API_BASE points the bot at a stand-in for
Discord, so a real bot never offers a test game.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def import_test_games(paths: tuple[Path, ...]) -> None:
    """Import each file as a module named after it; its folder goes on sys.path so it may import
    its neighbours (a test game's board drawing, the game it pins)."""
    for path in paths:
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        log.warning("TEST HOOK: imported the test games of %s", path)
