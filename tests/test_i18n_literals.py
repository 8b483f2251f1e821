"""No untranslated words on the translated screens (issue 12).

Reads each file in :data:`CHECKED` with :mod:`ast` and lists every string
literal (f-strings included) that reads like words for a person — a word
of two or more letters with a capital or a space — unless it is:

- the message of ``_()``, ``N_()`` or ``ngettext()`` (that is the point),
- a docstring, a log line, or a programming error (``ValueError`` & co.),
- an argument that is never shown (``key=``, ``src=``, ``font_family=``…),
- on a line marked ``# i18n: not shown`` (say why next to it).

To translate more of the app, add its files to ``CHECKED``; the test then
lists what is left to wrap, with file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECKED: tuple[str, ...] = (
    "companion/ui/screens/home.py",
    "companion/ui/theme_choice.py",
    "companion/ui/haptics.py",
    "companion/ui/textscale.py",
    "companion/ui/screens/history.py",
    "companion/ui/screens/stats.py",
    "companion/ui/screens/past_game.py",
    "companion/ui/screens/import_game.py",
    "companion/ui/screens/rules.py",
    "companion/ui/screens/setup.py",
    "companion/ui/parts/game_tile.py",
    "companion/ui/parts/charts.py",
    "companion/ui/widgets.py",
    "companion/ui/guard.py",
    "companion/ui/language.py",
    "companion/app/setup_form.py",
    "companion/app/library.py",
    "companion/app/digital.py",
    "companion/ui/parts/purist.py",
    # the live table and sharing (i18n-live)
    "companion/ui/screens/share.py",
    "companion/ui/screens/join.py",
    "companion/ui/screens/guest_game.py",
    "companion/ui/screens/invite.py",
    "companion/ui/screens/board.py",
    "companion/ui/app.py",
    "companion/ui/wakelock.py",
    "companion/app/board.py",
    "companion/app/live.py",
    "companion/app/invite.py",
    "companion/app/seats.py",
    "companion/share/summary.py",
    "companion/share/caption.py",
    # tap-in scoring (i18n-play)
    "companion/ui/screens/entry.py",
    "companion/ui/screens/game.py",
    "companion/ui/parts/keypad.py",
    "companion/ui/parts/score_table.py",
    "companion/ui/parts/wide_table.py",
    "companion/ui/parts/players_panel.py",
    "companion/ui/parts/phones.py",
    "companion/app/tap_in.py",
    "companion/app/entry.py",
    "companion/app/corrections.py",
    "companion/app/standings.py",
    "companion/app/refusal.py",
    "companion/app/wording.py",
    # the digital deal (i18n-digital)
    "companion/app/telling.py",
    "companion/app/advice_words.py",
    "companion/app/said.py",
    "companion/app/digital_table.py",
    "companion/app/bots.py",
    "companion/ui/screens/digital.py",
    "companion/ui/parts/decision.py",
    "companion/ui/parts/flip_four.py",
    "companion/ui/parts/choices.py",
    "companion/ui/parts/digital_parts.py",
    # messages and refusals (i18n-words)
    "companion/app/session.py",
    "companion/app/open_game.py",
    "companion/app/hub.py",
    "companion/app/refusal.py",
    "companion/app/observable.py",
    "companion/app/corrections.py",
    "companion/app/tap_in.py",
    "companion/app/entry.py",
    "companion/app/problems.py",
    "companion/app/card_names.py",
    "companion/ui/parts/cardlook.py",
    "companion/said.py",
)

MESSAGES = {"_", "N_", "ngettext", "gettext", "pgettext"}
NOT_SHOWN_ARGS = {"key", "src", "font_family", "font_family_fallback", "data"}
NOT_SHOWN_CALLS = {
    "debug", "info", "warning", "error", "exception",  # logging
    "ValueError", "TypeError", "KeyError", "RuntimeError", "getLogger",
    "ContextVar", "get", "set",  # storage keys
}  # fmt: skip
MARK = "# i18n: not shown"
WORDS = re.compile(r"[A-Za-z][a-z]+")


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value
            for v in node.values
            if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def _prose(text: str) -> bool:
    bare = re.sub(r"\{[^}]*\}", "", text)
    return any(
        w[0].isupper() or " " in bare.strip() for w in WORDS.findall(bare)
    ) and bool(WORDS.search(bare))


def _exempt(tree: ast.AST) -> set[int]:
    """ids of string nodes that are not shown to a person."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skip.add(id(body[0].value))  # docstring
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MESSAGES or name in NOT_SHOWN_CALLS:
                skip.update(id(n) for a in node.args for n in ast.walk(a))
            for kw in node.keywords:
                if kw.arg in NOT_SHOWN_ARGS:
                    skip.update(id(n) for n in ast.walk(kw.value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
        if isinstance(node, ast.Subscript | ast.Compare):
            skip.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))
    return skip


def untranslated(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _exempt(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.Constant | ast.JoinedStr):
            continue
        text = _text(node)
        if text is None or not _prose(text) or MARK in lines[node.lineno - 1]:
            continue
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


@pytest.mark.parametrize("name", CHECKED)
def test_no_untranslated_words(name: str) -> None:
    assert untranslated(ROOT / name) == []


def test_the_check_finds_a_bare_word(tmp_path: Path) -> None:
    """The check itself: English left in a view is found, wrapped is not."""
    view = tmp_path / "view.py"
    view.write_text(
        '"""Docstring."""\n'
        "import flet as ft\n"
        "from companion.i18n import _\n"
        "def v(n):\n"
        '    log.debug("Not shown")\n'
        '    a = ft.Text(_("Open"), key="Some key")\n'
        '    b = ft.Text("Open")\n'
        '    c = primary(f"Round {n}")\n'
        '    d = state.set_option("brutal")\n'
        "    return a, b, c, d\n",
        encoding="utf-8",
    )
    found = untranslated_at(view)
    assert [f.split(": ", 1)[1] for f in found] == ["'Open'", "'Round '"]


def untranslated_at(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return untranslated(path)
    finally:
        ROOT = saved
