"""The state as JSON: `summary` is the whole truth; `public_view` what one seat (or the public)
may see. Everything a board picture needs is here: provinces with control and markers, armies
with leaders and strength, fleets, garrisons, tribes, sieges, treasuries, tracks, objectives,
hand sizes, the APM drawn and the streak, and the last action.

Secrets: the hands, the order of the deck, and which leaders are held face down (and so which
are still in the cups) or stand face down alone on the map (rules 4). The public sees hand sizes,
how many leaders each side holds, and where the face-down leaders on the map stand, unnamed."""

from __future__ import annotations

from engine.alexander.board import SIDES, board
from engine.alexander.loc import supplied
from engine.alexander.state import AlexState
from engine.alexander.victory import objectives
from engine.alexander.world import ISLANDS, gsp_free, leaders_of, token_space
from engine.core import Decision


def summary(s: AlexState, pending: list[Decision]) -> dict:
    b = board()
    reach = {side: supplied(s, side) for side in SIDES}
    besieging = {siege.army: city for city, siege in s.sieges.items()}
    armies = []
    for a in s.armies:
        armies.append({
            "id": a.id, "side": a.side, "number": a.number, "space": a.space,
            "province": b.spaces[a.space].province, "inside": a.inside, "asp": a.asp, "elite": a.elite,
            "leaders": leaders_of(s, a.id), "fatigued": a.fatigued, "useless": a.useless,
            "loc": a.space in reach[a.side], "besieging": besieging.get(a.id),
            "royal_treasury": s.royal_treasury.where == f"army:{a.id}",
            "royal_family": s.royal_family.where == f"army:{a.id}",
        })
    fleets = [{"name": f.name, "side": f.side, "space": f.space, "nsp": f.nsp, "max_nsp": b.fleets[f.name].max_nsp,
               "leaders": leaders_of(s, "fleet:" + f.name)} for f in s.fleets]
    provinces = {name: {"region": p.region, "control": s.control.get(name), "revolt": name in s.revolt,
                        "revolt_value": p.revolt, "devastated": name in s.devastated, "drought": name in s.drought,
                        "bad_weather": name in s.bad_weather}
                 for name, p in b.provinces.items()}
    pending_view = None
    if pending:
        d = pending[0]
        pending_view = {"player": d.player, "prompt": d.prompt, "kind": d.kind, "private": d.private,
                        "public_prompt": d.public_prompt, "window": d.window}
    hidden = {side: sorted(n for n, loc in s.leaders.items() if loc == "hand" and b.leaders[n].side == side)
              for side in SIDES}
    return {
        "game": "alexander",
        "sides": dict(s.sides),
        "solitaire": s.solitaire,
        "options": dict(s.options),
        "round": s.round,
        "active": s.active,
        "apm": {"drawn": s.apm_out, "in_cup": _count(s.cup), "streak": {"side": s.streak_side, "count": s.streak}},
        "armies": armies,
        "fleets": fleets,
        "garrisons": {sp: {"side": g.side, "gsp": g.gsp, "asp": g.asp} for sp, g in s.garrisons.items()},
        "tribes": {sp: {"name": t.name, "gsp": t.gsp} for sp, t in s.tribes.items()},
        "sieges": {city: {"army": sg.army, "points": sg.points} for city, sg in s.sieges.items()},
        "provinces": provinces,
        "islands": {name: s.control.get(name) for name in ISLANDS},
        "treasuries": {city: {"owner": t.owner, "level": t.level, "unusable": city in s.unusable}
                       for city, t in s.treasuries.items()},
        "royal_treasury": {"level": s.royal_treasury.level, "owner": s.royal_treasury.owner,
                           "space": token_space(s, s.royal_treasury.where), "with": s.royal_treasury.where},
        "royal_family": {"holder": s.royal_family.holder, "space": token_space(s, s.royal_family.where),
                         "with": s.royal_family.where},
        "alexandrias": list(s.alexandrias),
        "leaders": {n: loc for n, loc in s.leaders.items()},
        "leaders_hidden": hidden,
        "leaders_face_down": {side: [n for n in s.face_down if b.leaders[n].side == side] for side in SIDES},
        # The leaders face down on the map whom the reader may not name: none in the whole truth.
        "leaders_unnamed": [],
        "leaders_held": {side: len(hidden[side]) for side in SIDES},
        "great_king": s.persian_king,
        "tracks": {"weariness": s.weariness, "injury": s.injury, "asp_pool": dict(s.asp_pool),
                   "gsp_free": {side: gsp_free(s, side) for side in SIDES}, "honeymoon": s.honeymoon},
        "hands": {side: list(h) for side, h in s.hands.items()},
        "hand_sizes": {side: len(h) for side, h in s.hands.items()},
        "deck": list(s.deck),
        "deck_size": len(s.deck),
        "discard": list(s.discard),
        "removed": list(s.removed),
        "in_play": list(s.in_play),
        "rhodes_card": s.rhodes_card,
        "objectives": objectives(s),
        "victory": s.victory.model_dump(),
        "last": dict(s.last),
        "move": {k: s.move[k] for k in ("unit", "side", "declared", "spent", "path") if k in s.move},
        "battle": {k: s.battle[k] for k in ("space", "attacker", "atk", "dfn", "defenders", "score", "winner")
                   if k in s.battle},
        "pending": pending_view,
    }


def _count(markers: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for m in markers:
        counts[m] = counts.get(m, 0) + 1
    return counts


def public_view(s: AlexState, pending: list[Decision], player: str | None) -> dict:
    seen = summary(s, pending)
    if s.solitaire:
        return seen  # one person plays both sides: nothing is hidden (16.0)
    mine = next((side for side, name in s.sides.items() if name == player), None)
    pending_view = seen["pending"]
    if pending_view and pending_view["private"] and pending_view["player"] != player:
        pending_view["prompt"] = pending_view["public_prompt"]
    seen["hands"] = {mine: seen["hands"][mine]} if mine else {}
    seen["deck"] = None
    seen["leaders_hidden"] = {mine: seen["leaders_hidden"][mine]} if mine else {}
    b = board()
    unnamed = [n for n in s.face_down if b.leaders[n].side != mine]
    seen["leaders"] = {n: loc for n, loc in s.leaders.items() if n not in unnamed
                       and (loc not in ("hand", "cup") or (loc == "hand" and b.leaders[n].side == mine))}
    seen["leaders_face_down"] = {mine: seen["leaders_face_down"][mine]} if mine else {}
    # A face-down leader on the map is seen where he stands, unnamed (5.1).
    seen["leaders_unnamed"] = sorted(({"side": b.leaders[n].side, "space": s.leaders[n][6:]} for n in unnamed),
                                     key=lambda u: (u["side"], u["space"]))
    return seen
