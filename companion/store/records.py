"""The values the store hands out: a game's summary line and a whole game.

A summary is what the home screen lists; it is derived from the sheet so the
index can always be rebuilt from the game files, which are the truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules import Sheet

JSONDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of the index: enough to list, sort and suggest names."""

    id: str
    title: str
    players: tuple[str, ...]
    created: str
    updated: str
    finished: bool
    winners: tuple[str, ...]
    rounds: int

    def to_dict(self) -> JSONDict:
        return {
            "id": self.id,
            "title": self.title,
            "players": list(self.players),
            "created": self.created,
            "updated": self.updated,
            "finished": self.finished,
            "winners": list(self.winners),
            "rounds": self.rounds,
        }

    @classmethod
    def from_dict(cls, data: JSONDict) -> GameSummary:
        return cls(
            id=str(data["id"]),
            title=str(data.get("title", "")),
            players=tuple(str(n) for n in data.get("players", ())),
            created=str(data["created"]),
            updated=str(data["updated"]),
            finished=bool(data.get("finished", False)),
            winners=tuple(str(n) for n in data.get("winners", ())),
            rounds=int(data.get("rounds", 0)),
        )

    def listing_key(self) -> tuple[str, ...]:
        """The fields the home screen shows, except those every round changes."""
        return (self.title, *self.players, "|", *self.winners, str(self.finished))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole stored game: the sheet plus the app's opaque blobs.

    ``draft``: the round being tapped in; ``digital``: a digital round in
    progress; ``meta``: anything else the app wants kept (e.g. a title). All
    three are plain JSON dicts the store never interprets.
    """

    id: str
    sheet: Sheet
    created: str
    updated: str
    meta: JSONDict = field(default_factory=dict)
    draft: JSONDict | None = None
    digital: JSONDict | None = None

    def to_doc(self) -> JSONDict:
        return {
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "meta": self.meta,
            "sheet": self.sheet.to_dict(),
            "draft": self.draft,
            "digital": self.digital,
        }

    @classmethod
    def from_doc(cls, doc: JSONDict) -> GameRecord:
        return cls(
            id=str(doc["id"]),
            sheet=Sheet.from_dict(doc["sheet"]),
            created=str(doc["created"]),
            updated=str(doc["updated"]),
            meta=dict(doc.get("meta") or {}),
            draft=doc.get("draft"),
            digital=doc.get("digital"),
        )

    def summary(self) -> GameSummary:
        return summarize(self.id, self.sheet, self.meta, self.created, self.updated)


def summarize(
    game_id: str, sheet: Sheet, meta: JSONDict, created: str, updated: str
) -> GameSummary:
    seated = sheet.seated
    names = tuple(p.name for p in seated)
    title = str(meta.get("title") or ", ".join(names))
    end = sheet.end()  # once: it scores every round of the sheet
    return GameSummary(
        id=game_id,
        title=title,
        players=names,
        created=created,
        updated=updated,
        finished=end.over,
        winners=tuple(seated[i].name for i in end.winners) if end.over else (),
        rounds=len(sheet.rounds),
    )
