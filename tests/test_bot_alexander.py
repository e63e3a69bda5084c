"""The Conquerors: Alexander the Great in the bot, through the real handlers with the in-process
fakes: `/game new` with its options (side, opening, balance, solitaire, rulebook 2.7, 3.1i, 16.0),
the lobby's words, `/game concede` (only for oneself), `/alex` shortcuts, rules hints, and a
solitaire member answering both sides. Whole games against the stand-in: test_e2e_alexander.py."""

from __future__ import annotations

import json
import re

import pytest
from bot_fakes import World, loaded_game, question

from bot.service.stats import ratings
from engine import get_game
from engine.core import CONCEDE_ID

OPEN = "Open my prompt"


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def new_lobby(world: World, host, channel=None, seed: int = 5, **options):
    channel = channel or world.channel()
    reply = await world.slash(host, channel, "game new", game="alexander", **options)
    if "opened" not in reply.reply_text:
        return channel, None, reply.reply_text
    card = channel.messages[-1]
    game_id = int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])
    await world.bot.storage.update_lobby(game_id, seed=seed)
    return channel, card, reply.reply_text


async def two_player_game(world: World, **options):
    ann, bo = world.member("Ann"), world.member("Bo")
    channel, card, _ = await new_lobby(world, ann, **options)
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    return channel, card, ann, bo


def prompt_posts(channel):
    return [m for m in channel.messages if m.view is not None and m.buttons() and "lobby" not in m.content]


async def test_new_game_takes_side_opening_and_balance_and_the_lobby_names_them(world):
    """2.7 (balance), 3.1i (opening): the host's choices reach the engine at Start."""
    channel, card, ann, bo = await two_player_game(world, side="persian", opening="optional", balance=True)
    lobby_lines = card.content.splitlines()
    assert "Bo plays the Macedonian · optional opening (the first marker is drawn) · balance option" in lobby_lines[1]
    start = next(m for m in channel.messages if "begins" in m.content)
    assert "🟥 Persian **Ann**, 🟦 Macedonian **Bo**" in start.content
    loaded = await loaded_game(world, channel)
    assert loaded.record.options == {"opening": "optional", "balance": True, "solitaire": False, "macedonian": "Bo"}
    assert loaded.state.sides == {"macedonian": "Bo", "persian": "Ann"}
    assert loaded.state.options["balance"] is True and "admin" in loaded.state.cup
    # The prompt names the side that decides.
    [prompt] = [m for m in prompt_posts(channel) if question(m).startswith(f"<@{bo.id}>")][-1:]
    assert "Macedonian: Place your starting garrisons" in question(prompt)


async def test_random_side_is_drawn_by_the_engine_and_named_at_start(world):
    channel, card, ann, bo = await two_player_game(world)
    assert "Sides drawn at random · historical opening" in card.content
    loaded = await loaded_game(world, channel)
    assert "macedonian" not in loaded.record.options
    start = next(m for m in channel.messages if "begins" in m.content)
    mac, per = loaded.state.sides["macedonian"], loaded.state.sides["persian"]
    assert f"Macedonian **{mac}**" in start.content and f"Persian **{per}**" in start.content


async def test_wrong_options_are_refused_in_one_line(world):
    ann = world.member("Ann")
    _, card, answer = await new_lobby(world, ann, world.channel("a"), solitaire=True, side="persian")
    assert card is None and answer == "In solitaire you play both sides; leave side out."
    _, card, answer = await new_lobby(world, ann, world.channel("b"), map="west")
    assert card is None and "has no map option" in answer
    reply = await world.slash(ann, world.channel("c"), "game new", game="byzantium", balance=True)
    assert reply.reply_text == "Byzantium has no balance option; leave it out."
    reply = await world.slash(ann, world.channel("d"), "game new", game="warriors_traders", side="persian")
    assert reply.reply_text == "Warriors & Traders has no side option; leave it out."


async def test_solitaire_seats_the_host_on_both_sides_and_answers_both(world):
    """16.0: one member plays both sides; nothing is hidden, so no prompt is private."""
    ann, bo = world.member("Ann"), world.member("Bo")
    channel, card, _ = await new_lobby(world, ann, solitaire=True)
    assert "Solitaire: the host plays both sides" in card.content and "Player (Solitaire):" in card.content
    assert "Seats (" not in card.content  # not "Seats (1; 1 player)": one member, two seats at Start
    joined = await world.click(bo, card, "Join")
    assert joined.reply_text == "Solitaire takes at most 1 player; the table is full."
    await world.click(ann, card, "Start")
    loaded = await loaded_game(world, channel)
    assert [(s.seat, s.user_id) for s in loaded.record.seats] == [("Ann (Macedonian)", ann.id),
                                                                  ("Ann (Persian)", ann.id)]
    assert loaded.state.solitaire and loaded.state.sides["macedonian"] == "Ann (Macedonian)"
    # Ann answers the Macedonian's garrisons, then the Persian's, with plain buttons.
    for side in ("Macedonian", "Persian"):
        prompt = prompt_posts(channel)[-1]
        assert question(prompt).startswith(f"<@{ann.id}>, {side}: Place your starting garrisons")
        assert OPEN not in prompt.buttons()
        clicked = await world.click(ann, prompt, "Use the suggested placement")
        assert clicked.reply_text == ""
    loaded = await loaded_game(world, channel)
    assert loaded.seq == 2 and {c.player for c in await world.bot.storage.last_choices(loaded.id, 2)} == {
        "Ann (Macedonian)", "Ann (Persian)"}
    # A standing order set by the solitaire member holds for both sides.
    answer = await world.slash(ann, channel, "game orders", setting="order:battle", value="never")
    assert answer.reply_text.count("is now: Never") == 2
    loaded = await loaded_game(world, channel)
    assert {p: v.get("order:battle") for p, v in loaded.state.prefs.items()} == {
        "Ann (Macedonian)": "never", "Ann (Persian)": "never"}


async def test_concede_only_for_oneself_and_the_other_side_wins(world):
    """No turn limit: the conceding side loses, the other wins (issue 11, Modes)."""
    channel, _card, ann, bo = await two_player_game(world, side="macedonian")
    cy = world.member("Cy")
    refused = await world.slash(cy, channel, "game concede")
    assert refused.reply_text == "You are not playing in this game, so you cannot concede it."
    asked = await world.slash(bo, channel, "game concede")
    [question] = asked.replies
    assert question.ephemeral and "Concede the game as **Bo**?" in question.content
    # Ann clicking Bo's confirmation (she saw its id) concedes nothing.
    stolen = await world.click(ann, question, "Concede")
    assert stolen.reply_text == "Only the player who asked can confirm this concession."
    assert (await loaded_game(world, channel)).record.status == "active"
    confirmed = await world.click(bo, question, "Concede")
    assert confirmed.reply_text == ""
    final = channel.messages[-1].content
    assert "is over. Final scores" in final and re.search(r"1\. \*\*Ann\*\*.*: \*\*1\*\*", final)
    assert "reason the other side conceded" in final
    assert any("🏳️ **Bo** concedes." in m.content for m in channel.messages)
    record = await world.bot.storage.channel_game(channel.id)
    assert record is None  # finished: the channel is free
    assert question.buttons() == []  # the confirmation is used up


async def test_concede_is_a_stored_choice_that_replays(world):
    channel, _card, ann, bo = await two_player_game(world, side="macedonian")
    game_id = (await loaded_game(world, channel)).id
    asked = await world.slash(ann, channel, "game concede")
    await world.click(ann, asked.replies[0], "Concede")
    [last] = await world.bot.storage.last_choices(game_id, 1)
    assert (last.player, last.option_id) == ("Ann", CONCEDE_ID)
    replayed = await world.bot.storage.load(game_id)
    assert replayed.state.victory.winner == "persian" and replayed.state.victory.reason == "concession"


async def test_a_stale_concession_is_refused(world):
    channel, _card, ann, bo = await two_player_game(world, side="macedonian")
    asked = await world.slash(bo, channel, "game concede")
    prompt = prompt_posts(channel)[-1]  # Ann (Macedonian) places her garrisons meanwhile
    await world.click(ann, prompt, "Use the suggested placement")
    late = await world.click(bo, asked.replies[0], "Concede")
    assert late.reply_text == "The game moved on since this confirmation was shown; ask again."


async def test_solitaire_concede_names_the_side(world):
    ann = world.member("Ann")
    channel, card, _ = await new_lobby(world, ann, solitaire=True)
    await world.click(ann, card, "Start")
    vague = await world.slash(ann, channel, "game concede")
    assert "You play both sides: name the one that gives up" in vague.reply_text
    asked = await world.slash(ann, channel, "game concede", side="persian")
    assert "as **Ann (Persian)**" in asked.replies[0].content
    await world.click(ann, asked.replies[0], "Concede")
    assert "is over. Final scores" in channel.messages[-1].content
    assert re.search(r"1\. \*\*Ann \(Macedonian\)\*\*", channel.messages[-1].content)


async def test_games_without_concession_refuse_it(world):
    from bot_fakes import open_game

    channel, members = await open_game(world)
    refused = await world.slash(members[0], channel, "game concede")
    assert refused.reply_text.startswith("Byzantium cannot be conceded")


def test_a_solitaire_result_counts_for_no_rating():
    solo = ratings.RatedGame(1, (ratings.Placing(7, 1), ratings.Placing(7, 2)))
    duel = ratings.RatedGame(2, (ratings.Placing(7, 1), ratings.Placing(8, 2)))
    assert ratings.compute([solo]) == {}
    assert set(ratings.compute([solo, duel])) == {7, 8} and ratings.compute([solo, duel])[7].played == 1


async def test_alex_shortcuts_offer_only_the_members_own_options_and_type_amounts(world):
    channel, _card, ann, bo = await two_player_game(world, side="macedonian")
    mine = await world.autocomplete(ann, channel, "alex choose", "option", "")
    assert mine and any(c.value == "suggested" for c in mine)
    assert await world.autocomplete(bo, channel, "alex choose", "option", "") == []  # not his decision
    # A province first, then a choice of several things, typed as its answer.
    typed = await world.slash(ann, channel, "alex choose", option="province:Thrace")
    assert typed.reply_text == "Done."
    amounts = [c.value for c in await world.autocomplete(ann, channel, "alex choose", "option", "")
               if c.value.startswith("gsp:")]
    assert amounts, "some answers of the amounts are suggested"
    done = await world.slash(ann, channel, "alex choose", option=amounts[0])
    assert done.reply_text == "Done."
    loaded = await loaded_game(world, channel)
    assert [c.option_id for c in await world.bot.storage.last_choices(loaded.id, 2)] == ["province:Thrace", amounts[0]]
    # /game log names each choice as its button read, a choice of several things in words (issue 27).
    log = (await world.slash(ann, channel, "game log")).reply_text
    second = log.split("**#2** Ann: ")[1].splitlines()[0]
    assert "**#1** Ann: Thrace" in log and "gsp:" not in second and " × " in second, log  # "1 × Lemnos"
    wrong = await world.slash(ann, channel, "byz pass")
    assert "These shortcuts are for Byzantium" in wrong.reply_text


async def test_help_gives_the_rule_of_alexanders_decision(world):
    channel, _card, ann, _bo = await two_player_game(world, side="macedonian")
    answer = await world.slash(ann, channel, "game help")
    assert "Place your starting garrisons (3.1)" in answer.reply_text


def test_every_frequent_alexander_decision_has_a_hint():
    hints = get_game("alexander").hints
    frequent = {"move", "cards", "activity", "leader_walk", "discard", "leader_move", "declare_mp", "recruit",
                "window", "reorganize", "drop", "intercept", "devastate", "avoid", "retreat"}
    assert frequent <= set(hints)
    assert all(json.dumps(str(v)) for v in hints.values())


async def test_mod_replace_of_a_member_in_both_seats_asks_which_seat_and_takes_the_named_one(world):
    """Solitaire (16.0) seats one member twice: naming the member hands over nothing and lists the
    two seats; naming a seat hands over that one only."""
    ann, bo = world.member("Ann"), world.member("Bo")
    mia = world.member("Mia", manage_channels=True)
    channel, card, _ = await new_lobby(world, ann, solitaire=True)
    await world.click(ann, card, "Start")
    before = (await loaded_game(world, channel)).record.seats
    for new in (bo.mention, "bot"):
        which = await world.slash(mia, channel, "mod replace", old=ann.mention, new=new)
        assert which.reply_text == (f"{ann.mention} holds several seats here; name the one to hand over: "
                                    "Ann (Macedonian), Ann (Persian).")
    assert (await loaded_game(world, channel)).record.seats == before
    done = await world.slash(mia, channel, "mod replace", old="Ann (Persian)", new=bo.mention)
    assert done.reply_text == "Seat handed over."
    seats = (await loaded_game(world, channel)).record.seats
    assert [(s.seat, s.user_id) for s in seats] == [("Ann (Macedonian)", ann.id), ("Ann (Persian)", bo.id)]


async def test_solitaire_seats_are_named_after_the_sides_in_the_games_language(world):
    """The seat names are fixed at Start, in the channel's language (not English for everyone)."""
    ann, mia = world.member("Ann"), world.member("Mia", manage_channels=True)
    channel = world.channel()
    await world.slash(mia, channel, "settings language", language="it")
    channel, card, _ = await new_lobby(world, ann, channel, solitaire=True)
    await world.click(ann, card, "Inizia")  # Start
    loaded = await loaded_game(world, channel)
    assert [s.seat for s in loaded.record.seats] == ["Ann (Macedone)", "Ann (Persiano)"]
    assert loaded.state.sides == {"macedonian": "Ann (Macedone)", "persian": "Ann (Persiano)"}
