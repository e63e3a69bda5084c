"""Warriors & Traders: one or two sentences of rules per kind of decision, shown by `/game help`
(`Game.hints`). A reminder of the rule in force, not the rulebook."""

from __future__ import annotations

from engine.slash import slash
from engine.text import msg

HINTS = {
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
}
