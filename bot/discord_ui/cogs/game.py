"""`/game new|status|mine|map|log|history|replay|help|takeback|concede|hand|orders|prefs` and `/stats player|top`."""

from __future__ import annotations

import inspect
from typing import Literal  # noqa: F401 (in /game new's annotations, written as text)

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui import interact
from bot.discord_ui.speech import lang_of
from bot.service.seating import lobby_options
from bot.service.text import clip
from engine import game_names, get_game
from locales import tr


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=get_game(n).title, value=n) for n in game_names()][:25]


# /game new's own options, around the games' setup options (each game's manifest declares its own:
# bot/service/seating/lobby_options.py): (name, annotation as discord.py reads it, default, description).
NEW_BEFORE = (
    ("reminder_hours", "app_commands.Range[float, 1, 336]", 12.0,
     "Ping a player after this many hours of waiting (default 12)"),
    ("boards_in_thread", "bool", False, "Post the boards in a thread to keep this channel quiet"),
)
NEW_AFTER = (
    ("bots", "app_commands.Range[int, 0, 5]", 0, "Seats played by bot players, after yours (more can be added in the lobby)"),
    ("bot_level", 'Literal["normal", "easy"]', "normal", "How well those bots play (default normal)"),
    ("bot_takeover_hours", "app_commands.Range[float, 1, 336] | None", None,
     "Let a bot play for a member who has not answered for this many hours (default: never)"),
)


def _new_command(group: app_commands.Group) -> app_commands.Command:
    """`/game new game:<name> ...`: the lobby's own options and every game's setup options, as the
    games' manifests declare them (their names, descriptions and choices)."""
    setup = lobby_options.every_option()
    defaults = {name: default for name, _kind, default, _words in (*NEW_BEFORE, *NEW_AFTER)}

    async def new(self, interaction: discord.Interaction, game: str, **given):
        given = {**defaults, **given}
        chosen = {option["name"]: given.get(option["name"]) for option in setup}
        await interact.command(interaction, lambda service, actor: service.new_game(
            actor, game, reminder_hours=given["reminder_hours"], boards_in_thread=given["boards_in_thread"],
            setup=chosen, bots=given["bots"], bot_level=given["bot_level"],
            bot_takeover_hours=given["bot_takeover_hours"]))

    # discord.py reads a command's options from its callback's signature (annotations resolved in
    # this module, as a method's): written here from the tables and the manifests.
    new.__qualname__ = "GameCog.new"
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                  inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation="discord.Interaction"),
                  inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="str")]
    parameters += [inspect.Parameter(name, keyword, annotation=kind, default=default)
                   for name, kind, default, _words in NEW_BEFORE]
    parameters += [inspect.Parameter(o["name"], keyword, annotation="bool | None" if o.get("type") == "bool"
                                     else "str | None", default=None) for o in setup]
    parameters += [inspect.Parameter(name, keyword, annotation=kind, default=default)
                   for name, kind, default, _words in NEW_AFTER]
    new.__signature__ = inspect.Signature(parameters)
    words = {"game": "Which game", **{name: text for name, _kind, _default, text in (*NEW_BEFORE, *NEW_AFTER)},
             **{o["name"]: o["description"] for o in setup}}
    choices = {"game": _game_choices(), **{o["name"]: [
        app_commands.Choice(name=c["name"], value=c["value"]) if isinstance(c, dict) else app_commands.Choice(name=c, value=c)
        for c in o["choices"]] for o in setup if o.get("choices")}}
    new = app_commands.choices(**choices)(app_commands.describe(**words)(new))
    return group.command(name="new", description="Open a lobby for a new game in this channel")(new)


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Play board games in this channel", guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    new = _new_command(game)

    @game.command(name="status", description="Whose turn it is, since when, and the scores so far")
    async def status(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.status(actor))

    @game.command(name="mine", description="Every game of yours on this server: where you are waited on, privately")
    @app_commands.describe(waiting_on_me="Only the games waiting on you", ended="Your finished games too")
    async def mine(self, interaction: discord.Interaction, waiting_on_me: bool = False, ended: bool = False):
        await interact.command(interaction, lambda service, actor: service.my_games(actor, waiting_on_me, ended))

    @game.command(name="map", description="The current board")
    @app_commands.describe(public="Post it for everyone instead of only you")
    async def map(self, interaction: discord.Interaction, public: bool = False):
        await interact.command(interaction, lambda service, actor: service.board(actor, public), waits_turn=False)

    @game.command(name="repost", description="Post the board and the current prompt again")
    async def repost(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.repost(actor))

    @game.command(name="log", description="The last events of the game")
    @app_commands.describe(n="How many choices to go back (default 10)")
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10):
        await interact.command(interaction, lambda service, actor: service.log(actor, n))

    @game.command(name="history", description="The board at any past step, privately, with buttons to step through")
    @app_commands.describe(step="Go to this step (0 is the setup; default: the latest)",
                           since_my_move="Start just after your own last move")
    async def history(self, interaction: discord.Interaction, step: app_commands.Range[int, 0] | None = None,
                      since_my_move: bool = False):
        await interact.command(interaction, lambda service, actor: service.history(actor, step, since_my_move))

    @game.command(name="replay", description="Post an animation of the game so far in the channel")
    async def replay(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.replay(actor))

    @game.command(name="help", description="How to play here, and the rule for the current decision")
    async def help(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.help(actor))

    @game.command(name="takeback", description="Take back your own last choice (if no die was rolled)")
    async def takeback(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.takeback(actor))

    @game.command(name="concede", description="Give up a game without a turn limit (Alexander): the other side wins")
    @app_commands.describe(side="Solitaire: the side that gives up (macedonian or persian)")
    async def concede(self, interaction: discord.Interaction, side: str | None = None):
        await interact.command(interaction, lambda service, actor: service.concede_request(actor, side))

    @game.command(name="hand", description="Your own secrets in this game (your hand ...), only for you")
    async def hand(self, interaction: discord.Interaction):
        await interact.command(interaction, lambda service, actor: service.hand(actor))

    @game.command(name="orders", description="Your standing orders (ask me / never / automatically), privately")
    @app_commands.describe(setting="Which kind of moment (or setting) of this game",
                           value="ask: prompt me · never: let it pass · auto: play automatically when possible")
    async def orders(self, interaction: discord.Interaction, setting: str, value: str):
        await interact.command(interaction, lambda service, actor: service.set_preference(actor, setting, value))

    @game.command(name="prefs", description="Your settings in this game (where cubes come from ...), privately")
    @app_commands.describe(setting="Which setting (leave out to see them all)", value="Its new value")
    async def prefs(self, interaction: discord.Interaction, setting: str | None = None, value: str | None = None):
        if setting is None or value is None:
            await interact.command(interaction, lambda service, actor: service.my_preferences(actor))
        else:
            await interact.command(interaction, lambda service, actor: service.set_preference(actor, setting, value))

    # /game prefs and /game orders (its older name) complete the same settings and values.
    @prefs.autocomplete("setting")
    @orders.autocomplete("setting")
    async def _pref_settings(self, interaction: discord.Interaction, current: str):
        return await _preference_choices(interaction, current, None)

    @prefs.autocomplete("value")
    @orders.autocomplete("value")
    async def _pref_values(self, interaction: discord.Interaction, current: str):
        setting = getattr(interaction.namespace, "setting", None)
        return await _preference_choices(interaction, current, str(setting) if setting else "")


class StatsCog(commands.Cog):
    stats = app_commands.Group(name="stats", description="Games played, won and skill ratings on this server",
                               guild_only=True)

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @stats.command(name="player", description="A member's games played and won, and skill rating per game")
    @app_commands.describe(member="Whose statistics (default: yours)")
    async def player(self, interaction: discord.Interaction, member: discord.Member | None = None):
        who = member or interaction.user
        await interact.command(interaction, lambda service, actor: service.stats(
            actor, who.id, getattr(who, "display_name", None) or who.name))

    @stats.command(name="top", description="This server's best-rated players, per game")
    @app_commands.describe(game="Only this game (default: every game)")
    @app_commands.choices(game=_game_choices())
    async def top(self, interaction: discord.Interaction, game: str | None = None):
        await interact.command(interaction, lambda service, actor: service.top(actor, game))


async def _preference_choices(interaction: discord.Interaction, current: str,
                              setting: str | None) -> list[app_commands.Choice[str]]:
    """Autocomplete of `/game orders`: the game's settings, or the values of one of them."""
    try:
        found = await interaction.client.service.preference_choices(interact.actor_from(interaction), setting)
    except Exception:  # a suggestion must never raise at the member
        return []
    typed = current.casefold().strip()
    lang = lang_of(getattr(interaction, "locale", None))
    shown = [(tr(label, lang), value) for label, value in found]
    return [app_commands.Choice(name=clip(label, 100), value=value[:100]) for label, value in shown
            if not typed or typed in label.casefold() or typed in value.casefold()][:25]
