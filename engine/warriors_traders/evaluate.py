"""A cheap estimate of how a Warriors & Traders game stands, for bot players (`Game.evaluate`).

A player's (team's) final VP is estimated as the VP held now plus, weighted by the part of the
game still to play, what resources, income, armies and development can still become. The race
ends early when someone reaches the victory threshold at the end of a turn, so the part still
to play shrinks as the leader nears it. The estimates become win shares (engine/ai/value.py)."""

from __future__ import annotations

import math

from engine.ai.value import win_shares
from engine.warriors_traders.board import TRACKS
from engine.warriors_traders.development import fortress_sites
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.prospects import reach_value
from engine.warriors_traders.state import ARMY_KINDS, FORTRESS, WTState
from engine.warriors_traders.sustenance import income_of
from engine.warriors_traders.turn import threshold
from engine.warriors_traders.world import controls_trade_center, level, reserve, vp, vp_breakdown

GOLD_VP = 0.1  # ten gold buy a VP in the trade phase
GOODS_VP = 0.04  # food, goods and weapons: a unit, a level or a fortress is many of them
INCOME_VP = 0.05  # per resource of income, per turn still to come
ARMY_VP = 0.3  # per point of army strength: provinces to take, barbarians to kill
TOKEN_VP = 0.3  # per development token: better income, abilities, titles
REACH_VP = 0.6  # per VP of the provinces the armies and princesses can take next maneuver
ASK_VP = 0.5  # per offer or peace proposal made in this trade phase: asking again and again gets nothing
BATTLE_VP = 0.9  # per VP of the battles the armies have entered and are strong enough to win
FORTRESS_READY_VP = 2.0  # per fortress paid for and placeable in a development phase still to come (3 VP)
TRADE_ACCESS_VP = 0.3  # per turn left, for a trade centre: the bank turns goods into gold, gold into VP
# The estimates' uncertainty in VP (win shares' temperature), at the end and added at the start.
TEMPERATURE_END, TEMPERATURE_START = 2.0, 6.0
TITLE_VP = 3  # Builder, Merchant, Warrior
TITLE_SURE, TITLE_DOUBT = 0.3, 2.0  # title shares' temperature in tokens: at the end, at the start


def time_left(ctx: Ctx, vps: dict[int, int]) -> float:
    """The part of the game still to play: turns left (counting the current one), shortened as the
    leading side gets near the threshold. `vps`: each seat's VP now."""
    s = ctx.s
    turns = ctx.pieces.turns
    # Whole turns: a clock that ran within the turn would make ending a phase (trading "done")
    # look worse than anything that keeps it open, and a one-move player would never end it.
    done = (s.turn - (0 if s.phase in ("upkeep", "over") else 1)) / turns
    by_turns = max(0.0, 1.0 - done)
    teams: dict[int, int] = {}
    for p in s.players:
        teams[p.team] = teams.get(p.team, 0) + vps[p.seat]
    lead = max(teams.values()) / threshold(ctx)
    return min(by_turns, max(0.0, 1.0 - lead) * 2)


def maneuver_ahead(s: WTState) -> bool:
    """A maneuver phase is still to come or under way, in which armies can take provinces."""
    return s.phase not in ("upkeep", "over")


def development_ahead(s: WTState) -> bool:
    return s.phase in ("setup", "sustenance", "trade", "development") or (
        s.turn < Ctx(s).pieces.turns and s.phase != "over")


def fortresses_ready(ctx: Ctx, seat: int) -> int:
    """Fortresses the player can pay for and place now (Costruttori, production IV): gold is
    what usually lacks, so this is what makes a gold worth more than a tenth of a VP."""
    if level(ctx, seat, "production") < 4:
        return 0
    res, cost = ctx.p(seat).res, ctx.pieces.fortress_cost
    affordable = min(res.get(r, 0) // n for r, n in cost.items())
    return max(0, min(affordable, reserve(ctx, seat, FORTRESS), len(fortress_sites(ctx, seat))))


def asked(s: WTState, seat: int) -> int:
    """Offers and peace proposals the seat has made in this trade phase (trade.py)."""
    return sum(t.get("asked", 0) for t in s.lanes.get(seat, []) if t.kind == "trade")


def title_shares(ctx: Ctx, left: float) -> dict[int, float]:
    """The titles' VP each seat can expect at the end: a title held now may change hands while
    the game goes on (a single token decides it), so it counts by the lead in tokens on its
    track, more surely as the end nears. Ties share."""
    out = {p.seat: 0.0 for p in ctx.s.players}
    temperature = TITLE_SURE + TITLE_DOUBT * left
    for track in TRACKS:
        counts = {p.seat: p.tokens.get(track, 0) for p in ctx.s.players}
        top = max(counts.values())
        weights = {seat: math.exp((n - top) / temperature) for seat, n in counts.items()}
        total = sum(weights.values())
        for seat, w in weights.items():
            out[seat] += TITLE_VP * w / total
    return out


def estimated_scores(s: WTState) -> tuple[dict[str, float], float]:
    ctx = Ctx(s)
    vps = {p.seat: vp(ctx, p.seat) for p in s.players}
    left = time_left(ctx, vps)
    turns_left = left * ctx.pieces.turns
    titles = title_shares(ctx, left)
    scores = {}
    for p in s.players:
        res = p.res
        armies = sum(ctx.pieces.units[u.kind].strength for u in s.units if u.owner == p.seat and u.kind in ARMY_KINDS)
        income = sum(income_of(ctx, p.seat).values())
        later = (GOLD_VP * res.get("gold", 0) + GOODS_VP * (res.get("food", 0) + res.get("goods", 0)
                 + res.get("weapons", 0)) + INCOME_VP * income * turns_left + ARMY_VP * armies
                 + TOKEN_VP * sum(p.tokens.values()))
        if controls_trade_center(ctx, p.seat):
            later += TRADE_ACCESS_VP * turns_left
        ready = FORTRESS_READY_VP * fortresses_ready(ctx, p.seat) if development_ahead(s) else 0.0
        reach, battles = (reach_value(ctx, p.seat, turns_left, INCOME_VP, TRADE_ACCESS_VP) if maneuver_ahead(s)
                          else (0.0, 0.0))
        now = vps[p.seat] - vp_breakdown(ctx, p.seat)["titles"] + titles[p.seat] - ASK_VP * asked(s, p.seat)
        scores[p.name] = now + left * later + ready + REACH_VP * reach + BATTLE_VP * battles
    if s.coop:  # a team wins together: each member counts the team's total
        teams: dict[int, float] = {}
        for p in s.players:
            teams[p.team] = teams.get(p.team, 0.0) + scores[p.name]
        scores = {p.name: teams[p.team] for p in s.players}
    return scores, left


def evaluate(s: WTState) -> dict[str, float]:
    scores, left = estimated_scores(s)
    if s.coop:  # shares per team, then each member gets the team's
        teams = {p.team: scores[p.name] for p in s.players}
        shares = win_shares({str(t): v for t, v in teams.items()}, temperature=TEMPERATURE_END + TEMPERATURE_START * left)
        return {p.name: shares[str(p.team)] for p in s.players}
    return win_shares(scores, temperature=TEMPERATURE_END + TEMPERATURE_START * left)
