"""Replay frames that can be read (issue 28 item 10): Alexander's frames were its 2000 px board
reduced to 667 px (its 16 px texts became 5 px); a caption cut too short ended "…." in the
middle of a word; a long narration lost its outcome."""

from __future__ import annotations

import io

from PIL import Image

from engine.alexander import GAME
from render import alexander, kit, render_animation
from render.animation import CAPTION, frame
from render.inline import HEIGHT, WIDTH


def test_an_alexander_frame_is_the_close_up_at_the_chats_scale():
    state = GAME.setup(["Ann", "Bo"], 3, {})
    image, palette, scale = alexander.story_frame(GAME.view(state, None))
    assert image.size == (WIDTH, HEIGHT) and scale == 1
    gif = Image.open(io.BytesIO(render_animation("alexander", [(GAME.view(state, None), "Setup")])))
    assert gif.size == (WIDTH, HEIGHT + CAPTION)


def test_a_cut_caption_ends_on_a_word_and_never_after_a_full_stop():
    said = [(f"Sentence number {i} tells what the army of the Macedonians did at Issus.", True) for i in range(8)]
    lines, _ = kit.fit_sentences(said, 22, 500, 2, 20)
    assert lines[-1].endswith("…") and not lines[-1].endswith(".…") and not lines[-1].endswith(" …")
    words = " ".join(s for s, _ in said).split()
    assert lines[-1][:-1].split()[-1] in words  # a whole word before the cut


def test_a_frames_caption_keeps_the_outcome_of_a_long_narration():
    board = Image.new("RGB", (1800, 900), kit.PAPER)
    said = [(f"Step {i} of a long march along the road.", False) for i in range(12)]
    said.append(("Thessalonica falls: 2 Bulgar markers.", True))
    with kit.recording() as drawn:
        frame(board, (kit.PAPER, kit.INK, kit.WHITE, kit.HIGHLIGHT), 3, 9, said)
    assert "falls: 2 Bulgar markers." in " ".join(m.content for m in drawn.texts)


def test_a_frame_where_nothing_public_was_told_says_what_was_chosen():
    """"Ann decided." said nothing: a public decision's choice is named; a private one is not."""
    from bot.service.past.story import caption, chosen_label
    from engine import get_game

    game = get_game("byzantium")
    state = game.setup(["Ann", "Bo", "Cy"], 5, {})
    player = game.pending(state)[0].player
    label = chosen_label(game, state, player, "reinforce")
    assert label is not None and str(label).startswith("Reinforce the armies")
    assert str(caption(player, [], None, label)) == f"{player} chose: {label}"
    assert str(caption(player, [], None, None)) == f"{player} decided."
    assert chosen_label(game, state, player, "no such option") is None
