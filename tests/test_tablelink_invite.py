"""The phones-only invite link (issue 39): the key in the fragment only."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from companion.tablelink.invite import BadInvite, check_broker, new_invite, read_invite
from companion.tablelink.sealing import b64


def test_an_invite_reads_back_and_keeps_its_key_in_the_fragment() -> None:
    host = b"\x04" + bytes(range(64))
    invite = new_invite("g42", "wss://nats.example.org:443/ws", host)
    link = invite.link("https://flip7.example.org/app/")
    parts = urlsplit(link)
    assert parts.path == "/app/join/g42"
    assert b64(invite.key) in parts.fragment and b64(invite.key) not in parts.path
    assert read_invite(link) == invite
    assert len(link) < 250  # a QR code a phone camera reads at arm's length
    assert new_invite("g42", "ws://192.168.1.20:8080", host).key != invite.key


KEY, HOST = "A" * 22, "B" * 87  # 16 and 65 bytes
GOOD = {"room": "abcdefghijklmnop", "key": KEY, "host": HOST, "broker": "ws%3A%2F%2Fh"}


def a_link(path: str = "/join/g42", **change: str) -> str:
    fields = {k: v for k, v in (GOOD | change).items() if v != "-"}
    return f"https://a.org{path}#" + "&".join(f"{k}={v}" for k, v in fields.items())


def test_the_odd_link_cases_start_from_a_good_one() -> None:
    assert read_invite(a_link()).room == GOOD["room"]


@pytest.mark.parametrize(
    "link",
    [
        "https://a.org/join/g42",
        a_link(room="short"),
        a_link(key="AAAA"),
        a_link(key="-"),
        a_link(host="-"),
        a_link(host="B" * 40),
        a_link(broker="http%3A%2F%2Fh"),
        a_link("/play/g42"),
        a_link("/join/g%2042"),
    ],
)
def test_an_odd_link_is_refused(link: str) -> None:
    with pytest.raises(BadInvite):
        read_invite(link)


def test_the_broker_must_be_a_websocket_address() -> None:
    assert check_broker("ws://127.0.0.1:8080") == "ws://127.0.0.1:8080"
    for bad in ("nats://h:4222", "ws://", "wss://h/?token=x", "ws://h/" + "x" * 300):
        with pytest.raises(BadInvite):
            check_broker(bad)
