"""Alexander: the combat tables checked cell by cell against the rulebook's (LE TABELLE, pp. 28-29).

The rows below are copied from the rulebook text; the engine reads its own copy in
engine/alexander/rules.json through board.py."""

from __future__ import annotations

import pytest

from engine.alexander.board import battle_losses, battle_score, board, column, siege_assault, wound_points

COLUMNS = ["1-2", "3-5", "6-9", "10-14", "15-20", "21-27", "28-35", "36-44", "45-54", "55+"]

# TABELLA DELLE BATTAGLIE DI TERRA: modified roll -> Battle Score per column.
BATTLE = {
    "2-4": [0, 0, 1, 2, 3, 4, 5, 6, 7, 8],
    "5-6": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    "7": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    "8": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    "9 (P)": [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    "10": [4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    "11": [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    "12": [6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    "13 (M)": [7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    "14": [8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
    "15": [9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
    "16 +": [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
}

# TABELLA DELL'ATTRITO (battle losses): modified roll -> strength points lost per column.
LOSSES = {
    "<1": [0, 0, 0, 0, 0, 1, 1, 1, 1, 2],
    "1": [0, 0, 0, 0, 1, 1, 1, 1, 2, 3],
    "2": [0, 0, 0, 1, 1, 1, 2, 2, 3, 4],  # the rulebook prints ".0" for the third cell
    "3": [0, 0, 1, 1, 2, 2, 3, 4, 5, 6],
    "4 (F)": [0, 1, 1, 2, 3, 4, 5, 6, 8, 9],
    "5 (F)": [0, 1, 2, 2, 4, 5, 6, 8, 10, 12],
    "6 (F)": [1, 1, 2, 3, 4, 6, 8, 10, 13, 15],
    "7+ (F)": [1, 2, 3, 4, 5, 7, 10, 12, 15, 20],
}


def strengths(label: str) -> list[int]:
    """Every strength of a column ("55+" up to 200)."""
    if label.endswith("+"):
        return list(range(int(label[:-1]), 201))
    lo, hi = (int(x) for x in label.split("-"))
    return list(range(lo, hi + 1))


def rolls(label: str, lowest: int, highest: int) -> list[int]:
    label = label.split(" (")[0].strip()
    if label.startswith("<"):
        return list(range(lowest, int(label[1:])))
    if label.endswith("+"):
        return list(range(int(label[:-1].strip()), highest + 1))
    if "-" in label:
        lo, hi = (int(x) for x in label.split("-"))
        return list(range(lo, hi + 1))
    return [int(label)]


@pytest.mark.parametrize("row", list(BATTLE))
def test_land_battle_table_every_cell(row):
    for roll in rolls(row, -10, 40):
        if roll < 2 and row != "2-4":
            continue
        for col, label in enumerate(COLUMNS):
            for strength in strengths(label):
                assert battle_score(roll, strength) == BATTLE[row][col], (row, roll, label, strength)


def test_land_battle_rolls_below_two_use_the_lowest_row():
    assert battle_score(-3, 30) == BATTLE["2-4"][6] and battle_score(1, 1) == 0


@pytest.mark.parametrize("row", list(LOSSES))
def test_battle_losses_table_every_cell(row):
    for roll in rolls(row, -10, 30):
        for col, label in enumerate(COLUMNS):
            for strength in strengths(label):
                lost, fatigue = battle_losses(roll, strength)
                assert lost == LOSSES[row][col], (row, roll, label, strength)
                assert fatigue == ("(F)" in row), (row, roll)


def test_columns_start_where_the_rulebook_says():
    assert [column(n) for n in (1, 2, 3, 5, 6, 9, 10, 14, 15, 20, 21, 27, 28, 35, 36, 44, 45, 54, 55, 99)] == \
        [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]


def test_leader_loss_rows_are_9_for_the_persian_and_13_for_the_macedonian():
    assert board().tables["battle"]["leader_loss_roll"] == {"persian": 9, "macedonian": 13}


def test_siege_assault_table_legible_cells_and_the_reconstructed_losses():
    """The legible cells: <2 -/1, 3 1/1, 6 1/1, 8+ 3/1; rows 2, 4-5 and 7 give siege points
    -, 1 and 2 with their losses lost in the text (reconstructed as 1)."""
    expected = {-2: (0, 1), 0: (0, 1), 1: (0, 1), 2: (0, 1), 3: (1, 1), 4: (1, 1), 5: (1, 1), 6: (1, 1), 7: (2, 1),
                8: (3, 1), 12: (3, 1)}
    for roll, cell in expected.items():
        assert siege_assault(roll) == cell, roll
    assert board().tables["siege_assault"]["reconstructed_rows"] == ["2", "4", "7"]


def test_alexanders_wounds_table():
    assert [wound_points(r) for r in range(2, 13)] == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, "danger"]
    table = board().tables["wounds"]
    assert table["danger_points"] == 2 and table["danger_kill"] == 6


def test_revolt_table_values_and_na():
    values = {"Abarnahara": 1, "Arabaya": 2, "Armenia": 3, "Babylonia": 3, "Bithynia": 2, "Cappadocia": 3,
              "Caria": 1, "Cilicia": 1, "Colchis": 4, "Commagene": 1, "Crete": 1, "Cyprus": 2, "Epirus": 1,
              "Greece": 2, "Hyrcania": 4, "Illyria": 2, "Judea": 3, "Lycia": 1, "Lydia": 2, "Matiene": 1, "Mysia": 2,
              "Pamphylia": 1, "Paphlagonia": 3, "Phoenicia": 1, "Phrygia": 1, "Pisidia": 2, "Thessaly": 1,
              "Thrace": 1}
    na = ["Cyrenaica", "Egypt", "Media", "Mesopotamia", "Parthia", "Persis", "Put", "Susiana"]
    provinces = board().provinces
    for name, value in values.items():
        assert provinces[name].revolt == value, name
    for name in na:
        assert provinces[name].revolt is None and not provinces[name].can_revolt, name
    assert not provinces["Colchis"].can_revolt  # a frontier province never revolts (6.3)
