"""Several players deciding at once: one prompt per pending decision, each mentioning and
accepting only its own player (the contract allows it; later games use it)."""

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


@pytest.fixture
async def world(tmp_path):
    w = World(tmp_path / "games.sqlite3")
    await w.start_bot()
    yield w
    await w.stop()


async def test_one_prompt_per_pending_decision(world):
    channel = world.channel()
    ann, bo = world.member("Ann"), world.member("Bo")
    await world.slash(ann, channel, "game new", game="vote_test")
    card = channel.messages[-1]
    await world.click(bo, card, "Join")
    await world.click(ann, card, "Start")
    prompts = current_prompts(channel)
    assert [p.mentions for p in prompts] == [[ann.id], [bo.id]]
    ann_prompt, bo_prompt = prompts

    wrong = await world.click(bo, ann_prompt, "Yes")  # Bo may vote too, but not on Ann's prompt
    assert "This prompt is for Ann" in wrong.reply_text
    assert (await loaded_game(world, channel)).seq == 0
    bo_view = bo_prompt.view
    count = len(channel.messages)
    await world.click(ann, ann_prompt, "No")
    # Bo was already asked: his message stays, its buttons move to the new version in place.
    [fresh] = current_prompts(channel)
    assert fresh is bo_prompt and bo_prompt.view is not bo_view and bo_prompt.edits == 1
    assert len(channel.messages) == count and ann_prompt.view is None  # Ann's answered prompt closed
    fresh_view, bo_prompt.view = bo_prompt.view, bo_view  # a client that has not seen the edit yet
    stale = await world.click(bo, bo_prompt, "Yes")
    assert "out of date" in stale.reply_text
    bo_prompt.view = fresh_view
    outsider = world.member("Eve")
    assert "not playing" in (await world.click(outsider, fresh, "Yes")).reply_text
    await world.click(bo, fresh, "Yes")
    assert "is over" in channel.messages[-1].content
