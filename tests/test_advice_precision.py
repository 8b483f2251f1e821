"""The advisor's figures carry the precision its play-outs can vouch for,
the same on every screen (issue 25, item 11: "22 %", "21.4 %" and
"30.077 %" with "±0.0 %" after 26 play-outs)."""

from __future__ import annotations

import re

from test_telling import _advice

from companion.app.advice_words import advice_text
from companion.i18n import use
from companion.rules import Advice


def advice(samples: int, hit: float, stay: float, margin: float) -> Advice:
    return _advice(
        samples=samples,
        win_hit=hit,
        win_stay=stay,
        margin=margin,
        close=abs(hit - stay) < margin,
        suggestion="hit" if hit > stay else "stay",
    )


def decimals(text: str) -> set[int]:
    return {len(d) for d in re.findall(r"\d+[.,](\d+)\s?%", text)}


def test_few_play_outs_show_whole_percentages_and_a_real_margin() -> None:
    with use("en"):
        text = advice_text(advice(26, 0.30077, 0.30071, 0.0))
    assert "30.077" not in text and "±0.0%" not in text, text
    assert decimals(text) == set(), text  # 26 play-outs: whole per cents


def test_many_play_outs_show_one_decimal_at_most() -> None:
    with use("en"):
        text = advice_text(advice(4000, 0.21437, 0.21402, 0.004))
    assert decimals(text) <= {1}, text
