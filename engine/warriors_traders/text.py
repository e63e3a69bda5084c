"""Warriors & Traders as text for the terminal: provinces by nation, then each player."""

from __future__ import annotations

from engine.warriors_traders.board import pieces

SHORT = {"infantry": "I", "archer": "A", "cavalry": "C"}


def describe(summary: dict) -> str:
    lines = [f"{summary['map'].title()} map{' (' + summary['variant'] + ')' if summary['variant'] else ''}  "
             f"turn {summary['turn']}/{pieces().turns}  phase {summary['phase']}  barbarians {summary['barbarian_strength']}"]
    by_nation: dict[str, list[str]] = {}
    for name, p in summary["provinces"].items():
        cell = name
        if p["owner"]:
            cell += f"[{p['owner']}]"
        tokens = [f"{SHORT[a['kind']]}{'*' if a['retreated'] else ''}{'-' + str(a['damage']) if a['damage'] else ''}"
                  for a in p["armies"]]
        tokens += ["F"] * len(p["fortresses"]) + [f"P{n}" for n in p["princesses"].values()]
        tokens += ["b"] * p["barbarians"]
        if tokens:
            cell += " " + "".join(tokens)
        by_nation.setdefault(p["nation"] or "/".join(p["contested"]), []).append(cell)
    for nation, cells in by_nation.items():
        lines.append(f"{nation:>16}: " + ", ".join(cells))
    for name, p in summary["players"].items():
        r, t = p["resources"], p["techs"]
        lines.append(f"{name:>10} ({p['nation']}): {p['vp']} VP  gold {r['gold']} food {r['food']} goods {r['goods']} "
                     f"weapons {r['weapons']}  P{t['production']} T{t['trade']} M{t['military']}"
                     + (f"  routes {','.join(p['routes'])}" if p["routes"] else "")
                     + (f"  war {','.join(p['wars'])}" if p["wars"] else ""))
    return "\n".join(lines)
