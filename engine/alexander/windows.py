"""Reaction windows: the moments a side may play a card out of its own card segment, and the
moments it may intercept. Each window opens at the same moments whatever the side holds and
is settled by the side's standing order for its kind (docs/rules/alexander.md lists them):

- battle ("ask"): before every land battle and naval combat, each side may play Surprise,
  Terrain Advantage (defending), Persians Gain Tactical Advantage, Determined Troops, and
  Spies against a Surprise.
- defence ("auto"): when one of your leaders is threatened: Black Cleitus, Bodyguards,
  Ahriman against an Assassin, Ahura Mazda against Illness, Bagoas against Satrap
  Insubordination.
- interrupt ("never"): the other side's rare moments: Command Indecision when a unit is
  chosen to move, Attrition after a long or desert move, Storms at Sea on open sea, Bagoas
  when Darius flees, Ahriman before the Admin clean-up, the follow-ups of Proskynesis,
  Alexander Goes Native and Bodyguards.
- intercept ("ask"): an enemy move comes within reach of your army or fleet (no card).
- anytime ("auto": Peucestas only): after each draw, both sides: Peucestas, Ahura Mazda against
  Bad Weather.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.alexander.board import MAC, PER, other
from engine.alexander.cards import may_play, spend
from engine.alexander.flow import Ctx, chooses, decides, opt, runs, task
from engine.alexander.words import army_t, card_t, side_t, space_t, unit_t
from engine.core import Window
from engine.text import listing, msg

WINDOWS = (
    Window("battle", msg("Play battle cards (Surprise, Terrain Advantage, Tactical Advantage, Determined Troops)"),
           default="ask"),
    Window("defence", msg("Save your leaders (Black Cleitus, Bodyguards, Ahriman, Ahura Mazda, Bagoas)"),
           default="auto"),
    Window("interrupt", msg("Interrupt the other side (Command Indecision, Attrition, Storms at Sea, Bagoas...)"),
           default="never"),
    Window("intercept", msg("Intercept enemy moves"), default="ask"),
    # "auto" plays Peucestas as soon as it can be played, and nothing else.
    Window("anytime", msg("Cards played at any time (Peucestas, Ahura Mazda against Bad Weather)"), default="auto"),
)


class Moment:
    """A kind of moment: its window kind, the cards it accepts, and what playing one does.

    `again`: the window reopens after a card (several may be played). `duel`: the state field
    ("battle" or "naval") of a fight both sides answer in turn: after one side's window the
    other side's opens if it has not had one yet or if new cards were played since its last
    (so each side may answer the other's cards: Spies against a Surprise, 15.0)."""

    def __init__(self, kind: str, prompt, cards: Callable[[Ctx, str, dict], list[str]],
                 play: Callable[[Ctx, str, str, dict], None], again: bool = False, duel: str = "",
                 auto: tuple[str, ...] | None = None):
        self.kind, self.prompt, self.cards, self.play, self.again = kind, prompt, cards, play, again
        self.duel = duel
        self.auto = auto  # the cards an "auto" order may play (None: any)


MOMENTS: dict[str, Moment] = {}


def moment(name: str, kind: str, prompt, *, again: bool = False, duel: str = "", auto: tuple[str, ...] | None = None):
    def register(cards_fn):
        def wrap(play_fn):
            MOMENTS[name] = Moment(kind, prompt, cards_fn, play_fn, again or bool(duel), duel, auto)
            return play_fn
        return wrap
    return register


def open_window(ctx: Ctx, side: str, name: str, **args) -> None:
    ctx.then(task("window", side, moment=name, **args))


@decides("window")
def _window_decide(ctx: Ctx, t):
    m = MOMENTS[t.args["moment"]]
    side = t.side
    hand = ctx.s.hands[side]
    playable = [c for c in dict.fromkeys(hand) if may_play(side, c) and c in m.cards(ctx, side, t.args)]
    options = [opt(f"play:{c}", msg("Play {card}", card=card_t(c))) for c in playable]
    options.append(opt("pass", msg("Play nothing")))
    automatic = [c for c in playable if m.auto is None or c in m.auto]
    prompt = m.prompt if isinstance(m.prompt, str) else m.prompt(ctx, side, t.args)
    return ctx.ask(side, prompt, options, "window", private=True, public_prompt=_public_prompt(ctx, side, m),
                   window=m.kind, pass_id="pass", auto_id=f"play:{automatic[0]}" if automatic else "")


def _public_prompt(ctx: Ctx, side: str, m: Moment):
    """What the channel reads while a window is open: who may react, and for a battle's window
    where (public: the battle is on the board), whatever the hand."""
    fight = getattr(ctx.s, m.duel) if m.duel else None
    if fight and fight.get("space"):
        return msg("Battle at {space}: the {side} may react with a card.", space=space_t(fight["space"]),
                   side=side_t(side)) if m.duel == "battle" else \
            msg("Naval combat at {space}: the {side} may react with a card.", space=space_t(fight["space"]),
                side=side_t(side))
    return msg("The {side} may react with a card.", side=side_t(side))


@chooses("window")
def _window_choose(ctx: Ctx, t, option_id: str):
    m = MOMENTS[t.args["moment"]]
    if option_id == "pass":
        if m.duel:
            _duel_next(ctx, t.side, t.args)
        return
    card_id = option_id.split(":", 1)[1]
    if m.duel and getattr(ctx.s, m.duel):
        fresh = _duel_state(ctx, m)["fresh"]
        fresh[t.side] = fresh.get(t.side, 0) + 1
    spend(ctx, t.side, card_id)
    ctx.emit("card", msg("{side} plays {card}.", side=side_t(t.side), card=card_t(card_id)), side=t.side, card=card_id)
    if m.again:
        ctx.then(task("window", t.side, **t.args))
    m.play(ctx, t.side, card_id, t.args)


def _duel_state(ctx: Ctx, m: Moment) -> dict:
    return getattr(ctx.s, m.duel).setdefault("windows", {"seen": [], "fresh": {}})


def _duel_next(ctx: Ctx, side: str, args: dict) -> None:
    """`side` lets its window go: the other side's window opens if it has had none yet, or if
    `side` played cards since (an answer to them)."""
    m = MOMENTS[args["moment"]]
    if not getattr(ctx.s, m.duel):
        return
    w = _duel_state(ctx, m)
    enemy = other(side)
    fresh = w["fresh"].get(side, 0)
    w["fresh"][side] = 0
    if side not in w["seen"]:
        w["seen"] = w["seen"] + [side]
    if enemy not in w["seen"] or fresh:
        open_window(ctx, enemy, args["moment"])


# -- battle cards ---------------------------------------------------------------------------
def _battle_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    b = ctx.s.battle
    if not b or "atk" not in b:
        return []
    if b.get("tribe") and side == b["dfn"] and ctx.s.rules >= 2:
        # 8.7: tribes "non sono controllate né mosse da nessuno"; the attacker's opponent only
        # rolls their dice: he fights no battle of his, so plays no battle card for them.
        return []
    played = b["cards"][side]
    found = []
    if "surprise" not in played:
        found.append("surprise")
    if side == b["dfn"] and "terrain_advantage" not in played:
        found.append("terrain_advantage")
    if side == PER and "tactical_advantage" not in played:
        found.append("tactical_advantage")
    if "determined_troops" not in played:
        found.append("determined_troops")
    if "surprise" in b["cards"][other(side)]:
        found.append("spies")
    if _peucestas_ok(ctx, side):
        found.append("peucestas")  # PAT: fresh troops before the battle is fought
    return found


def _peucestas_ok(ctx: Ctx, side: str) -> bool:
    from engine.alexander.cards_events import peucestas_ok

    return peucestas_ok(ctx, side)


def _battle_prompt(ctx: Ctx, side: str, args: dict):
    """The battle the cards would change: where, who against whom, and each side's strength as
    it stands before the cards (ASP and GSP: 11.3 C)."""
    from engine.alexander.battle import side_strength

    s, b = ctx.s, ctx.s.battle
    space = b["space"]
    attacker = side_strength(ctx, b["atk"], space, [b["attacker"]])
    defender = side_strength(ctx, b["dfn"], space, b["defenders"])
    defenders = [army_t(a) for a in b["defenders"]]
    if b.get("garrison"):
        defenders.append(msg("the garrison"))
    if b.get("tribe"):
        defenders.append(msg("the tribe"))
    strength = sum(defender) + (s.tribes[space].gsp if b.get("tribe") and space in s.tribes else 0)
    return msg("Battle at {space}: {attacker} ({a}) attacks {defenders} ({d}); strength in ASP and GSP. "
               "Play battle cards?", space=space_t(space), attacker=army_t(b["attacker"]), a=sum(attacker),
               defenders=listing(defenders), d=strength)


@moment("land_battle", "battle", _battle_prompt, duel="battle")(_battle_cards)
def _battle_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    from engine.alexander.cards import EFFECT

    b = ctx.s.battle
    if card_id == "peucestas":
        EFFECT[card_id](ctx, side)
        return
    if card_id == "spies":
        b["cards"][other(side)] = [c for c in b["cards"][other(side)] if c != "surprise"]
        ctx.emit("surprise_cancelled", msg("Spies cancel the {side} Surprise.", side=side_t(other(side))))
        return
    b["cards"][side] = b["cards"][side] + [card_id]
    if card_id == "tactical_advantage" and ctx.s.rules >= 2:
        ctx.then(task("tactical_leader", side))  # which leader's rating doubles: the Persian's choice


@runs("battle_window")
def _battle_window(ctx: Ctx, t):
    if ctx.s.battle and "atk" in ctx.s.battle:
        open_window(ctx, t.side, "land_battle")


# -- Command Indecision (when the other side picks a unit to move) ------------------------------
def _indecision_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    return ["command_indecision"]


@moment("indecision", "interrupt", lambda ctx, side, args: msg("{unit} is about to move: play Command Indecision?",
                                                               unit=unit_t(args["unit"])))(_indecision_cards)
def _indecision_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    from engine.alexander.world import best_battle, best_naval

    s = ctx.s
    unit = args["unit"]
    rating = best_naval(s, unit[6:]) if unit.startswith("fleet:") else best_battle(s, unit)
    roll = ctx.roll(1, side, msg("Command Indecision"))[0]
    if roll > rating:
        s.turn["cancelled"] = True
        ctx.emit("indecision", msg("Command Indecision: the move is called off ({roll} beats {r}).", roll=roll,
                                   r=rating), unit=unit)
    else:
        ctx.emit("indecision_fails", msg("The commanders hold firm ({roll} against {r}).", roll=roll, r=rating),
                 unit=unit)


@runs("indecision_window")
def _indecision_window(ctx: Ctx, t):
    open_window(ctx, t.side, "indecision", unit=t.args["unit"])


# -- Black Cleitus (Alexander about to die in battle) ---------------------------------------------
def _cleitus_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    return [] if ctx.s.cleitus_dead or side != MAC else ["black_cleitus"]


@moment("cleitus", "defence", msg("Alexander is about to die: play Black Cleitus?"))(_cleitus_cards)
def _cleitus_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    ctx.s.turn["saved"] = True
    ctx.emit("saved", msg("Black Cleitus saves Alexander's life."))


@runs("cleitus_window")
def _cleitus_window(ctx: Ctx, t):
    ctx.s.turn["saved"] = False
    where = {"space": t.args["space"]} if "space" in t.args else {}  # (tasks of rules 1 games unchanged)
    ctx.then(task("cleitus_outcome", MAC, why=t.args.get("why", "battle"), **where))
    open_window(ctx, MAC, "cleitus")


@runs("cleitus_outcome")
def _cleitus_outcome(ctx: Ctx, t):
    from engine.alexander.victory import alexander_dies

    why = t.args["why"]
    if ctx.s.turn.get("saved"):
        ctx.s.turn["saved"] = False
        if why == "army":  # his army was destroyed around him: he gets away alone
            ctx.then(task("cleitus_escape", MAC, space=t.args["space"]))
        return
    if why == "army":
        alexander_dies(ctx, msg("his army is destroyed"))
        return
    alexander_dies(ctx, msg("killed in battle") if why == "battle" else msg("assassinated"))


# -- Bagoas when Darius flees (+3 to his flight roll) --------------------------------------------
def _flight_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    return ["bagoas"] if side == MAC else []


@moment("flight", "interrupt", msg("Darius flees: play Bagoas (+3 to his flight roll)?"))(_flight_cards)
def _flight_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    from engine.alexander.cards_people import bagoas_after

    ctx.s.turn["bagoas_flight"] = True
    bagoas_after(ctx, side)


@runs("bagoas_window")
def _bagoas_window(ctx: Ctx, t):
    open_window(ctx, t.side, "flight")


# -- cards played at any time (15.0 PAT): Peucestas, Ahura Mazda's "ignore Bad Weather" ------------
def _anytime_cards(ctx: Ctx, side: str, args: dict) -> list[str]:
    s = ctx.s
    found = ["peucestas"] if _peucestas_ok(ctx, side) else []
    if side == PER and s.bad_weather and s.turn.get("fair_weather") != side:
        found.append("ahura_mazda")
    return found


@moment("anytime", "anytime", msg("You may play a card that is played at any time."), auto=("peucestas",))(
    _anytime_cards)
def _anytime_play(ctx: Ctx, side: str, card_id: str, args: dict) -> None:
    from engine.alexander.cards import EFFECT

    if card_id == "ahura_mazda":  # its PAT use: ignore Bad Weather for this APM
        ctx.s.turn["fair_weather"] = side
        ctx.emit("fair_weather", msg("The skies clear for the Persian this round."))
        return
    EFFECT[card_id](ctx, side)


@runs("anytime_window")
def _anytime_window(ctx: Ctx, t):
    if not ctx.s.victory.winner:
        open_window(ctx, t.side, "anytime")
