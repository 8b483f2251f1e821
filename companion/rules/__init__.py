"""Pure Flip 7: With a Vengeance rules: cards, scoring, validation, odds.

No Flet, no I/O, no clock, no global randomness: everything the app and the
tests need to score a round exactly as RULES.md says.
"""

# The digital deal engine: advisor, bots, choice, events, match, resolve, round.
from .advice import Advice
from .advising import AnyAdvice, advise
from .bots import Bot, OddsBot, RandomBot, StopBot
from .cards import (
    ALL_CODES,
    Card,
    CardParseError,
    Kind,
    card,
    deck_counts,
    full_deck,
    parse_cards,
)
from .choice import Choice, ChoiceError, Verb
from .choice_advice import ChoiceAdvice, advise_choice
from .config import FLIP7_BONUS, Rules
from .decision import Decision, Pending
from .events import Event
from .game import EndCheck, check_end
from .lines import flip7_count, is_flip7, would_bust
from .match import Match, round_record
from .odds import bust_chance, flip7_chance
from .roster import BOTS, make_bot
from .round import IllegalChoice, Round
from .scoring import LineScore, score_line
from .sheet import Entry, Player, RoundRecord, Sheet, SheetError, check_name
from .status import Status
from .validate import Problem, validate_round

__all__ = [
    "ALL_CODES",
    "FLIP7_BONUS",
    "Card",
    "CardParseError",
    "Choice",
    "ChoiceError",
    "Decision",
    "EndCheck",
    "Entry",
    "Player",
    "RoundRecord",
    "Sheet",
    "SheetError",
    "check_name",
    "Kind",
    "LineScore",
    "Problem",
    "Rules",
    "bust_chance",
    "card",
    "check_end",
    "deck_counts",
    "flip7_chance",
    "flip7_count",
    "full_deck",
    "is_flip7",
    "parse_cards",
    "score_line",
    "validate_round",
    "would_bust",
    "Advice",
    "AnyAdvice",
    "ChoiceAdvice",
    "advise_choice",
    "BOTS",
    "Bot",
    "Event",
    "IllegalChoice",
    "Match",
    "OddsBot",
    "Pending",
    "RandomBot",
    "Round",
    "Status",
    "StopBot",
    "Verb",
    "advise",
    "make_bot",
    "round_record",
]
