"""Byzantium as text for the terminal: cities by side, armies, and each player's position."""

from __future__ import annotations

from engine.byzantium.board import ROUNDS


def describe(summary: dict) -> str:
    lines = [f"Round {summary['round']} of {ROUNDS}    Bulgars: {summary['bulgars']['army']}    "
             f"Emperor: {summary['emperor'] or '-'}    Caliph: {summary['caliph'] or '-'}"]
    armies: dict[str, list[str]] = {}
    for name, p in summary["players"].items():
        for side, army in p["army"].items():
            if army["at"]:
                armies.setdefault(army["at"], []).append(f"{name}:{side[0].upper()}{army['elite'] + army['main']}")
    for side in ("byzantine", "arab", "persian", "bulgar"):
        cells = []
        for city, c in sorted(summary["cities"].items()):
            if c["side"] != side:
                continue
            text = f"{city} {c['markers']}"
            if c["controller"]:
                text += f" [{c['controller']}{'+fort' if c['fortified'] else ''}]"
            if city in armies:
                text += " <" + " ".join(armies[city]) + ">"
            cells.append(text)
        if cells:
            lines.append(f"{side.title():>10}: " + ", ".join(cells))
    held = {box: who for box, who in summary["special_actions"].items() if who}
    if held:
        lines.append("  Specials: " + ", ".join(f"{box}={who}" for box, who in sorted(held.items())))
    for name, p in summary["players"].items():
        b, a = p["army"]["byzantine"], p["army"]["arab"]
        cubes = p["cubes"]
        lines.append(
            f"{name:>10}: VP B{p['vp']['byzantine']} A{p['vp']['arab']}  money B{p['treasury']['byzantine']} "
            f"A{p['treasury']['arab']}  Byz e{b['elite']}{'+g' if b['guard'] else ''} m{b['main']} l{b['levy']} "
            f"v{b['movement']}  Arab e{a['elite']}{'+g' if a['guard'] else ''} m{a['main']} l{a['levy']} "
            f"v{a['movement']}  free {cubes['available']} cas {cubes['casualty']}"
            f"{'  PASSED' if p['passed'] else ''}")
    return "\n".join(lines)
