"""What every screen on a game shows of the round being entered — line
scores, the Flip 7 player, problems, copies left, who is still out —
worked out once per change of the game and shared by every session on it
(``derive``: :meth:`OpenGame.derived`, or :func:`open_game.fresh` for one
state). The round entry and the views read them; nobody changes them."""

from __future__ import annotations

from collections import Counter

from companion.rules import LineScore, Problem

from .open_game import Derive, GameState


def line_names(state: GameState) -> list[str]:
    """The names of the round's lines, in the draft's order (its problems
    name players by position)."""
    who = state.sheet.names()
    return [who.get(p, p) for p in state.draft.players]


def waiting_for(state: GameState) -> list[str]:
    """Names of the players whose line is not in yet."""
    names = state.sheet.names()
    return [names[p] for p in state.draft.players if not state.draft.is_in(p)]


def copies_left(derive: Derive) -> Counter[str]:
    return derive("copies_left", lambda s: s.draft.copies_left(s.sheet.rules))


def line_score(derive: Derive, pid: str) -> LineScore:
    return derive(("line_score", pid), lambda s: s.draft.line_score(pid, s.sheet.rules))


def round_score(derive: Derive, pid: str) -> int:
    return derive(("round_score", pid), lambda s: s.draft.score(pid, s.sheet.rules))


def flip7_player(derive: Derive) -> str | None:
    return derive("flip7_player", lambda s: s.draft.flip7_player(s.sheet.rules))


def problems_by_player(derive: Derive) -> dict[str | None, list[Problem]]:
    """Problems keyed by player id (None: about the whole table)."""

    def by_player(state: GameState) -> dict[str | None, list[Problem]]:
        out: dict[str | None, list[Problem]] = {}
        for p in state.draft.problems(state.sheet.rules, state.sheet.names()):
            key = None if p.player is None else state.draft.players[p.player]
            out.setdefault(key, []).append(p)
        return out

    return derive("problems_by_player", by_player)
