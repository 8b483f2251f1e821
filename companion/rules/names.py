"""What a player's name may hold: one rule, for the door and for share.

Why here, in the rules: a name is typed at setup, Add player and Rename,
and read back from a share code; when those checks differed, the app took
``"\\x00nul"`` at setup and refused to share the finished game (issue 37).
The rule refuses only what no person means as a name and what the app
cannot show or share faithfully:

- control characters (and lone surrogates, line separators): they draw as
  nothing or as boxes and break the share code's text;
- a name that shows nothing (zero-width spaces, joiners, fillers only);
- text-direction overrides, embeddings and isolates (U+202A-U+202E,
  U+2066-U+2069): they reverse what follows, on the sheet and in the
  share text;
- more than :data:`MAX_MARKS` combining marks on one character (the
  "Zalgo" pile that draws over the lines above and below).

Every script, accents (Vietnamese stacks two), emoji and their joiners
and keycaps are names.
"""

from __future__ import annotations

import unicodedata
from typing import Final

MAX_MARKS: Final = 4
_DIRECTION: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols that draw as blank space.
_BLANK: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
_CONTROL: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})
_MARKS: Final = frozenset({"Mn", "Me"})

# What each fault is, in English: share's detail says "a player name …",
# the sheet's refusal "A name …" (companion/app/problems.py words them).
FAULTS: Final = {
    "name_control": "holds control characters",
    "name_invisible": "shows no letter, digit or sign",
    "name_direction": "holds characters that turn the text's direction",
    "name_marks": f"stacks more than {MAX_MARKS} accents on one letter",
}


def name_fault(name: str) -> str | None:
    """The code of what makes ``name`` no name (a key of :data:`FAULTS`),
    or None when it is one."""
    visible = False
    marks = 0
    for ch in name:
        category = unicodedata.category(ch)
        if category in _CONTROL:
            return "name_control"
        if ch in _DIRECTION:
            return "name_direction"
        if category in _MARKS:
            marks += 1
            if marks > MAX_MARKS:
                return "name_marks"
            continue
        if category == "Cf":
            continue  # a joiner between marks does not start a new letter
        marks = 0
        if category[0] in "LNPS" and ch not in _BLANK:
            visible = True
    return None if visible else "name_invisible"
