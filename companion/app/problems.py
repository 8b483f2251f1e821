"""Problems and rule refusals in the session's language.

The rules core is pure and English: :func:`validate_round` returns a
:class:`Problem` with a ``code``, the ``player`` and ``card`` it is about and
``params`` (counts, the players involved); a refused change raises
:class:`SheetError` with a ``code`` and ``params``. Problems are shared by
every session watching a game (one live table, several languages), so they
are worded here, when a session shows them: :func:`problem_text` has one
template per code (tests/test_problems.py fails when a code has none), and
:func:`error_text` does the same for the errors of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.i18n import _, names_list, ngettext
from companion.rules import Problem, SheetError
from companion.rules.choice import ChoiceError
from companion.rules.names import MAX_MARKS
from companion.rules.round import IllegalChoice
from companion.rules.saving import SavedRoundError

from .card_names import card_name

Names = Sequence[str] | Mapping[int, str] | None


def player_name(index: int, names: Names) -> str:
    """The name of the player at ``index`` ("Player 2" when unnamed)."""
    if names is not None:
        try:
            return names[index]
        except (IndexError, KeyError):
            pass
    return _("Player {n}").format(n=index + 1)


def _who(p: Problem, names: Names) -> str:
    return player_name(p.player if p.player is not None else 0, names)


def _players(p: Problem, names: Names) -> str:
    return names_list([player_name(i, names) for i in p.params.get("players", ())])


def _action(p: Problem, names: Names) -> str:
    return _("{player}: {card} is an action; actions never stay in a line.").format(
        player=_who(p, names), card=card_name(p.card or "STEAL")
    )


def _third_13(p: Problem, names: Names) -> str:
    return _("{player}: a third 13 always busts.").format(player=_who(p, names))


def _duplicate(p: Problem, names: Names) -> str:
    if p.card == "13":
        return _("{player}: two 13s bust without the Lucky 13.").format(
            player=_who(p, names)
        )
    return _("{player}: two {value}s in a line that did not bust.").format(
        player=_who(p, names), value=p.card
    )


def _seven(p: Problem, names: Names) -> str:
    return _(
        "{player}: a 7 cannot sit beside the Unlucky 7 (it is discarded when "
        "the Unlucky 7 arrives, and a later 7 busts)."
    ).format(player=_who(p, names))


def _too_many_numbers(p: Problem, names: Names) -> str:
    count = int(p.params.get("count", 8))
    return ngettext(
        "{player}: {count} number card; the round ends at 7 (Flip 7).",
        "{player}: {count} number cards; the round ends at 7 (Flip 7).",
        count,
    ).format(player=_who(p, names), count=count)


def _too_many_copies(p: Problem, names: Names) -> str:
    limit = int(p.params.get("limit", 1))
    if p.params.get("decks", 1) == 1:
        text = ngettext(
            "{count} × {card} on the table ({players}), but the deck holds "
            "{limit} copy.",
            "{count} × {card} on the table ({players}), but the deck holds "
            "{limit} copies.",
            limit,
        )
    else:
        text = ngettext(
            "{count} × {card} on the table ({players}), but two decks hold "
            "{limit} copy.",
            "{count} × {card} on the table ({players}), but two decks hold "
            "{limit} copies.",
            limit,
        )
    return text.format(
        count=p.params.get("count", limit + 1),
        card=card_name(p.card or "0"),
        players=_players(p, names),
        limit=limit,
    )


def _two_flip7(p: Problem, names: Names) -> str:
    return _("Only one Flip 7 per round: {players} have 7 number cards.").format(
        players=_players(p, names)
    )


def _typed_negative(p: Problem, names: Names) -> str:
    return _("{player}: scores never go below 0 without Brutal mode.").format(
        player=_who(p, names)
    )


def _typed_out_of_range(p: Problem, names: Names) -> str:
    return _(
        "{player}: no round scores {score}: a round scores from {low} to {high}."
    ).format(player=_who(p, names), **p.params)


TEMPLATES: dict[str, Callable[[Problem, Names], str]] = {
    "action_in_line": _action,
    "third_13": _third_13,
    "duplicate": _duplicate,
    "seven_with_unlucky": _seven,
    "too_many_numbers": _too_many_numbers,
    "too_many_copies": _too_many_copies,
    "two_flip7": _two_flip7,
    "typed_negative": _typed_negative,  # companion/app/entry.py
    "typed_out_of_range": _typed_out_of_range,  # companion/app/entry.py
}


def problem_text(problem: Problem, names: Names = None) -> str:
    """The problem in the session's language; ``names`` are the players'
    names by the index ``Problem.player`` uses (the draft's players)."""
    template = TEMPLATES.get(problem.code)
    return problem.message if template is None else template(problem, names)


# --- refusals of the rules ------------------------------------------------------
def _players_count(params: Mapping[str, Any]) -> str:
    most = int(params.get("max", 18))
    if params.get("decks", 1) == 1:
        return _("One deck takes 2 to {max} players.").format(max=most)
    return _("Two decks take 2 to {max} players.").format(max=most)


SHEET_ERRORS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "no_name": lambda p: _("A player needs a name."),
    "name_too_long": lambda p: ngettext(
        "Names are at most {max} character.",
        "Names are at most {max} characters.",
        int(p["max"]),
    ).format(max=p["max"]),
    "name_taken": lambda p: _("{name} is already at the table.").format(**p),
    "name_control": lambda p: _("A name cannot hold control characters."),
    "name_invisible": lambda p: _(
        "A name needs at least one letter, digit or sign that shows."
    ),
    "name_direction": lambda p: _(
        "A name cannot hold characters that turn the text's direction."
    ),
    "name_marks": lambda p: _(
        "A name cannot stack more than {max} accents on one letter."
    ).format(max=MAX_MARKS),
    "player_count": _players_count,
    "dealer_not_player": lambda p: _("The first dealer must be one of the players."),
    "no_player": lambda p: _("No player {pid}.").format(**p),
    "empty_round": lambda p: _("A round needs at least one player."),
    "unknown_player": lambda p: _("That round names a player who is not in the game."),
    "game_over": lambda p: _("The game is over; start a new game or undo a round."),
    "no_round": lambda p: _("There is no round {n}.").format(**p),
    "nothing_to_undo": lambda p: _("No round to undo."),
    "too_many_players": lambda p: ngettext(
        "At most {max} player.", "At most {max} players.", int(p["max"])
    ).format(**p),
    "too_few_players": lambda p: _("A game needs at least 2 players."),
}


def error_text(exc: Exception) -> str:
    """A refusal of the rules in the session's language. A :class:`SheetError`
    without a code (a damaged file's, or one the app worded already) keeps
    its own text; a move the rules refuse is said plainly."""
    if isinstance(exc, SheetError):
        template = SHEET_ERRORS.get(exc.code)
        return str(exc) if template is None else template(exc.params)
    if isinstance(exc, IllegalChoice | ChoiceError):
        return _("That move is not possible now.")
    if isinstance(exc, SavedRoundError):
        return _("The saved digital round could not be read.")
    return str(exc)
