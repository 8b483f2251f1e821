"""What travels: a small versioned envelope around a sealed body.

Why JSON and base64 rather than a binary frame: the broker, a person
debugging with ``nats sub`` and the browser all read it, and the overhead
(about a third on the sealed part) is a few hundred bytes a tap
(docs/live-without-computer.md has the measured sizes). Why so strict when
reading: every message comes from the network; anything odd is dropped as
:class:`BadMessage` before it reaches the game, never a KeyError deep
inside it.

Envelope (the only part the broker sees)::

    {"v": 1, "k": kind, "s": sender, "p": sender's public key (intents only),
     "b": nonce || ciphertext || tag,
     "g": the host's signature of associated data || b (revisions, beats)}

Kinds: ``rev`` (the host's revision, room key, kept at the broker), ``beat``
(the host is alive, room key), ``in`` (a guest's intent, its channel key),
``ans`` (the host's answer to one intent, that guest's channel key).
The associated data binds version, room, kind and sender, so a sealed body
cannot be moved to another room, kind or sender.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .sealing import PUBLIC_BYTES, SIGNATURE_BYTES, Unsealable, b64, unb64

VERSION = 1
MAX_MESSAGE = 64 * 1024  # a revision of a long game; intents are far smaller
MAX_INTENT = 2 * 1024
KINDS = ("rev", "beat", "in", "ans")

# The intents a guest's phone may send, as the app layer names them
# (app/live.py, app/tap_in.py, app/digital_table.py), with their arguments'
# types. The host maps each onto the same method a served phone's tap calls.
ACTIONS: dict[str, tuple[type, ...]] = {
    "claim": (str,),  # pid
    "leave": (),
    "add_card": (str, str),  # pid, card code
    "remove_card": (str, int),  # pid, index
    "set_busted": (str, bool),
    "set_typed": (str, str),  # pid, typed score as typed ("" clears)
    "set_done": (str, bool),
    "choose_attack": (str,),  # pid, "" for none
    "save": (),
    "play": (str,),  # a choice string of Round.legal()
}
MAX_ARG = 64


class BadMessage(ValueError):
    """Not a message of this protocol (dropped, never shown)."""


@dataclass(frozen=True)
class Envelope:
    kind: str
    sender: str
    body: bytes
    public: bytes = b""
    signature: bytes = b""

    def aad(self, room: str) -> bytes:
        return f"f7t{VERSION}|{room}|{self.kind}|{self.sender}".encode()

    def signed(self, room: str) -> bytes:
        """What the host signs: the sealed body bound to room, kind, sender."""
        return self.aad(room) + self.body

    def encode(self) -> bytes:
        data: dict[str, Any] = {"v": VERSION, "k": self.kind, "s": self.sender}
        if self.public:
            data["p"] = b64(self.public)
        data["b"] = b64(self.body)
        if self.signature:
            data["g"] = b64(self.signature)
        return json.dumps(data, separators=(",", ":")).encode()

    @staticmethod
    def decode(raw: bytes, limit: int = MAX_MESSAGE) -> Envelope:
        if len(raw) > limit:
            raise BadMessage(f"{len(raw)} bytes, over {limit}")
        data = _json(raw)
        if data.get("v") != VERSION:
            raise BadMessage("another version")
        kind, sender = data.get("k"), data.get("s")
        if kind not in KINDS or not isinstance(sender, str) or len(sender) > 32:
            raise BadMessage("no kind or sender")
        try:
            body = unb64(_str(data, "b", limit))
            public = unb64(_str(data, "p", 100), PUBLIC_BYTES) if "p" in data else b""
            signature = (
                unb64(_str(data, "g", 100), SIGNATURE_BYTES) if "g" in data else b""
            )
        except Unsealable as exc:
            raise BadMessage(str(exc)) from exc
        return Envelope(kind, sender, body, public, signature)


def _json(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadMessage("not JSON") from exc
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    return data


def _str(data: dict[str, Any], key: str, limit: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > limit * 2:
        raise BadMessage(f"no {key}")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53:
        raise BadMessage(f"no {key}")
    return value


def dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True)
class Intent:
    """One tap of a guest: ``seq`` rises by one a tap (replays refused),
    ``seen`` is the revision its screen showed (stale taps refused)."""

    seq: int
    seen: int
    action: str
    args: tuple[str | int | bool, ...] = ()
    holder: str = ""  # the sender's fingerprint, set by the host, never sent

    def plain(self) -> bytes:
        return dumps(
            {"seq": self.seq, "seen": self.seen, "do": self.action, "a": self.args}
        )

    @staticmethod
    def read(raw: bytes, holder: str) -> Intent:
        data = _json(raw)
        action = data.get("do")
        if action not in ACTIONS:
            raise BadMessage("no such intent")
        args = data.get("a")
        types = ACTIONS[action]
        if not isinstance(args, list) or len(args) != len(types):
            raise BadMessage("wrong arguments")
        for arg, kind in zip(args, types, strict=True):
            if type(arg) is not kind or (isinstance(arg, str) and len(arg) > MAX_ARG):
                raise BadMessage("wrong arguments")
        seq, seen = _int(data, "seq"), _int(data, "seen")
        return Intent(seq, seen, action, tuple(args), holder)


@dataclass(frozen=True)
class Refused:
    """Why an intent was not carried out: the English sentence's message id
    and parameters, so each phone words it in its own language (as
    :class:`companion.i18n.said.Said`), and the host's words as a fallback.
    ``code`` names the protocol's own refusals (:data:`CODES`), which the
    guest's view words (no sentence of this package reaches a screen)."""

    msgid: str
    params: dict[str, str | int] = field(default_factory=dict)
    text: str = ""
    code: str = "game"


# game: the game's own refusal (msgid); stale: made on an older revision;
# rate: too many taps from this phone; unanswered: the host did not answer in
# time (the guest's own verdict, never sent).
CODES = ("game", "stale", "rate", "unanswered")


@dataclass(frozen=True)
class Answer:
    """The host's reply to the intent ``seq``: the revision it made (or the
    current one when it changed nothing), or why it was refused."""

    seq: int
    revision: int
    refused: Refused | None = None

    def plain(self) -> bytes:
        data: dict[str, Any] = {"seq": self.seq, "rev": self.revision}
        if self.refused is not None:
            r = self.refused
            data["no"] = {"id": r.msgid, "p": r.params, "t": r.text, "c": r.code}
        return dumps(data)

    @staticmethod
    def read(raw: bytes) -> Answer:
        data = _json(raw)
        refused = None
        if "no" in data:
            no = data["no"]
            if not isinstance(no, dict) or not isinstance(no.get("id"), str):
                raise BadMessage("a refusal without words")
            params = no.get("p", {})
            code = no.get("c", "game")
            if not isinstance(params, dict) or code not in CODES:
                raise BadMessage("a refusal without words")
            refused = Refused(no["id"], params, str(no.get("t", "")), code)
        return Answer(_int(data, "seq"), _int(data, "rev"), refused)


@dataclass(frozen=True)
class Revision:
    """What every mirror shows: the game at one revision, from one host
    (``epoch``: the host's lease, see :mod:`.host`)."""

    revision: int
    epoch: str
    host_name: str
    host_public: bytes
    state: dict[str, Any]

    def plain(self) -> bytes:
        return dumps(
            {
                "rev": self.revision,
                "ep": self.epoch,
                "host": self.host_name,
                "hp": b64(self.host_public),
                "state": self.state,
            }
        )

    @staticmethod
    def read(raw: bytes) -> Revision:
        data = _json(raw)
        epoch, name, state = data.get("ep"), data.get("host"), data.get("state")
        if not isinstance(epoch, str) or not isinstance(name, str):
            raise BadMessage("no host")
        if not isinstance(state, dict):
            raise BadMessage("no state")
        try:
            public = unb64(_str(data, "hp", 100), PUBLIC_BYTES)
        except Unsealable as exc:
            raise BadMessage(str(exc)) from exc
        return Revision(_int(data, "rev"), epoch, name, public, state)


def subjects(room: str) -> dict[str, str]:
    """The room's subjects (``ans`` is followed by the guest's fingerprint).
    Fingerprints and rooms are base64url: no dots or wildcards."""
    return {k: f"f7.{room}.{k}" for k in KINDS}


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def refusal_words(refused: Refused) -> str:
    """The host's refusal in this phone's language, from its message id and
    parameters (the host may speak Hungarian, this phone Italian); the
    host's own words when the id is not a plain sentence of ours, and ""
    for the protocol's own codes, which the guest's view words. A message id
    is data from the network: only ``{name}`` placeholders are filled, so a
    crafted one cannot reach attributes (``{name.__class__}``)."""
    # Imported here: the rest of this module needs no i18n (the guest's
    # protocol runs in a plain Pyodide page in tests/browser).
    from companion.i18n.said import Said, worded

    if not refused.msgid:
        return ""
    names = _PLACEHOLDER.findall(refused.msgid)
    if any(not n.isidentifier() for n in names) or set(names) - set(refused.params):
        return refused.text
    try:
        return worded(Said(refused.msgid, **refused.params))
    except (KeyError, IndexError, ValueError):
        return refused.text
