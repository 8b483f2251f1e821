"""Translations (gettext catalogs, made with Babel) and locale formatting.

Why no ``gettext.install``: one server process serves every phone at a live
table, and each phone has its own language. A process-wide ``_`` would show
one phone's language on all of them. Instead each session has its own
:class:`Translator` (one shared, read-only object per language), and
``_()`` asks :func:`current` which one applies *here*:

1. an explicit :func:`use` block (a contextvar: tests, a worker thread, a
   piece of work done on behalf of one session);
2. otherwise the *resolver* the UI installs (:func:`set_resolver`): Flet
   re-binds ``ft.context.page`` at every entry into a session (event
   handler, re-render, ``page.run_task``) and the resolver maps that page
   to its session's translator. A contextvar we set during a render would
   not survive into Flet's event tasks, which start from fresh contexts;
   Flet's own page binding does, so we follow it;
3. otherwise English (the source language).

So views of one session never see another's language, and this module stays
Flet-free: the app layer calls ``_()`` too, and its messages come out in the
language of the session whose intent made them.

Messages defined at import time (labels in module constants) are marked
with :func:`N_` (extracted, not translated) and passed through ``_()`` where
they are shown.

Catalogs: ``companion/locale/<lang>/LC_MESSAGES/messages.po`` are the
source; the ``.mo`` files are built from them (``python -m companion.i18n
compile``) and, when missing or older than their ``.po``, at start
(:func:`prepare`) or in memory on first use when the folder is read-only.
``python -m companion.i18n extract|update|compile|check`` wraps pybabel.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from pathlib import Path

from babel import Locale
from babel.dates import format_date as _babel_date
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

DOMAIN = "messages"
SOURCE = "en"
# Each language in its own name: how the picker shows it.
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "hu": "Magyar"}
DAY_FORMATS = {"en": "d MMM y"}  # else the locale's "medium" date
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
ROOT = LOCALE_DIR.parents[1]
POT = LOCALE_DIR / f"{DOMAIN}.pot"

log = logging.getLogger(__name__)


def match(tag: str | None, default: str | None = SOURCE) -> str | None:
    """The supported language for a locale string: "it-IT", "hu_HU",
    "IT", "it-IT,it;q=0.9,en;q=0.8" (the first supported one wins);
    ``default`` when none is supported."""
    for part in re.split(r"[,\s]+", tag or ""):
        code = re.split(r"[-_;.@]", part.strip(), maxsplit=1)[0].casefold()
        if code in LANGUAGES:
            return code
    return default


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _mo_bytes(po: Path) -> bytes:
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parents[1].name)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_language(language: str, *, force: bool = False) -> bytes | None:
    """The compiled catalog of ``language`` (None for English or a missing
    .po). Written beside the .po when missing or outdated; a read-only
    install (a packaged app) compiles in memory instead; a .mo without its
    .po (the phone app ships only compiled catalogs) is used as it is."""
    po = po_path(language)
    mo = po.with_suffix(".mo")
    if language == SOURCE:
        return None
    if not po.is_file():
        return mo.read_bytes() if mo.is_file() else None
    if not force and mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        return mo.read_bytes()
    data = _mo_bytes(po)
    try:
        tmp = mo.with_suffix(".mo.tmp")
        tmp.write_bytes(data)
        tmp.replace(mo)
    except OSError:
        log.info("cannot write %s; using the catalog from memory", mo)
    return data


def prepare() -> None:
    """Build every missing or outdated .mo (called once at start)."""
    for language in LANGUAGES:
        try:
            compile_language(language)
        except Exception:  # a broken .po must not stop the server
            log.exception("catalog %s not compiled", language)


_ARTICLE = re.compile(r"\b([Aa])\(z\) (\S+)")
_VOWELS = set("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")


def _spoken_with_vowel(word: str) -> bool:
    """Whether Hungarian says ``word`` starting with a vowel: a number by its
    spoken form (1 egy, 5 öt, 50-59 ötven, 500-599 ötszáz, 1000-1999 ezer),
    a word by its first letter, a quoted word by the letter after the quote."""
    word = word.lstrip("„“\"'(")
    digits = re.match(r"\d+", word)
    if digits:
        n = digits.group()
        return n == "1" or n.startswith("5") or (n.startswith("1") and len(n) == 4)
    return bool(word) and word[0] in _VOWELS


def hungarian_articles(text: str) -> str:
    """ "A(z) 6. kör" → "A 6. kör", "a(z) 5. kör" → "az 5. kör"."""

    def one(m: re.Match[str]) -> str:
        a, word = m.group(1), m.group(2)
        return f"{a}{'z' if _spoken_with_vowel(word) else ''} {word}"

    return _ARTICLE.sub(one, text)


class HungarianText(str):
    """A Hungarian message whose "a(z)" is settled when it is formatted:
    the article is "a" or "az" by the sound of what fills the placeholder."""

    def format(self, *args: object, **kwargs: object) -> str:
        return hungarian_articles(str.format(self, *args, **kwargs))


class Translator:
    """One language: messages, plurals and Babel's number and date formats.
    Read-only once made, so every session of that language shares it."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else SOURCE
        self.locale = Locale.parse(self.language)
        data = None
        try:
            data = compile_language(self.language)
        except Exception:
            log.exception("catalog %s unreadable: English shown", self.language)
        self._t: gettext.NullTranslations = (
            gettext.GNUTranslations(io.BytesIO(data))
            if data
            else gettext.NullTranslations()
        )

    def gettext(self, message: str) -> str:
        return self._worded(self._t.gettext(message)) if message else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._worded(self._t.ngettext(singular, plural, n))

    def _worded(self, text: str) -> str:
        """Hungarian's "a(z)" before a placeholder is decided once the
        placeholder is filled in (:class:`HungarianText`)."""
        if self.language == "hu" and "(z) " in text:
            return HungarianText(text)
        return text

    def number(self, value: float) -> str:
        """100000 → "100,000" / "100.000" / "100 000"."""
        return str(format_decimal(value, locale=self.locale))

    def decimal(self, value: float, digits: int = 1) -> str:
        return str(
            format_decimal(value, format="0." + "0" * digits, locale=self.locale)
        )

    def percent(self, value: float, places: int = 0) -> str:
        """``value`` (0.412) as "41%", or with ``places`` decimals "41.2%"
        ("41,2%" in it/hu): the locale's pattern, its last digit widened."""
        if not places:
            return str(format_percent(value, locale=self.locale))
        pattern = self.locale.percent_formats[None].pattern
        head, sep, tail = pattern.rpartition("0")
        wide = f"{head}0.{'0' * places}{tail}" if sep else pattern
        return str(format_percent(value, format=wide, locale=self.locale))

    def date(self, day: date | datetime, format: str | None = None) -> str:
        """A day in the language's medium form ("15 mar 2024", "2024. márc.
        15."); English keeps the app's "15 Mar 2024" (the share texts' form)."""
        pattern = format or DAY_FORMATS.get(self.language, "medium")
        return str(_babel_date(day, format=pattern, locale=self.locale))

    def names(self, items: list[str] | tuple[str, ...]) -> str:
        """["Ann", "Bea", "Dee"] → "Ann, Bea and Dee" / "… e Dee" / "… és Dee"."""
        return str(format_list(list(items), locale=self.locale)) if items else ""

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"


_lock = threading.Lock()
_made: dict[str, Translator] = {}


def translator(language: str | None) -> Translator:
    """The shared translator of a language (English for an unknown one)."""
    code = match(language) or SOURCE
    with _lock:
        if code not in _made:
            _made[code] = Translator(code)
        return _made[code]


_current: ContextVar[Translator | None] = ContextVar(
    "companion_translator", default=None
)
_resolver: Callable[[], Translator | None] | None = None


def set_resolver(resolver: Callable[[], Translator | None] | None) -> None:
    """Install how to find the translator of the session running now."""
    global _resolver
    _resolver = resolver


def current() -> Translator:
    chosen = _current.get()
    if chosen is None and _resolver is not None:
        chosen = _resolver()
    return chosen if chosen is not None else translator(SOURCE)


@contextmanager
def use(language: str | Translator) -> Iterator[Translator]:
    """Translate in ``language`` inside the block (this context only)."""
    tr = language if isinstance(language, Translator) else translator(language)
    token = _current.set(tr)
    try:
        yield tr
    finally:
        _current.reset(token)


def _(message: str) -> str:
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the session's language, in ``context`` (gettext's
    ``msgctxt``, extracted by pybabel under this name): "Discard" the card
    and "Discard" the button can be translated apart."""
    key = f"{context}\x04{message}"
    found = current().gettext(key)
    return message if found == key else found


def N_(message: str) -> str:
    """Mark a message for extraction; translate it with ``_()`` when shown."""
    return message


def number(value: float) -> str:
    return current().number(value)


def signed(score: int) -> str:
    """A score as every screen writes it: Brutal's negatives with a true
    minus sign ("−25"), never the hyphen ("-25"), in every language."""
    return str(score).replace("-", "\u2212")


def percent(value: float, places: int = 0) -> str:
    return current().percent(value, places)


def decimal(value: float, digits: int = 1) -> str:
    return current().decimal(value, digits)


def names_list(items: list[str] | tuple[str, ...]) -> str:
    return current().names(items)


def rate(value: float | None) -> str:
    """A share as a whole percent in the session's language; "–" for None."""
    return "–" if value is None else current().percent(value)


def one_decimal(value: float | None) -> str:
    return "–" if value is None else current().decimal(value, 1)


def format_day(day: date | datetime, format: str | None = None) -> str:
    return current().date(day, format)


# --- python -m companion.i18n extract|update|compile|check -------------------
def _pybabel(*args: str) -> int:
    from babel.messages.frontend import CommandLineInterface

    try:
        CommandLineInterface().run(["pybabel", *args])  # type: ignore[no-untyped-call]
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


COMMANDS: dict[str, tuple[str, ...]] = {
    "extract": (
        "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(POT),
        "--no-location", "--sort-output", "--project", "flip7-companion",
        "-c", "TRANSLATORS:", str(ROOT / "companion"),
    ),
    "update": (
        "update", "-i", str(POT), "-d", str(LOCALE_DIR), "--no-fuzzy-matching",
        "--ignore-obsolete",
    ),
    "compile": ("compile", "-d", str(LOCALE_DIR), "--statistics"),
}  # fmt: skip


def main(argv: list[str]) -> int:
    """extract (.pot from the code), update (.po from the .pot), compile
    (.mo, with statistics), or all three in order with no argument."""
    wanted = argv or ["extract", "update", "compile"]
    POT.parent.mkdir(parents=True, exist_ok=True)
    for name in wanted:
        if name not in COMMANDS:
            print(f"usage: python -m companion.i18n [{'|'.join(COMMANDS)}]")
            return 2
        code = _pybabel(*COMMANDS[name])
        if code:
            return code
    return 0
