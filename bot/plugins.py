"""Game plugins: Python modules named by the operator (the setting GAME_PLUGINS) or by an installed
package (an entry point in the group `boardgame_bot.games`, e.g. `chess = mygames.chess` under
`[project.entry-points."boardgame_bot.games"]` in its pyproject.toml), imported at start-up in the
bot and in each of its worker processes (bot players, animations), before the slash commands
list the games.

A plugin registers its game (`engine.core.register`) and, if it draws it, its drawing
(`render.register_renderer`); the bot then offers it like the games it ships. A plugin runs with
the bot's rights: name only code you trust.

A plugin that is meant for a stand-in of Discord only (one that pins the seeds of the games so a
test knows them in advance) declares `STANDIN_ONLY = True`: the bot then refuses to start unless
DISCORD_API_BASE points it at a stand-in, so a bot on the real Discord never runs with it.
"""

from __future__ import annotations

import importlib
import logging
import re
from dataclasses import dataclass
from importlib.metadata import entry_points
from types import ModuleType

log = logging.getLogger(__name__)

MODULE_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
ENTRY_POINTS = "boardgame_bot.games"


class PluginError(Exception):
    """A plugin that cannot be loaded or may not run here; the message is one line."""


@dataclass(frozen=True)
class Plugins:
    """The plugins a bot runs with, and whether it talks to a stand-in of Discord. Plain data, so
    a spawned worker process receives it and loads the same plugins (`load`)."""

    names: tuple[str, ...] = ()
    standin: bool = False

    def load(self) -> list[ModuleType]:
        """Import every plugin, the installed packages' first (a module imported already is not
        run again)."""
        modules = []
        for name, named_by in [*installed(), *((name, "GAME_PLUGINS") for name in self.names)]:
            try:
                module = importlib.import_module(name)
            except ImportError as exc:
                raise PluginError(f"{named_by} names {name!r}, which cannot be imported ({exc})") from None
            if getattr(module, "STANDIN_ONLY", False) and not self.standin:
                raise PluginError(f"{named_by} names {name!r}, a plugin for a stand-in of Discord only "
                                  "(STANDIN_ONLY): remove it")
            log.info("loaded the game plugin %s", name)
            modules.append(module)
        return modules


def installed() -> list[tuple[str, str]]:
    """(module, who names it) of every installed package's game plugins (entry points)."""
    found = []
    for point in entry_points(group=ENTRY_POINTS):
        package = point.dist.name if point.dist is not None else "a package"
        found.append((point.module, f"the entry point {point.name!r} of {package}"))
    return found


NO_PLUGINS = Plugins()


def parse_names(raw: str | None) -> tuple[str, ...]:
    """GAME_PLUGINS: module names, comma separated (ValueError naming a malformed one)."""
    names = tuple(name.strip() for name in (raw or "").split(",") if name.strip())
    for name in names:
        if not MODULE_NAME.fullmatch(name):
            raise ValueError(name)
    return names
