"""Flet passes the event to any handler that declares a parameter, so a
handler written ``lambda i=i: choose(i)`` gets the event as ``i`` (the player
stats chips froze that way). Handlers given straight to a Flet control must
take the event first; our button helpers call theirs with no argument."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "companion" / "ui"


def flet_calls(tree: ast.AST) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "ft"
    ]


def test_no_flet_handler_lambda_whose_first_parameter_has_a_default() -> None:
    bad = []
    for path in sorted(UI.glob("**/*.py")):
        for call in flet_calls(ast.parse(path.read_text(encoding="utf-8"))):
            for kw in call.keywords:
                fn = kw.value
                if not (kw.arg or "").startswith("on_") or not isinstance(
                    fn, ast.Lambda
                ):
                    continue
                if fn.args.args and len(fn.args.defaults) == len(fn.args.args):
                    bad.append(f"{path.name}:{fn.lineno}")
    assert bad == []


def _intent_call(call: ast.expr, coroutines: set[str]) -> bool:
    """``intents.x(...)``, ``perform(...)`` or a call of one of the file's
    own ``async def``s: each returns a coroutine."""
    if not isinstance(call, ast.Call):
        return False
    fn = call.func
    if isinstance(fn, ast.Name):
        return fn.id in coroutines or fn.id == "perform"
    owner = fn.value if isinstance(fn, ast.Attribute) else None
    while isinstance(owner, ast.Attribute):
        owner = owner.value if "intents" not in owner.attr else None
        if owner is None:
            return True
    return isinstance(owner, ast.Name) and "intents" in owner.id


def lambdas_returning_coroutines(tree: ast.AST) -> list[int]:
    coroutines = {n.name for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef)}
    return [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Lambda) and _intent_call(n.body, coroutines)
    ]


def test_no_handler_is_a_lambda_returning_an_intents_coroutine() -> None:
    """Flet 1.0.5 awaits a handler only if it is an ``async def``
    (``BaseControl._trigger_event``): ``lambda: intents.undo()`` makes the
    coroutine and drops it, so the tap does nothing (issue 36). Intents
    are async: a handler calling one is an ``async def`` that awaits it."""
    bad = []
    for path in sorted(UI.glob("**/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad += [f"{path.name}:{line}" for line in lambdas_returning_coroutines(tree)]
    assert bad == []


def test_the_check_finds_a_lambda_that_drops_an_intent() -> None:
    src = (
        "async def go(): ...\n"
        "a = lambda: intents.undo()\n"
        "b = lambda e: self.intents.add(e)\n"
        "c = lambda: go()\n"
        "d = lambda: perform(state, f)\n"
        "e = lambda: nav.go('home')\n"
        "f = bind(intents.undo)\n"
    )
    assert lambdas_returning_coroutines(ast.parse(src)) == [2, 3, 4, 5]


def test_the_button_helpers_hand_flet_an_async_handler_for_an_intent() -> None:
    """Flet awaits only an ``async def``: ``bind`` of an intent, ``awaited``
    and a switch's handler must be coroutine functions that run it."""
    import asyncio
    import inspect
    from types import SimpleNamespace

    from companion.ui.widgets import awaited, bind, no_event, switch_row

    ran: list[object] = []

    async def intent(*args: object) -> None:
        ran.append(args)

    handler = no_event(bind(intent, 1))
    assert inspect.iscoroutinefunction(handler)
    asyncio.run(handler(None))

    async def tapped() -> None:
        await awaited(lambda: intent(2))(None)

    asyncio.run(tapped())
    switch = switch_row("Busted", False, intent)
    on_change = switch.controls[0].on_change  # type: ignore[attr-defined]
    assert inspect.iscoroutinefunction(on_change)
    asyncio.run(on_change(SimpleNamespace(control=SimpleNamespace(value=True))))
    assert ran == [(1,), (2,), (True,)]
    assert not inspect.iscoroutinefunction(bind(print, 3))  # plain stays plain
