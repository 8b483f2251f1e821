"""Sealing and the envelope of the phones-only table (issue 39): what does
not open, and what is not read."""

from __future__ import annotations

import pytest
from own_loop import run_alone

from companion.i18n import use
from companion.tablelink.sealing import PySealer, Unsealable, b64, new_key, unb64
from companion.tablelink.wire import (
    MAX_INTENT,
    Answer,
    BadMessage,
    Envelope,
    Intent,
    Refused,
    refusal_words,
)


def test_a_sealed_message_opens_only_with_its_key_and_associated_data() -> None:
    async def go() -> None:
        sealer, key = PySealer(), new_key()
        sealed = await sealer.seal(key, b"Ann: 3 11", b"f7t1|room|rev|host")
        assert len(key) == 16 and len(sealed) == 12 + 9 + 16
        assert await sealer.open(key, sealed, b"f7t1|room|rev|host") == b"Ann: 3 11"
        assert sealed[:12] != (await sealer.seal(key, b"Ann: 3 11", b"x"))[:12]
        tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
        for k, s, aad in (
            (new_key(), sealed, b"f7t1|room|rev|host"),
            (key, sealed, b"f7t1|room|in|host"),  # moved to another kind
            (key, tampered, b"f7t1|room|rev|host"),
            (key, sealed[:20], b"f7t1|room|rev|host"),
        ):
            with pytest.raises(Unsealable):
                await sealer.open(k, s, aad)

    run_alone(go())


def test_both_ends_of_a_channel_agree_and_a_bad_point_is_refused() -> None:
    async def go() -> None:
        sealer = PySealer()
        host, host_pub = await sealer.new_pair()
        guest, guest_pub = await sealer.new_pair()
        one = await sealer.agree(host, guest_pub, b"room")
        assert one == await sealer.agree(guest, host_pub, b"room")
        assert one != await sealer.agree(guest, host_pub, b"other room")
        with pytest.raises(Unsealable):
            await sealer.agree(host, b"\x04" + b"\x01" * 64, b"room")
        with pytest.raises(Unsealable):
            await sealer.agree(host, guest_pub[:33], b"room")

    run_alone(go())


def test_a_signature_verifies_only_for_its_key_and_data() -> None:
    async def go() -> None:
        sealer = PySealer()
        private, public = await sealer.new_signer()
        _other, other = await sealer.new_signer()
        signature = await sealer.sign(private, b"revision 7")
        assert len(signature) == 64
        assert await sealer.verify(public, b"revision 7", signature)
        assert not await sealer.verify(public, b"revision 8", signature)
        assert not await sealer.verify(other, b"revision 7", signature)
        assert not await sealer.verify(public, b"revision 7", signature[:63])
        assert not await sealer.verify(b"\x04" * 65, b"revision 7", signature)

    run_alone(go())


def test_base64_is_read_strictly() -> None:
    assert unb64(b64(b"\x00\xff" * 5), 10) == b"\x00\xff" * 5
    with pytest.raises(Unsealable):
        unb64(b64(b"abc"), 16)


@pytest.mark.parametrize(
    "raw",
    [
        b"not json",
        b"[1]",
        b'{"v": 2, "k": "in", "s": "x", "b": ""}',
        b'{"v": 1, "k": "shout", "s": "x", "b": ""}',
        b'{"v": 1, "k": "in", "s": "x", "b": "!!"}',
        b'{"v": 1, "k": "in", "s": "x", "b": "", "p": "AAAA"}',
        b'{"v": 1, "k": "rev", "s": "x", "b": "", "g": "AAAA"}',
        b"{" + b" " * MAX_INTENT + b"}",
    ],
)
def test_an_odd_envelope_is_dropped(raw: bytes) -> None:
    with pytest.raises(BadMessage):
        Envelope.decode(raw, MAX_INTENT)


@pytest.mark.parametrize(
    "plain",
    [
        b'{"seq": 1, "seen": 1, "do": "format_disk", "a": []}',
        b'{"seq": 1, "seen": 1, "do": "add_card", "a": ["p1"]}',
        b'{"seq": 1, "seen": 1, "do": "add_card", "a": ["p1", 3]}',
        b'{"seq": 1, "seen": 1, "do": "remove_card", "a": ["p1", true]}',
        b'{"seq": -1, "seen": 1, "do": "save", "a": []}',
        b'{"seq": 1, "seen": "1", "do": "save", "a": []}',
    ],
)
def test_an_odd_intent_is_dropped(plain: bytes) -> None:
    with pytest.raises(BadMessage):
        Intent.read(plain, "holder")


def test_intents_and_answers_read_back() -> None:
    intent = Intent(3, 7, "remove_card", ("p1", 2))
    assert Intent.read(intent.plain(), "h") == Intent(
        3, 7, "remove_card", ("p1", 2), "h"
    )
    answer = Answer(3, 8)
    assert Answer.read(answer.plain()) == answer


def test_a_refusal_is_worded_in_the_guests_language() -> None:
    refused = Refused(
        "{name}'s line is entered on {name}'s phone.",
        {"name": "Ann"},
        "A sor Ann telefonján kerül be.",  # the host's words (not used)
    )
    with use("it"):
        italian = refusal_words(refused)
    assert "Ann" in italian and italian != refusal_words(refused)
    assert refusal_words(refused) == "Ann's line is entered on Ann's phone."
    assert refusal_words(Refused("", code="rate")) == ""


@pytest.mark.parametrize(
    "msgid", ["{name.__class__}", "{0}", "{name} and {other}", "{name!r:>99}"]
)
def test_a_crafted_refusal_falls_back_to_the_hosts_words(msgid: str) -> None:
    assert refusal_words(Refused(msgid, {"name": "Ann"}, "as said")) == "as said"
