"""What must hold after every step of a Warriors & Traders game (the fuzzer checks it)."""

from __future__ import annotations

from collections import Counter

from engine.warriors_traders.board import TRACKS
from engine.warriors_traders.flow import PARALLEL, Ctx
from engine.warriors_traders.state import ARMY_KINDS, BARB_ARMY, BARBARIAN, FORTRESS, PRINCESS, WTState
from engine.warriors_traders.world import allied, max_tokens, resistance, to_kill


def broken_invariants(state: WTState) -> list[str]:
    ctx = Ctx(state)
    pc = ctx.pieces
    problems: list[str] = []
    for p in state.players:
        for r, n in p.res.items():
            if n < 0:
                problems.append(f"{p.name} has {n} {r}")
            if n > pc.cap and state.phase == "sustenance" and any(t.kind == "income" for t in state.stack):
                problems.append(f"{p.name} starts the turn with {n} {r}, over the cap of {pc.cap}")
        for track in TRACKS:
            if not 0 <= p.tokens[track] <= max_tokens(ctx):
                problems.append(f"{p.name} has {p.tokens[track]} tokens on {track}")
        if state.phase != "setup" and sum(p.tokens.values()) < pc.start_tokens:
            problems.append(f"{p.name} has fewer development tokens than at the start")
        counts = Counter(u.kind for u in state.units if u.owner == p.seat)
        for k in ARMY_KINDS:
            if counts[k] > pc.reserve:
                problems.append(f"{p.name} has {counts[k]} {k} on the map (only {pc.reserve} exist)")
        if counts[PRINCESS] > pc.princesses:
            problems.append(f"{p.name} has {counts[PRINCESS]} princesses")
        if counts[FORTRESS] > pc.fortresses:
            problems.append(f"{p.name} has {counts[FORTRESS]} fortresses")
        if len(set(p.routes)) != len(p.routes) or p.seat in p.routes:
            problems.append(f"{p.name}'s trade routes repeat or loop: {p.routes}")
        if p.vp_kills < 0 or p.vp_bought < 0:
            problems.append(f"{p.name} has negative permanent VP")
    on_map = Counter(f"{u.owner}:{u.kind}" for u in state.units)
    for key in set(on_map) | set(state.placed) | set(state.gone):
        if on_map[key] != state.placed.get(key, 0) - state.gone.get(key, 0):
            problems.append(f"pieces {key}: {on_map[key]} on the map, {state.placed.get(key, 0)} placed, "
                            f"{state.gone.get(key, 0)} gone")
    for p in state.players:
        if state.placed.get(f"{p.seat}:{PRINCESS}", 0) > pc.princesses:
            problems.append(f"{p.name} had more than {pc.princesses} princesses")
    if state.placed.get(f"{BARBARIAN}:{BARB_ARMY}", 0) != state.barbarians_at_start:
        problems.append("barbarian armies were placed after the start")
    ids = [u.id for u in state.units]
    if len(ids) != len(set(ids)):
        problems.append("two units share an id")
    barbarians = sum(1 for u in state.units if u.kind == BARB_ARMY)
    if barbarians > state.barbarians_at_start:
        problems.append(f"{barbarians} barbarian armies, more than the {state.barbarians_at_start} at the start")
    bforts = sum(1 for u in state.units if u.kind == FORTRESS and u.owner == BARBARIAN)
    if bforts > state.barbarian_forts_at_start:
        problems.append("barbarian fortresses appeared")
    in_battle = any(t.kind in ("alloc", "resolve") for t in state.stack)
    resolving = any(t.kind == "resolve" for t in state.stack)
    by_province: dict[str, list] = {}
    for u in state.units:
        by_province.setdefault(u.at, []).append(u)
        if u.at not in ctx.board.provinces:
            problems.append(f"unit {u.id} stands in {u.at}, not on this board")
            continue
        if u.kind == BARB_ARMY and u.owner != BARBARIAN:
            problems.append(f"barbarian army {u.id} owned by a player")
        if u.damage < 0 or u.incoming < 0 or u.ap < 0:
            problems.append(f"unit {u.id} has negative damage or action points")
        if not u.retreated and u.damage >= resistance(ctx, u) and u.kind != PRINCESS:
            problems.append(f"{u.kind} {u.id} in {u.at} is alive with {u.damage} damage")
        if u.incoming and not in_battle:
            problems.append(f"unit {u.id} has damage assigned outside a battle")
        if not resolving and to_kill(ctx, u) <= 0:
            problems.append(f"unit {u.id} should be dead")
        if state.phase in ("trade", "development") and (u.damage or u.retreated or u.attacking):
            problems.append(f"unit {u.id} carries battle marks outside the maneuver phase")
    for prov in ctx.board.provinces:
        here = by_province.get(prov, [])
        forts = sum(1 for u in here if u.kind == FORTRESS)
        if forts > pc.fortress_per_province:
            problems.append(f"{prov} has {forts} fortresses")
        settled = [u for u in here if not u.attacking]
        sides = {u.owner for u in settled}
        if len(sides) > 1 and not all(a >= 0 and b >= 0 and allied(ctx, a, b) for a in sides for b in sides):
            problems.append(f"{prov} holds enemies side by side: {sorted(sides)}")
        holder = state.owner.get(prov)
        players_here = {u.owner for u in settled if u.owner >= 0}
        if holder is not None and holder not in players_here:
            problems.append(f"{prov} is held by {ctx.name(holder)} with none of their pieces there")
        if holder is None and players_here:
            problems.append(f"{prov} has player pieces but no holder")
    if state.stack and state.stack[-1].kind != PARALLEL and state.lanes:
        problems.append("lanes are open outside a parallel step")
    if state.finished != (not state.stack):
        problems.append("the game is marked finished with steps left to do" if state.finished
                        else "nothing is left to do but the game is not marked finished")
    return problems
