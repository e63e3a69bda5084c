"""Skill ratings (bot/service/stats/ratings.py, openskill's Plackett-Luce model): what a result does to
the ratings, recomputed from stored results (issue 13, item 4)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.stats.ratings import Placing, RatedGame, compute, leaderboard
from bot.service.stats.skill import rated_games
from bot.storage.records import ResultRow

ANN, BO, CY, DI = 1, 2, 3, 4


def game(game_id: int, *placings: tuple, has_bot: bool = False) -> RatedGame:
    return RatedGame(game_id, tuple(Placing(*p) for p in placings), has_bot)


def test_a_win_raises_the_winner_above_the_loser_and_both_become_surer():
    rated = compute([game(1, (ANN, 1), (BO, 2))])
    fresh = compute([])  # nobody rated: everyone starts equal (ordinal 0)
    assert fresh == {}
    assert rated[ANN].mu > 25 > rated[BO].mu
    assert rated[ANN].ordinal > 0 > rated[BO].ordinal
    assert rated[ANN].sigma < 25 / 3 and rated[BO].sigma < 25 / 3
    assert (rated[ANN].played, rated[BO].played) == (1, 1)
    assert [r.user_id for r in leaderboard(rated)] == [ANN, BO]


def test_more_wins_raise_a_rating_further():
    once = compute([game(1, (ANN, 1), (BO, 2))])
    twice = compute([game(1, (ANN, 1), (BO, 2)), game(2, (ANN, 1), (BO, 2))])
    assert twice[ANN].ordinal > once[ANN].ordinal and twice[BO].ordinal < once[BO].ordinal


def test_a_tie_for_first_leaves_the_tied_players_equal_and_above_the_last():
    rated = compute([game(1, (ANN, 1), (BO, 1), (CY, 3))])
    assert rated[ANN].mu == pytest.approx(rated[BO].mu) and rated[ANN].sigma == pytest.approx(rated[BO].sigma)
    assert rated[ANN].mu > rated[CY].mu


def test_a_draw_between_equals_changes_no_mean():
    rated = compute([game(1, (ANN, 1), (BO, 1))])
    assert rated[ANN].mu == pytest.approx(25) == pytest.approx(rated[BO].mu)


def test_a_team_is_rated_as_one_side():
    """Cooperative Warriors & Traders: the winning team's members rise together, the losers fall
    together; the result is that of a 2-sided game, not of four players ranked 1, 1, 2, 2 apart."""
    teams = compute([game(1, (ANN, 1, "Ann & Bo"), (BO, 1, "Ann & Bo"), (CY, 2, "Cy & Di"), (DI, 2, "Cy & Di"))])
    assert teams[ANN].mu == pytest.approx(teams[BO].mu) and teams[CY].mu == pytest.approx(teams[DI].mu)
    assert teams[ANN].mu > 25 > teams[CY].mu
    alone = compute([game(1, (ANN, 1), (BO, 1), (CY, 3), (DI, 3))])
    assert teams[ANN].mu != pytest.approx(alone[ANN].mu)


def test_a_game_with_a_bot_player_counts_for_nobody():
    with_bot = compute([game(1, (ANN, 1), (BO, 2)), game(2, (BO, 1), (None, 2), has_bot=True)])
    without = compute([game(1, (ANN, 1), (BO, 2))])
    assert with_bot == without


def test_a_seat_whose_member_left_still_counts_as_an_opponent():
    rated = compute([game(1, (ANN, 1), (None, 2))])
    assert set(rated) == {ANN} and rated[ANN].mu > 25


def test_ratings_follow_the_stored_results_in_the_order_the_games_ended():
    """The rows of storage's finished_results (ordered by end) become games per game type; a
    team's rows (details["team"]) one side."""
    at = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        (ResultRow(7, "Ann", ANN, "byzantium", 40, 1, {}, at), False),
        (ResultRow(7, "Bo", BO, "byzantium", 30, 2, {}, at), False),
        (ResultRow(9, "Ann", ANN, "warriors_traders", 9, 2, {"team": "Ann & Cy"}, at), False),
        (ResultRow(9, "Cy", CY, "warriors_traders", 9, 2, {"team": "Ann & Cy"}, at), False),
        (ResultRow(9, "Bo", BO, "warriors_traders", 12, 1, {"team": "Bo & Di"}, at), False),
        (ResultRow(9, "Di", DI, "warriors_traders", 12, 1, {"team": "Bo & Di"}, at), False),
        (ResultRow(8, "Cy", CY, "byzantium", 50, 1, {}, at), True),
        (ResultRow(8, "Bot", None, "byzantium", 10, 2, {}, at), True),
    ]
    by_type = rated_games(rows)
    assert [g.game_id for g in by_type["byzantium"]] == [7, 8] and by_type["byzantium"][1].has_bot
    [wt] = by_type["warriors_traders"]
    assert [(p.user_id, p.rank, p.team) for p in wt.placings] == [
        (ANN, 2, "Ann & Cy"), (CY, 2, "Ann & Cy"), (BO, 1, "Bo & Di"), (DI, 1, "Bo & Di")]
    byz = compute(by_type["byzantium"])
    assert set(byz) == {ANN, BO}  # Cy's only game had a bot player
    wt_rated = compute(by_type["warriors_traders"])
    assert wt_rated[BO].ordinal > wt_rated[ANN].ordinal
