"""The story of a game: the animated GIF (step and action on every frame, under the upload
limit) and the score chart (every player's line, Byzantium's two tracks)."""

import io
import random

from PIL import Image

from engine import get_game
from render import highlight_from_events, render_animation, render_score_chart, scores
from render.animation import frame

BYZ = get_game("byzantium")


def steps(count, seed=3):
    rng = random.Random(seed)
    state = BYZ.setup(["Ann", "Bo", "Cy"], seed, {})
    out = [(state, [])]
    while len(out) < count:
        decision = BYZ.pending(state)[0]
        state, events = BYZ.apply(state, decision.player, rng.choice(decision.options).id)
        out.append((state, events))
    return out


def test_animation_has_a_captioned_frame_per_step():
    history = steps(4)
    items = [(s, f"action {i}", highlight_from_events("byzantium", e)) for i, (s, e) in enumerate(history)]
    data = render_animation("byzantium", items)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == 4
    assert data == render_animation("byzantium", items)  # deterministic


def test_frames_are_thinned_to_fit_the_size_limit():
    history = steps(9)
    items = [(s, f"action {i}") for i, (s, _) in enumerate(history)]
    full = render_animation("byzantium", items)
    small = render_animation("byzantium", items, max_bytes=len(full) // 2)
    gif = Image.open(io.BytesIO(small))
    assert len(small) <= len(full) // 2 or gif.n_frames == 2
    assert gif.n_frames < 9


def test_a_frame_writes_the_step_and_the_caption():
    from render import byzantium, kit

    scene = byzantium.scene(steps(1)[0][0])
    with kit.recording() as drawn:
        image = frame(scene.image, scene.palette, 12, 300, "Ann conquers Damascus.")
    words = " ".join(m.content for m in drawn.texts)
    assert "Step 12/300" in words and "Ann conquers Damascus." in words
    assert image.width == 600


def test_score_chart_draws_both_tracks_for_every_player():
    history = steps(30)
    series = [scores("byzantium", s) for s, _ in history]
    assert set(series[-1]["Ann"]) == {"Byzantine VP", "Arab VP"}
    from render import chart, kit

    with kit.recording() as drawn:
        png = render_score_chart("byzantium", series, state=history[-1][0])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (chart.WIDTH, chart.HEIGHT)
    words = [m.content for m in drawn.texts]
    assert "Byzantine VP" in words and "Arab VP" in words and {"Ann", "Bo", "Cy"} <= set(words)
    colours = {c for _, c in image.getcolors(1 << 20)}
    assert {kit.PLAYER_COLOURS["red"], kit.PLAYER_COLOURS["yellow"], kit.PLAYER_COLOURS["blue"]} <= colours
    assert min(m.size for m in drawn.texts) >= 20  # read in the chat like the inline image
