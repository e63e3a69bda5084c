"""Several players deciding at once (issue 12: one public message per turn): one message asks them
all, each pinged, each with their own buttons, and a click is accepted only from its own player
(the contract allows several decisions at once; Byzantium's upkeep and W&T's trading use it)."""

from __future__ import annotations

import pytest
from bot_fakes import World, current_prompts, loaded_game

from engine.core import BaseState, Decision, Event, Game, Option, register


class VoteState(BaseState):
    players: list[str]
    votes: dict[str, str] = {}


class Vote(Game[VoteState]):
    """Everyone votes yes or no at the same time; the game ends when all have voted."""

    name = "vote_test"
    title = "Vote"
    min_players = 2
    max_players = 4
    state_class = VoteState

    def _setup(self, players, seed, options):
        return VoteState(players=players), []

    def _pending(self, state):
        return [Decision(p, "Yes or no?", (Option("yes", "Yes"), Option("no", "No")), kind="vote")
                for p in state.players if p not in state.votes]

    def _apply(self, state, player, option_id):
        state.votes[player] = option_id
        return [Event("vote", f"{player} has voted.", {"player": player})]

    def result(self, state):
        return [{"player": p, "score": int(state.votes[p] == "yes"), "rank": 1} for p in state.players]

    def summary(self, state):
        return {"votes": len(state.votes)}


register(Vote())


class Tally(Vote):
    """A vote whose question tells how many have voted: another's answer changes what is asked."""

    name = "tally_test"
    title = "Tally"

    def _pending(self, state):
        return [Decision(p, f"Yes or no? ({len(state.votes)} voted)", (Option("yes", "Yes"), Option("no", "No")),
                         kind="vote") for p in state.players if p not in state.votes]


register(Tally())


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def open_vote(world, *, bot: bool = False, game: str = "vote_test"):
    """A vote_test game started by Ann with Bo (and a bot seat): (channel, ann, bo, its one prompt)."""
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game=game)
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    if bot:
        await world.click(ann, card, "🤖 Add bot")
    await world.click(ann, card, "Start")
    [prompt] = current_prompts(channel)
    return channel, ann, bo, prompt


def own_button(message, seat: int, label: str) -> str:
    """The custom id of the button `label` in seat `seat`'s part of a shared message (its label
    there carries the player's name: "Ann: Yes")."""
    return next(c.item.custom_id for c in message.components
                if label in (c.item.label, c.item.label.partition(": ")[2]) and c.item.custom_id.split(":")[4] == str(seat))


async def test_one_message_asks_everyone_deciding_at_once_each_on_their_own_part(world):
    channel, ann, bo, prompt = await open_vote(world)
    assert prompt.mentions == [ann.id, bo.id]  # both pinged by the one message
    assert prompt.content.endswith(f"<@{ann.id}>, Yes or no?\n\n<@{bo.id}>, Yes or no?")
    # Each player's buttons in rows of their own: Ann's first row, Bo's second.
    assert [(c.row, c.item.label, c.item.custom_id.split(":")[4]) for c in prompt.components] == \
        [(0, "Ann: Yes", "0"), (0, "Ann: No", "0"), (1, "Bo: Yes", "1"), (1, "Bo: No", "1")]  # each named

    wrong = await world.click(bo, prompt, own_button(prompt, 0, "Yes"))  # Bo may vote, but not on Ann's part
    assert "This prompt is for Ann" in wrong.reply_text
    assert (await loaded_game(world, channel)).seq == 0
    old_view = prompt.view
    count = len(channel.messages)
    await world.click(ann, prompt, own_button(prompt, 0, "No"))
    # The same message goes on: Ann's answer in one line, Bo still asked, his buttons moved to the
    # new version in place; no new message.
    [fresh] = current_prompts(channel)
    assert fresh is prompt and prompt.view is not old_view and prompt.edits == 1
    assert len(channel.messages) == count
    assert "✅ **Ann** chose **No**." in prompt.content and prompt.content.endswith(f"<@{bo.id}>, Yes or no?")
    assert [c.item.custom_id.split(":")[4] for c in prompt.components] == ["1", "1"]
    outsider = world.member("Eve")
    assert "not playing" in (await world.click(outsider, fresh, "Yes")).reply_text
    # Bo's click lands on the old buttons (his client had not seen the edit yet): Ann's answer
    # changed nothing of what he is asked, so it counts rather than "out of date".
    prompt.view = old_view
    await world.click(bo, prompt, own_button(prompt, 1, "Yes"))
    # The final scores: a message of their own, pinging both (an edit would notify nobody).
    final = channel.messages[-1]
    assert "is over" in final.content and len(channel.messages) == count + 1
    assert final.mentions == [ann.id, bo.id] and not prompt.view


async def test_a_click_on_buttons_another_answer_made_old_is_refused_when_the_question_changed(world):
    channel, ann, bo, prompt = await open_vote(world, game="tally_test")
    old_view = prompt.view
    await world.click(ann, prompt, own_button(prompt, 0, "No"))
    assert prompt.content.endswith(f"<@{bo.id}>, Yes or no? (1 voted)")
    fresh_view, prompt.view = prompt.view, old_view  # Bo's client still shows "(0 voted)"
    stale = await world.click(bo, prompt, own_button(prompt, 1, "Yes"))
    assert "out of date" in stale.reply_text
    assert (await loaded_game(world, channel)).seq == 1
    prompt.view = fresh_view
    await world.click(bo, prompt, own_button(prompt, 1, "Yes"))
    assert "is over" in channel.messages[-1].content


async def test_a_bot_answering_while_members_are_asked_at_once_goes_on_their_one_message(tmp_path):
    """A bot seat deciding at the same time as two members: its answer is told on the members'
    shared message (edited in place, no new post), whose buttons stay theirs alone."""
    from concurrent.futures import ThreadPoolExecutor

    from bot.service.bot_players.bot_pool import ThinkPool

    world = World(tmp_path / "games.sqlite3")
    bot = await world.start_bot(bot_budget_ms=5.0, bot_pause_seconds=0.0)
    bot.service.thinker = ThinkPool(executor=ThreadPoolExecutor(1))  # in-process thinking
    try:
        channel, ann, bo, prompt = await open_vote(world, bot=True)
        assert prompt.mentions == [ann.id, bo.id]  # nobody is asked to click for a bot
        assert sorted({c.item.custom_id.split(":")[4] for c in prompt.components}) == ["0", "1"]
        count = len(channel.messages)
        await world.bot.reminders.run_due()
        await world.bot.reminders.wait_bots()
        game = await loaded_game(world, channel)
        assert game.seq == 1 and "Bot 1" in game.state.votes
        [fresh] = current_prompts(channel)
        assert fresh is prompt and len(channel.messages) == count  # told in place, no new post
        assert "✅ **Bot 1** chose" in prompt.content
        assert prompt.content.endswith(f"<@{ann.id}>, Yes or no?\n\n<@{bo.id}>, Yes or no?")
        assert sorted({c.item.custom_id.split(":")[4] for c in prompt.components}) == ["0", "1"]
        await world.click(ann, prompt, own_button(prompt, 0, "Yes"))
        await world.click(bo, current_prompts(channel)[0], own_button(current_prompts(channel)[0], 1, "No"))
        assert "is over" in channel.messages[-1].content
        assert (await world.bot.storage.load(game.id)).state.votes.keys() == {"Ann", "Bo", "Bot 1"}
    finally:
        await world.stop()


class TwoVotesState(BaseState):
    players: list[str]
    votes: dict[str, int] = {}


class TwoVotes(Game[TwoVotesState]):
    """Ann votes alone first; then everyone votes at once, each vote a new action ("action" kind:
    a turn message per action), so Ann, who just acted, is asked again at once beside Bo."""

    name = "two_votes_test"
    title = "Two votes"
    min_players = 2
    max_players = 3
    state_class = TwoVotesState

    def _setup(self, players, seed, options):
        return TwoVotesState(players=players), []

    def _pending(self, state):
        first = state.players[0]
        if not state.votes:
            return [Decision(first, "First vote?", (Option("yes", "Yes"), Option("no", "No")), kind="action")]
        return [Decision(p, "Everyone: yes or no?", (Option("yes", "Yes"), Option("no", "No")), kind="action")
                for p in state.players if state.votes.get(p, 0) < (2 if p == first else 1)]

    def _apply(self, state, player, option_id):
        state.votes[player] = state.votes.get(player, 0) + 1
        return [Event("vote", f"{player} has voted.", {"player": player})]

    def result(self, state):
        return [{"player": p, "score": 0, "rank": 1} for p in state.players]

    def summary(self, state):
        return {"votes": sum(state.votes.values())}


register(TwoVotes())


async def test_who_just_acted_and_is_asked_again_at_once_beside_others_is_pinged_and_named(world):
    """Issue 28: asked again at once in a message of several questions, the member who just acted
    is pinged like the others (theirs is easily missed there), and each one's buttons carry their
    name ("Choose (1/2)" alone says nothing of whose it is)."""
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="two_votes_test")
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    [first] = current_prompts(channel)
    await world.click(ann, first, "Yes")
    [shared] = current_prompts(channel)
    assert shared is not first
    assert shared.mentions == [ann.id, bo.id]
    assert [c.item.label for c in shared.components] == ["Ann: Yes", "Ann: No", "Bo: Yes", "Bo: No"]
