"""The advisor's advice in the reader's language: the one place its
sentences are made.

:mod:`companion.rules.advisor` and :mod:`companion.rules.choice_advice`
give figures and codes (the verdict, the chances, the totals a certain call
rests on, the choice), no words; this module says them with ``_()`` when a
session shows them, English included, with numbers and percentages in the
session's locale (``i18n.percent`` / ``i18n.decimal``).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.i18n import _, decimal, number, percent, pgettext
from companion.rules import Advice, AnyAdvice
from companion.rules.advice import BUSTS, CERTAIN, CLOSE, SAME, SPENT, WINS
from companion.rules.choice import HIT
from companion.rules.choice_advice import ChoiceAdvice


def advice_word(choice: str) -> str:
    """ "hit" / "stay" inside the advisor's sentence ("Suggestion: hit.")."""
    if choice == HIT:
        return pgettext("advice", "hit")
    return pgettext("advice", "stay")


def _reason(advice: Advice) -> str:
    """Why the totals settle it for certain ("staying loses: an opponent has
    205, you would bank 180"), in one message with its figures."""
    if advice.suggestion == HIT:
        return _(
            "Staying loses: an opponent has {best}, you would bank {mine}."
        ).format(best=number(advice.rival), mine=number(advice.bank))
    return _("Staying wins: you would bank {mine} and nobody can pass you.").format(
        mine=number(advice.bank)
    )


def advice_text(advice: Advice) -> str:
    """What the advisor says, with the figures its suggestion rests on."""
    if advice.must_hit:
        return _("You hold The Zero: you must hit.")
    odds = _("Next card: bust {bust}, Flip 7 {flip7}.").format(
        bust=percent(round(float(advice.bust), 2)),
        flip7=percent(round(float(advice.flip7), 2)),
    )
    best = advice_word(advice.suggestion)
    if advice.verdict == CERTAIN:
        return _("{reason} Suggestion: {choice}. {odds}").format(
            reason=_reason(advice), choice=best, odds=odds
        )
    h, s = advice.figures()
    places = min(len(h.split(".")[1]) if "." in h else 0, vouched(advice.samples))
    basis = _(
        "Chance to win the game, over {n} play-outs: hit {hit}, stay {stay}."
    ).format(
        n=number(advice.samples),
        hit=_chance(float(h) / 100, places),
        stay=_chance(float(s) / 100, places),
    )
    kind = advice.kind()
    if kind == CLOSE:
        verdict = close_words(advice, best)
    elif kind == SPENT:
        verdict = spent_words(advice, best)
    elif kind == SAME:
        verdict = _(
            "The chance to win was the same either way in every play-out, so "
            "this round's points decide (hit {hit}, stay {stay} on average). "
            "Suggestion: {choice}."
        ).format(
            hit=decimal(advice.sim_hit, 1),
            stay=decimal(advice.sim_stay, 1),
            choice=best,
        )
    elif kind == BUSTS:
        verdict = _(
            "Hitting busts for sure, and the chance to win is no better for it. "
            "Suggestion: {choice}."
        ).format(choice=best)
    else:
        verdict = _("Suggestion: {choice}.").format(choice=best)
    almost = [_almost(advice, option, word) for option, word in advice.almost]
    if almost:
        basis = " ".join([basis, *almost])
    return f"{basis} {verdict} {odds}"


def spent_words(advice: AnyAdvice, best: str) -> str:
    """Ahead, outside noise, not clear when the budget (or the time) ran
    out: a lean, said as one, with its interval. Why not "Suggestion:":
    such a lead (2-3.5 standard errors) is reversed by another seed's
    play-outs about one time in eight (issue 38), and a flat suggestion
    would let a player bet on it; the words say it is not a clear call and
    that more play-outs could reverse it, as the close calls do."""
    n, (gap, margin) = number(advice.samples), _apart(advice.gap, advice.margin)
    if advice.timed:
        return _(
            "Not a clear call after {n} play-outs, all the time allowed: "
            "{choice} leans ahead by {gap} ± {margin}, which more play-outs "
            "could still reverse."
        ).format(choice=best, n=n, gap=gap, margin=margin)
    return _(
        "Not a clear call after all {n} play-outs: {choice} leans ahead by "
        "{gap} ± {margin}, which more play-outs could still reverse."
    ).format(choice=best, n=n, gap=gap, margin=margin)


def close_words(advice: AnyAdvice, best: str) -> str:
    """A close call, saying how close and on how many play-outs. "Either is
    fine" only when the gap's whole interval is within a point of win chance
    (:data:`companion.rules.advice.EVEN`), and then "too close to call" only
    when the gap is within noise too (a lead outside noise but under a point
    is said as the lead it is); otherwise the lead and its interval, never a
    claim that the options are equal."""
    n, margin = number(advice.samples), _margin(advice.margin)
    if advice.even and not advice.timed and advice.gap > advice.margin:
        return _(
            "{choice} is ahead by {gap} ± {margin} after all {n} play-outs: "
            "under a point of win chance, so either is fine."
        ).format(n=n, gap=_margin(advice.gap), margin=margin, choice=best)
    if advice.even and not advice.timed:
        return _(
            "Too close to call after all {n} play-outs (within ±{margin}): "
            "either is fine; {choice} is a shade better."
        ).format(n=n, margin=margin, choice=best)
    gap = _margin(advice.gap)
    if advice.timed:
        return _(
            "Too close to call after {n} play-outs, all the time allowed: "
            "{choice} is ahead by {gap} ± {margin}."
        ).format(n=n, gap=gap, margin=margin, choice=best)
    return _(
        "Too close to call after {n} play-outs: {choice} is ahead by "
        "{gap} ± {margin}, too little to tell them apart."
    ).format(n=n, gap=gap, margin=margin, choice=best)


def _almost(advice: Advice, option: str, word: str) -> str:
    """ "Staying almost certainly loses the game (1.2% to win)."."""
    chance = _chance(advice.win_hit if option == HIT else advice.win_stay, 1)
    if option == HIT and word == WINS:
        text = _("Hitting almost certainly wins the game ({chance} to win).")
    elif option == HIT:
        text = _("Hitting almost certainly loses the game ({chance} to win).")
    elif word == WINS:
        text = _("Staying almost certainly wins the game ({chance} to win).")
    else:
        text = _("Staying almost certainly loses the game ({chance} to win).")
    return text.format(chance=chance)


def vouched(samples: int) -> int:
    """How many decimals a chance over ``samples`` play-outs can vouch for,
    on every screen alike: its error is about 50/√n points, so whole per
    cents, and one decimal from a thousand play-outs on (never "30.077%"
    after 26)."""
    return 1 if samples >= 1000 else 0


def _margin(margin: float) -> str:
    """The noise band, never "±0.0%" (play-outs always leave some)."""
    return percent(round(max(margin, 0.001), 3), 1)


def _apart(gap: float, margin: float) -> tuple[str, str]:
    """A lean's gap and margin as shown: one decimal, or two where one
    would show them equal ("0.7% ± 0.7%" reads as a gap the noise covers;
    a lean's gap is outside it)."""
    shown = _margin(gap), _margin(margin)
    if shown[0] != shown[1]:
        return shown
    return percent(round(gap, 4), 2), percent(round(max(margin, 0.0001), 4), 2)


def _chance(value: float, places: int = 0) -> str:
    """A chance as shown, rounded as the figures it is compared with."""
    return percent(round(value, places + 2), places)


SHOWN = 3  # options named in the advice; a swap's dozen would be a wall of text


def choice_advice_text(advice: ChoiceAdvice, labels: Mapping[str, str]) -> str:
    """What the advisor says at a target, card or ±15 decision: the best
    options' chances to win the game (at most :data:`SHOWN`), best first, in
    the words their buttons show (``labels``: choice string → words), then
    the suggestion."""
    shown = advice.chances[:SHOWN]
    places = 0
    top = [c for _, c in advice.chances[:2]]
    most = vouched(advice.samples)
    while places < most and _chance(top[0], places) == _chance(top[1], places):
        places += 1  # a decimal more only where the play-outs vouch for it
    chances = "; ".join(
        f"{labels.get(opt, opt)}: {_chance(c, places)}" for opt, c in shown
    )
    raced = len(set(advice.counts)) > 1  # some options left the race early
    n, of, samples = number(len(shown)), number(advice.of), number(advice.samples)
    if advice.of > len(shown) and raced:
        basis = _(
            "Chance to win the game for the {n} most promising of {of} choices, "
            "over {samples} play-outs for the best (fewer for choices clearly "
            "behind): {chances}."
        ).format(n=n, of=of, samples=samples, chances=chances)
    elif advice.of > len(shown):
        basis = _(
            "Chance to win the game for the {n} most promising of {of} choices, "
            "over {samples} play-outs each: {chances}."
        ).format(n=n, of=of, samples=samples, chances=chances)
    elif raced:
        basis = _(
            "Chance to win the game, over {samples} play-outs for the best "
            "(fewer for choices clearly behind): {chances}."
        ).format(samples=samples, chances=chances)
    else:
        basis = _(
            "Chance to win the game for each choice, over {samples} play-outs "
            "each: {chances}."
        ).format(samples=samples, chances=chances)
    best = labels.get(advice.suggestion, advice.suggestion)
    kind = advice.kind_of_verdict()
    if kind == CLOSE:
        verdict = close_words(advice, best)
    elif kind == SPENT:
        verdict = spent_words(advice, best)
    else:
        verdict = _("Suggestion: {choice}.").format(choice=best)
    if advice.level:  # known within a point of the suggestion: as good
        level = _("{choice} and {other} are within a point of each other.")
        other = labels.get(advice.level, advice.level)
        verdict = f"{level.format(choice=best, other=other)} {verdict}"
    return f"{basis} {verdict}"
