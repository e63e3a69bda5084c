"""The words of Warriors & Traders: resources, units, tracks, titles, provinces and nations as
terms, and the phrases every rules module shares (an amount of a resource, a unit and its owner).

The English words follow the game's own English terms (the Italian rulebook's Oro, Cibo,
Prodotti, Armi; Fanteria, Arcieri, Cavalleria, Principessa, Fortezza; Produzione, Commercio,
Militare; Costruttore, Mercante, Guerriero), so each catalogue can keep the rulebook's word.
Province and nation names come from the map data: `WarriorsTraders.terms()` lists them.
"""

from __future__ import annotations

from engine.text import Msg, listing, msg, msg_n, term

RESOURCE_WORDS = {
    "gold": term("wt resource", "gold"),
    "food": term("wt resource", "food"),
    "goods": term("wt resource", "goods"),
    "weapons": term("wt resource", "weapons"),
}

UNIT_WORDS = {
    "infantry": term("wt unit", "infantry"),
    "archer": term("wt unit", "archers"),
    "cavalry": term("wt unit", "cavalry"),
    "princess": term("wt unit", "princess"),
    "fortress": term("wt unit", "fortress"),
    "barbarian": term("wt unit", "barbarian army"),
}

TRACK_WORDS = {
    "production": term("wt track", "production"),
    "trade": term("wt track", "trade"),
    "military": term("wt track", "military"),
}

TITLE_WORDS = {
    "production": term("wt title", "Builder"),
    "trade": term("wt title", "Merchant"),
    "military": term("wt title", "Warrior"),
}

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}


def resource_t(resource: str) -> Msg:
    return RESOURCE_WORDS[resource]


def amount_t(resource: str, n: int) -> Msg:
    """"3 food", "1 weapon": an amount of one resource."""
    if resource == "gold":
        return msg_n("{n} gold", "{n} gold", n)
    if resource == "food":
        return msg_n("{n} food", "{n} food", n)
    if resource == "goods":
        return msg_n("{n} goods", "{n} goods", n)
    return msg_n("{n} weapon", "{n} weapons", n)


def bundle_t(bundle: dict[str, int]) -> Msg:
    """"2 gold and 3 food"; "nothing" when empty."""
    return listing([amount_t(r, n) for r, n in bundle.items() if n])


def unit_t(kind: str) -> Msg:
    return UNIT_WORDS[kind]


def units_n(kind: str, n: int) -> Msg:
    """"2 infantry", "1 unit of archers", "3 barbarian armies"."""
    if kind == "infantry":
        return msg_n("{n} infantry", "{n} infantry", n)
    if kind == "archer":
        return msg_n("{n} unit of archers", "{n} units of archers", n)
    if kind == "cavalry":
        return msg_n("{n} cavalry", "{n} cavalry", n)
    if kind == "princess":
        return msg_n("{n} princess", "{n} princesses", n)
    if kind == "fortress":
        return msg_n("{n} fortress", "{n} fortresses", n)
    return msg_n("{n} barbarian army", "{n} barbarian armies", n)


def count_units(kinds: list[str]) -> Msg:
    """"2 infantry and 1 cavalry" for a list of unit kinds (in the order they first appear)."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return listing([units_n(kind, n) for kind, n in counts.items()])


def track_t(track: str) -> Msg:
    return TRACK_WORDS[track]


def title_t(track: str) -> Msg:
    """The title of the player most advanced on `track` (Builder, Merchant, Warrior)."""
    return TITLE_WORDS[track]


def track_level(track: str, level: int) -> Msg:
    """"production (level III)"."""
    return msg("{track} (level {level})", track=track_t(track), level=ROMAN[level])


def province_t(name: str) -> Msg:
    return term("wt province", name)


def nation_t(name: str) -> Msg:
    """A nation by its name on the map ("France", "Regno di Napoli")."""
    return term("wt nation", name)


def map_t(name: str) -> Msg:
    return {"west": term("wt map", "West Europe"), "east": term("wt map", "East Europe"),
            "italy": term("wt map", "Italy")}[name]


def cost_t(cost: dict[str, int]) -> Msg:
    """What something costs, as an amount list ("2 weapons and 1 gold")."""
    return bundle_t(cost)
