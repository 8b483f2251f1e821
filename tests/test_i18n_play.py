"""Translations of the tap-in screens and the score sheet (issue 12): the
keypad's "N left", the entry's phones line, the sheet's scroll hints, the
banner, and the rules core's problems worded per session (the problems are
shared by every phone on a game, each maybe in another language)."""

from __future__ import annotations

import pytest
from drive import drive

from companion.app.entry import RoundDraft
from companion.app.problems import problem_text
from companion.app.standings import after_round, banner
from companion.app.telling import chain
from companion.i18n import _, use
from companion.i18n.said import worded
from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.ui.parts.keypad import caption
from companion.ui.parts.wide_table import _plural, _where
from companion.ui.screens.entry import phones_line

NAMES = {"a": "Ann", "b": "Bob", "c": "Cy"}


@pytest.mark.parametrize(
    ("language", "one", "two", "none"),
    [
        ("en", "1 left", "2 left", "0 left"),
        ("it", "1 rimasta", "2 rimaste", "0 rimaste"),
        ("hu", "1 maradt", "2 maradt", "0 maradt"),
    ],
)
def test_key_caption_counts_copies(
    language: str, one: str, two: str, none: str
) -> None:
    with use(language):
        assert [caption(1), caption(2), caption(0)] == [one, two, none]


@pytest.mark.parametrize(
    ("language", "one", "two", "done"),
    [
        (
            "en",
            "On their phones: Ann, Bob · waiting for Bob",
            "On their phones: Ann, Bob · waiting for Ann and Bob",
            "On their phones: Ann, Bob · every line is in",
        ),
        (
            "it",
            "Sui loro telefoni: Ann, Bob · si aspetta Bob",
            "Sui loro telefoni: Ann, Bob · si aspetta Ann e Bob",
            "Sui loro telefoni: Ann, Bob · tutte le file sono inserite",
        ),
        (
            "hu",
            "A saját telefonjukon: Ann, Bob · még várunk: Bob",
            "A saját telefonjukon: Ann, Bob · még várunk: Ann és Bob",
            "A saját telefonjukon: Ann, Bob · minden sor bent van",
        ),
    ],
)
def test_entry_waiting_line(language: str, one: str, two: str, done: str) -> None:
    phones = ["Ann", "Bob"]
    with use(language):
        assert phones_line(phones, ["Bob"]) == one
        assert phones_line(phones, ["Ann", "Bob"]) == two
        assert phones_line(phones, []) == done


@pytest.mark.parametrize(
    ("language", "one", "two", "where"),
    [
        ("en", "1 more player", "2 more players", "Players 1–4 of 6"),
        ("it", "Ancora 1 giocatore", "Ancora 2 giocatori", "Giocatori 1–4 di 6"),
        ("hu", "Még 1 játékos", "Még 2 játékos", "1–4. játékos / 6"),
    ],
)
def test_sheet_scroll_hints(language: str, one: str, two: str, where: str) -> None:
    noun = ("player", "players")
    with use(language):
        assert [_plural(1, noun), _plural(2, noun)] == [one, two]
        assert _where(noun, 0, 3, 6) == where


def _draft(lines: dict[str, list[str]], busted: set[str] | None = None) -> RoundDraft:
    return RoundDraft(
        players=["a", "b", "c"], dealer="a", lines=lines, busted=busted or set()
    )


# One draft for each problem code of the core (and the app's typed_negative).
CASES: dict[str, RoundDraft] = {
    "action_in_line": _draft({"a": ["STEAL"]}),
    "third_13": _draft({"a": ["13", "13", "13"]}),
    "duplicate 13": _draft({"a": ["13", "13"]}),
    "duplicate": _draft({"b": ["5", "5"]}),
    "seven_with_unlucky": _draft({"a": ["7", "7U"]}),
    "too_many_numbers": _draft({"a": [str(n) for n in range(1, 9)]}),
    "too_many_copies": _draft({"a": ["1"], "c": ["1"]}, busted={"a", "c"}),
    "two_flip7": _draft(
        {"a": [str(n) for n in range(1, 8)], "c": [str(n) for n in range(2, 9)]}
    ),
}


def _names(draft: RoundDraft) -> list[str]:
    return [NAMES[pid] for pid in draft.players]


def _problems(draft: RoundDraft, rules: Rules = Rules()) -> list[str]:
    return [p.code for p in draft.problems(rules, NAMES)]


# Where the app words a problem better than the core's English: a list of
# names joined with "and", the copies counted with a noun.
IMPROVED = {
    "too_many_copies": "2 × 1 on the table (Ann and Cy), but the deck holds 1 copy.",
    "two_flip7": "Only one Flip 7 per round: Ann and Cy have 7 number cards.",
}


@pytest.mark.parametrize("case", CASES)
def test_problems_in_english_say_what_the_core_says(case: str) -> None:
    """The English wording is the core's own, sentence for sentence."""
    draft = CASES[case]
    found = draft.problems(Rules(), NAMES)
    assert found, case
    with use("en"):
        assert [problem_text(p, _names(draft)) for p in found] == [
            IMPROVED.get(p.code, p.message) for p in found
        ]


def test_typed_negative_in_english_is_the_app_message() -> None:
    draft = _draft({})
    draft.typed["b"] = -3
    (found,) = draft.problems(Rules(), NAMES)
    with use("en"):
        assert problem_text(found, _names(draft)) == found.message
    with use("hu"):
        assert problem_text(found, _names(draft)) == (
            "Bob: Brutális mód nélkül a pontszám sosem megy 0 alá."
        )


@pytest.mark.parametrize(
    ("language", "duplicate", "copies", "flips"),
    [
        (
            "it",
            "Bob: due 5 in una fila non eliminata.",
            "3 × 1 sul tavolo (Ann, Bob e Cy), ma il mazzo ne contiene 1 copia.",
            "Un solo Flip 7 per round: Ann e Cy hanno 7 carte Numero.",
        ),
        (
            "hu",
            "Bob: két 5 értékű lap egy be nem dőlt sorban.",
            "3 × 1 van az asztalon (Ann, Bob és Cy), de a pakliban csak 1 példány van.",
            "Körönként csak egy Flip 7 lehet: Ann és Cy mind 7 számkártyát tartanak.",
        ),
    ],
)
def test_problems_are_worded_in_the_session_language(
    language: str, duplicate: str, copies: str, flips: str
) -> None:
    rules = Rules()
    three = _draft({"a": ["1"], "b": ["1"], "c": ["1"]}, busted={"a", "b", "c"})
    with use(language):
        for draft, wanted in (
            (CASES["duplicate"], duplicate),
            (three, copies),
            (CASES["two_flip7"], flips),
        ):
            (found,) = draft.problems(rules, NAMES)
            assert problem_text(found, _names(draft)) == wanted


def test_a_card_name_follows_the_terms() -> None:
    draft = CASES["action_in_line"]
    (found,) = draft.problems(Rules(), NAMES)
    with use("it"):
        text = problem_text(found, _names(draft))
    assert text == (
        "Ann: Ruba è una carta Azione; le carte Azione non restano mai nella fila."
    )
    with use("hu"):  # Hungarian keeps the printed card names (docs/terms.md)
        assert "Steal" in problem_text(found, _names(draft))


def test_the_score_chain_in_italian() -> None:
    draft = _draft({"a": ["5"]}, busted={"a"})
    score = draft.line_score("a", Rules())
    assert chain(score) == "Busted = 0"
    with use("it"):
        assert chain(score) == "Eliminato = 0"
    with use("hu"):
        assert chain(score) == "Bedőlt = 0"


def test_the_news_after_a_round_in_each_language() -> None:
    """Who deals next, said once for every phone and worded by each; the
    banner instead once the game is decided."""
    sheet = Sheet.new(["Ann", "Bob", "Cy"], Rules(target=50))
    rec = RoundRecord("p1", (("p1", Entry(("5",))),))
    sheet = sheet.add_round(rec)
    news = after_round(sheet)
    assert news == "Bob deals next."
    with use("it"):
        assert worded(news) == "Il prossimo mazziere è Bob."
    with use("hu"):
        assert worded(news) == "A következő osztó: Bob."
    won = sheet.add_round(RoundRecord("p2", (("p1", Entry(("12", "13", "11", "9"))),)))
    assert after_round(won) == banner(won) == "Ann wins with 50!"


def test_tie_break_banner_in_italian() -> None:
    sheet = Sheet.new(["Ann", "Bob", "Cy"], Rules(target=10))
    lines = {"p1": ("10",), "p2": ("4", "6"), "p3": ("5",)}
    rec = RoundRecord("p1", tuple((p, Entry(c)) for p, c in lines.items()))
    sheet = sheet.add_round(rec)
    with use("it"):
        assert banner(sheet) == (
            "Pari merito a 10: Ann e Bob giocano un round di spareggio; "
            "gli altri stanno a guardare."
        )
    with use("en"):
        assert banner(sheet) == (
            "Tie at 10: Ann and Bob play a tie-break round; the others sit it out."
        )


@pytest.mark.parametrize(
    ("rules", "typed", "allowed"),
    [
        (Rules(), 999, False),  # no round scores that: a slip of the finger
        (Rules(), 91, True),  # 13 13L 12 11 10 9 8, Flip 7
        (Rules(), 92, False),
        (Rules(lucky_pair_counts_two=False), 98, True),  # an 8th number fits
        (Rules(brutal=True), -45, True),  # busted, every −N card, hit by −15
        (Rules(brutal=True), -46, False),
        (Rules(brutal=True, decks=2), -75, True),
    ],
)
def test_a_typed_score_no_round_can_make_is_refused(
    rules: Rules, typed: int, allowed: bool
) -> None:
    draft = _draft({})
    draft.typed["b"] = typed
    found = draft.problems(rules, NAMES)
    assert (found == []) == allowed, found
    if not allowed:
        with use("en"):
            assert problem_text(found[0], _names(draft)).startswith(
                f"Bob: no round scores {typed}"
            )


def test_a_notice_is_read_in_the_language_it_is_shown_in() -> None:
    """ "Bob deals next." after a save, then the person picks Italian: the
    notice (Home shows it) speaks Italian too, not the English it was made in."""
    from companion.app import AppState
    from companion.store import GameStore

    state = AppState(GameStore.memory())
    for name in ("Ann", "Bob"):
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    assert drive(state.act(state.entry.add_card, "p1", "5")) is None
    with use("en"):
        assert drive(state.act(state.entry.save)) is None
        assert state.notice is not None and state.notice.text == "Bob deals next."
    with use("it"):
        assert state.notice.text == "Il prossimo mazziere è Bob."


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (6, "A 6. kör bevitele"),
        (1, "Az 1. kör bevitele"),
        (5, "Az 5. kör bevitele"),
        (12, "A 12. kör bevitele"),
        (50, "Az 50. kör bevitele"),
        (1000, "Az 1000. kör bevitele"),
    ],
)
def test_hungarian_says_a_or_az_as_the_number_is_spoken(n: int, words: str) -> None:
    """ "A(z) 6. kör bevitele": Hungarian picks "a" or "az" by the sound of
    the word after it (az egy, az öt, az ötven, az ezer; a hat, a tizenkét)."""
    with use("hu"):
        assert _("Enter round {number}").format(number=n) == words


def test_hungarian_articles_before_words_and_quotes() -> None:
    with use("hu"):
        said = _(
            "Too close to call after {n} play-outs: {choice} is ahead by "
            "{gap} ± {margin}, too little to tell them apart."
        )
        assert "az „ütés”" in said.format(n=9, gap="1%", margin="1%", choice="ütés")
        assert "a „maradás”" in said.format(
            n=9, gap="1%", margin="1%", choice="maradás"
        )
        first = _("First to {target} wins").format(target=200)
        assert "a(z)" not in first and "a 200 pontot" in first
