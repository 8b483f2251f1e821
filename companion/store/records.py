"""The values the store hands out: a game's summary line and a whole game.

A summary is what the home screen lists; it is derived from the sheet so the
index can always be rebuilt from the game files, which are the truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import N_
from companion.i18n.said import Said
from companion.rules import Sheet, SheetError
from companion.rules.sheet_read import read_sheet

from .storage import DocumentError, NewerDocumentError

JSONDict = dict[str, Any]
_LINE = {"title", "players", "finished", "winners", "rounds"}
_DOC = {"meta", "draft", "digital", "invite", "v"}
DOC_VERSION = 2  # the game file's layout; a newer one is refused, not moved aside
# Layout 2 adds the invite token. Only a game that has one is written as 2,
# so an app from before it refuses that file (and leaves it in place) where
# it would have taken the unknown key for damage and moved the file aside.
INVITE_VERSION = 2
MAX_TEXT = 1000  # a title, a date or an id in the index
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,200}")  # secrets.token_urlsafe's alphabet


def invite_token(value: Any) -> str | None:
    """A stored invite token, or None for a missing or damaged one (a game
    without a usable token simply gets a new one when the host asks)."""
    if type(value) is str and _TOKEN.fullmatch(value):
        return value
    return None


def _object(
    value: Any, what: str, required: set[str], optional: set[str]
) -> dict[str, Any]:
    if type(value) is not dict:
        raise DocumentError(f"{what} is not an object")
    missing, unknown = required - set(value), set(value) - required - optional
    if missing or unknown:
        keys = ", ".join(sorted(map(str, missing | unknown)))
        raise DocumentError(f"{what} has missing or unknown keys ({keys})")
    return value


def _text(value: Any, what: str, *, empty: bool = True) -> str:
    if type(value) is not str or len(value) > MAX_TEXT or not (empty or value):
        raise DocumentError(f"{what} is not text")
    return value


def _texts(value: Any, what: str) -> tuple[str, ...]:
    if type(value) is not list:
        raise DocumentError(f"{what} is not a list")
    return tuple(_text(v, what) for v in value)


def _flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise DocumentError(f"{what} is not true or false")
    return value


def _count(value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise DocumentError(f"{what} is not a count")
    return value


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
    def from_dict(cls, data: Any) -> GameSummary:
        """One index line, checked; :class:`DocumentError` if it is not one."""
        doc = _object(data, "an index line", {"id", "created", "updated"}, _LINE)
        return cls(
            id=_text(doc["id"], "a game id", empty=False),
            title=_text(doc.get("title", ""), "a title"),
            players=_texts(doc.get("players", []), "players"),
            created=_text(doc["created"], "a date"),
            updated=_text(doc["updated"], "a date"),
            finished=_flag(doc.get("finished", False), "finished"),
            winners=_texts(doc.get("winners", []), "winners"),
            rounds=_count(doc.get("rounds", 0), "rounds"),
        )

    def listing_key(self) -> tuple[str, ...]:
        """The fields the home screen shows, except those every round changes."""
        return (self.title, *self.players, "|", *self.winners, str(self.finished))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole stored game: the sheet plus the app's opaque blobs.

    ``draft``: the round being tapped in; ``digital``: a digital round in
    progress; ``meta``: anything else the app wants kept (e.g. a title). All
    three are plain JSON dicts the store never interprets. ``invite``: the
    token a phone's join link must carry (None until the host invites).
    """

    id: str
    sheet: Sheet
    created: str
    updated: str
    meta: JSONDict = field(default_factory=dict)
    draft: JSONDict | None = None
    digital: JSONDict | None = None
    invite: str | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)

    def to_doc(self) -> JSONDict:
        doc: JSONDict = {
            "v": INVITE_VERSION if self.invite is not None else 1,
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "meta": self.meta,
            "sheet": self.sheet.to_dict(),
            "draft": self.draft,
            "digital": self.digital,
        }
        if self.invite is not None:  # games never shared keep the old layout
            doc["invite"] = self.invite
        return doc

    @classmethod
    def from_doc(cls, data: Any) -> GameRecord:
        """A game file's document, checked whole (the sheet by
        :func:`read_sheet`); :class:`DocumentError` if it is not one.
                A draft or digital round that is not even an object is left out and
                said in ``notes``: the sheet, the truth, still opens."""
        doc = _object(data, "the game", {"id", "sheet", "created", "updated"}, _DOC)
        version = doc.get("v", 1)
        if type(version) is not int or version < 1:
            raise DocumentError("the game's version is not a number")
        if version > DOC_VERSION:
            raise NewerDocumentError(
                Said(
                    N_(
                        "This game was saved by a newer version of the app: "
                        "update the app to open it."
                    )
                )
            )
        meta = doc.get("meta") or {}
        if type(meta) is not dict:
            raise DocumentError("the game's details are not an object")
        try:
            sheet = read_sheet(doc["sheet"])
        except SheetError as exc:
            raise DocumentError(str(exc)) from None
        notes: list[str] = []
        blobs: dict[str, JSONDict | None] = {}
        for key, what in (
            ("draft", "round being entered"),
            ("digital", "digital round"),
        ):
            blob = doc.get(key)
            if blob is not None and type(blob) is not dict:
                notes.append(f"The {what} could not be restored (not an object).")
                blob = None
            blobs[key] = blob
        return cls(
            id=_text(doc["id"], "the game id", empty=False),
            sheet=sheet,
            created=_text(doc["created"], "a date"),
            updated=_text(doc["updated"], "a date"),
            meta=meta,
            draft=blobs["draft"],
            digital=blobs["digital"],
            invite=invite_token(doc.get("invite")),
            notes=tuple(notes),
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
