"""Benchmark: median time of render_png on a mid-game Byzantium state, and the PNG's size;
then the same for a mid-game Warriors & Traders state on each of its three maps, and for
Alexander's public view at three points of a random game; then what the chat gets (issue 13):
the close-up a move posts (render_inline, issue 30), the inline image and the full board
together (render_views, a history step), the animation of a whole game and the score chart.

    python bench/render.py [--runs 30] [--settings] [--game byzantium|warriors_traders|alexander] [--views] [--history]
                            [--langs en,de]

The mid-game state is the middle of a 4-player game played by random legal choices (fixed
seed), highlighted with its last action. --settings also times the encoding alternatives the
PNG settings were chosen from (RGB vs fixed-palette, zlib levels). --history times the bot's
render-worker jobs of /game history, /game replay and the final post (bot/service/past/story.py) on a
game stored as the bot stores it. --langs: render_views per language (issue 17). Figures, not a test.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_game  # noqa: E402
from render import highlight_from_events, render_png  # noqa: E402


def mid_game(seed: int = 5):
    game = get_game("byzantium")
    rng = random.Random(seed)
    state = game.setup(["Ann", "Bo", "Cy", "Dee"], seed, {})
    history = [(state, [])]
    while not game.is_over(state):
        decision = game.pending(state)[0]
        state, events = game.apply(state, decision.player, rng.choice(decision.options).id)
        history.append((state, events))
    return history[len(history) // 2]


def wt_mid_game(map_id: str, seed: int = 3):
    """The middle of a 4-player Warriors & Traders game on `map_id` played by random legal
    choices (fixed seed; the testkit's bias towards acting, so armies and holders change)."""
    from engine.ai.answers import random_answer
    from engine.warriors_traders.testkit import BUSY_KINDS

    game = get_game("warriors_traders")
    rng = random.Random(seed)
    state = game.setup(["Ann", "Bo", "Cy", "Dee"], seed, {"map": map_id, "variant": "none"})
    history = [(state, [])]
    while not game.is_over(state):
        decision = rng.choice(game.pending(state))
        pool = list(decision.options)
        if decision.kind in BUSY_KINDS:
            keen = [o for o in pool if o.id not in ("pass", "done", "fight", "keep", "back", "cancel", "refuse", "stop")
                    and not o.id.startswith(("war:", "shift:", "peace:"))]
            if keen and rng.random() < 0.85:
                pool = keen
        # A choice of amounts (the starting tokens, an offer) may list no option at all.
        answer = rng.choice(pool).id if pool else random_answer(decision, rng)
        state, events = game.apply(state, decision.player, answer)
        history.append((state, events))
    return history[len(history) // 2]


def alexander_mid_game(seed: int = 2, steps: int = 400):
    """(public view, public events) after `steps` random legal decisions of a 2-player game of
    Alexander (it has no end in sight by then: armies, fleets, garrisons, sieges may be out)."""
    from engine.core import IllegalAction, enumerate_answers

    game = get_game("alexander")
    rng = random.Random(seed)
    state = game.setup(["Ann", "Bo"], seed, {"garrisons": "suggested"})
    events: list = []
    done = 0
    while not game.is_over(state) and done < steps:
        decision = game.pending(state)[0]
        try:
            state, got = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
        except IllegalAction:
            continue
        done += 1
        public = [e for e in got if e.public]
        events = public or events
    return game.view(state, None), events


def bench_alexander(runs: int) -> None:
    """The Alexander board (render_png) and what a move posts (render_views), from the public
    view, at a few points of a random game."""
    from render import render_views

    for steps in (50, 400, 1500):
        view, events = alexander_mid_game(steps=steps)
        highlight = highlight_from_events("alexander", events)
        start = time.perf_counter()
        data = render_png("alexander", view, highlight=highlight)
        first = (time.perf_counter() - start) * 1000

        def board(view=view, highlight=highlight):
            return render_png("alexander", view, highlight=highlight)

        def views(view=view, highlight=highlight):
            return render_views("alexander", view, highlight=highlight)

        inline, _ = views()
        print(f"alexander after {steps:4d} decisions: first {first:4.0f} ms; render_png median over {runs} runs "
              f"{median_ms(board, runs):5.1f} ms wall, {cpu_ms(board, runs):5.1f} ms CPU, PNG {len(data):,} bytes; "
              f"render_views {cpu_ms(views, runs):5.1f} ms CPU, inline {len(inline):,} bytes")


def bench_wt(runs: int) -> None:
    for map_id in ("west", "east", "italy"):
        state, events = wt_mid_game(map_id)
        highlight = highlight_from_events("warriors_traders", events)
        start = time.perf_counter()
        data = render_png("warriors_traders", state, highlight=highlight)
        first = (time.perf_counter() - start) * 1000
        def draw(state=state, highlight=highlight):
            return render_png("warriors_traders", state, highlight=highlight)

        ms = median_ms(draw, runs)
        cpu = cpu_ms(draw, runs)
        print(f"warriors_traders {map_id:5s}: first {first:4.0f} ms, median over {runs} runs {ms:5.1f} ms wall, "
              f"{cpu:5.1f} ms CPU, PNG {len(data):,} bytes")


def median_ms(fn, runs: int, clock=time.perf_counter) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append((clock() - start) * 1000)
    return statistics.median(times)


def cpu_ms(fn, runs: int) -> float:
    """Median CPU time of this process: steadier than wall time on a machine shared with others."""
    return median_ms(fn, runs, time.process_time)


def settings_table(state, highlight, runs: int) -> None:
    from render import byzantium, kit

    summary = byzantium.draw_board  # the drawing alone, for the split below
    game = get_game("byzantium")
    image = summary(game.summary(state), game.pending(state), None, highlight)
    palette = byzantium.palette()
    draw_only = cpu_ms(lambda: summary(game.summary(state), game.pending(state), None, highlight), runs)
    print(f"draw only (no encoding): {draw_only:.1f} ms CPU")
    for label, pal in (("RGB", None), ("palette", palette)):
        for level in (1, 2, 3, 6, 9) if pal else (1, 3, 6):
            data = kit.encode_png(image, pal, compress_level=level)
            ms = cpu_ms(lambda pal=pal, level=level: kit.encode_png(image, pal, compress_level=level), max(5, runs // 3))
            print(f"encode {label:8s} compress_level={level}: {ms:6.1f} ms CPU  {len(data):>9,} bytes")
    adaptive = cpu_ms(lambda: _adaptive(image), 5)
    print(f"encode with a per-image adaptive 256-colour quantisation + level 3: {adaptive:.1f} ms CPU")


def _adaptive(image):
    from PIL import Image

    out = io.BytesIO()
    image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(out, "PNG", compress_level=3)
    return out.getvalue()


def bench_views(runs: int) -> None:
    """What a move posts since issue 30, the close-up alone (render_inline), and the inline
    image and the full board drawn together (render_views: the history view's step), per game."""
    from render import render_inline, render_views

    cases = [("byzantium", *mid_game())] + [("warriors_traders", *wt_mid_game(m)) for m in ("west", "east", "italy")]
    for game, state, events in cases:
        highlight = highlight_from_events(game, events)
        inline, board = render_views(game, state, highlight=highlight)

        def draw(game=game, state=state, highlight=highlight):
            return render_views(game, state, highlight=highlight)

        def close_up(game=game, state=state, highlight=highlight):
            return render_inline(game, state, highlight=highlight)

        label = game if game == "byzantium" else f"{game} {state.map}"
        print(f"render_inline {label:22s}: median {median_ms(close_up, runs):5.1f} ms wall, "
              f"{cpu_ms(close_up, runs):5.1f} ms CPU; {len(close_up()):,} bytes")
        print(f"render_views {label:23s}: median {median_ms(draw, runs):5.1f} ms wall, {cpu_ms(draw, runs):5.1f} ms CPU; "
              f"inline {len(inline):,} bytes, board {len(board):,} bytes")


def bench_languages(runs: int, langs: list[str]) -> None:
    """What a move posts (render_views: inline + board) in each language (issue 17): the same
    positions as --views plus Alexander, CPU median and PNG sizes per language. The first
    render in a language builds its layers with words (printed apart)."""
    from render import render_views

    cases = [("byzantium", *mid_game())] + [("warriors_traders", *wt_mid_game(m)) for m in ("west", "east", "italy")]
    cases.append(("alexander", *alexander_mid_game()))
    for game, state, events in cases:
        highlight = highlight_from_events(game, events)
        label = game if game != "warriors_traders" else f"{game} {state.map}"
        for lang in langs:
            start = time.process_time()
            inline, board = render_views(game, state, highlight=highlight, lang=lang)
            first = (time.process_time() - start) * 1000

            def draw(game=game, state=state, highlight=highlight, lang=lang):
                return render_views(game, state, highlight=highlight, lang=lang)

            print(f"render_views {label:22s} {lang}: first {first:5.0f} ms CPU, median {cpu_ms(draw, runs):5.1f} ms CPU; "
                  f"inline {len(inline):,} bytes, board {len(board):,} bytes")


def bench_story() -> None:
    """A whole game's animation (once: it takes seconds) and its score chart."""
    from render import render_animation, render_score_chart, scores

    game = get_game("byzantium")
    rng = random.Random(5)
    state = game.setup(["Ann", "Bo", "Cy", "Dee"], 5, {})
    steps = [(state, "Start", None)]
    while not game.is_over(state):
        decision = game.pending(state)[0]
        state, events = game.apply(state, decision.player, rng.choice(decision.options).id)
        steps.append((state, events[-1].text if events else "", highlight_from_events("byzantium", events)))
    wall, cpu = time.perf_counter(), time.process_time()
    gif = render_animation("byzantium", steps)
    print(f"render_animation byzantium, {len(steps)} steps: {time.perf_counter() - wall:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s CPU, GIF {len(gif):,} bytes")
    series = [scores("byzantium", s) for s, _, _ in steps]
    chart = render_score_chart("byzantium", series, state=state)
    ms = median_ms(lambda: render_score_chart("byzantium", series, state=state), 10)
    print(f"render_score_chart byzantium, {len(series)} steps: median {ms:.1f} ms wall, PNG {len(chart):,} bytes")


def stored_game(seed: int = 5, checkpoint_every: int = 10):
    """A whole 4-player Byzantium game by random choices, kept as the bot stores it: setup,
    the choices with their public events, and a snapshot every `checkpoint_every` choices."""
    from bot.service.secrecy import hidden
    game = get_game("byzantium")
    rng = random.Random(seed)
    players = ("Ann", "Bo", "Cy", "Dee")
    state = game.setup(list(players), seed, {})
    choices, events, snapshots = [], {}, {0: game.dumps(state)}
    while not game.is_over(state):
        decision = game.pending(state)[0]
        option = rng.choice(decision.options).id
        state, told = game.apply(state, decision.player, option)
        seq = len(choices) + 1
        choices.append((seq, decision.player, option))
        events[seq] = tuple(hidden.public_events(told))
        if seq % checkpoint_every == 0:
            snapshots[seq] = game.dumps(state)
    return players, seed, tuple(choices), events, snapshots


def bench_history(runs: int) -> None:
    """What /game history, /game replay and the final post cost in the bot's render workers
    (bot/service/past/story.py): a past step's two images rebuilt from the nearest snapshot (at most
    9 choices replayed), the whole game's GIF and its score chart replayed from setup."""
    from bot.service.past import story
    from bot.service.past.story_posts import REPLAY_MAX_BYTES

    players, seed, choices, events, snapshots = stored_game()
    total = len(choices)

    def tape(step: int, from_setup: bool = False) -> story.Tape:
        start = 0 if from_setup else max(s for s in snapshots if s <= step)
        return story.Tape("byzantium", 1, players, seed, {}, "", start, None if from_setup else snapshots[start],
                          tuple(c for c in choices if start < c[0] <= step),
                          events if from_setup else {step: events[step]})

    story.step_views(tape(1), 1)  # the static layers and palettes, once per process
    rng = random.Random(1)
    steps = [rng.randrange(1, total + 1) for _ in range(runs)]
    walls, cpus, nines = [], [], []
    for step in steps:
        wall, cpu = time.perf_counter(), time.process_time()
        story.step_views(tape(step), step)
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    for _ in range(max(3, runs // 4)):  # the worst case: 9 choices after the snapshot
        step = 19
        cpu = time.process_time()
        story.step_views(tape(step), step)
        nines.append((time.process_time() - cpu) * 1000)
    print(f"history step (replay from snapshot + inline + board), {runs} random steps of {total}: median "
          f"{statistics.median(walls):.1f} ms wall, {statistics.median(cpus):.1f} ms CPU; "
          f"9 choices after the snapshot: median {statistics.median(nines):.1f} ms CPU")
    whole = tape(total, from_setup=True)
    wall, cpu = time.perf_counter(), time.process_time()
    gif = story.animation(whole, REPLAY_MAX_BYTES)
    from PIL import Image

    frames = Image.open(io.BytesIO(gif)).n_frames
    print(f"replay GIF, {total} steps from setup: {time.perf_counter() - wall:.1f} s wall, "
          f"{time.process_time() - cpu:.1f} s CPU, {len(gif):,} bytes, {frames} frames")
    charts, chart_cpus = [], []
    for _ in range(max(3, runs // 4)):
        wall, cpu = time.perf_counter(), time.process_time()
        story.score_chart(whole)
        charts.append((time.perf_counter() - wall) * 1000)
        chart_cpus.append((time.process_time() - cpu) * 1000)
    print(f"final score chart, {total} steps replayed from setup: median {statistics.median(charts):.1f} ms wall, "
          f"{statistics.median(chart_cpus):.1f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--settings", action="store_true", help="also time the PNG encoding alternatives")
    parser.add_argument("--game", choices=("byzantium", "warriors_traders", "alexander"), help="only this game's boards")
    parser.add_argument("--views", action="store_true", help="only the chat's views: inline + board, animation, chart")
    parser.add_argument("--langs", help="only render_views in these languages, e.g. en,de (issue 17)")
    parser.add_argument("--history", action="store_true",
                        help="only the bot's history workers: a past step, the replay GIF, the final chart")
    args = parser.parse_args()
    if args.langs:
        bench_languages(args.runs, args.langs.split(","))
        return
    if args.history:
        bench_history(args.runs)
        return
    if args.views:
        bench_views(args.runs)
        bench_story()
        return
    if args.game in (None, "alexander"):
        bench_alexander(args.runs)
        if args.game:
            return
    if args.game != "byzantium":
        bench_wt(args.runs)
        if args.game:
            return
    state, events = mid_game()
    highlight = highlight_from_events("byzantium", events)
    start = time.perf_counter()
    data = render_png("byzantium", state, highlight=highlight)
    first = (time.perf_counter() - start) * 1000
    ms = median_ms(lambda: render_png("byzantium", state, highlight=highlight), args.runs)
    cpu = cpu_ms(lambda: render_png("byzantium", state, highlight=highlight), args.runs)
    print(f"first render (builds the static layer and palette): {first:.0f} ms")
    print(f"render_png median over {args.runs} runs: {ms:.1f} ms wall, {cpu:.1f} ms CPU")
    print(f"PNG size: {len(data):,} bytes")
    if args.settings:
        settings_table(state, highlight, args.runs)


if __name__ == "__main__":
    main()
