"""Shared helpers for store tests and the storage benchmark."""

from __future__ import annotations

import json
from pathlib import Path

from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store.records import GameRecord


def a_round(sheet: Sheet, points: int = 5) -> RoundRecord:
    """An ordinary round: everyone plays one number card worth ``points``."""
    players = sheet.next_players()
    return RoundRecord(
        sheet.next_dealer().id,
        tuple((p.id, Entry((str(points),))) for p in players),
    )


def populate(path: Path, n: int, *, finished: bool = True) -> None:
    """Write ``n`` game files directly (fast); the store indexes them on open."""
    games = path / "games"
    games.mkdir(parents=True, exist_ok=True)
    rules = Rules(target=10)
    for i in range(n):
        sheet = Sheet.new([f"Player {i}", f"Other {i}", "Cleo"], rules)
        if finished:
            sheet = sheet.add_round(a_round(sheet, 12))
            sheet = sheet.add_round(
                RoundRecord(
                    sheet.next_dealer().id,
                    (("p1", Entry(("1",))), ("p2", Entry(("2",))), ("p3", Entry())),
                    tie_break=True,
                )
            )
        stamp = f"2025-01-01T00:00:{i % 60:02d}.{i:06d}+00:00"
        record = GameRecord(f"old-{i:05d}", sheet, stamp, stamp)
        text = json.dumps({"game": {"1": record.to_doc()}})
        (games / f"{record.id}.json").write_text(text, encoding="utf-8")
