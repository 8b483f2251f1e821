"""One decision's choice as a small value with a text round trip.

``Round.legal()`` and ``Round.play()`` speak the choice strings of DESIGN.md
(``"hit"``, ``"target 2"``, ``"swap 1 3 2 4"``…): that text is the contract
and what saved rounds hold. Everything that *reads* a choice (the engine
resolving it, the bots weighing it, the UI labelling it) goes through
:meth:`Choice.parse` instead of slicing the string, so the grammar lives
here once: ``str(Choice.parse(text)) == text`` for every canonical choice.

Parsing is memoised: the engine and the bots read the same few thousand
strings over and over while simulating, and a parsed Choice is immutable,
so one shared object per text is safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import CARDS, CardParseError, card


class Verb(StrEnum):
    """The first word of a choice string."""

    HIT = "hit"
    STAY = "stay"
    TARGET = "target"  # Just One More, Flip Four, a modifier: target P
    STEAL = "steal"  # steal P CARD
    SWAP = "swap"  # swap P CARD Q CARD
    DISCARD = "discard"  # discard P CARD
    BONUS = "bonus"  # Brutal Flip 7: +15 to self
    ATTACK = "attack"  # Brutal Flip 7: attack P (−15 to P)


# What follows each verb: "s" a seat, "c" a card code.
_SHAPES: dict[Verb, str] = {
    Verb.HIT: "",
    Verb.STAY: "",
    Verb.TARGET: "s",
    Verb.STEAL: "sc",
    Verb.SWAP: "scsc",
    Verb.DISCARD: "sc",
    Verb.BONUS: "",
    Verb.ATTACK: "s",
}
_WORDS = {"s": "a seat number", "c": "a card code"}
# By text (a Verb is its text: the members are found too), and which of the
# four fields each verb fills.
_VERBS: dict[str, Verb] = {v.value: v for v in Verb}
_PRESENT: dict[Verb, list[bool]] = {
    v: [k < len(shape) for k in range(4)] for v, shape in _SHAPES.items()
}

# A Steal, Swap or Discard option read (the engine's and the bots' form of
# it, no text): verb, seat, card, other seat (-1 if none), other card (""
# if none), and the two cards' face values (None: not a number card).
Use = tuple[str, int, str, int, str, int | None, int | None]  # verb: a Verb

HIT = Verb.HIT.value
STAY = Verb.STAY.value
BONUS = Verb.BONUS.value


class ChoiceError(ValueError):
    """Text that is not a choice string; the message says what is wrong."""

    def __init__(self, text: str, detail: str) -> None:
        super().__init__(f"Not a choice: {text!r} ({detail})")
        self.text = text


@dataclass(frozen=True, slots=True)
class Choice:
    """A parsed choice. ``seat``/``card``: the first player and card named
    (the target, the victim of a steal or discard, the first side of a
    swap); ``other_seat``/``other_card``: the second side of a swap.
    ``verb`` is always a :class:`Verb` (a ``str``); its plain text is
    accepted too, so the field is typed ``str`` (a compiled class checks
    the declared type when it is built, companion/machine/native.py)."""

    verb: str
    seat: int | None = None
    card: str | None = None
    other_seat: int | None = None
    other_card: str | None = None

    def __post_init__(self) -> None:
        # (A choice the engine or a bot builds is read often: plain dict
        # look-ups here, not the Enum's call, for the same checks.)
        verb = _VERBS.get(self.verb) if isinstance(self.verb, str) else None
        if verb is None:
            raise ChoiceError(str(self.verb), "not a verb")
        if verb is not self.verb:
            object.__setattr__(self, "verb", verb)  # accept the verb's text too
        given = (self.seat, self.card, self.other_seat, self.other_card)
        if [g is not None for g in given] != _PRESENT[verb]:
            raise ChoiceError(verb.value, f"{verb} takes {_usage(_SHAPES[verb])}")
        for seat in (self.seat, self.other_seat):
            if seat is not None and (type(seat) is not int or seat < 0):
                raise ChoiceError(verb.value, f"{seat!r} is not a seat number")
        for code in (self.card, self.other_card):
            if code is not None and code not in CARDS:
                raise ChoiceError(verb.value, f"{code!r} is not a card code")

    @classmethod
    def parse(cls, text: str) -> Choice:
        """Read a choice string; :class:`ChoiceError` when it is not one."""
        got = _PARSED.get(text)
        if got is None:
            got = _parse(text)
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[text] = got
        return got

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat the choice names, in order."""
        return tuple(s for s in (self.seat, self.other_seat) if s is not None)

    def __str__(self) -> str:
        words: list[str] = [str(self.verb)]
        for part in (self.seat, self.card, self.other_seat, self.other_card):
            if part is not None:
                words.append(str(part))
        return " ".join(words)


def _usage(shape: str) -> str:
    if not shape:
        return "nothing after it"
    return ", ".join(_WORDS[k] for k in shape)


def _parse(text: str) -> Choice:
    if not isinstance(text, str):
        raise ChoiceError(repr(text), "a choice is text")
    words = text.split()
    if not words:
        raise ChoiceError(text, "empty")
    verb = _VERBS.get(words[0].lower())
    if verb is None:
        raise ChoiceError(
            text, f"starts with {words[0]!r}; use one of {', '.join(Verb)}"
        )
    shape = _SHAPES[verb]
    args = words[1:]
    if len(args) != len(shape):
        raise ChoiceError(text, f"{verb} takes {_usage(shape)}")
    seats: list[int | None] = []
    cards: list[str | None] = []
    for kind, word in zip(shape, args, strict=True):
        if kind == "s":
            if not word.isascii() or not word.isdigit():
                raise ChoiceError(text, f"{word!r} is not a seat number")
            seats.append(int(word))
        else:
            exact = CARDS.get(word)  # a code as written: no parsing needed
            if exact is not None:
                cards.append(exact.code)
                continue
            try:
                cards.append(card(word).code)
            except CardParseError as exc:
                raise ChoiceError(text, str(exc)) from None
    seats += (None, None)  # the fields a shorter shape leaves empty
    cards += (None, None)
    return Choice(verb, seats[0], cards[0], seats[1], cards[1])


_PARSED: dict[str, Choice] = {}
_PARSED_MAX = 1 << 16
