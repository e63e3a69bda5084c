"""Warriors & Traders as text for the terminal: the turn, a key to the marks, the provinces by
nation, then each player. Every line is a message, so the terminal can show it in any language."""

from __future__ import annotations

from engine.text import Msg, listing, msg
from engine.warriors_traders.board import pieces
from engine.warriors_traders.words import ROMAN, amount_t, map_t, nation_t, province_t, track_t

# One letter per piece on the map; the key line explains them.
LETTERS = {"infantry": "I", "archer": "A", "cavalry": "C"}

PHASES = {
    "setup": msg("setting up"), "sustenance": msg("sustenance phase"), "trade": msg("trade phase"),
    "development": msg("development phase"), "maneuver": msg("maneuver phase"), "upkeep": msg("end of the turn"),
    "over": msg("the game is over"),
}

KEY = msg("Key: I infantry, A archers, C cavalry, F fortress, P princess, b barbarian army; a number before a letter "
          "counts them (4P: four princesses); * retreated, -2: two damage; [Ann]: Ann holds the province.")


def lines_t(lines: list) -> Msg:
    """Lines of text as one message, each line translated on its own."""
    text = lines[0]
    for line in lines[1:]:
        text = msg("{head}\n{line}", head=text, line=line)
    return text


def joined(items: list) -> Msg:
    """Items separated by commas, each translated on its own."""
    text = items[0]
    for item in items[1:]:
        text = msg("{head}, {item}", head=text, item=item)
    return text


def _counted(letter: str, n: int) -> str:
    return letter if n == 1 else f"{n}{letter}"


def province_cell(name: str, p: dict) -> Msg:
    marks = []
    for a in p["armies"]:
        marks.append(LETTERS[a["kind"]] + ("*" if a["retreated"] else "") + (f"-{a['damage']}" if a["damage"] else ""))
    marks += ["F"] * len(p["fortresses"]) + [_counted("P", n) for n in p["princesses"].values()]
    if p["barbarians"]:
        marks.append(_counted("b", p["barbarians"]))
    holder = f"[{p['owner']}]" if p["owner"] else ""
    if not marks:
        return msg("{province}{holder}", province=province_t(name), holder=holder)
    return msg("{province}{holder} {marks}", province=province_t(name), holder=holder, marks=" ".join(marks))


def describe(summary: dict) -> Msg:
    where = map_t(summary["map"])
    head = dict(turn=summary["turn"], turns=pieces().turns, phase=PHASES.get(summary["phase"], summary["phase"]),
                strength=summary["barbarian_strength"])
    lines: list = [
        msg("{map} map, {variant} variant; turn {turn} of {turns}, {phase}; barbarian strength {strength}", map=where,
            variant=summary["variant"], **head) if summary["variant"] else
        msg("{map} map; turn {turn} of {turns}, {phase}; barbarian strength {strength}", map=where, **head),
        KEY,
    ]
    by_nation: dict[str, list] = {}
    for name, p in summary["provinces"].items():
        by_nation.setdefault(p["nation"] or "/".join(p["contested"]), []).append(province_cell(name, p))
    nation_names = {nid: n["name"] for nid, n in summary["nations"].items()}
    for nation, cells in by_nation.items():
        title = (nation_t(nation_names[nation]) if nation in nation_names else
                 msg("contested by {nations}", nations=listing([nation_t(nation_names.get(n, n.title()))
                                                                for n in nation.split("/")])))
        lines.append(msg("{nation}: {provinces}", nation=title, provinces=joined(cells)))
    for name, p in summary["players"].items():
        levels = listing([msg("{track} {level}", track=track_t(t), level=ROMAN[n]) for t, n in p["techs"].items()])
        extra = ""
        if p["routes"]:
            extra = msg("{extra}; trade routes to {players}", extra=extra, players=", ".join(p["routes"]))
        if p["wars"]:
            extra = msg("{extra}; at war with {players}", extra=extra, players=", ".join(p["wars"]))
        lines.append(msg("{player} ({nation}): {vp} VP; {resources}; {levels}{extra}", player=name,
                         nation=nation_t(p["nation_name"]), vp=p["vp"],
                         resources=listing([amount_t(r, n) for r, n in p["resources"].items()]), levels=levels,
                         extra=extra))
    return lines_t(lines)
