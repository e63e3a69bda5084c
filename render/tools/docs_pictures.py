"""Regenerate the pictures of docs/render.md (docs/render/*.png) from fixed random games:

    python -m render.tools.docs_pictures [--only NAME ...]

Each picture is a position of a game played by random legal choices with a fixed seed (the
first step whose events include the kind shown: a battle, a conquest, a trade, a siege), so
the same code draws the same pictures. The boards are shown at half size; inline images as
the chat gets them. (inline_alexander_battle/siege come from hand-made positions built with
engine/alexander/testkit.py, dice pinned: random Alexander games rarely fight within a few
hundred decisions.)
"""

from __future__ import annotations

import argparse
import io
import random
from functools import cache
from pathlib import Path

from PIL import Image

from engine import get_game
from engine.core import IllegalAction, enumerate_answers
from render import highlight_from_events, render_png, render_score_chart, render_views, scores

OUT = Path(__file__).resolve().parents[2] / "docs" / "render"
PLAYERS = ["Ann", "Bo", "Cy", "Dee"]


@cache
def byzantium_steps(seed: int = 5) -> list[tuple]:
    game = get_game("byzantium")
    rng = random.Random(seed)
    state = game.setup(PLAYERS, seed, {})
    steps = [(state, [])]
    while not game.is_over(state):
        decision = game.pending(state)[0]
        state, events = game.apply(state, decision.player, rng.choice(decision.options).id)
        steps.append((state, events))
    return steps


def wt_steps(options: dict, players=PLAYERS, seed: int = 3, limit: int = 600) -> list[tuple]:
    game = get_game("warriors_traders")
    rng = random.Random(seed)
    state = game.setup(list(players), seed, options)
    steps = [(state, [])]
    while not game.is_over(state) and len(steps) < limit:
        decision = rng.choice(game.pending(state))
        # A decision of amounts (a form) lists no options: one of its answers instead.
        answer = rng.choice(decision.options).id if decision.options else rng.choice(enumerate_answers(decision, 100))
        state, events = game.apply(state, decision.player, answer)
        steps.append((state, events))
    return steps


@cache
def alexander_steps(seed: int = 2, limit: int = 900) -> list[tuple]:
    """(public view, public events) after each decision of a random 2-player game."""
    game = get_game("alexander")
    rng = random.Random(seed)
    state = game.setup(["Ann", "Bo"], seed, {"garrisons": "suggested"})
    steps = []
    while not game.is_over(state) and len(steps) < limit:
        decision = game.pending(state)[0]
        try:
            state, events = game.apply(state, decision.player, rng.choice(enumerate_answers(decision, 100)))
        except IllegalAction:
            continue
        steps.append((game.view(state, None), [e for e in events if e.public]))
    return steps


def alexander_battle() -> tuple:
    """(public view, public events) of a hand-made battle: Alexander's army (Perinthos) attacks a
    Persian army led by Memnon at Chersonese, with pinned dice, and wins; the Persian retreats."""
    from engine.alexander.board import PER
    from engine.alexander.testkit import answer, army, dice, fresh, kind, play, start, to_activity

    s = start(seed=3, mac="Bo", per="Ann")
    army(s, PER, 2, "Chersonese", 18, leaders=["Memnon"])
    s = dice(answer(answer(to_activity(fresh(s)), "move:macedonian.1"), "mp:1"), 5, 5, 2, 2, 3, 3, 3, 3)
    s, events = play(s, "go:Chersonese", "stand")
    while kind(s) == "window":  # nobody plays a battle card
        s, more = play(s, "pass")
        events += more
    return get_game("alexander").view(s, None), [e for e in events if e.public]


def alexander_siege() -> tuple:
    """(public view, public events) of a hand-made siege: Antipater's army lays siege to Sardes."""
    from engine.alexander.board import MAC, PER
    from engine.alexander.testkit import answer, army, fresh, garrison, play, start, to_activity

    s = start(seed=3, mac="Bo", per="Ann")
    army(s, MAC, 2, "Thyatira", 20, leaders=["Antipater"])
    garrison(s, PER, "Sardes", gsp=3)
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:3")
    s, events = play(s, "go:Sardes", "siege")
    return get_game("alexander").view(s, None), [e for e in events if e.public]


def alexander_march() -> tuple:
    """(public view, public events) of a whole march as a turn message draws it (issue 28 item 5):
    Antipater's army goes Aegae - Pella - Amphipolis - Abdera, then "Stop here" (which says
    nothing of its own: the close-up still shows the path)."""
    from engine.alexander.board import MAC
    from engine.alexander.testkit import answer, army, fresh, play, start, to_activity

    s = start(seed=3, mac="Bo", per="Ann")
    army(s, MAC, 2, "Aegae", 10, leaders=["Antipater"])
    s = answer(answer(to_activity(fresh(s)), "move:macedonian.2"), "mp:3")
    events = []
    for step in ("go:Pella", "go:Amphipolis", "go:Abdera", "stop"):
        s, more = play(s, step)
        events += more
    return get_game("alexander").view(s, None), [e for e in events if e.public]


def first_with(steps, kinds: set[str], start: int = 0):
    return next(step for step in steps[start:] if any(e.kind in kinds for e in step[1]))


def half(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.reduce(2).quantize(256, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def small(png: bytes, width: int = 550) -> bytes:
    """A picture as the chat shows it (550 px wide, or a phone's 360), in 256 colours: the repo
    stays lean."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width > width:  # never enlarged
        image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.quantize(256, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def crop(png: bytes, box: tuple[int, int, int, int]) -> bytes:
    image = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def pictures() -> dict[str, callable]:
    def inline(game, step, lang=None):
        state, events = step
        return render_views(game, state, highlight=highlight_from_events(game, events), lang=lang)[0]

    def board(game, step, lang=None):
        state, events = step
        return half(render_png(game, state, highlight=highlight_from_events(game, events), lang=lang))

    def whole_action():
        """A move, then "Stop moving" (no event of its own): the close-up from both steps' events,
        as a turn message draws it (issue 28), the path still shown."""
        game = get_game("byzantium")
        steps = byzantium_steps()

        def goes_on(i):  # a move after which its player decides how the move goes on
            movers = {e.data.get("player") for e in steps[i][1] if e.kind == "move"}
            asked = game.pending(steps[i][0])
            return movers and asked and asked[0].player in movers and asked[0].kind == "move"

        i = next(i for i in range(1, len(steps) - 1) if goes_on(i))
        return inline("byzantium", (steps[i + 1][0], [*steps[i][1], *steps[i + 1][1]]))

    def chart():
        steps = byzantium_steps()
        from engine import get_game
        from render import step_round

        last = steps[-1][0]
        return render_score_chart("byzantium", [scores("byzantium", s) for s, _ in steps], state=last,
                                  rounds=[step_round("byzantium", s) for s, _ in steps],
                                  final=get_game("byzantium").result(last))

    def wt_stack():
        """The fullest stack of a West Europe game, at a phone's width (issue 28 item 6)."""
        from render.warriors_traders_map import _pieces

        game = get_game("warriors_traders")
        steps = wt_steps({"map": "west"})
        crowded = max(((len(_pieces(name, info, {}, {}, [])), -i, name) for i, (state, _) in enumerate(steps)
                       for name, info in (game.summary(state).get("provinces") or {}).items()))
        _, i, name = crowded
        return small(render_views("warriors_traders", steps[-i][0], highlight={"provinces": [name]})[0], 360)

    def edge_words():
        """A close-up whose frame would cut names: Tarsus drawn again whole at its edge, the
        names mostly out of view painted over (issue 28 item 6)."""
        from render import byzantium, inline

        for state, events in byzantium_steps():
            scene = byzantium.scene(state, highlight_from_events("byzantium", events))
            words = inline.edge_words(scene, inline.focus_box(scene))
            if any(str(m.content) == "Tarsus" and not hidden for m, *_, hidden in words):
                return small(inline_png(scene))
        raise LookupError("no close-up cuts Tarsus")

    def inline_png(scene):
        from render import inline

        image, _ = inline.draw_inline(scene)
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    def key_by_alexandria():
        """The Italian board's key beside Alexandria's name, which it covered (issue 28 item 6)."""
        from render.byzantium_board import board as byz_board

        state = byzantium_steps()[0][0]
        png = render_png("byzantium", state, lang="it")
        with __import__("render").kit.language("it"):
            x0, y0, x1, y1 = byz_board().boxes["legend"]
        alexandria = byz_board().cities["Alexandria"]
        left, top = min(x0, alexandria.x - 120), min(y0, alexandria.y - 60)
        return small(crop(png, (int(left) - 20, int(top) - 20, int(x1) + 20, int(y0) + 160)))

    def denmark_ring():
        """Jylland ringed: DENMARK drawn over the ring (issue 28 item 6)."""
        state = get_game("warriors_traders").setup(PLAYERS[:3], 3, {"map": "west", "variant": "none"})
        return small(render_views("warriors_traders", state, highlight={"provinces": ["Jylland"]})[0])

    return {
        "inline_wt_stack_360": wt_stack,
        "inline_byzantium_edge_words": edge_words,
        "byzantium_key_alexandria_it": key_by_alexandria,
        "inline_wt_denmark_ring": denmark_ring,
        "inline_alexander_march": lambda: small(inline("alexander", alexander_march())),
        "inline_byzantium_battle": lambda: inline("byzantium", first_with(byzantium_steps(), {"battle_result"})),
        "inline_byzantium_conquest": lambda: inline("byzantium", first_with(byzantium_steps(), {"conquest"})),
        "inline_byzantium_battle_de": lambda: inline("byzantium", first_with(byzantium_steps(), {"battle_result"}), "de"),
        "inline_wt_battle": lambda: inline("warriors_traders", first_with(wt_steps({"map": "west"}), {"battle"})),
        "inline_wt_trade": lambda: inline("warriors_traders", first_with(wt_steps({"map": "west"}), {"trade_done"})),
        "wt_isles3": lambda: board("warriors_traders", wt_steps({"map": "west", "variant": "isles3"}, PLAYERS[:3],
                                                                limit=120)[-1]),
        "chart_byzantium": chart,
        "inline_byzantium_whole_action": whole_action,
        "alexander_board": lambda: board("alexander", alexander_steps()[400]),
        "inline_alexander_battle": lambda: inline("alexander", alexander_battle()),
        "inline_alexander_siege": lambda: inline("alexander", alexander_siege()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.tools.docs_pictures", description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="these pictures only (names without .png)")
    args = parser.parse_args(argv)
    made = pictures()
    for name in args.only or made:
        data = made[name]()
        (OUT / f"{name}.png").write_bytes(data)
        print(f"docs/render/{name}.png: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
