"""What each card does, in one line, for the hand a player reads (private prompts, /game hand,
the open table). A reminder, not the rulebook: 15.0 and the readings of docs/rules/alexander.md
decide; "(PAT)" marks the uses that may be played at any moment."""

from __future__ import annotations

from engine.text import Msg, msg

CARD_TEXTS: dict[str, Msg] = {
    "ahriman": msg("The other side discards a card at random; or (PAT) cancel an Assassin, or keep "
                   "Devastation and Drought through the Admin Phase."),
    "agis": msg("Persian: Sparta revolts; the Sparta and Crete garrisons go; a Spartan army of 5 ASP "
                "that never leaves Europe. Removed."),
    "ahura_mazda": msg("Persian: take a card from the discards; or (PAT) ignore Bad Weather, or save a "
                       "leader from Illness."),
    "drunken_binge": msg("After Alexander is Great King. Persian: Alexander +1 injury point, an odd die "
                         "kills Cleitus. Macedonian: Weariness -1."),
    "goes_native": msg("After Alexander is Great King: Weariness +1; the Persian may follow with Satrap "
                       "Insubordination."),
    "assassin": msg("A leader dies on a die of 1-3; against Alexander, a die of injury points. Against "
                    "Darius the Macedonian needs Bagoas."),
    "attrition": msg("(PAT) After an enemy move through the desert or over 5 MP: it loses half a die of "
                     "ASP unless a treasury in its LOC is reduced."),
    "bad_weather": msg("A province: its land links cost triple, +1 next door, until the Admin Phase."),
    "bagoas": msg("Cancel Satrap Insubordination; lets the Persian play Peucestas and the Macedonian "
                  "assassinate Darius; +3 to Darius's flight."),
    "black_cleitus": msg("Macedonian: Alexander does not die (in battle or to an Assassin)."),
    "bodyguards": msg("(PAT) Cancel an Assassin."),
    "command_indecision": msg("(PAT) When the other side picks a unit to move: a die above its "
                              "commander's rating cancels the move."),
    "conspiracy": msg("The Macedonian chooses: Weariness +1, or execute one of his leaders and draw "
                      "a replacement."),
    "determined_troops": msg("Before a battle: the other side's loss roll +1."),
    "diades": msg("Macedonian, stays in play: +1 to siege assaults."),
    "drought": msg("A province: the LOC costs double there and next door, no restoration, until the "
                   "Admin Phase."),
    "embezzlement": msg("Reduce one enemy treasury (never Pella or Memphis)."),
    "greek_fleet": msg("A fleet at Athens for whoever controls Greece; stays in play."),
    "illness": msg("An enemy leader (not Alexander or Darius): odd, he dies; even, he is out until the "
                   "Admin Phase. Persian against Alexander: +1 injury point."),
    "major_campaign": msg("Two armies or fleets may move this round."),
    "mass_marriage": msg("While the Macedonian holds the Royal Family: the marriage is made, Weariness "
                         "+1. Removed."),
    "oligarchic": msg("Persian: a garrison in an empty space of Mysia, Lydia or Caria; the Macedonian "
                      "loses that province while it stands."),
    "tactical_advantage": msg("(PAT) Persian, in a land battle: double one leader's battle rating."),
    "training": msg("Persian: +1 Elite for an army below Elite 3."),
    "peucestas": msg("(PAT) Whoever controls Persis recruits 10 ASP free (the Persian needs Bagoas). "
                     "Removed."),
    "proskynesis": msg("After Alexander is Great King: the Proskynesis of the Cult objective."),
    "revolt": msg("A province of the table revolts on a die at or under its value."),
    "rhodes": msg("While Rhodes is independent: a 1-NSP Rhodian squadron for you, until Rhodes is taken "
                  "or the card is played again."),
    "satrap": msg("One of: a treasury unusable until the Admin Phase; eastern Macedonian garrisons "
                  "may go (after the Great King); Harpalus; quarrelling leaders."),
    "spies": msg("See the other hand, or take a card from it at random; or (PAT) cancel a Surprise."),
    "storms": msg("Against a move over open sea: an odd die sinks everything moving."),
    "surprise": msg("(PAT) In a battle: +2 (two cancel out); at sea: +2 to avoid or fire first."),
    "terrain_advantage": msg("(PAT) Defender in a land battle: the attacker -1."),
    "honeymooners": msg("4 ASP leave Alexander's army until the Admin Phase; Weariness -1."),
    "treachery": msg("A surrender demand +3; it reduces the treasury of the LOC."),
    "fortunes_of_war": msg("The discards and the deck are shuffled together (reconstructed card)."),
}
