"""Counts go through the catalogues' plural forms (issue 28 item 9): "1 levy cube leave the
game", "1 strength points", "1 cards in hand", "takes 1 injury points". A msg() template (no
plural forms) with a count field before a plural noun is such a text; msg_n is the way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Fields that hold a count; "{price} bezants" is always 3, "{lo} to {hi} players" is a range.
COUNTS = r"n|count|steps|points|ap|left|cards|played|hits|total|held|lost|cubes|dice|days"
PLURAL_AFTER_COUNT = re.compile(r"\{(" + COUNTS + r")\} (?:[a-z]+ )?([a-z]+s)\b")
NOT_NOUNS = {"is", "has", "was", "does", "goes", "holds", "leaves", "takes", "loses", "makes", "gets", "this", "yields", "less"}
# Counts that are never 1: an improved city has 2 markers at least, an army 2 action points at
# least, a game 2 players, a retreat offers "one of {n}" from 3 cities, a doubled cost is 2 or
# more, the away limit is 60 days.
NEVER_ONE = {"{city} grows to {n} markers.", "Improve {city} to {n} markers ({cost})",
             "{player} maneuvers ({ap} action points per army).", "{players} maneuver ({ap} action points per army).",
             "This board has only {nations} starting nations for {n} players.", "one of {n} cities",
             "{player}'s army cannot pay {n} movement cubes and stays in {city}; nothing is spent.",
             "Give a time in the next {days} days.", "{variant} variant ({count} players: {nations})",
             "Team play needs the full map; the {variant} variant is for {n} players each on their own.",
             "{variant} ({n} players)"}


def msg_templates():
    for folder in ("engine", "bot", "render"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args \
                        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value


def test_no_count_is_followed_by_a_fixed_plural():
    found = [(where, template) for where, template in msg_templates()
             for match in PLURAL_AFTER_COUNT.finditer(template) if match[2] not in NOT_NOUNS and template not in NEVER_ONE]
    assert not found, found


def test_the_issues_sentences_agree_with_one():
    from engine.alexander.battle import wound  # noqa: F401  (the module holds the template)
    from engine.text import msg_n

    one = msg_n("Alexander takes {n} injury point (now {total}).", "Alexander takes {n} injury points (now {total}).",
                1, total=3)
    assert str(one) == "Alexander takes 1 injury point (now 3)."
