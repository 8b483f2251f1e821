"""check_end: the target, the winner, tie-break rounds (R21) or a shared win."""

from __future__ import annotations

from companion.rules import Rules, check_end


def test_not_over_below_target() -> None:
    end = check_end([199, 150, 0])
    assert not end.over and end.winners == () and end.tiebreak == ()


def test_highest_total_wins_not_the_first_to_reach() -> None:
    end = check_end([205, 230, 100])
    assert end.over and end.winners == (1,)


def test_r21_tied_leaders_play_on() -> None:
    end = check_end([210, 210, 205])
    assert not end.over and end.tiebreak == (0, 1) and end.winners == ()


def test_r21_tie_below_the_leader_does_not_matter() -> None:
    assert check_end([220, 210, 210]).winners == (0,)


def test_r21_option_shared_win() -> None:
    end = check_end([210, 210, 205], Rules(tie_break=False))
    assert end.over and end.winners == (0, 1)


def test_tie_break_round_resolves() -> None:
    # after a tie-break round only the tied players' totals changed
    assert check_end([240, 225, 205]).winners == (0,)


def test_custom_target() -> None:
    assert check_end([100, 50], Rules(target=100)).winners == (0,)
    assert not check_end([], Rules()).over
