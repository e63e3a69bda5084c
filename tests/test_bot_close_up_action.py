"""The close-up shows the whole action (issue 28 item 5): it was drawn from the last click's
events only, so after a move and "Stop moving" the picture had no path and its "Last:" band was
empty. It is drawn from every choice since the first answered on the turn message."""

from __future__ import annotations

from bot_playing import loaded_game, open_game

from engine import get_game

GAME = get_game("byzantium")


def spy_close_ups(monkeypatch) -> list[dict]:
    """The highlight of every close-up the bot draws."""
    import render

    seen: list[dict] = []
    real = render.render_inline

    def spy(game, state, *, highlight=None, lang=None):
        seen.append(highlight or {})
        return real(game, state, highlight=highlight, lang=lang)

    monkeypatch.setattr(render, "render_inline", spy)
    return seen


def a_move_that_goes_on(state):
    """(player, option id) of a move after which the same player decides how to go on."""
    for decision in GAME.pending(state):
        for option in decision.options:
            if option.id.startswith("move:") and ":to:" in option.id:
                after, _ = GAME.apply(state, decision.player, option.id)
                [next_step] = GAME.pending(after) or [None]
                if next_step is not None and next_step.player == decision.player and next_step.kind == "move" \
                        and any(o.id == "done" for o in next_step.options):
                    return decision.player, option.id
    return None


def a_plain_step(state):
    """A choice that moves the game on and places armies: a Byzantine city taken, else the first option."""
    decision = GAME.pending(state)[0]
    ids = [o.id for o in decision.options]
    take = [i for i in ids if i.startswith("take:")]
    return decision.player, (take[0] if take else ids[0])


async def test_the_close_up_after_stop_moving_shows_the_move(world, monkeypatch):
    channel, members = await open_game(world, seed=7)
    by_name = {m.display_name if hasattr(m, "display_name") else m.name: m for m in members}
    found = None
    for _ in range(60):
        loaded = await loaded_game(world, channel)
        found = a_move_that_goes_on(loaded.state)
        if found:
            break
        player, option = a_plain_step(loaded.state)
        await world.slash(by_name[player], channel, "byz choose", option=option)
    assert found, "no move that goes on within 60 choices"
    player, option = found
    seen = spy_close_ups(monkeypatch)
    await world.slash(by_name[player], channel, "byz choose", option=option)
    moved = seen[-1]
    assert moved.get("routes"), moved  # the move's path is drawn
    await world.slash(by_name[player], channel, "byz done")
    stopped = seen[-1]
    assert stopped is not moved and stopped.get("routes") == moved["routes"]
    assert stopped.get("text"), "the Last band says what the action did"
