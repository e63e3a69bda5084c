"""One or two sentences of rules per kind of decision, shown by `/game help`.

A reminder of the rule in force, not the rulebook: players who need more read the rules.
Every hint is a message id (docs/i18n.md); the callers render them in the reader's language.
"""

from __future__ import annotations

from bot.service.slash import slash
from engine.text import msg

HINTS: dict[str, dict[str, str]] = {
    "byzantium": {
        "action": msg("On your turn take one action: take a city (its control cube comes from your free pool), "
                      "move an army or bring it onto the board, reinforce, raise taxes, build a church or mosque, "
                      "take a special action, or pass. The round ends when everyone has passed."),
        "source": msg("A cube from your free pool costs nothing; from the casualty pool or an army box it costs 3 "
                      "bezants of the side that benefits. Your cube setting picks the source; you are asked only "
                      "when it cannot."),
        "pay": msg("The cube for the Bulgars' second reinforcement may be paid from either treasury."),
        "move": msg("A move along a link costs movement cubes (by sea more for an Arab army; a second move one "
                    "more); moving into a city of another side attacks it at once. Choose `done` to stop."),
        "reinforce": msg("Up to three cubes onto the boxes of your army cards, at most one on each elite box; a "
                         "cube not from the free pool costs 3 bezants of that side."),
        "levy": msg("With no field army left in the city, its controller may defend it with the levy (at most 3 "
                    "dice). The levy never fights beside an army."),
        "tax": msg("Cubes from your free pool go to the tax box, 2 bezants each, split as you like between your "
                   "treasuries; they come back at the end of the round."),
        "loss": msg("Each hit removes a cube of the army that fought (elite, main army or movement), as you "
                    "choose; the guard cube only as the last."),
        "control": msg("No cube can be bought for the conquered city: two cubes leave the army, one of them "
                       "becomes the control cube."),
        "fight": msg("Several armies defend the city: choose which one you fight first."),
        "retreat": msg("Before a battle a defending army may retreat; a beaten army must. It goes to the nearest "
                       "city of its own side and loses a cube for each other city it passes."),
        "upkeep": msg("At the end of the round each army cube costs upkeep; when a treasury cannot pay, cubes of "
                      "that side leave the game (1 VP each) until the rest can be paid."),
        "fleet": msg("The owner of the Byzantine fleet may double the cost of another player's Arab sea move, roll "
                     "as many dice against the army, both or neither; he also decides whether an Arab army may "
                     "retreat by sea."),
    },
    "warriors_traders": {
        "nation": msg("Players choose their nations in seat order; the variant fixes which nations start."),
        "token": msg("Everyone places three starting development tokens at once, on production, trade or military."),
        "feed": msg("Sustenance: every army eats (1-3 food by type). Feed them all, or let chosen armies starve "
                    "until the rest can be fed; then income comes with your multipliers and taxes."),
        "route_income": msg("In the 2- and 3-player variants each unused trade-route slot yields one resource."),
        "trade": msg("Trade phase, everyone at once until all are done: bank trades at your rate, trade routes "
                     "and offers need a trade centre; anyone may buy 1 VP for 10 gold or propose peace. "
                     "{trade} and {offer} type these.", trade=slash("wt trade"), offer=slash("wt offer")),
        "offer": msg("Draft an offer one resource at a time (give / ask), then send it: the other player accepts "
                     "or refuses; you wait for the answer."),
        "answer": msg("Accepting swaps the resources at once, if both of you still hold them."),
        "peace": msg("Accepting ends the war between your alliances now."),
        "action": msg("Development: develop a technology, build an army or a fortress, upgrade, declare war, or "
                      "pass. First action in ascending nation order, second in descending."),
        "place": msg("Place what you built in a province you control."),
        "build": msg("Warlord lets you build a second army (or stop)."),
        "upgrade": msg("Upgrade one army to a stronger type for 7 goods a level."),
        "extra": msg("Extra actions: University, Master Trader (5 gold), Warlord (a war declaration)."),
        "shift": msg("You may move one development token from one track to another, or keep them."),
        "move": msg("Maneuver: move armies out of a province with their action points; entering an enemy or "
                    "barbarian province starts a battle. `fight` ends the moves and resolves the battles."),
        "move_to": msg("Choose where the armies go (battle marks a fight), or go back."),
        "move_who": msg("Move all armies of the province, or one army at a time."),
        "battle": msg("Choose which battle to resolve first."),
        "damage": msg("Damage is dealt at once by both sides; assign it point by point or kill a unit. "
                      "Fortresses shield princesses."),
        "retreat": msg("A unit at exactly zero hit points with Command retreats to a friendly or free neighbour."),
        "withdraw": msg("Attackers that withdraw lose their action points."),
        "barbarian_retreat": msg("Choose where the barbarians retreat among equally ranked provinces."),
        "princess": msg("Princesses move after the armies; `done` when finished. Unification may be offered here."),
    },
}


# The Conquerors: Alexander the Great (rulebook sections in brackets; docs/rules/alexander.md).
HINTS["alexander"] = {
    "setup_garrisons": msg("Place your starting garrisons (3.1): GSP in the cities of your provinces, province "
                           "first, then the city; or take the suggested placement."),
    "cards": msg("Card segment (15.0): play one card (PAT cards besides), or discard any number and play "
                 "none; then draw. A hand of five must play or discard. {command} types it.", command=slash("alex card")),
    "discard": msg("The cards you discard end your card segment. Typed: {command} with the "
                   "answer autocomplete offers.", command=slash("alex choose", option="")),
    "activity": msg("One activity a round (3.3 D): move an army, fleets or leaders, recruit, reorganize, "
                    "declare an Admin Phase (not twice in a row), or pass. {command} types a move.",
                    command=slash("alex move")),
    "declare_mp": msg("Declare the MP the unit may use at most (10.1); over its base (3, Alexander 4) the "
                      "treasury that pays rolls for reduction."),
    "move": msg("Each step costs MP by path type (10.0); entering an enemy army's space attacks it, and "
                "enemies in reach may intercept. Stop here ends the move. {command}.", command=slash("alex stop")),
    "leader_move": msg("Leaders may move alone (10.8), link by link; enemies in reach may intercept them."),
    "leader_walk": msg("Leaders may move alone (10.8), link by link; enemies in reach may intercept them."),
    "recruit": msg("Recruitment (8.0): ASP from your pool into an army at a city you control, paid by a usable "
                   "treasury; raise a new army or fleet, or draw a leader. {command}.", command=slash("alex recruit")),
    "reorganize": msg("Reorganize (8.0): move ASP and leaders between your armies and loose ASP in one space. "
                      "Army #1 is never dissolved."),
    "reorganize_amount": msg("How many ASP move: typed as `asp:asp=N` with {command}.", command=slash("alex choose")),
    "window": msg("A reaction moment: play a card now or let it pass. Your standing orders ({command}) "
                  "settle these without asking you each time.", command=slash("game orders")),
    "intercept": msg("An enemy unit comes within reach (10.6): try to intercept it (a die roll against your "
                     "leader's rating) or let it pass. Standing order: {command}.",
                     command=slash("game orders", setting="order:intercept")),
    "avoid": msg("Before a battle the defender outside a major city may try to avoid it (11.3 A): a die plus "
                 "the leader's rating, 6 or more."),
    "retreat": msg("The beaten army retreats (11.3 E), space by space away from the victor; an enemy may "
                   "intercept it at sea."),
    "drop": msg("Leave ASP behind as the army moves on (10.0): they stay as loose ASP or a garrison."),
    "garrison": msg("Garrisons (8.0): GSP placed in a city you hold defend it and keep its province."),
    "devastate": msg("Devastation (10.0): spend MP on it; it succeeds when a die plus the MP spent beats the "
                     "province's spaces. Devastation doubles the land links of the province for the LOC."),
    "inside": msg("An army in a city's space is inside its walls (besieged, cannot be attacked in the field) "
                  "or outside (it fights in the open)."),
    "assign_leader": msg("A leader drawn from the cup joins an army or fleet, or stays face down in hand (5.0)."),
    "leader_to": msg("Place the leader with an army or fleet of yours (5.0)."),
    "card_target": msg("Choose what the card acts on."),
    "spies": msg("Spies (15.0): look at the other hand, or take a card from it at random."),
    "satrap": msg("Satrap Insubordination (15.0): choose its effect."),
    "alexandria": msg("Alexandria (13.0): build a new city holding 2 GSP at one of the places offered."),
    "new_army": msg("Raise the new army in a province you control (8.0)."),
    "admin_garrisons": msg("Admin Phase: you may remove garrisons (their GSP go back to the pool)."),
    "naval_hits": msg("Naval combat (11.5): share the hits among the enemy fleets, one NSP per hit."),
    "capitulation": msg("Capitulation (11.4): offer terms; the ASP that march out leave with the honours of war, "
                        "the rest are eliminated."),
}


def hint(game_name: str, kind: str) -> str | None:
    return HINTS.get(game_name, {}).get(kind)
