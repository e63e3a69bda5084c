"""Warriors & Traders through the bot's handlers: the lobby's setup options, a whole 3-player
game by clicks and `/wt` shortcuts, simultaneous trade decisions, and the refusals."""

from __future__ import annotations

import collections
import random
import re

import discord
import pytest
from bot_fakes import World, current_prompts, form_values, loaded_game, modal_fields, open_game, prompt_seat

from bot.service import text
from bot.service.pictures import render_pool
from bot.service.posts import Refusal
from bot.service.seating import lobby_options
from bot.service.turn.prompt import (
    BUTTON_TEMPLATE,
    FORM_LABEL,
    GROUP_SELECT_TEMPLATE,
    GROUP_TEMPLATE,
    resolve_ref,
)
from engine import IllegalAction, get_game
from engine.core import enumerate_answers
from engine.warriors_traders import lobby as wt_lobby
from engine.warriors_traders.testkit import random_answers

WT = get_game("warriors_traders")
# The option-id prefixes each /wt shortcut chooses, as its manifest declares them.
PREFIXES = {c["name"]: tuple(c["prefixes"]) for c in WT.manifest()["shortcuts"]["commands"]}
BUILD, DONE, MOVE, OFFER, TECH, TRADE = (PREFIXES[n] for n in ("build", "done", "move", "offer", "tech", "trade"))
# The 3-player game below: this seed and policy reach the trade phase with several players
# trading at once, offers sent and answered and other choices of amounts made, in about 200
# choices (rules version 5).
SEED = 17
TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
# How keen the random player is on each kind of answer (an option id's prefix; a choice of
# amounts counts once, by its prefix: `send:` an offer, `trade:` bank trades ...).
WEIGHTS = {"route": 8, "offer": 2, "send": 6, "trade": 2, "cancel": 0.1, "accept": 3, "refuse": 1,
           "done": 0.6, "back": 0.1, "fight": 0.5, "to": 2, "from": 2, "build": 2, "pass": 0.3}
# /wt command, its parameter, the option-id prefixes it chooses (most specific first).
SHORTCUTS = (("wt done", None, DONE), ("wt pass", None, ("pass",)), ("wt build", "what", BUILD),
             ("wt tech", "track", TECH), ("wt offer", "step", OFFER), ("wt trade", "option", TRADE),
             ("wt move", "to", MOVE))


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


def game_id_of(card) -> int:
    return int(re.search(r"lobby:(\d+):", card.view.children[0].item.custom_id)[1])


async def open_wt(world, names=("Ann", "Bo", "Cy"), *, seed=SEED, start=True, **options):
    """/game new game:warriors_traders with `options`, the others join, the host starts."""
    channel = world.channel()
    members = [world.member(n) for n in names]
    reply = await world.slash(members[0], channel, "game new", game="warriors_traders", **options)
    assert "opened" in reply.reply_text, reply.reply_text
    card = channel.messages[-1]
    await world.bot.storage.update_lobby(game_id_of(card), seed=seed)
    for member in members[1:]:
        assert (await world.click(member, card, "Join")).reply_text == ""
    if start:
        started = await world.click(members[0], card, "Start")
        assert started.reply_text == "", started.reply_text
    return channel, members, card


def prompt_of(channel, member):
    """The live prompt messages that ask `member` (several players asked at once share one)."""
    return [m for m in current_prompts(channel) if member.id in asked_in(m)]


def asked_in(message) -> set[int]:
    return {int(p[2:].partition(">")[0]) for p in message.content.split("\n\n") if re.match(r"<@[0-9]+>", p)}


async def seat_index(world, channel, player: str) -> int:
    return [s.seat for s in (await loaded_game(world, channel)).record.seats].index(player)


def policy(state, rng):
    """A random waiting player's random answer that the game accepts: a plain option or, for a
    choice of amounts, one of its answers (the rules may refuse some: another is drawn)."""
    decision = rng.choice(WT.pending(state))
    by_kind = collections.defaultdict(list)
    for answer in enumerate_answers(decision, limit=300):
        by_kind[answer.partition(":")[0]].append(answer)
    while by_kind:
        kinds = list(by_kind)
        kind = rng.choices(kinds, [WEIGHTS.get(k, 1) for k in kinds])[0]
        answer = by_kind[kind].pop(rng.randrange(len(by_kind[kind])))
        by_kind = {k: v for k, v in by_kind.items() if v}
        try:
            WT.apply(state, decision.player, answer)
        except IllegalAction:
            continue
        return decision, decision.option(answer)
    raise AssertionError(f"no answer of {decision.player}'s {decision.kind} decision is accepted")


def is_amounts(decision, option) -> bool:
    return decision.amounts is not None and decision.amounts.parse(option.id) is not None


def shortcut_for(option_id: str):
    prefix = option_id.partition(":")[0]
    return next(((path, param) for path, param, prefixes in SHORTCUTS if prefix in prefixes), ("wt choose", "option"))


async def click_option(world, channel, member, decision, option):
    """Click the button (or pick the menu entry) for `option` on the member's own prompt; an
    option in a group is reached by opening its group first (the second click)."""
    messages = prompt_of(channel, member)
    seat = await seat_index(world, channel, decision.player)
    while messages:
        message = messages.pop(0)
        for component in message.components:
            item = component.item
            if prompt_seat(item.custom_id) not in (None, seat):
                continue  # another player's part of a shared message
            if isinstance(item, discord.ui.Select):
                value = next((o.value for o in item.options if resolve_ref(decision.options, o.value) == option.id), None)
                if value is not None:
                    return await world.select(member, message, value)
                if re.fullmatch(GROUP_SELECT_TEMPLATE, item.custom_id):
                    for group in item.options:
                        opened = await world.select(member, message, group.value)
                        messages += [m for m in opened.replies if m.components]
            elif re.fullmatch(GROUP_TEMPLATE, item.custom_id):
                opened = await world.click(member, message, item.custom_id)
                messages += [m for m in opened.replies if m.components]
            elif match := re.fullmatch(BUTTON_TEMPLATE, item.custom_id):
                if resolve_ref(decision.options, match["ref"]) == option.id:
                    return await world.click(member, message, item.custom_id)
    raise AssertionError(f"no prompt of {member.name} offers {option.id}")


async def fill_form(world, channel, member, decision, option):
    """Open the form on the member's own prompt and submit the amounts `option` names."""
    seat = await seat_index(world, channel, decision.player)
    found = [(m, c.item.custom_id) for m in prompt_of(channel, member) for c in m.components
             if c.item.custom_id and prompt_seat(c.item.custom_id) == seat
             and getattr(c.item, "label", None) in (FORM_LABEL, f"{decision.player}: {FORM_LABEL}",
                                                    f"{decision.player}: Choose what to do…")]
    message, custom_id = found[0]
    if not custom_id.startswith("fm:"):  # behind the player's one button of a shared message
        [message] = [m for m in (await world.click(member, message, custom_id)).replies if m.components]
        custom_id = FORM_LABEL
    opened = await world.click(member, message, custom_id)
    assert opened.response.modal is not None, opened.reply_text
    counts = decision.amounts.parse(option.id)
    return await world.submit_form(member, opened, form_values(modal_fields(opened.response.modal), decision, counts))


def typed_form(decision, option, step: int) -> str:
    """An amounts answer as a member types it: the option id, or the terminal's one line
    (`give:grain=2 get:wood=1`), every other time."""
    if step % 2:
        return option.id
    counts = decision.amounts.parse(option.id)
    return " ".join(f"{item.id}={counts[item.id]}" for item in decision.amounts.items if counts[item.id]) or option.id


def foreign_options(trading):
    """The options the first trading player has and the second has not."""
    return [o.id for o in trading[0].options if o.id not in {x.id for x in trading[1].options}]


async def check_simultaneous_trade(world, channel, by_seat, trading):
    """Several players trade at once: each has their own prompt and their own /wt options."""
    before = (await loaded_game(world, channel)).seq
    prompts = {d.player: prompt_of(channel, by_seat[d.player]) for d in trading}
    [shared] = prompts[trading[0].player]
    assert all(p == [shared] for p in prompts.values()), "one message for every trading player"
    first, second = trading[0], trading[1]
    intruder = by_seat[second.player]
    seat = await seat_index(world, channel, first.player)
    theirs = next(c.item.custom_id for c in shared.components if prompt_seat(c.item.custom_id) == seat)
    refused = await world.click(intruder, shared, theirs)
    assert f"This prompt is for {first.player}" in refused.reply_text
    for decision in trading:
        listed = await world.autocomplete(by_seat[decision.player], channel, "wt trade", "option", "")
        mine = [o.id for o in decision.options if o.id.partition(":")[0] in TRADE][:25]
        values = [c.value for c in listed]
        assert values[:len(mine)] == mine  # their own options, then some answers of their own bank trades
        assert all(decision.amounts.parse(v) is not None for v in values[len(mine):]), values
    # An option only the first player has (a route to the second, say) is not the second's to take.
    foreign = foreign_options(trading)
    wrong = await world.slash(intruder, channel, "wt choose", option=foreign[0])
    assert "not one of your options" in wrong.reply_text
    assert (await loaded_game(world, channel)).seq == before  # nothing changed


async def test_wt_lobby_options_then_a_whole_three_player_game(world, monkeypatch):
    # Boards are posted after every change, as always, but not drawn: drawing ~250 W&T boards
    # would take most of this test's time (test_bot_every_game and the render tests draw them).
    monkeypatch.setattr(render_pool, "_render", lambda game, state, events: TINY_PNG)
    channel, members, card = await open_wt(world, map="west", variant="isles3", turn_order="variable",
                                           nations="random")
    assert "Map **West Europe**" in card.content and "isles3 variant (3 players" in card.content
    assert "variable turn order" in card.content and "random nations" in card.content
    assert "🔴 red **Ann**" in card.content and "🔵 blue **Bo**" in card.content and "🟢 green **Cy**" in card.content
    assert "Started" in card.content and card.view is None
    loaded = await loaded_game(world, channel)
    assert loaded.record.options == {"map": "west", "variant": "isles3", "nations": "random",
                                     "turn_order": "variable"}
    assert (loaded.state.map, loaded.state.variant, loaded.state.variable_order) == ("west", "isles3", True)
    begins = next(m for m in channel.messages if "Warriors & Traders** begins: 🔴 red **Ann**" in m.content)
    assert begins.image() and "\nMap **West Europe** · isles3 variant" in begins.content

    game_id = loaded.id
    by_seat = {m.name: m for m in members}
    rng = random.Random(SEED)
    paths = collections.Counter()
    simultaneous = answered = checked = 0
    several = 0  # forms of more than one non-zero amount
    for step in range(1000):
        loaded = await world.bot.storage.load(game_id)
        if loaded.record.status != "active":
            break
        decisions = WT.pending(loaded.state)
        trading = [d for d in decisions if d.kind == "trade"]
        if len(trading) >= 2:
            if not checked and foreign_options(trading):
                await check_simultaneous_trade(world, channel, by_seat, trading)
                checked = 1
            simultaneous += 1
        assert {m for p in current_prompts(channel) for m in asked_in(p)} \
            == {by_seat[d.player].id for d in decisions}  # exactly the players the game waits on
        assert len(current_prompts(channel)) == 1  # in one message, however many they are
        decision, option = policy(loaded.state, rng)
        answered += decision.kind == "answer"
        member = by_seat[decision.player]
        amounts = is_amounts(decision, option)
        if step % 3 == 0:
            path, param = shortcut_for(option.id)
            if param is not None and step % 9 == 0 and not amounts:
                offered = await world.autocomplete(member, channel, path, param, "")
                assert option.id in [c.value for c in offered] or len(offered) == 25
            typed = typed_form(decision, option, step) if amounts else option.id
            reply = await world.slash(member, channel, path, **({param: typed} if param else {}))
            assert reply.reply_text == "Done.", reply.reply_text
            paths[path] += 1
            paths["typed amounts"] += amounts
        elif amounts and option.id not in {o.id for o in decision.options}:
            reply = await fill_form(world, channel, member, decision, option)
            assert reply.reply_text == "", reply.reply_text
            paths["form"] += 1
            several += sum(1 for n in decision.amounts.parse(option.id).values() if n) > 1
        else:
            reply = await click_option(world, channel, member, decision, option)
            assert reply.reply_text == "", reply.reply_text
            paths["click"] += 1
        assert (await world.bot.storage.load(game_id)).seq == loaded.seq + 1
    else:
        pytest.fail("the game did not end in 1000 choices")
    assert checked and simultaneous >= 2 and answered >= 1 and paths["click"] > 100
    assert paths["form"] >= 5 and several >= 1 and paths["typed amounts"] >= 2, paths
    assert {"wt done", "wt build", "wt tech", "wt move", "wt trade", "wt offer", "wt choose"} <= set(paths)
    final = channel.messages[-1].content
    assert "Warriors & Traders** is over. Final scores" in final
    assert all(f"<@{m.id}>" in final for m in members)
    assert current_prompts(channel) == []

    # The channel has no open game now: /game status shows the last game's final scores.
    status = await world.slash(members[1], channel, "game status")
    assert "is over. Final scores" in status.reply_text and f"game #{loaded.id}, finished" in status.reply_text
    rows = await world.bot.storage.results(loaded.id)
    assert all(f"**{row.player}**" in status.reply_text for row in rows)


async def test_bad_combinations_are_refused_in_one_line(world):
    channel = world.channel()
    ann, bo, cy, di = (world.member(n) for n in ("Ann", "Bo", "Cy", "Di"))
    wrong_map = await world.slash(ann, channel, "game new", game="warriors_traders", map="east", variant="isles3")
    assert wrong_map.reply_text.startswith("The East Europe map has no variant 'isles3'")
    assert "\n" not in wrong_map.reply_text and await world.bot.storage.channel_game(channel.id) is None
    teams_variant = await world.slash(ann, channel, "game new", game="warriors_traders", variant="isles3", teams="2v2")
    assert "Team play needs the full map" in teams_variant.reply_text
    byz = await world.slash(ann, channel, "game new", game="byzantium", map="west")
    assert byz.reply_text == "Byzantium has no map option; leave it out."

    # A 3-player variant: a fourth member cannot join, and two cannot start.
    await world.slash(ann, channel, "game new", game="warriors_traders", map="west", variant="isles3")
    card = channel.messages[-1]
    assert "Seats (1; 3 players)" in card.content
    await world.click(bo, card, "Join")
    too_few = await world.click(ann, card, "Start")
    assert too_few.reply_text == "The isles3 variant needs exactly 3 players; 2 have joined."
    await world.click(cy, card, "Join")
    full = await world.click(di, card, "Join")
    assert full.reply_text == "The isles3 variant takes at most 3 players; the table is full."
    # The engine checks the combination again at Start (options that never came from the command).
    await world.bot.storage.update_lobby(game_id_of(card), options={"map": "italy", "variant": "britain2"})
    engine_says = await world.click(ann, card, "Start")
    assert engine_says.reply_text == "Map italy has no 3-player variant 'britain2' (there are: north3, peninsula3)."
    assert (await world.bot.storage.channel_game(channel.id)).status == "lobby"


async def test_teams_are_formed_by_seat_order_and_checked_at_start(world):
    channel, members, card = await open_wt(world, ("Ann", "Bo", "Cy"), start=False, map="east", teams="2v2")
    assert "cooperative 2 vs 2 (teams by seat order)" in card.content
    assert "**Ann** <@" in card.content and "(team A)" in card.content and "(team B)" in card.content
    refused = await world.click(members[0], card, "Start")
    assert refused.reply_text == "2 vs 2 team play needs exactly 4 players; 3 have joined."
    di = world.member("Di")
    await world.click(di, card, "Join")
    assert (await world.click(members[0], card, "Start")).reply_text == ""
    loaded = await loaded_game(world, channel)
    assert loaded.record.options["teams"] == [["Ann", "Bo"], ["Cy", "Di"]]
    assert loaded.state.coop and [p.team for p in loaded.state.players] == [0, 0, 1, 1]
    assert "(team A)" in card.content and "Seats (4; 4 players)" in card.content and "Started" in card.content


async def test_wt_autocomplete_offers_only_the_callers_legal_options(world):
    channel, members, _card = await open_wt(world, nations="choose", map="italy", variant="north3")
    ann, bo, cy = members
    loaded = await loaded_game(world, channel)
    [decision] = WT.pending(loaded.state)  # nations are chosen one player at a time
    chooser = next(m for m in members if m.name == decision.player)
    others = [m for m in members if m is not chooser]
    listed = await world.autocomplete(chooser, channel, "wt choose", "option", "")
    assert [c.value for c in listed] == [o.id for o in decision.options]
    assert all(c.value.startswith("nation:") for c in listed)
    assert await world.autocomplete(others[0], channel, "wt choose", "option", "") == []
    assert await world.autocomplete(chooser, channel, "wt build", "what", "") == []  # nothing to build now
    narrowed = await world.autocomplete(chooser, channel, "wt choose", "option", "genova")
    assert [c.value for c in narrowed] == ["nation:genova"]
    not_yours = await world.slash(others[0], channel, "wt choose", option="nation:genova")
    assert "not your decision" in not_yours.reply_text
    assert (await world.slash(chooser, channel, "wt choose", option="genova")).reply_text == "Done."

    [decision] = WT.pending((await loaded_game(world, channel)).state)  # the next player chooses
    member = next(m for m in members if m.name == decision.player)
    assert len(decision.options) == 2 and member is not chooser
    assert (await world.slash(member, channel, "wt choose", option=decision.options[0].id)).reply_text == "Done."
    # The last nation left goes to the last player without asking (a single option).
    # Then everyone places starting tokens at once: each is offered their own tracks only.
    pending = WT.pending((await loaded_game(world, channel)).state)
    assert sorted(d.player for d in pending) == ["Ann", "Bo", "Cy"] and {d.kind for d in pending} == {"token"}
    status = await world.slash(cy, channel, "game status")
    assert "Turn 1, setup phase" in status.reply_text and "Waiting on" in status.reply_text
    assert all(f"<@{m.id}>" in status.reply_text for m in members)
    helped = await world.slash(ann, channel, "game help")
    assert "three starting development tokens" in helped.reply_text
    tech = await world.autocomplete(bo, channel, "wt tech", "track", "military=3")
    assert [c.value for c in tech] == ["tech:military=3"]
    assert (await world.slash(bo, channel, "wt tech", track="trade=3")).reply_text == "Done."
    state = (await loaded_game(world, channel)).state
    assert state.player("Bo").tokens["trade"] == 3  # the three tokens are one choice (issue 12)
    assert {d.player for d in WT.pending(state)} == {"Ann", "Cy"}
    outsider = world.member("Eve")
    assert await world.autocomplete(outsider, channel, "wt tech", "track", "") == []
    assert "not playing" in (await world.slash(outsider, channel, "wt tech", track="trade")).reply_text


async def test_wt_shortcuts_refused_on_a_byzantium_game(world):
    channel, members = await open_game(world)
    for member in members:
        assert await world.autocomplete(member, channel, "wt choose", "option", "") == []
    refused = await world.slash(members[0], channel, "wt choose", option="pass")
    assert refused.reply_text.startswith("These shortcuts are for Warriors & Traders; this channel plays Byzantium.")
    assert "\n" not in refused.reply_text
    assert (await world.slash(members[0], channel, "wt done")).reply_text == refused.reply_text
    assert (await loaded_game(world, channel)).seq == 0


async def test_a_lobby_stored_without_options_starts_with_the_defaults_named(world):
    channel, members, card = await open_wt(world, ("Ann", "Bo"), start=False)
    await world.bot.storage.update_lobby(game_id_of(card), options={})  # as stored before lobby options
    assert (await world.click(members[0], card, "Start")).reply_text == ""
    loaded = await loaded_game(world, channel)
    assert loaded.record.options == {"map": "west", "variant": "full", "nations": "random", "turn_order": "fixed"}
    assert (loaded.state.map, loaded.state.variant) == ("west", None)


def test_every_offered_map_and_variant_sets_up_in_the_engine():
    """The command's choices (the manifest's) and the engine agree: each map/variant the lobby
    accepts sets up with the player count the lobby asks for; the others are refused before any
    lobby opens. The manifest lists the variants the maps have, with their words."""
    declared = {o["name"]: o for o in WT.manifest()["lobby"]}
    variant_choices = [(c["name"], c["value"]) for c in declared["variant"]["choices"]]
    assert variant_choices == wt_lobby.variant_choices()
    maps = [c["value"] for c in declared["map"]["choices"]]
    assert maps == list(wt_lobby.MAP_TITLES)
    accepted = 0
    for _label, variant in variant_choices:
        for map_name in maps:
            try:
                options = lobby_options.lobby_options("warriors_traders", {"map": map_name, "variant": variant})
            except Refusal as why:
                assert variant not in wt_lobby.variants()[map_name] and "has no variant" in str(why)
                continue
            fewest, most, _why = lobby_options.seat_limits("warriors_traders", options)
            for count in {fewest, most}:
                players = [f"P{i}" for i in range(count)]
                state = WT.setup(players, 1, lobby_options.engine_options("warriors_traders", options, players))
                assert (state.map, state.variant or "full") == (map_name, variant)
            accepted += 1
    assert accepted == 3 + 10  # the full map of each, and every variant on its own map


def test_team_results_mention_every_player_of_the_team():
    standings = [{"player": "Cy & Di", "players": ["Cy", "Di"], "score": 12, "rank": 2},
                 {"player": "Ann & Bo", "players": ["Ann", "Bo"], "score": 20, "rank": 1, "nation": ["a", "b"]}]
    lines = text.result_lines("Warriors & Traders", standings, {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4})
    assert lines[1:] == ["1. **Ann & Bo** <@1> <@2>: **20** (nation a, b)", "2. **Cy & Di** <@3> <@4>: **12**"]


async def test_a_finished_2v2_game_counts_in_stats_for_every_member_of_both_teams(world, monkeypatch):
    monkeypatch.setattr(render_pool, "_render", lambda game, state, events: TINY_PNG)
    channel, members, _card = await open_wt(world, ("Ann", "Bo", "Cy", "Di"), seed=1, map="east", teams="2v2")
    by_seat = {m.name: m for m in members}
    loaded = await loaded_game(world, channel)
    assert loaded.state.coop
    # Random choices straight into storage (the whole game through the handlers is the 3-player
    # test's job), the last one by `/wt choose`, so the bot finishes the game as it always does.
    rng = random.Random(1)
    for _ in range(3000):
        decision = rng.choice(WT.pending(loaded.state))
        for answer in random_answers(decision, rng, bias=False):
            try:
                after, _events = WT.apply(loaded.state, decision.player, answer)
                break
            except IllegalAction:
                continue
        option = decision.option(answer)
        if WT.is_over(after):
            break
        loaded, _events = await world.bot.storage.play(loaded.id, decision.player, option.id)
    else:
        pytest.fail("the game did not end in 3000 choices")
    last = await world.slash(by_seat[decision.player], channel, "wt choose", option=option.id)
    assert last.reply_text == "Done.", last.reply_text
    standings = WT.result((await world.bot.storage.load(loaded.id)).state)
    winners, losers = standings
    assert (winners["rank"], losers["rank"]) == (1, 2)  # this seed has no tie
    assert sorted([winners["player"], losers["player"]]) == ["Ann & Bo", "Cy & Di"]
    final = channel.messages[-1].content
    assert "Final scores" in final and all(f"<@{m.id}>" in final for m in members)

    # /game status shows each team once, as the final scores did.
    status = (await world.slash(members[2], channel, "game status")).reply_text
    assert status.count("**Ann & Bo**") == 1 and status.count("**Cy & Di**") == 1
    assert f"1. **{winners['player']}**" in status and f"2. **{losers['player']}**" in status
    # /stats: every member of both teams played it; the winning team's members each won it, and
    # each team is rated as one: both members of a team get the same rating, the winners' higher.
    rating = {}
    for member in members:
        won = int(member.name in winners["players"])
        stats = (await world.slash(member, channel, "stats player")).reply_text
        head = f"**{member.name}** on this server:\n• Warriors & Traders: 1 played, {won} won; skill rating "
        assert stats.startswith(head), stats
        rating[member.name] = float(re.search(r"skill rating (-?[0-9.]+) \(#[0-9] of 4\)", stats)[1])
    (w1, w2), (l1, l2) = winners["players"], losers["players"]
    assert rating[w1] == rating[w2] > rating[l1] == rating[l2]


def test_scores_read_as_integers_where_they_are_integers():
    """Issue 12, item 5: `/game status` and the final scores showed "72.0"."""
    standings = [{"player": "Ann", "score": 72.0, "rank": 1, "vp": {"byz": 40.0, "arab": 32.0}},
                 {"player": "Bo", "score": 12.5, "rank": 2}]
    lines = text.result_lines("Byzantium", standings, {"Ann": 1, "Bo": 2})
    assert lines[1] == "1. **Ann** <@1>: **72** (VP byz 40 / Arab 32)", lines[1]
    assert lines[2] == "2. **Bo** <@2>: **12.5**"


async def test_wt_preferences_are_set_per_player_shown_privately_and_stored_with_the_game(world):
    """Issue 12, item 1: feeding all armies and keeping the tokens are settings (defaults: feed,
    keep); a player changes one with /game prefs, sees it in /game prefs and /game status, and
    only their own; the change is a stored choice of the game."""
    channel, members, _card = await open_wt(world)
    ann, bo, _cy = members
    listed = (await world.slash(ann, channel, "game prefs")).reply_text
    assert "Feeding your armies: **Feed them all without asking when the food suffices**" in listed
    assert "Keep the tokens where they are without asking" in listed
    settings = await world.autocomplete(ann, channel, "game prefs", "setting", "")
    assert [c.value for c in settings] == ["feed", "shift"], settings
    before = (await loaded_game(world, channel)).seq
    changed = await world.slash(ann, channel, "game prefs", setting="feed", value="ask")
    assert changed.reply_text.startswith("🔒"), changed.reply_text
    loaded = await loaded_game(world, channel)
    assert loaded.seq == before + 1 and loaded.state.prefs["Ann"]["feed"] == "ask"
    [last] = await world.bot.storage.last_choices(loaded.id, 1)
    assert (last.player, last.option_id) == ("Ann", "pref:feed=ask")
    assert "Feeding your armies: **Ask me every turn**" in (await world.slash(ann, channel, "game status")).reply_text
    assert "Feeding your armies: **Feed them all" in (await world.slash(bo, channel, "game status")).reply_text
    again = await world.slash(ann, channel, "game prefs", setting="feed", value="ask")
    assert again.reply_text == "That is already your setting; nothing changed."
    wrong = await world.slash(ann, channel, "game prefs", setting="cube_source", value="free")
    assert "'cube_source' is not a setting of Warriors & Traders" in wrong.reply_text
    assert (await loaded_game(world, channel)).seq == before + 1  # nothing changed
