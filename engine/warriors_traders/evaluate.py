"""A cheap estimate of how a Warriors & Traders game stands, for bot players (`Game.evaluate`).

A player's (team's) final VP is estimated as the VP held now plus, weighted by the part of the
game still to play, what resources, income, armies and development can still become. The race
ends early when someone reaches the victory threshold at the end of a turn, so the part still
to play shrinks as the leader nears it. The estimates become win shares (engine/ai/value.py)."""

from __future__ import annotations

from engine.ai.value import win_shares
from engine.warriors_traders.flow import Ctx
from engine.warriors_traders.state import ARMY_KINDS, WTState
from engine.warriors_traders.sustenance import income_of
from engine.warriors_traders.turn import threshold
from engine.warriors_traders.world import vp

GOLD_VP = 0.1  # ten gold buy a VP in the trade phase
GOODS_VP = 0.04  # food, goods and weapons: a unit, a level or a fortress is many of them
INCOME_VP = 0.05  # per resource of income, per turn still to come
ARMY_VP = 0.3  # per point of army strength: provinces to take, barbarians to kill
TOKEN_VP = 0.3  # per development token: better income, abilities, titles
PHASES = ("setup", "sustenance", "trade", "development", "maneuver", "upkeep", "over")


def time_left(ctx: Ctx, vps: dict[int, int]) -> float:
    """The part of the game still to play: turns left (a phase at a time), shortened as the
    leading side gets near the threshold. `vps`: each seat's VP now."""
    s = ctx.s
    turns = ctx.pieces.turns
    done = (s.turn - 1 + PHASES.index(s.phase) / (len(PHASES) - 1)) / turns if s.phase in PHASES else 0.0
    by_turns = max(0.0, 1.0 - done)
    teams: dict[int, int] = {}
    for p in s.players:
        teams[p.team] = teams.get(p.team, 0) + vps[p.seat]
    lead = max(teams.values()) / threshold(ctx)
    return min(by_turns, max(0.0, 1.0 - lead) * 2)


def estimated_scores(s: WTState) -> tuple[dict[str, float], float]:
    ctx = Ctx(s)
    vps = {p.seat: vp(ctx, p.seat) for p in s.players}
    left = time_left(ctx, vps)
    turns_left = left * ctx.pieces.turns
    scores = {}
    for p in s.players:
        res = p.res
        armies = sum(ctx.pieces.units[u.kind].strength for u in s.units if u.owner == p.seat and u.kind in ARMY_KINDS)
        income = sum(income_of(ctx, p.seat).values())
        later = (GOLD_VP * res.get("gold", 0) + GOODS_VP * (res.get("food", 0) + res.get("goods", 0)
                 + res.get("weapons", 0)) + INCOME_VP * income * turns_left + ARMY_VP * armies
                 + TOKEN_VP * sum(p.tokens.values()))
        scores[p.name] = vps[p.seat] + left * later
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
        shares = win_shares({str(t): v for t, v in teams.items()}, temperature=2.0 + 6.0 * left)
        return {p.name: shares[str(p.team)] for p in s.players}
    return win_shares(scores, temperature=2.0 + 6.0 * left)
