"""One or two sentences of rules per kind of decision, shown by `/game help`.

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
    "warriors_traders": {
        "nation": "Players choose their nations in seat order; the variant fixes which nations start.",
        "token": "Everyone places three starting development tokens at once, on production, trade or military.",
        "feed": "Sustenance: every army eats (1-3 food by type). Feed them all, or let chosen armies starve "
                "until the rest can be fed; then income comes with your multipliers and taxes.",
        "route_income": "In the 2- and 3-player variants each unused trade-route slot yields one resource.",
        "trade": "Trade phase, everyone at once until all are done: bank trades at your rate, trade routes "
                 "and offers need a trade centre; anyone may buy 1 VP for 10 gold or propose peace. "
                 "`/wt trade` and `/wt offer` type these.",
        "offer": "Draft an offer one resource at a time (give / ask), then send it: the other player accepts "
                 "or refuses; you wait for the answer.",
        "answer": "Accepting swaps the resources at once, if both of you still hold them.",
        "peace": "Accepting ends the war between your alliances now.",
        "action": "Development: develop a technology, build an army or a fortress, upgrade, declare war, or "
                  "pass. First action in ascending nation order, second in descending.",
        "place": "Place what you built in a province you control.",
        "build": "Warlord lets you build a second army (or stop).",
        "upgrade": "Upgrade one army to a stronger type for 7 goods a level.",
        "extra": "Extra actions: University, Master Trader (5 gold), Warlord (a war declaration).",
        "shift": "You may move one development token from one track to another, or keep them.",
        "move": "Maneuver: move armies out of a province with their action points; entering an enemy or "
                "barbarian province starts a battle. `fight` ends the moves and resolves the battles.",
        "move_to": "Choose where the armies go (battle marks a fight), or go back.",
        "move_who": "Move all armies of the province, or one army at a time.",
        "battle": "Choose which battle to resolve first.",
        "damage": "Damage is dealt at once by both sides; assign it point by point or kill a unit. "
                  "Fortresses shield princesses.",
        "retreat": "A unit at exactly zero hit points with Command retreats to a friendly or free neighbour.",
        "withdraw": "Attackers that withdraw lose their action points.",
        "barbarian_retreat": "Choose where the barbarians retreat among equally ranked provinces.",
        "princess": "Princesses move after the armies; `done` when finished. Unification may be offered here.",
    },
}


def hint(game_name: str, kind: str) -> str | None:
    return HINTS.get(game_name, {}).get(kind)
