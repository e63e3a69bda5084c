"""A small discord.py bot used only to prove the stand-in: a slash command answering with a PNG and
a DynamicItem button, a subcommand with autocomplete and a select, and a deferred answer.

`python -m discord_standin.sample_bot` (with tests/ on PYTHONPATH) runs it the way the real bot
runs: DISCORD_TOKEN from the environment, and DISCORD_API_BASE honoured as the real bot must.
"""

from __future__ import annotations

import asyncio
import io
import os
import time

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

GAMES = ("alexander", "byzantium", "warriors_traders")
BOARD_SIZE = (120, 80)


def board_png() -> bytes:
    img = Image.new("RGB", BOARD_SIZE, (30, 90, 160))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<count>\d+)"):
    """State travels in the custom id, so the button works for any message, even after a restart."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {count}", custom_id=f"counter:{count}",
                                           style=discord.ButtonStyle.primary))
        self.count = count

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> CounterButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You counted {self.count + 1}", ephemeral=True)


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"turn:(?P<turn>\d+)"):
    """Advances the turn by editing the message it sits on (callback type 7, UPDATE_MESSAGE)."""

    def __init__(self, turn: int) -> None:
        super().__init__(discord.ui.Button(label=f"End turn {turn}", custom_id=f"turn:{turn}"))
        self.turn = turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> TurnButton:
        return cls(int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"Turn {self.turn + 1}", view=board_view(self.turn + 1))


class RollButton(discord.ui.DynamicItem[discord.ui.Button], template=r"roll"):
    """Defers the update (type 6), then posts a follow-up, edits it, and edits the original message."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Roll", custom_id="roll"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> RollButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        note = await interaction.followup.send("rolling...", wait=True)
        await note.edit(content="rolled 4")
        original = await interaction.original_response()
        await interaction.edit_original_response(content=f"{original.content} (rolled 4)")


def board_view(turn: int = 1) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    view.add_item(TurnButton(turn))
    view.add_item(RollButton())
    return view


@app_commands.command(name="whoami", description="What the bot sees of you")
async def whoami(interaction: discord.Interaction) -> None:
    member = interaction.user
    roles = ",".join(r.name for r in getattr(member, "roles", [])[1:]) or "-"
    await interaction.response.send_message(
        f"{member.display_name} manage_channels={interaction.permissions.manage_channels} roles={roles}", ephemeral=True)


@app_commands.command(name="purge", description="Moderators only")
@app_commands.default_permissions(manage_channels=True)
@app_commands.guild_only()
async def purge(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("purged", ephemeral=True)


@app_commands.command(name="board", description="Show the board")
async def board(interaction: discord.Interaction) -> None:
    view = board_view()
    await interaction.response.send_message("The board", file=discord.File(io.BytesIO(board_png()), "board.png"),
                                            view=view)


@app_commands.command(name="slowboard", description="Show the board after thinking")
async def slowboard(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    await interaction.edit_original_response(content="The board, slowly",
                                             attachments=[discord.File(io.BytesIO(board_png()), "board.png")])


@app_commands.command(name="lobby", description="Open a lobby, confirming privately")
async def lobby(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.channel.send(f"Lobby hosted by {interaction.user.display_name}")
    await interaction.followup.send("Lobby opened.", ephemeral=True)
    await interaction.followup.send("Invite your friends!", ephemeral=True)


@app_commands.command(name="freeze", description="Blocks the event loop, as CPU work on the loop would")
async def freeze(interaction: discord.Interaction, seconds: float) -> None:
    time.sleep(seconds)  # deliberately blocking: the gateway heartbeat stalls with it
    await interaction.response.send_message("thawed")


@app_commands.command(name="sleepy", description="Answers too late")
async def sleepy(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message("finally")


class BidForm(discord.ui.Modal):
    """A modal: a text above, a number typed in, a colour picked from a menu."""

    def __init__(self, title: str = "Your bid", *, from_button: bool = False) -> None:
        super().__init__(title=title, custom_id="bid-form:button" if from_button else "bid-form")
        self.from_button = from_button
        self.add_item(discord.ui.TextDisplay("Bid on the lot: bezants and a colour."))
        self.amount = discord.ui.TextInput(custom_id="amount", default="3", max_length=4)
        self.add_item(discord.ui.Label(text="Bezants", description="1 to 9999", component=self.amount))
        self.colour = discord.ui.Select(custom_id="colour", options=[
            discord.SelectOption(label=c, value=c, default=c == "red") for c in ("red", "blue")])
        self.add_item(discord.ui.Label(text="Colour", component=self.colour))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        words = f"bid {self.amount.value} {self.colour.values[0]} by {interaction.user.display_name}"
        if self.from_button:  # the message with the button shows the bid (type 7)
            await interaction.response.edit_message(content=words, view=None)
        else:
            await interaction.response.send_message(words, ephemeral=True)


class BidButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bid"):
    """Opens the bid form as the click's answer (callback type 9)."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Bid…", custom_id="bid"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> BidButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidForm(from_button=True))


@app_commands.command(name="form", description="Open the bid form")
async def form(interaction: discord.Interaction, title: str = "Your bid") -> None:
    await interaction.response.send_modal(BidForm(title))


@app_commands.command(name="auction", description="A lot with a Bid button")
async def auction(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(BidButton())
    await interaction.response.send_message("Lot 1: a map of Byzantium", view=view)


game = app_commands.Group(name="game", description="Games")


class SeatSelect(discord.ui.Select):
    def __init__(self) -> None:
        super().__init__(custom_id="seat:pick", placeholder="Pick a colour",
                         options=[discord.SelectOption(label=c, value=c.lower()) for c in ("Red", "Blue", "Green")])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} sits at {self.values[0]}")


@game.command(name="new", description="Open a lobby")
@app_commands.describe(game="Which game", seats="How many players")
async def game_new(interaction: discord.Interaction, game: str, seats: app_commands.Range[int, 2, 4] = 3) -> None:
    if game not in GAMES:
        await interaction.response.send_message(f"Unknown game {game}", ephemeral=True)
        return
    view = discord.ui.View(timeout=60)
    view.add_item(SeatSelect())
    await interaction.response.send_message(f"New {game} lobby for {seats} players", view=view)


@game_new.autocomplete("game")
async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g, value=g) for g in GAMES if current.lower() in g][:25]


class SampleBot(commands.Bot):
    def __init__(self) -> None:
        # guild_ready_timeout: how long discord.py waits for more GUILD_CREATEs before on_ready;
        # the stand-in sends them all at once, so waiting the default 2 s would only slow tests.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         guild_ready_timeout=0.05)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton, TurnButton, RollButton, BidButton)
        for command in (board, slowboard, lobby, sleepy, freeze, whoami, purge, game, form, auction):
            self.tree.add_command(command)
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s before every IDENTIFY after the first (Discord's identify rate
        # limit); the stand-in has no such limit, and tests should not wait for it.
        return None


async def amain() -> None:
    """The async entry point: settings from the environment, then run until cancelled."""
    api_base = os.environ.get("DISCORD_API_BASE")
    if api_base:
        # What the real bot must do with DISCORD_API_BASE, before the client connects.
        import yarl
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        Route.BASE = api_base.rstrip("/")
        url = yarl.URL(api_base)
        DiscordWebSocket.DEFAULT_GATEWAY = url.with_scheme("wss" if url.scheme == "https" else "ws").with_path("/")
    async with SampleBot() as bot:
        await bot.start(os.environ["DISCORD_TOKEN"])


def main() -> None:
    asyncio.run(amain())


if __name__ == "__main__":
    main()
