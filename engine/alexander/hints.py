"""The Conquerors: Alexander the Great: one or two sentences of rules per kind of decision, shown
by `/game help` (`Game.hints`). A reminder of the rule in force, not the rulebook (rulebook
sections in brackets; docs/rules/alexander.md)."""

from __future__ import annotations

from engine.slash import slash
from engine.text import msg

HINTS = {
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
    "recruit_place": msg("Persian recruits are placed in the city (8.3): join the army there (its Elite "
                         "combines with theirs, 8.1) or keep them as loose ASP for a later Reorganization."),
    "tactical_advantage": msg("Persians Gain Tactical Advantage: one of your leaders' Battle Rating counts "
                              "twice in this battle."),
    "admin_garrisons": msg("Admin Phase: you may remove garrisons (their GSP go back to the pool)."),
    "naval_hits": msg("Naval combat (11.5): share the hits among the enemy fleets, one NSP per hit."),
    "capitulation": msg("Capitulation (11.4): offer terms; the ASP that march out leave with the honours of war, "
                        "the rest are eliminated."),
}
