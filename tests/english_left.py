"""English left on a screen that should speak Italian or Hungarian.

Used by the crawler on every screen it opens (tests/browser/crawler.py) and
by a unit test on the catalogs themselves: a translation that carries an
English sentence (a bad merge of two entries once did) is found both ways.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


class English:
    """Finds English on a screen that should speak ``language``: a text that
    is an English message of the catalog whose translation differs (a single
    word only when it is the whole text; a longer message anywhere in a text,
    its placeholders matching anything). Card names Hungarian keeps as
    printed translate to themselves, so they are never reported."""

    def __init__(self, language: str) -> None:
        self.whole: set[str] = set()
        patterns: list[str] = []
        for msgid, says in translated_away(language):
            # The English words the translation does not keep (a card name
            # kept as printed, "Flip 7", a placeholder are not English left
            # behind); a one-word message only as a whole text.
            kept = set(re.findall(r"\w+", says))
            bare = re.sub(r"\{[^}]*\}", "", msgid)
            english = [w for w in re.findall("[A-Za-z]{3,}", bare) if w not in kept]
            if not english:
                continue
            if len(bare.split()) == 1:
                self.whole.add(msgid)
                continue
            parts = [x for x in re.split(r"\{[^}]*\}", msgid) if x]
            body = ".+?".join(map(re.escape, parts))
            before = r"(?<!\w)" if re.match(r"\w", parts[0]) else ""
            after = r"(?!\w)" if re.search(r"\w$", parts[-1]) else ""
            patterns.append(before + body + after)
        self.pattern = re.compile("|".join(sorted(patterns, key=len, reverse=True)))

    def found_in(self, texts: list[str]) -> list[str]:
        return [
            t[:60]
            for t in dict.fromkeys(texts)
            if t in self.whole or self.pattern.search(t)
        ]


def translated_away(language: str) -> list[tuple[str, str]]:
    """The English messages (plural forms and card names included) whose
    ``language`` translation is another text, each with its translations."""
    po = ROOT / f"companion/locale/{language}/LC_MESSAGES/messages.po"
    with open(po, "rb") as file:
        catalog = read_po(file)
    out: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        string = message.string
        says = [string] if isinstance(string, str) else list(string)
        out += [(i, " ".join(says)) for i in ids if i not in says]
    return out
