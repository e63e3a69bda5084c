"""The score chart says who won and counts rounds (issue 28 item 10): it showed both VP tracks
but not the final score, so a reader could not tell who won, and its x-axis counted steps."""

from __future__ import annotations

import random

from engine import get_game
from render import kit, render_score_chart, scores, step_round
from render.chart import draw_chart
from render.scene import Seat

GAME = get_game("byzantium")


def finished_game(seed=5):
    rng = random.Random(seed)
    state = GAME.setup(["Ann", "Bo", "Cy"], seed, {})
    steps = [state]
    while not GAME.is_over(state):
        decision = GAME.pending(state)[0]
        state, _ = GAME.apply(state, decision.player, rng.choice(decision.options).id)
        steps.append(state)
    return steps


def test_the_chart_names_the_winner_with_the_final_score_and_counts_rounds():
    steps = finished_game()
    result = GAME.result(steps[-1])
    [winner] = [row for row in result if row["rank"] == 1]
    rounds = [step_round("byzantium", s) for s in steps]
    assert rounds[0] == 1 and rounds[-1] == max(rounds) > 1
    seats = [Seat(p.name, p.name[0], kit.PLAYER_COLOURS[p.color], ()) for p in steps[-1].players]
    with kit.recording() as drawn:
        draw_chart("Byzantium", seats, [scores("byzantium", s) for s in steps], rounds=rounds,
                   final={r["player"]: (r["score"], r["rank"]) for r in result})
    texts = [m.content for m in drawn.texts]
    assert f"Final: {winner['player']} won with {winner['score']}" in texts
    assert f"{winner['score']} ★" in texts  # the winner's score in the legend, marked
    for row in result:
        if row["rank"] != 1:
            assert str(row["score"]) in [m.content for m in drawn.texts if m.means == ("final_score", row["player"])]
    assert "round 1" in texts and "step" not in texts
    numbers = {int(m.content) for m in drawn.texts if m.means[:1] == ("round",)}
    assert numbers and numbers <= set(rounds)


def test_the_chart_of_a_game_under_way_names_no_winner():
    steps = finished_game()[:40]
    png = render_score_chart("byzantium", [scores("byzantium", s) for s in steps], state=steps[-1],
                             rounds=[step_round("byzantium", s) for s in steps])
    assert png.startswith(b"\x89PNG")
