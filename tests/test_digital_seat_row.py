"""A player's line on the digital table, drawn without a browser."""

from __future__ import annotations

import flet as ft

from companion.app.views.digital import line_view
from companion.rules import Round, Rules
from companion.ui.parts.digital_parts import round_summary, seat_row


def _texts(control: object) -> list[str]:
    """The value of every ft.Text inside ``control``, depth first."""
    found: list[str] = []
    if isinstance(control, ft.Text):
        found.append(str(control.value))
    for child in [getattr(control, "content", None)] + list(
        getattr(control, "controls", None) or []
    ):
        if child is not None:
            found += _texts(child)
    return found


def test_the_player_who_flipped_seven_is_not_still_in_play() -> None:
    """After a Flip 7 ended the round, the digital table said "in play" over
    that player's seven cards (the TV's board says "Flip 7"); the others
    said "stayed" or "busted"."""
    # Ann deals: Bob 1, Ann 13; Bob hits 2, Ann stays, Bob hits 3 to 7.
    rnd = Round.start(
        players=2,
        dealer=0,
        rules=Rules(),
        deck=["1", "13", "2", "3", "4", "5", "6", "7", "9", "10"],
    )
    for choice in ("hit", "stay", "hit", "hit", "hit", "hit", "hit"):
        rnd.play(choice)
    assert rnd.over and rnd.flip7 == 1
    bob = _texts(seat_row(line_view(rnd, 1), "Bob", False))
    assert "Flip 7" in bob and "in play" not in bob, bob
    ann = _texts(seat_row(line_view(rnd, 0), "Ann", False))
    assert "Flip 7" not in ann, ann


def test_negative_scores_use_the_minus_sign_like_the_score_sheet() -> None:
    """Brutal: the digital table wrote a busted player's −10 as "-10" (a
    hyphen), beside "Busted 0 → −10 −10 = −10" and the sheet's "−10"."""
    # Ann deals: Bob 5, Ann 9; Bob hits 5 (bust); Ann hits −10 and gives it
    # to the busted Bob (R19).
    rnd = Round.start(
        players=2,
        dealer=0,
        rules=Rules(brutal=True),
        deck=["5", "9", "5", "-10", "8", "7"],
    )
    rnd.play("hit")
    rnd.play("hit")
    rnd.play("target 1")
    assert rnd.line_score(1).total == -10
    row = _texts(seat_row(line_view(rnd, 1), "Bob", False))
    assert "−10" in row and "-10" not in row, row
    rnd.play("stay")
    assert rnd.over
    lines = (line_view(rnd, 0), line_view(rnd, 1))
    summary = round_summary(lines, ["Ann", "Bob"], False, lambda: None, lambda: None)
    said = [t for c in summary for t in _texts(c)]
    assert "−10" in said and "-10" not in said, said
