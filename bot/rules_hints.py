"""One or two sentences of rules per kind of decision, shown by `/game help` (Byzantium first).

A reminder of the rule in force, not the rulebook: players who need more read the rules.
"""

from __future__ import annotations

HINTS: dict[str, dict[str, str]] = {
    "byzantium": {
        "action": "On your turn take one action: take a city (a cube from your pool for control), "
                  "move an army, place or reinforce an army, tax, build a church or mosque, take a special "
                  "action, or pass. The round ends when everyone has passed.",
        "source": "A cube for an action comes from your free pool; from the casualty pool or an army box "
                  "it costs bezants from that side's treasury.",
        "place": "Choose the city where the army is placed; it must be a city of that side you control.",
        "move": "Each step along a route spends a movement cube; moving into an enemy city starts a battle "
                "or a siege. Choose `done` to stop.",
        "reinforce": "Add cubes to the army's boxes (elite, main, levy, movement), paying from its treasury.",
        "bulgars": "With the Bulgar action you either add cubes to the Bulgar army or send it to attack.",
        "levy": "As defender you may call the city's levy to fight beside your army.",
        "improve": "An improvement adds a marker to a city of that side.",
        "tax": "Taxes bring bezants now but cost VP when the round ends.",
        "tax_split": "Divide the tax money between your Byzantine and Arab treasuries.",
        "loss": "Hits are taken as cubes from your army boxes: you choose which box loses each cube.",
        "retreat": "The losing army retreats along a route to a friendly city, or is destroyed if it cannot.",
        "upkeep": "At the end of the round each army cube costs upkeep; cubes you cannot pay for leave the game.",
        "fleet": "The owner of the fleet may double a sea move or refuse it.",
    },
}


def hint(game_name: str, kind: str) -> str | None:
    return HINTS.get(game_name, {}).get(kind)
