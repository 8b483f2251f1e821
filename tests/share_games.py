"""Games of every kind for the share tests, built without randomness at
import time (each builder takes a seed), so failures are reproducible."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, date, datetime

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.share import ShareMeta

NUMBERS = [str(n) for n in range(1, 13)] + ["7U", "13", "13L", "0"]
MODIFIERS = ["/2", "-2", "-4", "-6", "-8", "-10"]
NAMES = [
    "Ana", "Bo", "Chidi", "Dörte", "Émile", "Fatima", "Giorgos", "Hà", "Ingrid",
    "József", "Ким", "Łucja", "Mário", "Nguyễn Văn An", "Øystein", "Παύλος",
    "Zoë", "李小龍", "さくら", "김민준", "محمد", "אורי", "Ñandú", "Ōta",
    "🦄 Unicorn", "👩‍👩‍👧‍👦", "Ærø", "Çağla", "Śri", "Þór", "Ünal", "ไทย",
    "Владимир", "Jean-Baptiste", "Maximilian-Alexander", "ZZ",
]  # fmt: skip


def random_line(rng: random.Random, brutal: bool) -> Entry:
    """A plausible line: distinct numbers, maybe modifiers, maybe busted."""
    count = rng.choice([1, 2, 3, 4, 5, 6, 7])
    numbers = rng.sample([n for n in NUMBERS if n not in ("13L", "0")], count)
    cards = numbers + rng.sample(MODIFIERS, rng.choice([0, 0, 0, 1, 2]))
    busted = rng.random() < 0.25
    if busted and not brutal:
        cards = []
    elif busted:
        cards = rng.sample(["-2", "-4", "-10"], rng.choice([0, 1]))
    return Entry(tuple(cards), busted=busted)


def random_game(
    players: int,
    rounds: int,
    *,
    seed: int = 1,
    rules: Rules | None = None,
    digital_every: int = 0,
) -> Sheet:
    """A game of ``rounds`` rounds (built directly: it may pass the target)."""
    rng = random.Random(seed)
    rules = rules or Rules(decks=1 if players <= 18 else 2, target=5000)
    names = [NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else f" {i}")
             for i in range(players)]  # fmt: skip
    sheet = Sheet.new(names, rules, first_dealer=rng.randrange(players))
    ids = [p.id for p in sheet.players]
    recs = []
    for r in range(rounds):
        entries = tuple((pid, random_line(rng, rules.brutal)) for pid in ids)
        digital = bool(digital_every) and r % digital_every == 0
        recs.append(RoundRecord(ids[(r + 1) % players], entries, digital=digital))
    return replace(sheet, rounds=tuple(recs))


def standard_game() -> Sheet:
    """Three players played to 200 by adding rounds as the app does."""
    sheet = Sheet.new(["Ana", "Bo", "Cy"])
    lines = {
        "p1": ("3", "11", "5", "7", "10", "8", "4", "/2", "-4"),
        "p2": ("12", "13", "13L"),
        "p3": ("5", "9", "-10"),
    }
    while not sheet.over:
        dealer = sheet.next_dealer().id
        rec = RoundRecord(dealer, tuple((pid, Entry(c)) for pid, c in lines.items()))
        sheet = sheet.add_round(rec)
    return sheet


def brutal_game() -> Sheet:
    """Brutal: a Flip 7 sent as −15, a busted line with −10, negative totals."""
    sheet = Sheet.new(["Ana", "Bo", "Cy"], Rules(brutal=True, target=100))
    flip7 = ("0", "1", "2", "3", "4", "5", "6")
    rounds = [
        {
            "p1": Entry(flip7, sent_attack=True),
            "p2": Entry(("5", "-10"), attacked=True),
            "p3": Entry(("-10",), busted=True),
        },
        {"p1": Entry(("12", "11", "10", "9")), "p2": Entry(("1", "-8")),
         "p3": Entry(("2",))},
        {"p1": Entry(("13", "12", "11", "10")), "p2": Entry((), busted=True),
         "p3": Entry(("6", "-2"))},
    ]  # fmt: skip
    for r in rounds:
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, tuple(r.items())))
    totals = sheet.totals()
    assert totals["p2"] < 0 and sheet.over, totals
    return sheet


def tiebreak_game() -> Sheet:
    """Two players tie at the target, play a tie-break round without Cy."""
    sheet = Sheet.new(["Ana", "Bo", "Cy"], Rules(target=20))
    first = {"p1": Entry(("10", "12")), "p2": Entry(("9", "13")), "p3": Entry(("1",))}
    sheet = sheet.add_round(RoundRecord("p1", tuple(first.items())))
    assert sheet.end().tiebreak
    tb = {"p1": Entry(("5",)), "p2": Entry((), busted=True)}
    sheet = sheet.add_round(RoundRecord("p2", tuple(tb.items()), tie_break=True))
    assert sheet.over and [p.id for p in sheet.winners()] == ["p1"]
    return sheet


def shared_win_game() -> Sheet:
    sheet = Sheet.new(["Ana", "Bo"], Rules(target=20, tie_break=False))
    rec = {"p1": Entry(("10", "12")), "p2": Entry(("9", "13"))}
    return sheet.add_round(RoundRecord("p1", tuple(rec.items())))


def typed_and_roster_game() -> Sheet:
    """Typed scores, a late player starting at the lowest total, a removal."""
    sheet = Sheet.new(["Ana", "Bo", "Cy"], first_dealer=2)
    rec = (("p1", Entry(typed=42)), ("p2", Entry(("3",))), ("p3", Entry(typed=0)))
    sheet = sheet.add_round(RoundRecord("p3", rec))
    sheet = sheet.add_player("Dee", at_lowest=True)
    sheet = sheet.remove_player("p2")
    rec = (("p1", Entry(("1", "2"))), ("p3", Entry(("4",))), ("p4", Entry(typed=-3)))
    sheet = sheet.add_round(RoundRecord("p1", rec, digital=True))
    assert sheet.player("p4").start == 0 and not sheet.player("p2").seated
    return sheet


def late_start_game() -> Sheet:
    """Issue 37's table: Ann, Bob and Cy play two rounds, Dee joins at the
    lowest total (27) and plays four more: 30 0 8 0, 65 in all; Ann wins."""
    sheet = Sheet.new(["Ann", "Bob", "Cy"], Rules(target=100))
    for typed in ((40, 30, 20), (41, 35, 7)):
        rec = tuple((f"p{i + 1}", Entry(typed=t)) for i, t in enumerate(typed))
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, rec))
    sheet = sheet.add_player("Dee", at_lowest=True)
    for dee, ann in ((30, 1), (0, 2), (8, 3), (0, 20)):
        rec = (("p1", Entry(typed=ann)), ("p2", Entry(typed=1)),
               ("p3", Entry(typed=1)), ("p4", Entry(typed=dee)))  # fmt: skip
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, rec))
    assert sheet.player("p4").start == 27 and sheet.totals()["p4"] == 65
    assert sheet.over and sheet.winners()[0].name == "Ann"
    return sheet


META_PLAIN = ShareMeta()
META_DATE = ShareMeta(created=date(2026, 11, 29))
META_FULL = ShareMeta(
    "Friday night 🎲 — Küche",
    datetime(2026, 11, 29, 20, 15, 3, tzinfo=UTC),
)
