"""Translations (issue 12): complete Italian and Hungarian catalogs in step
with the code, plurals, locale formats, a language per session, and the
rules page in each language with the same structure as the English one."""

from __future__ import annotations

import re
import threading
from datetime import date
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from english_left import English, translated_away

from companion import i18n
from companion.app.views.rules import rules_file, rules_text
from companion.i18n import LANGUAGES, Translator, match, translator, use

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != i18n.SOURCE]


def catalog(language: str):  # type: ignore[no-untyped-def]
    with i18n.po_path(language).open("rb") as f:
        return read_po(f, locale=language)


def code_messages() -> set[str]:
    """Every message the code marks now (as `python -m companion.i18n
    extract` finds them)."""
    found = extract_from_dir(
        ROOT / "companion", method_map=[("**.py", "python")], comment_tags=()
    )
    return {m[2] if isinstance(m[2], str) else m[2][0] for m in found}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    cat = catalog(language)
    untranslated = [
        m.id
        for m in cat
        if m.id
        and (
            m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string)
        )
    ]
    assert untranslated == []
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}
    missing = code_messages() - ids
    assert missing == set(), "run `uv run python -m companion.i18n` and translate"


def test_one_sentence_has_one_message() -> None:
    """The same English sentence written twice with other placeholder names
    ("Round {n} · {dealer} deals", "Round {number} · {dealer} deals") is two
    messages, translated twice and apart: the host's sheet read "mazziere:
    Ann" while the phones read "distribuisce Ann". (A name and a status word
    beside "computer" are two meanings: a translation may tell them apart.)"""
    apart = {("{name} · computer", "{status} · computer")}
    seen: dict[str, str] = {}
    twice = []
    for message in sorted(code_messages()):
        shape = re.sub(r"\{\w*\}", "{}", message)
        if shape in seen and (seen[shape], message) not in apart:
            twice.append((seen[shape], message))
        seen[shape] = message
    assert twice == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    for m in catalog(language):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(re.findall(r"\{\w*\}", ids[-1]))
        for text in strings:
            assert set(re.findall(r"\{\w*\}", text)) == wanted, (m.id, text)


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("it-IT", "it"),
        ("hu_HU", "hu"),
        ("HU", "hu"),
        ("it-CH,it;q=0.9,en;q=0.8", "it"),
        ("de-DE,hu;q=0.5", "hu"),
        ("en-GB", "en"),
        ("de-DE", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_browser_locales_are_matched(tag: str | None, code: str) -> None:
    assert match(tag) == code


def test_unknown_language_falls_back_to_english() -> None:
    assert translator("fr").language == "en"
    assert translator("fr").gettext("New game") == "New game"


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 round", "2 rounds"),
        ("it", "1 round", "2 round"),
        ("hu", "1 kör", "2 kör"),
    ],
)
def test_plural_of_rounds(language: str, one: str, two: str) -> None:
    tr = translator(language)
    for n, wanted in ((1, one), (2, two)):
        assert tr.ngettext("{n} round", "{n} rounds", n).format(n=n) == wanted


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "over 1 round", "over 2 rounds"),
        ("it", "su 1 round", "su 2 round"),
        ("hu", "1 körön át", "2 körön át"),
    ],
)
def test_plural_of_the_chart_label(language: str, one: str, two: str) -> None:
    single = "Chart of running totals over {n} round: {totals}"
    plural = "Chart of running totals over {n} rounds: {totals}"
    tr = translator(language)
    for n, wanted in ((1, one), (2, two)):
        text = tr.ngettext(single, plural, n).format(n=n, totals="Ann 5")
        assert wanted in text and text.endswith("Ann 5")


@pytest.mark.parametrize(
    ("language", "big", "day", "names"),
    [
        ("en", "100,000", "15 Mar 2024", "Ann, Bea, and Dee"),
        ("it", "100.000", "15 mar 2024", "Ann, Bea e Dee"),
        ("hu", "100\xa0000", "2024. márc. 15.", "Ann, Bea és Dee"),
    ],
)
def test_numbers_dates_and_lists_follow_the_language(
    language: str, big: str, day: str, names: str
) -> None:
    tr = translator(language)
    assert tr.number(100_000) == big
    assert tr.date(date(2024, 3, 15)) == day
    assert tr.names(["Ann", "Bea", "Dee"]) == names


def test_two_sessions_in_two_threads_keep_their_language() -> None:
    """Two phones on one server: each thread translates in its own language
    while the other is inside its block at the same moment."""
    both_inside = threading.Barrier(2, timeout=10)
    seen: dict[str, list[str]] = {}

    def session(language: str) -> None:
        with use(language):
            both_inside.wait()
            words = [i18n._("New game")]
            both_inside.wait()
            words.append(i18n._("Rules"))
            words.append(i18n.ngettext("{n} round", "{n} rounds", 2))
        seen[language] = words

    threads = [threading.Thread(target=session, args=(c,)) for c in ("it", "hu")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {
        "it": ["Nuova partita", "Regole", "{n} round"],
        "hu": ["Új játszma", "Szabályok", "{n} kör"],
    }
    assert i18n._("New game") == "New game"  # this thread was never switched


def test_the_resolver_gives_each_session_its_translator() -> None:
    """The UI's resolver maps the running session to its translator; code
    outside any session, and an explicit `use`, are not affected by it."""
    sessions = threading.local()
    i18n.set_resolver(lambda: getattr(sessions, "tr", None))
    try:
        seen: dict[str, str] = {}

        def run(language: str) -> None:
            sessions.tr = translator(language)
            seen[language] = i18n._("History")

        threads = [threading.Thread(target=run, args=(c,)) for c in ("it", "hu")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert seen == {"it": "Storico", "hu": "Előzmények"}
        assert i18n._("History") == "History"
        with use("hu"):
            sessions.tr = translator("it")
            assert i18n._("History") == "Előzmények"  # explicit wins
    finally:
        i18n.set_resolver(None)


def test_a_mo_file_is_rebuilt_when_missing_or_older(tmp_path: Path) -> None:
    mo = i18n.po_path("it").with_suffix(".mo")
    if mo.exists():
        mo.unlink()
    data = i18n.compile_language("it")
    assert data and mo.read_bytes() == data
    assert isinstance(Translator("it").gettext("Rules"), str)


# --- the rules page in three languages -------------------------------------
def doc(language: str) -> str:
    name = "rules.md" if language == "en" else f"rules.{language}.md"
    return (ROOT / "docs" / name).read_text(encoding="utf-8")


def outline(text: str) -> dict[str, list[str]]:
    """What must be the same in every language: heading levels, ruling
    numbers (in headings and bold), code spans (decks, choices, codes, in
    order) and the scores of the worked examples."""
    return {
        "headings": [h for h in re.findall(r"^(#+) ", text, re.M)],
        "rulings": re.findall(r"^(?:###|\*\*)\s*(R\d+)\b", text, re.M),
        "codes": re.findall(r"`([^`]+)`", text),
        "scores": re.findall(r"\| \*\*(−?\d+)\*\* \|$", text, re.M),
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_rules_translation_has_the_english_structure(language: str) -> None:
    english, translated = outline(doc("en")), outline(doc(language))
    for part in ("headings", "rulings", "codes", "scores"):
        assert translated[part] == english[part], part
    assert len(english["rulings"]) >= 40  # R1-R21 bold, R1-R20 headings


@pytest.mark.parametrize("language", [*TRANSLATED, "fr"])
def test_the_rules_screen_shows_the_chosen_language(language: str) -> None:
    shown = rules_text(language)
    wanted = doc(language) if language in LANGUAGES else doc("en")
    assert shown == wanted
    with use(language):
        assert rules_text() == wanted
    if language in LANGUAGES:
        assert rules_file(language).resolve() == (
            ROOT / "docs" / f"rules.{language}.md"
        )


NAMES = {
    "en": {"The Zero": "0", "Unlucky 7": "7U", "Lucky 13": "13L"},
    "it": {"Lo Zero": "0", "7 Sfortunato": "7U", "13 Fortunato": "13L"},
    "hu": {"The Zero": "0", "Unlucky 7": "7U", "Lucky 13": "13L"},
}
TABLE = {"en": "| line |", "it": "| fila |", "hu": "| sor |"}


def example_hands(language: str) -> list[list[str]]:
    """The cards of each worked example, as codes (names in that language)."""
    from companion.rules import parse_cards

    text = doc(language)
    rows = text[text.index(TABLE[language]) :].splitlines()[2:]
    hands = []
    for row in rows:
        if not row.startswith("|"):
            break
        hand = re.sub(r"\s*\([^)]*\)", "", row.strip("|").split("|")[0])
        for name, code in NAMES[language].items():
            hand = hand.replace(name, code)
        hands.append([c.code for c in parse_cards(hand)])
    return hands


@pytest.mark.parametrize("language", TRANSLATED)
def test_worked_examples_hold_the_same_cards(language: str) -> None:
    assert example_hands(language) == example_hands("en")
    assert len(example_hands("en")) >= 10


@pytest.mark.parametrize("language", ["it", "hu"])
def test_no_translation_carries_english(language: str) -> None:
    """A translation holding an English sentence (two entries glued together
    by a merge once did) is English on a translated screen."""
    english = English(language)
    found = [
        says[:60]
        for _msgid, says in translated_away(language)
        if says in english.whole or english.pattern.search(says)
    ]
    assert found == []


def test_the_english_check_finds_english() -> None:
    english = English("it")
    assert english.found_in(["Totale", "Salva il round 1", "Ann vince con 201!"]) == []
    assert english.found_in(["Total", "Save round 1", "Ann wins with 201!"]) == [
        "Total",
        "Save round 1",
        "Ann wins with 201!",
    ]


def test_no_translation_says_its_sentence_twice() -> None:
    """A bad merge once glued two translations of one message into one
    ("…hogy eztA(z) 3. digitális kör folyamatban van…")."""
    from babel.messages.pofile import read_po

    for language in ("it", "hu"):
        path = Path(f"companion/locale/{language}/LC_MESSAGES/messages.po")
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
        for message in catalog:
            strings = (
                message.string
                if isinstance(message.string, tuple)
                else (message.string,)
            )
            for text in strings:
                assert not re.search(r"[a-zà-ű][A-ZÀ-Ű]\(z\)|[a-zà-ű]A\(z\)", text), (
                    text
                )
