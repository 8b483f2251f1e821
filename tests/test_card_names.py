"""The app's one table of card names (companion/app/card_names.py) in each
language, each form: on its own, after a possessive, with its article, and
the short word under a special key's numeral; and no other module names a
card (so a card is called one thing on every screen and in every sentence)."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.app.card_names import WORDS, a_card, card_name, card_noun, card_short
from companion.i18n import use
from companion.rules import ALL_CODES, Card

ROOT = Path(__file__).resolve().parents[1]

# code: (name, noun, with article, short), per language (docs/terms.md)
ITALIAN = {
    "0": ("Lo Zero", "Lo Zero", "Lo Zero", "Zero"),
    "7U": ("7 Sfortunato", "7 Sfortunato", "il 7 Sfortunato", "Sfortun."),
    "13L": ("13 Fortunato", "13 Fortunato", "il 13 Fortunato", "Fortun."),
    "JOM": ("Ancora Una!", "Ancora Una", "una carta Ancora Una", "Ancora Una!"),
    "F4": ("Flip Quattro!", "Flip Quattro", "una carta Flip Quattro", "Flip Quattro!"),
    "STEAL": ("Ruba", "Ruba", "una carta Ruba", "Ruba"),
    "SWAP": ("Scambia", "Scambia", "una carta Scambia", "Scambia"),
    "DISCARD": ("Scarta", "Scarta", "una carta Scarta", "Scarta"),
    "8": ("8", "8", "un 8", "8"),
    "/2": ("÷2", "÷2", "un ÷2", "÷2"),
    "-4": ("−4", "−4", "un −4", "−4"),
}
ENGLISH = {
    "0": ("The Zero", "Zero", "The Zero", "Zero"),
    "7U": ("Unlucky 7", "Unlucky 7", "the Unlucky 7", "Unlucky"),
    "13L": ("Lucky 13", "Lucky 13", "the Lucky 13", "Lucky"),
    "JOM": ("Just One More!", "Just One More", "a Just One More", "Just One More!"),
    "F4": ("Flip Four!", "Flip Four", "a Flip Four", "Flip Four!"),
    "STEAL": ("Steal", "Steal", "a Steal", "Steal"),
    "8": ("8", "8", "an 8", "8"),
    "11": ("11", "11", "an 11", "11"),
    "/2": ("÷2", "÷2", "a ÷2", "÷2"),
    "-4": ("−4", "−4", "a −4", "−4"),
}
# Hungarian keeps the names printed on the cards (terms.md, note 3) and
# puts no article before a card (its sentences say "lapot kap: 8").
HUNGARIAN = {
    "0": ("The Zero", "The Zero", "The Zero", "Zero"),
    "7U": ("Unlucky 7", "Unlucky 7", "Unlucky 7", "Unlucky"),
    "JOM": ("Just One More!", "Just One More", "Just One More", "Just One More!"),
    "DISCARD": ("Discard", "Discard", "Discard", "Discard"),
    "8": ("8", "8", "8", "8"),
    "-4": ("−4", "−4", "−4", "−4"),
}


def forms(code: str) -> tuple[str, str, str, str]:
    return card_name(code), card_noun(code), a_card(code), card_short(code)


def test_every_form_in_each_language() -> None:
    for language, table in (("en", ENGLISH), ("it", ITALIAN), ("hu", HUNGARIAN)):
        with use(language):
            assert {code: forms(code) for code in table} == table, language


def test_english_and_hungarian_names_are_the_printed_ones() -> None:
    """On its own a card reads as printed, the rules' English name, in
    English and Hungarian; Italian renames only the named cards."""
    for code in ALL_CODES:
        printed = Card.parse(code).name
        for language in ("en", "hu"):
            with use(language):
                assert card_name(code) == printed, (language, code)
        with use("it"):
            assert card_name(code) == ITALIAN.get(code, (printed,))[0], code


def test_every_named_card_has_words_and_only_those() -> None:
    named = {c for c in ALL_CODES if not Card.parse(c).is_number} - {
        "/2", "-2", "-4", "-6", "-8", "-10",
    }  # fmt: skip
    assert set(WORDS) == named | {"0", "7U", "13L"}
    assert {c for c, w in WORDS.items() if w.short} == {"0", "7U", "13L"}


def _card_contexts(path: Path) -> list[int]:
    """Lines of ``path`` that translate a card word (pgettext with a "card…"
    context)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "pgettext"
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).startswith("card")
        ):
            found.append(node.lineno)
    return found


def test_cards_are_named_in_one_module() -> None:
    table = ROOT / "companion" / "app" / "card_names.py"
    assert _card_contexts(table)
    elsewhere = {
        str(p.relative_to(ROOT)): lines
        for p in (ROOT / "companion").rglob("*.py")
        if p != table and (lines := _card_contexts(p))
    }
    assert elsewhere == {}
