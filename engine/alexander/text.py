"""Alexander as text for the terminal: the round, the tracks, each side's armies, fleets,
treasuries and provinces, and the objectives; every line a message, in the reader's language."""

from __future__ import annotations

from engine.alexander.board import board
from engine.alexander.words import leader_t, level_t, province_t, side_t, space_t
from engine.text import Msg, layout, lines, listing, msg, msg_n, term

OBJECTIVES = {"great_king": msg("the Great King"), "greece": msg("Greece held"), "cult": msg("the cult of Alexander")}


def _side(side: str | None) -> Msg:
    if side in ("macedonian", "persian"):
        return side_t(side)
    if side == "independent":
        return msg("independent")
    return msg("nobody")


def describe(view: dict) -> Msg:
    tracks = view["tracks"]
    apm = view["apm"]
    out = [msg("Round {round}; active: {active}; action marker: {apm} (streak {count}, {streak}); weariness {weariness}; "
               "injury {injury}; pools: Macedonian {mac}, Persian {per}", round=view["round"],
               active=_side(view["active"] or None), apm=_side(apm["drawn"]), count=apm["streak"]["count"],
               streak=_side(apm["streak"]["side"]), weariness=tracks["weariness"], injury=tracks["injury"],
               mac=tracks["asp_pool"]["macedonian"], per=tracks["asp_pool"]["persian"])]
    for side in ("macedonian", "persian"):
        armies = [_army(a) for a in view["armies"] if a["side"] == side]
        fleets = [msg("{fleet} at {space} ({nsp} NSP)", fleet=term("alexander fleet", f"{f['name']} fleet"),
                      space=space_t(f["space"]), nsp=f["nsp"]) for f in view["fleets"] if f["side"] == side]
        treasuries = [layout("{city}: {level}", city=space_t(c), level=level_t(t["level"]))
                      for c, t in view["treasuries"].items() if t["owner"] == side]
        out.append(msg("{side}: armies {armies}; fleets {fleets}; treasuries {treasuries}; {cards} in hand",
                       side=side_t(side), armies=listing(armies), fleets=listing(fleets),
                       treasuries=listing(treasuries),
                       cards=msg_n("{n} card", "{n} cards", view["hand_sizes"][side])))
        if view["hands"].get(side):
            cards = board().cards
            out.append(msg("  hand: {cards}", cards=listing([term("alexander card", cards[c].name)
                                                             for c in view["hands"][side]])))
    garrisons = [msg("{space}: {side} {gsp} GSP", space=space_t(sp), side=_side(g["side"]), gsp=g["gsp"]) if not g["asp"]
                 else msg("{space}: {side} {gsp} GSP + {asp} ASP", space=space_t(sp), side=_side(g["side"]),
                          gsp=g["gsp"], asp=g["asp"]) for sp, g in sorted(view["garrisons"].items())]
    out.append(msg("Garrisons: {garrisons}", garrisons=listing(garrisons)))
    alone = _leaders_alone(view)
    if alone:
        out.append(msg("Leaders alone: {leaders}", leaders=listing(alone)))
    out.append(msg("Provinces: {provinces}", provinces=listing([_province(n, p) for n, p in sorted(view["provinces"].items())])))
    if view["sieges"]:
        out.append(msg("Sieges: {sieges}", sieges=listing([msg_n("{city} ({n} point)", "{city} ({n} points)", s["points"], city=space_t(c))
                                                           for c, s in view["sieges"].items()])))
    done = [OBJECTIVES.get(k) or layout("{objective}", objective=k) for k, v in view["objectives"].items() if v["done"]]
    out.append(msg("Objectives reached: {objectives}", objectives=listing(done)))
    return lines(out)


def _leaders_alone(view: dict) -> list[Msg]:
    """Leaders standing on a space without a unit: by name where the reader may know him (his own
    face-down leaders marked so), otherwise as the unnamed leader of a side (5.1)."""
    mine = {n for names in view.get("leaders_face_down", {}).values() for n in names}
    found = []
    for name, loc in sorted(view["leaders"].items(), key=lambda item: (item[1], item[0])):
        if loc.startswith("space:"):
            found.append(msg("{leader} at {space} (face down)", leader=leader_t(name), space=space_t(loc[6:]))
                         if name in mine else msg("{leader} at {space}", leader=leader_t(name), space=space_t(loc[6:])))
    found += [msg("a face-down {side} leader at {space}", side=side_t(u["side"]), space=space_t(u["space"]))
              for u in view.get("leaders_unnamed", [])]
    return found


def _army(a: dict) -> Msg:
    leaders = listing([leader_t(name) for name in a["leaders"]]) if a["leaders"] else msg("no leader")
    where = space_t(a["space"])
    marks = [word for word, on in ((msg("inside"), a["inside"]), (msg("fatigued"), a["fatigued"]),
                                   (msg("useless"), a["useless"])) if on]
    return msg("#{number} at {space} ({asp} ASP, {elite} elite; {leaders}{marks})", number=a["number"] or "S",
               space=where, asp=a["asp"], elite=a["elite"], leaders=leaders,
               marks=layout("; {marks}", marks=listing(marks)) if marks else "")


def _province(name: str, p: dict) -> Msg:
    marks = [word for word, on in ((msg("revolt"), p["revolt"]), (msg("devastated"), p["devastated"]),
                                   (msg("drought"), p["drought"]), (msg("bad weather"), p["bad_weather"])) if on]
    if marks:
        return msg("{province} ({side}; {marks})", province=province_t(name), side=_side(p["control"]),
                   marks=listing(marks))
    return msg("{province} ({side})", province=province_t(name), side=_side(p["control"]))
