"""The views call the app state only through names it really has.

Views are not type-checked (Flet's hooks defeat mypy's inference), and a
misspelt intent would only fail when a person taps the button; this reads
every ``state.<name>`` in companion/ui and checks AppState has it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from companion.app import AppState
from companion.store import GameStore

UI = Path(__file__).resolve().parents[1] / "companion" / "ui"


def test_every_state_attribute_used_by_a_view_exists() -> None:
    state = AppState(GameStore.memory())
    missing = []
    for path in sorted(UI.glob("*.py")):
        if path.name.startswith("state"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "state"
                and not hasattr(state, node.attr)
            ):
                missing.append(f"{path.name}:{node.lineno} state.{node.attr}")
    assert missing == []
