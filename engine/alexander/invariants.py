"""What must always hold, checked by the fuzzer after every step."""

from __future__ import annotations

from engine.alexander.board import SIDES, board
from engine.alexander.state import AlexState
from engine.alexander.world import gsp_on_map, is_transit

LEVELS = {"full", "low", "empty"}


def broken_invariants(s: AlexState) -> list[str]:
    b = board()
    problems = []
    for side in SIDES:
        if not 0 <= s.asp_pool[side] <= b.limits["available_asp"][side]:
            problems.append(f"{side} ASP pool out of range: {s.asp_pool[side]}")
        if gsp_on_map(s, side) > b.limits["gsp_counters"][side]:
            problems.append(f"{side} has more GSP on the map than counters")
        if sum(1 for a in s.armies if a.side == side and a.number) > b.limits["armies_max"]:
            problems.append(f"{side} has more than three armies")
    for a in s.armies:
        if a.asp <= 0:
            problems.append(f"army {a.id} has {a.asp} ASP")
        if not 0 <= a.elite <= b.limits["elite_max"][a.side]:
            problems.append(f"army {a.id} elite {a.elite} out of range")
        if is_transit(s, a.space) and not s.move:
            problems.append(f"army {a.id} stands on a transit point")
    for f in s.fleets:
        if not 0 < f.nsp <= b.fleets[f.name].max_nsp and not (s.naval and f.nsp == 0):  # sunk fleets go at its end
            problems.append(f"fleet {f.name} has {f.nsp} NSP")
    for city, t in s.treasuries.items():
        if t.level not in LEVELS:
            problems.append(f"treasury {city} level {t.level}")
    if s.royal_treasury.level not in ("full", "empty"):
        problems.append("the Royal Treasury is neither Full nor Empty")
    if "Memphis" in s.treasuries and s.treasuries["Memphis"].level != "full":
        problems.append("Memphis was reduced")
    for space, g in s.garrisons.items():
        cap = b.limits["major_city_gsp"] if b.spaces[space].major else b.limits["other_gsp"]
        if g.gsp > cap or g.gsp < 0 or g.asp < 0 or (g.gsp == 0 and g.asp == 0):
            problems.append(f"garrison at {space}: {g.gsp} GSP {g.asp} ASP")
    if not s.move and not s.battle and not s.naval:
        for space in {a.space for a in s.armies}:
            sides = {a.side for a in s.armies_at(space) if not a.inside}
            if len(sides) > 1:
                problems.append(f"enemy armies share {space} outside any city")
    cards = sorted(s.deck + s.discard + s.removed + s.in_play + [c for h in s.hands.values() for c in h])
    every = sorted(c.id for c in b.cards.values() for _ in range(c.count))
    if cards != every:
        problems.append("cards were created or lost")
    for side in SIDES:
        if len(s.hands[side]) > b.limits["hand_max"] and not any(t.kind == "overfull" for t in s.stack):
            problems.append(f"{side} holds more than {b.limits['hand_max']} cards")
    if s.weariness < 0 or s.injury < 0:
        problems.append("a track went below zero")
    return problems
