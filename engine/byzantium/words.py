"""The words of Byzantium: sides, army boxes, special actions, cities and regions as terms, and
the phrases every rules module shares (an army, a number of bezants or cubes).

The names follow the rulebooks (bezant = Bisante, levy = Leva/Bürgerwehr, elite, main army =
Esercito Principale/Hauptarmee, movement = Movimento/Bewegung), so the catalogues can keep each
translation to the rulebook's own word. Place names are passed as variables: `Byzantium.terms()`
lists them for the catalogues.
"""

from __future__ import annotations

from functools import cache

from engine.byzantium.board import SPECIAL_BOXES, Box, Side, board
from engine.text import Msg, listing, msg, msg_n, term

SIDE_WORDS = {
    Side.BYZANTINE: term("byzantium side", "Byzantine"),
    Side.ARAB: term("byzantium side", "Arab"),
    Side.PERSIAN: term("byzantium side", "Persian"),
    Side.BULGAR: term("byzantium side", "Bulgar"),
}

BOX_WORDS = {
    Box.ELITE: term("byzantium box", "elite"),
    Box.MAIN: term("byzantium box", "main army"),
    Box.LEVY: term("byzantium box", "levy"),
    Box.MOVEMENT: term("byzantium box", "movement"),
}

# Where the cities lie, to group long lists of them the way a player looks at the board.
REGIONS = {
    "the Balkans": ("Dyrrachium", "Thessalonica", "Athens", "Candia", "Adrianople", "Constantinople"),
    "Anatolia": ("Nicaea", "Smyrna", "Attalia", "Ankara", "Sinope", "Trebizond", "Caesarea", "Tarsus"),
    "Syria and Egypt": ("Antioch", "Edessa", "Damascus", "Jerusalem", "Alexandria", "Leucosia", "Palmyra"),
    "Arabia": ("Tabuk", "Medina", "Mecca"),
    "Persia": ("Basra", "Hira", "Baghdad", "Hamadan", "Mosul", "Amida", "Ardabil", "Tiflis", "Derbent"),
}
REGION_OF = {city: region for region, cities in REGIONS.items() for city in cities}
REGION_ORDER = {region: i for i, region in enumerate(REGIONS)}


def side_word(side: Side | str) -> Msg:
    return SIDE_WORDS[Side(side)]


def box_word(box: Box | str) -> Msg:
    return BOX_WORDS[Box(box)]


@cache  # a term is the same for every use (issue 30: option labels named each city anew)
def city_word(name: str) -> Msg:
    return term("byzantium city", name)


@cache
def region_word(city: str) -> Msg:
    return term("byzantium region", REGION_OF[city])


def region_key(city: str) -> tuple[int, str]:
    """Sorts cities by region, then by name."""
    return REGION_ORDER[REGION_OF[city]], city


def bezants(n: int) -> Msg:
    return msg_n("{n} bezant", "{n} bezants", n)


def side_bezants(n: int, side: Side | str) -> Msg:
    return msg_n("{n} {side} bezant", "{n} {side} bezants", n, side=side_word(side))


def cubes(n: int) -> Msg:
    return msg_n("{n} cube", "{n} cubes", n)


def box_cubes(counts: dict[str, int]) -> Msg:
    """'1 elite cube and 2 main army cubes' (boxes at zero left out)."""
    return listing([msg_n("{n} {box} cube", "{n} {box} cubes", n, box=box_word(box))
                    for box, n in counts.items() if n])


def army(player: str, side: Side | str) -> Msg:
    return msg("{player}'s {side} army", player=player, side=side_word(side))


def side_box(side: Side | str, box: Box | str) -> Msg:
    return msg("the {side} {box} box", side=side_word(side), box=box_word(box))


def sentences(parts: list[Msg]) -> Msg:
    """Whole sentences one after the other (each translated whole)."""
    text = parts[0]
    for part in parts[1:]:
        text = msg("{first} {second}", first=text, second=part)
    return text


def terms() -> list[tuple[str, str]]:
    """The names the rules pass to term() as variables: cities and regions."""
    names = board().cities
    missing = sorted(set(names) - set(REGION_OF))
    if missing:  # pragma: no cover - the board data and this table must agree
        raise ValueError(f"cities without a region: {missing}")
    return [("byzantium city", name) for name in sorted(names)] + [("byzantium region", r) for r in REGIONS]


SPECIAL_WORDS = {
    "bulgars": term("byzantium special", "Bulgars"),
    "fortify": term("byzantium special", "Fortification"),
    "byzantine_improvement": term("byzantium special", "Byzantine city improvement"),
    "arab_improvement": term("byzantium special", "Arab city improvement"),
    "emperor": term("byzantium special", "Emperor"),
    "caliph": term("byzantium special", "Caliph"),
    "byzantine_civil_war": term("byzantium special", "Byzantine civil war"),
    "arab_civil_war": term("byzantium special", "Arab civil war"),
    "byzantine_fleet": term("byzantium special", "Byzantine fleet"),
    "arab_fleet": term("byzantium special", "Arab fleet"),
}


def special_word(box: str) -> Msg:
    """The special action a box of the special actions board belongs to ("fortify_2": Fortification)."""
    action = next(action for action, boxes in SPECIAL_BOXES.items() if box in boxes or box == action)
    return SPECIAL_WORDS[action]
