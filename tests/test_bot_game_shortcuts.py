"""Every game's typed shortcuts and lobby options come from its manifest (engine/<game>/manifest.json,
issue 31): a game added as a plugin package, with a manifest beside it and no file of bot/ touched,
gets its /<group> commands, whose autocomplete lists the member's own options of the declared
prefixes and whose choice goes through the service as a click's, and its /game new options; the
shipped games' groups are the manifests'."""

from __future__ import annotations

import json
import sys

import pytest
import tempogame
from bot_fakes import Interaction, World
from bot_playing import loaded_game
from discord import app_commands

from bot.discord_ui.cogs import shortcut_groups
from bot.discord_ui.cogs.game import _new_command
from bot.plugins import Plugins
from bot.service.posts import Refusal
from bot.service.seating import lobby_options
from engine import core, get_game

RELAY = {"shortcuts": {"group": "relay", "description": "Relay shortcuts", "commands": [
    {"name": "take", "description": "Take a city", "prefixes": ["take"], "option": "city",
     "option_description": "Only the cities you can take now"},
    {"name": "pool", "description": "The cube comes from your pool", "prefixes": ["source"], "answer": "source:pool"},
    {"name": "pass", "description": "Pass", "prefixes": ["pass"], "finish": True},
    {"name": "choose", "description": "Any option", "prefixes": [], "option": "option"},
]}, "lobby": [{"name": "pace", "description": "Relay: slow (default) or fast", "choices": ["slow", "fast"]}]}
PLUGIN = '''
import tempogame
from engine.core import register


class Relay(tempogame.Tempo):
    name = "relay_test"
    title = "Relay"
    seat_colours = ("purple", "orange")

    def lobby_setup(self, given):
        return {"pace": given.get("pace", "slow")}

    def describe_setup(self, options):
        return "Pace: " + options["pace"]


GAME = register(Relay())
'''


@pytest.fixture
async def relay_world(tmp_path, monkeypatch):
    package = tmp_path / "plugins" / "relay_plugin"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(PLUGIN)
    (package / "manifest.json").write_text(json.dumps(RELAY))
    monkeypatch.syspath_prepend(str(package.parent))
    Plugins(("relay_plugin",)).load()
    world = World(tmp_path / "games.sqlite3")
    await world.start_bot()
    yield world
    await world.stop()
    core._REGISTRY.pop("relay_test", None)  # the registry is the process's: leave it as found
    sys.modules.pop("relay_plugin", None)


async def test_a_plugin_game_s_manifest_alone_gives_it_shortcuts(relay_world):
    world = relay_world
    relay = world.bot.tree.get_command("relay")
    assert [c.name for c in relay.commands] == ["take", "pool", "pass", "choose"]
    assert [p.name for p in relay.get_command("take").parameters] == ["city"]
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    assert "opened" in (await world.slash(ann, channel, "game new", game="relay_test")).reply_text
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    assert "1. 🟣 purple **Ann**" in card.content and "2. 🟠 orange **Bo**" in card.content  # its seat colours
    await world.click(ann, card, "Start")
    first = (await loaded_game(world, channel)).state
    mover, other = (ann, bo) if get_game("relay_test").pending(first)[0].player == "Ann" else (bo, ann)

    listed = await world.autocomplete(mover, channel, "relay take", "city", "city0")
    assert [c.value for c in listed] == [f"take:City0{i}" for i in range(10)]
    assert await world.autocomplete(other, channel, "relay take", "city", "") == []  # not their turn

    await world.slash(mover, channel, "relay take", city="take:City03")
    assert (await loaded_game(world, channel)).state.taking == "City03"
    await world.slash(mover, channel, "relay pool")
    state = (await loaded_game(world, channel)).state
    assert state.cities[mover.name] == ["City03"] and state.gold == {"Ann": 0, "Bo": 0}
    await world.slash(other, channel, "relay pass")
    assert (await loaded_game(world, channel)).state.passes == 1


async def test_a_plugin_game_s_manifest_alone_gives_it_lobby_options(relay_world):
    world = relay_world
    new = _new_command(app_commands.Group(name="game", description="Games"))
    pace = next(p for p in new.parameters if p.name == "pace")
    assert (pace.description, [c.value for c in pace.choices], pace.required) == (
        "Relay: slow (default) or fast", ["slow", "fast"], False)
    assert lobby_options.lobby_options("relay_test", {"pace": "fast", "map": None}) == {"pace": "fast"}
    with pytest.raises(Refusal, match="Relay has no map option; leave it out."):
        lobby_options.lobby_options("relay_test", {"map": "west"})
    with pytest.raises(Refusal, match="Byzantium has no pace, side options; leave them out."):
        lobby_options.lobby_options("byzantium", {"pace": "fast", "side": "persian"})
    channel = world.channel()  # /game new as the bot builds it once the plugin is loaded
    await new.callback(None, Interaction(world.bot, world.member("Ann"), channel), game="relay_test", pace="fast")
    assert "Pace: fast" in channel.messages[-1].content


def test_the_shipped_games_shortcut_groups_are_their_manifests():
    groups = {group.name: group for group in shortcut_groups()}
    assert {"byz", "wt", "alex"} <= set(groups)
    for game in ("byzantium", "warriors_traders", "alexander"):
        declared = get_game(game).manifest()["shortcuts"]
        group = groups[declared["group"]]
        assert group.description == declared["description"]
        assert [(c.name, c.description, [p.name for p in c.parameters]) for c in group.commands] == [
            (c["name"], c["description"], [c["option"]] if "option" in c else []) for c in declared["commands"]]


def test_a_game_that_extends_another_keeps_its_manifest_and_a_module_game_has_none():
    class PinnedByzantium(type(get_game("byzantium"))):
        pass

    assert PinnedByzantium().manifest() == get_game("byzantium").manifest() != {}
    assert tempogame.GAME.manifest() == {}
