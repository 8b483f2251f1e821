"""Odds while flipping: the round entry as a companion at the physical table
(issue 13, item 6).

The table taps each card into the player's line as it is flipped; with this
mode on, the entry shows the player being tapped their chance to bust and
to make Flip 7 with the next card, and the advisor's hit/stay with the
figures it rests on (:mod:`companion.rules.table_odds` works them out from
the tapped lines). The deck goes on between rounds until it runs out
(RULES.md 2.6), so the cards of the rounds saved since the table last said
"Deck reshuffled" are on the discard pile and cannot come next.

The switch and the reshuffle mark are the game's (stored with its digital
settings, so every screen of the table agrees and a restart keeps them); a
purist table shows neither odds nor advice. Flet-free: the view draws what
:func:`odds_words` says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.i18n import N_, _, ngettext, number, percent
from companion.i18n.said import Said
from companion.rules import Sheet
from companion.rules.table_odds import TableOdds, table_odds

from .advice_words import advice_text
from .digital import DIGITAL_SCOPE
from .live import LiveSeat
from .open_game import Derive, GameState, Later, Watch
from .refusal import Refusal
from .thinking import time_budget


def earlier_cards(sheet: Sheet, since: int) -> list[str]:
    """The cards of the rounds saved since the last reshuffle (round
    ``since`` on): on the discard pile while the deck goes on. A round dealt
    digitally came from the app's own deck, not the table's: it adds none."""
    return [
        code
        for rec in sheet.rounds[since:]
        if not rec.digital
        for _pid, entry in rec.entries
        for code in entry.cards
    ]


def shown(state: GameState) -> bool:
    """Odds while flipping are switched on at a table that is not purist."""
    return state.digital.table_odds and not state.digital.purist


def wanted(state: GameState, pid: str) -> bool:
    """``pid``'s odds are shown: the mode is on at a table that is not
    purist, and the entry is of the round being tapped in (not an edit)."""
    draft = state.draft
    return shown(state) and draft.editing is None and pid in draft.players


def odds_for(state: GameState, pid: str) -> TableOdds | None:
    """The odds of ``pid`` in the round being tapped in (None: not shown,
    see :func:`wanted`). The advisor's play-outs: never while drawing."""
    if not wanted(state, pid):
        return None
    d, draft, sheet = state.digital, state.draft, state.sheet
    totals = sheet.totals_view()
    return table_odds(
        [draft.line(p) for p in draft.players],
        [p in draft.busted for p in draft.players],
        draft.players.index(pid),
        earlier_cards(sheet, d.reshuffled_at),
        sheet.rules,
        [totals.get(p, 0) for p in draft.players],
        stop=time_budget(),
    )


@dataclass(frozen=True, slots=True)
class OddsWords:
    """What the entry shows for the player being tapped, in the reader's
    language: the two chances (None before their first card or once they
    are out), the advisor's sentence, and what the figures rest on."""

    bust: str | None
    flip7: str | None
    advice: str
    basis: str


def odds_words(odds: TableOdds, in_round: int, why_none: str = "") -> OddsWords:
    """``in_round``: cards tapped in this round (the rest of ``odds.seen``
    are the earlier rounds' on the discard pile); ``why_none``: what to say
    when there is no decision to advise on."""
    earlier = max(odds.seen - in_round, 0)
    basis = (
        ngettext(
            "From {n} card seen ({earlier} of earlier rounds).",
            "From {n} cards seen ({earlier} of earlier rounds).",
            odds.seen,
        )
        if earlier
        else ngettext(
            "From {n} card seen in this round.",
            "From {n} cards seen in this round.",
            odds.seen,
        )
    ).format(n=number(odds.seen), earlier=number(earlier))
    if odds.advice is None:
        return OddsWords(None, None, why_none, basis)
    return OddsWords(
        _("Bust {chance}").format(chance=percent(round(float(odds.bust), 2))),
        _("Flip 7 {chance}").format(chance=percent(round(float(odds.flip7), 2))),
        advice_text(odds.advice),
        basis,
    )


class OddsAtTable:
    """The mode's two taps, a scorer's: the switch, and "Deck reshuffled"."""

    def __init__(self, watch: Watch, seat: LiveSeat) -> None:
        self.watch = watch
        self.seat = seat

    @property
    def on(self) -> bool:
        """The round entry shows odds and advice (switched on, not purist)."""
        return shown(self.watch.state)

    def words(self, pid: str) -> OddsWords | None:
        """The odds of ``pid`` as this session shows them (None: none shown;
        while they are worked out, words that say so)."""
        return words_for(self.watch, pid)

    async def worked_out(self, pid: str) -> OddsWords | None:
        """The words once the odds of the current state are known (what a
        person sees a moment after the tap)."""
        game = self.watch.game
        await game.worked_out(("table_odds", pid), lambda s: odds_for(s, pid))
        return words_for(self.watch, pid)

    async def set_on(self, on: bool) -> None:
        self.seat.check_scorer()

        def change(state: GameState) -> dict[str, Any]:
            if on and state.digital.purist:
                raise Refusal(
                    _(
                        "This is a purist table: no advisor and no odds. "
                        "The host can change that on the score sheet."
                    )
                )
            return {"table_odds": on}

        await self._keep(change, what=Said(N_("odds while flipping were switched")))

    async def reshuffled(self) -> str:
        """The table shuffled the discard pile into a new deck: the cards
        of the rounds saved so far can come again."""
        self.seat.check_scorer()
        await self._keep(
            lambda state: {"reshuffled_at": len(state.sheet.rounds)},
            what=Said(N_("the deck was reshuffled")),
        )
        return _("Deck reshuffled: only this round's cards are out of it.")

    async def _keep(
        self, change: Callable[[GameState], dict[str, Any]], *, what: str
    ) -> None:
        def apply(state: GameState) -> GameState:
            fields = change(state)
            return replace(state, digital=replace(state.digital, **fields))

        await self.watch.commit(apply, what=what, scopes=[DIGITAL_SCOPE])


def words_at(
    state: GameState, pid: str, derive: Derive, later: Later | None = None
) -> OddsWords | None:
    """The odds of ``pid`` as a screen shows them (None: none shown). With
    ``later`` (the open game's), the render never works them out: until
    they are known it says so, in the same places."""
    if not wanted(state, pid):
        return None
    key, make = ("table_odds", pid), lambda s: odds_for(s, pid)
    odds = derive(key, make) if later is None else later(key, make)
    draft = state.draft
    name = state.sheet.names().get(pid, "")
    if pid in draft.busted:
        why = _("{name} busted: no more cards this round.").format(name=name)
    elif not draft.line(pid):
        why = _("The odds show once {name}'s first card is in.").format(name=name)
    else:
        why = ""
    if odds is None:
        return working_out(why)
    in_round = sum(len(draft.line(p)) for p in draft.players)
    return odds_words(odds, in_round, why)


def working_out(why: str) -> OddsWords:
    """While the odds are worked out: the chances' boxes stay where they
    will be (nothing jumps when the figures come), the advice line says so."""
    if why:
        return OddsWords(None, None, why, "")
    wait = "\u2026"
    return OddsWords(
        _("Bust {chance}").format(chance=wait),
        _("Flip 7 {chance}").format(chance=wait),
        _("Working out the odds\u2026"),
        "",
    )


def words_for(watch: Watch, pid: str) -> OddsWords | None:
    """The odds of ``pid`` as this session shows them (None: none shown).
    Worked out once per change of the game, off the loop, and shared by
    every screen."""
    return words_at(watch.state, pid, watch.game.derived, watch.game.later)
