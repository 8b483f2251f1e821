"""No untranslated words on the translated screens (issue 12).

Reads each file in :data:`CHECKED` with :mod:`ast` and lists every string
literal (f-strings included) that reads like words for a person — a word
of two or more letters with a capital or a space — unless it is:

- the message of ``_()``, ``N_()`` or ``ngettext()`` (that is the point),
- a docstring, a log line, or a programming error (``ValueError`` & co.),
- an argument that is never shown (``key=``, ``src=``, ``font_family=``…),
- a path or pattern (no space, a ``/`` or ``.`` in it), a name in ``__all__``,
- on a line marked ``# i18n: not shown`` or ``# i18n: a name`` (a font's or
  the app's name, the same in every language; say why next to it).

Every module of ``companion/ui`` and ``companion/app`` is read; the test
lists what is left to wrap, with file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Every module of the app layer and the views (issue 12: no untranslated
# user-visible literal left in companion/ui or companion/app), and the text a
# share carries.
CHECKED: tuple[str, ...] = tuple(
    sorted(
        str(p.relative_to(ROOT))
        for folder in ("companion/ui", "companion/app")
        for p in (ROOT / folder).rglob("*.py")
    )
) + (
    "companion/share/summary.py",
    "companion/share/caption.py",
    "companion/i18n/said.py",
)

MESSAGES = {"_", "N_", "ngettext", "gettext", "pgettext"}
NOT_SHOWN_ARGS = {"key", "src", "font_family", "font_family_fallback", "data"}
NOT_SHOWN_CALLS = {
    "debug", "info", "warning", "error", "exception",  # logging
    "ValueError", "TypeError", "KeyError", "RuntimeError", "getLogger",
    "ContextVar", "get", "set",  # storage keys
}  # fmt: skip
MARKS = ("# i18n: not shown", "# i18n: a name")
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
    if " " not in text and ("/" in text or "." in text):
        return False  # a path, a file or a pattern
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
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            skip.update(id(n) for n in ast.walk(node.value))
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
        if (
            text is None
            or not _prose(text)
            or any(m in lines[node.lineno - 1] for m in MARKS)
        ):
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


def _whats(tree: ast.AST) -> list[ast.expr]:
    """What each commit says it changed: ``what=`` or ``_commit``'s second
    argument (live.py's seat changes)."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        found += [kw.value for kw in node.keywords if kw.arg == "what"]
        if _name(node.func) == "_commit" and len(node.args) >= 2:
            found.append(node.args[1])
    return found


def _spoken_later(value: ast.expr) -> bool:
    """A Said (worded by the session that reads it) or a name bound to one."""
    if isinstance(value, ast.IfExp):
        return _spoken_later(value.body) and _spoken_later(value.orelse)
    if isinstance(value, ast.Call):
        return _name(value.func) in {"Said", "said"}
    return isinstance(value, ast.Name)


def test_every_commit_says_what_changed_in_the_readers_language() -> None:
    """A commit's phrase reaches other phones' "meanwhile" and clash messages,
    each in its own language: it must be a Said, never a formatted string."""
    bad = []
    for path in sorted((ROOT / "companion/app").glob("*.py")):
        for value in _whats(ast.parse(path.read_text(encoding="utf-8"))):
            if not _spoken_later(value):
                bad.append(f"{path.relative_to(ROOT)}:{value.lineno}")
    assert bad == []
