"""Byzantium: one or two sentences of rules per kind of decision, shown by `/game help`
(`Game.hints`). A reminder of the rule in force, not the rulebook."""

from __future__ import annotations

from engine.text import msg

HINTS = {
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
}
