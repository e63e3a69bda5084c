"""Alexander as text for the terminal: the round, the tracks, each side's armies, fleets,
treasuries and provinces, and the objectives."""

from __future__ import annotations

from engine.alexander.board import board

SHORT = {"macedonian": "MAC", "persian": "PER", None: "-", "independent": "IND"}


def describe(view: dict) -> str:
    tracks = view["tracks"]
    apm = view["apm"]
    lines = [f"Round {view['round']}  active: {SHORT.get(view['active'] or None, '-')}  APM: {apm['drawn']} "
             f"(streak {apm['streak']['count']} {apm['streak']['side'] or '-'})  weariness {tracks['weariness']}  "
             f"injury {tracks['injury']}  pools MAC {tracks['asp_pool']['macedonian']} PER {tracks['asp_pool']['persian']}"]
    for side in ("macedonian", "persian"):
        armies = [f"#{a['number'] or 'S'} {a['space']}{'(in)' if a['inside'] else ''} {a['asp']}asp e{a['elite']}"
                  f"{' F' if a['fatigued'] else ''}{' U' if a['useless'] else ''}"
                  f"{' [' + ','.join(a['leaders']) + ']' if a['leaders'] else ''}"
                  for a in view["armies"] if a["side"] == side]
        fleets = [f"{f['name']}@{f['space']} {f['nsp']}nsp" for f in view["fleets"] if f["side"] == side]
        treasuries = [f"{c}:{t['level'][0].upper()}" for c, t in view["treasuries"].items() if t["owner"] == side]
        held = view["hand_sizes"][side]
        lines.append(f"{SHORT[side]}: armies {'; '.join(armies) or '-'} | fleets {', '.join(fleets) or '-'} | "
                     f"treasuries {' '.join(treasuries) or '-'} | cards {held}")
        if view["hands"].get(side):
            cards = board().cards
            lines.append(f"     hand: {', '.join(cards[c].name for c in view['hands'][side])}")
    gar = [f"{sp}:{SHORT.get(g['side'], g['side'])}{g['gsp']}{'+' + str(g['asp']) if g['asp'] else ''}"
           for sp, g in sorted(view["garrisons"].items())]
    lines.append("Garrisons: " + " ".join(gar))
    marks = []
    for name, p in sorted(view["provinces"].items()):
        flags = "".join(f for f, on in (("R", p["revolt"]), ("D", p["devastated"]), ("d", p["drought"]),
                                        ("W", p["bad_weather"])) if on)
        marks.append(f"{name}:{SHORT.get(p['control'], '?')}{flags}")
    lines.append("Provinces: " + " ".join(marks))
    if view["sieges"]:
        lines.append("Sieges: " + ", ".join(f"{c} ({s['points']} pts)" for c, s in view["sieges"].items()))
    obj = view["objectives"]
    lines.append("Objectives: " + "  ".join(f"{k}:{'yes' if v['done'] else 'no'}" for k, v in obj.items()))
    return "\n".join(lines)
