"""Byzantium as text for the terminal: cities by side, armies, and each player's position, in
words (no abbreviations to decode)."""

from __future__ import annotations

from engine.byzantium.board import CONSTANTINOPLE, ROUNDS, Box, board
from engine.byzantium.words import army, box_word, city_word, side_word, special_word
from engine.text import Msg, listing, msg, msg_n
from engine.text import lines as one_per_line

SIDES = ("byzantine", "arab", "persian", "bulgar")


def describe(summary: dict) -> Msg:
    """The whole board, a line per part, for a terminal (each line a message)."""
    return one_per_line(lines(summary))


def lines(summary: dict) -> list[Msg]:
    nobody = msg("nobody")
    out = [msg("Round {round} of {rounds}. Bulgar army: {bulgars}. Emperor: {emperor}. Caliph: {caliph}.",
               round=summary["round"], rounds=ROUNDS, bulgars=msg_n("{n} cube", "{n} cubes", summary["bulgars"]["army"]),
               emperor=summary["emperor"] or nobody, caliph=summary["caliph"] or nobody)]
    for side in SIDES:
        cells = [city_cell(name, c) for name, c in sorted(summary["cities"].items()) if c["side"] == side]
        if cells:
            out.append(msg("{side} cities: {cities}", side=side_word(side), cities=listing(cells)))
    armies = [army_cell(name, side, a) for name, p in summary["players"].items()
              for side, a in p["army"].items() if a["at"]]
    out.append(msg("Armies on the board: {armies}", armies=listing(armies)))
    taken = [msg("{action} ({player})", action=special_word(box), player=who)
             for box, who in sorted(summary["special_actions"].items()) if who]
    if taken:
        out.append(msg("Special actions taken this round: {actions}", actions=listing(taken)))
    for name, p in summary["players"].items():
        out.append(player_line(name, p))
    return out


def city_cell(name: str, c: dict) -> Msg:
    if c["side"] == "persian" or name == CONSTANTINOPLE:  # no markers: the printed strength defends
        return msg("{city} (strength {n})", city=city_word(name), n=board().cities[name].strength)
    markers = msg_n("{n} marker", "{n} markers", c["markers"])
    if c["controller"] and c["fortified"]:
        return msg("{city} ({markers}, {player}, fortified)", city=city_word(name), markers=markers,
                   player=c["controller"])
    if c["controller"]:
        return msg("{city} ({markers}, {player})", city=city_word(name), markers=markers, player=c["controller"])
    return msg("{city} ({markers})", city=city_word(name), markers=markers)


def army_cell(player: str, side: str, a: dict) -> Msg:
    strength = a["elite"] + a["main"] + (1 if a["guard"] else 0)
    return msg("{army} in {city} (strength {strength}, {movement})", army=army(player, side), city=city_word(a["at"]),
               strength=strength, movement=msg_n("{n} movement cube", "{n} movement cubes", a["movement"]))


def card_words(a: dict) -> Msg:
    boxes = [msg("{box} {n}", box=box_word(box), n=a[box.value]) for box in (Box.ELITE, Box.MAIN, Box.LEVY, Box.MOVEMENT)]
    if a["guard"]:
        boxes.append(msg("the guard cube"))
    return listing(boxes)


def player_line(name: str, p: dict) -> Msg:
    cubes = p["cubes"]
    line = msg("{player}: {byz_vp} Byzantine and {arab_vp} Arab VP; {byz} Byzantine and {arab} Arab bezants; "
               "{free} in the free pool, {casualty} in the casualty pool. Byzantine army card: {byz_card}. "
               "Arab army card: {arab_card}.",
               player=name, byz_vp=p["vp"]["byzantine"], arab_vp=p["vp"]["arab"], byz=p["treasury"]["byzantine"],
               arab=p["treasury"]["arab"], free=msg_n("{n} cube", "{n} cubes", cubes["available"]),
               casualty=cubes["casualty"], byz_card=card_words(p["army"]["byzantine"]),
               arab_card=card_words(p["army"]["arab"]))
    return msg("{line} Passed.", line=line) if p["passed"] else line
