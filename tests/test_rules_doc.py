"""Every example hand in docs/rules.md scores as the text says ("12 13
Lucky 13 + 1 2 3 4 5" was once called a Flip 7, but that is eight number
cards). The page is for players, so it names no tests or files.

Examples are found in two forms, both readable at the table:

- rows of the "Worked examples" table: ``| cards (notes) | chain | **score** |``;
  the notes "Flip 7", "Brutal" and "option: the pair counts once" are checked
  or applied, any other note is a comment;
- sentences "<cards> scores <n>" and "<cards> scores <n>; with <cards> added
  it is a Flip 7 by default, but not with the option" (R8), in Brutal mode
  when they stand under a Brutal heading.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.app.telling import chain
from companion.app.views.rules import RULES_FILE, rules_text
from companion.rules import Rules, parse_cards, score_line

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
NAMES = {"The Zero": "0", "Zero": "0", "Unlucky 7": "7U", "Lucky 13": "13L"}
TOKEN = r"(?:The Zero|Zero|Unlucky 7|Lucky 13|÷2|[−-]\d+|\d+)"
HAND = rf"{TOKEN}(?: {TOKEN})*"
SCORES = re.compile(rf"(?<![\w−-])({HAND}) scores (−?\d+)\b")
ADDED = re.compile(
    rf"({HAND}) scores (\d+); with ({HAND}) added it is a Flip 7 by default, "
    r"but not with the option"
)
ONCE = Rules(lucky_pair_counts_two=False)


def cards(text: str) -> list[str]:
    for name, code in NAMES.items():
        text = re.sub(rf"\b{name}\b", code, text)
    return [c.code for c in parse_cards(text)]


def number(text: str) -> int:
    return int(text.replace("−", "-").strip("* "))


def table_rows(doc: str) -> list[tuple[str, str, int]]:
    start = doc.index("| line | chain | score |")
    rows = []
    for line in doc[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        hand, _chain, score = (c.strip() for c in line.strip("|").split("|"))
        notes = " ".join(re.findall(r"\(([^)]*)\)", hand))
        rows.append((re.sub(r"\s*\([^)]*\)", "", hand), notes, number(score)))
    return rows


def sentences(doc: str) -> list[tuple[str, bool]]:
    """Paragraphs in one line each, with whether they stand under Brutal."""
    out: list[tuple[str, bool]] = []
    brutal = False
    for block in re.split(r"\n\s*\n", doc):
        if block.startswith("#"):
            brutal = "Brutal" in block.splitlines()[0]
        if block.lstrip().startswith("|"):
            continue
        out.append((" ".join(block.split()), brutal))
    return out


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def test_worked_examples_table_scores_as_written(doc: str) -> None:
    rows = table_rows(doc)
    assert len(rows) >= 10
    for hand, notes, score in rows:
        rules = Rules(
            brutal="Brutal" in notes,
            lucky_pair_counts_two="counts once" not in notes,
        )
        line = score_line(cards(hand), rules=rules)
        assert line.total == score, (hand, notes, chain(line))
        assert line.flip7 == ("Flip 7" in notes), (hand, notes, chain(line))


def test_example_sentences_score_as_written(doc: str) -> None:
    found = 0
    for text, brutal in sentences(doc):
        for m in SCORES.finditer(text):
            line = score_line(cards(m.group(1)), rules=Rules(brutal=brutal))
            assert line.total == number(m.group(2)), (m.group(0), chain(line))
            found += 1
        for m in ADDED.finditer(text):
            hand = cards(m.group(1)) + cards(m.group(3))
            assert score_line(hand).flip7, m.group(0)
            assert not score_line(hand, rules=ONCE).flip7, m.group(0)
            found += 1
    assert found >= 3  # R8 twice, the Brutal 3 −8


def test_the_old_eight_card_flip7_is_gone(doc: str) -> None:
    assert "1 2 3 4 5 added" not in doc
    assert "12 13 Lucky 13 + 1 2 3 4 5" not in doc


@pytest.mark.parametrize("text", ["docs", "app"])
def test_rules_are_in_players_words(doc: str, text: str) -> None:
    shown = doc if text == "docs" else rules_text()
    for bad in ("test_", "tests/", ".py", "RULES.md", "::"):
        assert bad not in shown, bad
    assert RULES_FILE.exists()
