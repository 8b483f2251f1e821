"""The share summary, the board and the live table's messages in Italian
and Hungarian (issue 12): the summary a phone camera reads is written in the
sharer's language, one test per template with counts (1 round / 2 rounds),
while English stays exactly as tests/test_share_summary.py has it."""

from __future__ import annotations

from datetime import date

import pytest
from drive import drive
from share_games import META_DATE, shared_win_game, standard_game, tiebreak_game

from companion.app.board import LEADER, SHARED, STATUS_WORDS, WINNER, Board
from companion.app.invite import renew_invite
from companion.app.live import LiveSeat
from companion.app.refusal import Refusal
from companion.app.views.invite import LOCAL_ONLY
from companion.i18n import _, use
from companion.rules import Entry, RoundRecord, Rules, Sheet, Status
from companion.share import ShareMeta, summary_text
from companion.share.caption import caption_lines


def one_round(rules: Rules | None = None) -> Sheet:
    sheet = Sheet.new(["Ana", "Bo"], rules or Rules())
    rec = {"p1": Entry(("10",)), "p2": Entry(("3",))}
    return sheet.add_round(RoundRecord("p1", tuple(rec.items())))


def tie_breaks(n: int) -> Sheet:
    """Ana and Bo tie at 22, then play ``n`` tie-break rounds (the last decides)."""
    sheet = Sheet.new(["Ana", "Bo"], Rules(target=20))
    first = {"p1": Entry(("10", "12")), "p2": Entry(("9", "13"))}
    sheet = sheet.add_round(RoundRecord("p1", tuple(first.items())))
    for i in range(n):
        last = i == n - 1
        tb = {"p1": Entry(("5",)), "p2": Entry(() if last else ("5",), busted=last)}
        sheet = sheet.add_round(RoundRecord("p2", tuple(tb.items()), tie_break=True))
    assert sheet.over
    return sheet


@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        (
            "it",
            ["Flip 7 — 29 nov 2026", "Vincitore: Bo", "6 round giocati",
             "Standard · obiettivo 200", "1. Bo 228"],
        ),
        (
            "hu",
            ["Flip 7 — 2026. nov. 29.", "Győztes: Bo", "6 kör lejátszva",
             "Normál · cél: 200", "1. Bo 228"],
        ),
    ],
)  # fmt: skip
def test_the_summary_in_the_sharers_language(language: str, wanted: list[str]) -> None:
    with use(language):
        lines = summary_text(standard_game(), META_DATE).splitlines()
    assert lines[:5] == wanted
    assert lines[5] == "   38 38 38 38 38 38"  # the scores are the same everywhere


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 round played", "2 rounds played"),
        ("it", "1 round giocato", "2 round giocati"),
        ("hu", "1 kör lejátszva", "2 kör lejátszva"),
    ],
)
def test_rounds_played_has_plural_forms(language: str, one: str, two: str) -> None:
    two_rounds = one_round().add_round(one_round().rounds[0])
    with use(language):
        assert summary_text(one_round()).splitlines()[2] == one
        assert summary_text(two_rounds).splitlines()[2] == two


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "2 rounds played (1 tie-break)", "3 rounds played (2 tie-break)"),
        ("it", "2 round giocati (1 di spareggio)", "3 round giocati (2 di spareggio)"),
        (
            "hu",
            "2 kör lejátszva (ebből 1 holtversenyt eldöntő)",
            "3 kör lejátszva (ebből 2 holtversenyt eldöntő)",
        ),
    ],
)
def test_tie_break_rounds_are_counted(language: str, one: str, two: str) -> None:
    with use(language):
        assert summary_text(tie_breaks(1)).splitlines()[2] == one
        assert summary_text(tie_breaks(2)).splitlines()[2] == two


@pytest.mark.parametrize(
    ("language", "rules", "shared", "tied", "leading", "left"),
    [
        (
            "it",
            "Brutale · obiettivo 50 · 2 mazzi · i pari merito condividono la vittoria",
            "Vincitori (a pari merito): Ana, Bo",
            "Spareggio: Ana, Bo",
            "In corso · in testa: Ana",
            "- Bo 3 (ha lasciato)",
        ),
        (
            "hu",
            "Brutális · cél: 50 · 2 pakli · holtversenyben megosztott győzelem",
            "Győztesek (megosztva): Ana, Bo",
            "Holtverseny eldöntése: Ana, Bo",
            "Folyamatban · vezet: Ana",
            "- Bo 3 (kilépett)",
        ),
    ],
)
def test_every_summary_template_is_translated(
    language: str, rules: str, shared: str, tied: str, leading: str, left: str
) -> None:
    brutal = Rules(brutal=True, target=50, decks=2, tie_break=False)
    tie = tiebreak_game()
    tie = Sheet.new(["Ana", "Bo", "Cy"], tie.rules).add_round(tie.rounds[0])
    roster = one_round().add_player("Cy").remove_player("p2")
    with use(language):
        assert summary_text(one_round(brutal)).splitlines()[3] == rules
        assert shared in summary_text(shared_win_game())
        assert summary_text(tie).splitlines()[1] == tied
        assert summary_text(roster).splitlines()[1] == leading
        assert summary_text(roster).splitlines()[-2] == left
        assert _("Not started yet") in summary_text(Sheet.new(["Ana", "Bo"]))
        assert _("Not started yet") != "Not started yet"


def test_the_saved_pngs_caption_follows_the_language() -> None:
    meta = ShareMeta("Venerdì", date(2026, 3, 15))
    with use("it"):
        lines = caption_lines(standard_game(), meta)
    assert lines[:3] == ["Venerdì", "15 mar 2026", "Vincitore: Bo"]
    assert caption_lines(standard_game(), meta)[1:3] == ["15 Mar 2026", "Winner: Bo"]


@pytest.mark.parametrize(
    ("language", "title", "marks", "busted"),
    [
        ("en", "Flip 7 to 200 · Brutal", ["Winner", "Leader", "Shared lead"], "busted"),
        (
            "it",
            "Flip 7 fino a 200 · Brutale",
            ["Vincitore", "In testa", "In testa a pari merito"],
            "eliminato",
        ),
        (
            "hu",
            "Flip 7 200 pontig · Brutális",
            ["Győztes", "Vezet", "Holtversenyben vezet"],
            "bedőlt",
        ),
    ],
)  # fmt: skip
def test_the_boards_words(
    language: str, title: str, marks: list[str], busted: str
) -> None:
    """The board keeps English codes (the view compares them) and words them
    in the language of the session that draws it."""
    board = Board((), 200, True, False, None)
    with use(language):
        assert board.title == title
        assert [_(m) for m in (WINNER, LEADER, SHARED)] == marks
        assert _(STATUS_WORDS[Status.BUSTED]) == busted
    assert STATUS_WORDS[Status.BUSTED] == "busted"


def test_live_table_refusals_speak_the_phones_language() -> None:
    seat = LiveSeat()
    with use("hu"), pytest.raises(Refusal) as refused:
        drive(seat.claim("p1"))  # no game open
    assert refused.value.message == "Nincs nyitott játszma."
    with use("it"), pytest.raises(Refusal) as refused:
        renew_invite(None, None)  # type: ignore[arg-type]
    assert refused.value.message == "Nessuna partita è aperta."
    with use("it"):
        assert _(LOCAL_ONLY).startswith("I telefoni non possono partecipare")
        assert _(LOCAL_ONLY).endswith("Riavvialo con: {command}")
