"""What the rules screen shows: docs/rules.md (docs/rules.it.md,
docs/rules.hu.md in Italian and Hungarian), the same text players read
online, in the session's language, English when a translation is missing,
and a clear word when the file itself is missing (a damaged install)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.i18n import SOURCE, _, current

# assets/rules*.md link to docs/rules*.md, so a built app (which ships
# assets/ but not docs/) shows the same text.
ASSETS = Path(__file__).resolve().parents[2] / "assets"
RULES_FILE = ASSETS / "rules.md"


def rules_file(language: str = SOURCE) -> Path:
    """rules.md in English, rules.<language>.md otherwise."""
    return RULES_FILE if language == SOURCE else ASSETS / f"rules.{language}.md"


@cache
def _read(language: str) -> str | None:
    try:
        return rules_file(language).read_text(encoding="utf-8")
    except OSError:
        return None


def rules_text(language: str | None = None) -> str:
    """The rules in ``language`` (the session's by default); English when
    that translation is missing."""
    text = _read(language or current().language) or _read(SOURCE)
    if text is None:
        missing = _("The rules file is missing from this installation.")
        return f"# {_('Rules')}\n\n{missing}"
    return text
