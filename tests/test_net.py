"""The Invite's addresses and links (companion/server/net.py): found offline, best
first, loopback never offered; the links carry the game and its token."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.server import net
from companion.server.net import board_url, is_loopback, join_url, lan_addresses


def none() -> list[tuple[str, str]]:
    return []


def test_loopback_is_never_offered_and_home_networks_come_first() -> None:
    found = [
        ("lo", "127.0.0.1"),
        ("docker0", "172.17.0.1"),
        ("eth0", "203.0.113.7"),
        ("wlan0", "192.168.1.23"),
        ("eth1", "169.254.10.1"),
        ("tailscale0", "100.101.102.103"),
        ("eth2", "10.0.0.5"),
        ("enp3s0", "172.20.1.4"),
    ]
    assert lan_addresses(lambda: found, none) == [
        "10.0.0.5",
        "192.168.1.23",
        "172.20.1.4",
        "203.0.113.7",
        "100.101.102.103",
        "169.254.10.1",
        "172.17.0.1",
    ]


def test_odd_entries_are_skipped_and_duplicates_listed_once() -> None:
    found = [
        ("wlan0", "192.168.1.23"),
        ("wlan0", "192.168.1.23"),
        ("x", "not an address"),
        ("y", "0.0.0.0"),
        ("z", "224.0.0.1"),
        ("lo", "127.0.1.1"),
    ]
    assert lan_addresses(lambda: found, none) == ["192.168.1.23"]


def test_the_routing_fallback_is_asked_only_when_interfaces_give_nothing() -> None:
    asked: list[str] = []

    def fallback() -> list[tuple[str, str]]:
        asked.append("fallback")
        return [("", "192.168.0.9")]

    assert lan_addresses(lambda: [("wlan0", "10.1.1.1")], fallback) == ["10.1.1.1"]
    assert asked == []
    assert lan_addresses(lambda: [("lo", "127.0.0.1")], fallback) == ["192.168.0.9"]
    assert lan_addresses(none, none) == []


def test_this_machine_is_read_without_contacting_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[object] = []

    class NoSend(socket.socket):
        def send(self, *args: object, **kwargs: object) -> int:
            sent.append(args)
            raise AssertionError("nothing may be sent")

        def sendto(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            sent.append(args)
            raise AssertionError("nothing may be sent")

    monkeypatch.setattr(socket, "socket", NoSend)
    routed = [address for _, address in net._routed()]
    for address in lan_addresses() + lan_addresses(none):
        assert not ipaddress.IPv4Address(address).is_loopback
    assert lan_addresses(none) == [a for a in routed if a != "127.0.0.1"]
    assert sent == []


def test_the_real_interfaces_are_read() -> None:
    interfaces = net._interfaces()
    assert ("lo", "127.0.0.1") in interfaces or any(
        ipaddress.IPv4Address(a).is_loopback for _, a in interfaces
    )


def test_join_and_board_links() -> None:
    token = "AbC-_x" * 4
    assert (
        join_url("192.168.1.23", 8550, "20250101-120000-abc123", token)
        == f"http://192.168.1.23:8550/join/20250101-120000-abc123?t={token}"
    )
    assert (
        board_url("10.0.0.5", 9000, "g1", token)
        == f"http://10.0.0.5:9000/board/g1?t={token}"
    )


def test_links_quote_what_a_url_cannot_hold() -> None:
    url = join_url("fd00::2", 8550, "a game/1", "t&x=1")
    parts = urlsplit(url)
    assert parts.hostname == "fd00::2" and parts.port == 8550
    assert parts.path == "/join/a%20game%2F1"
    assert parse_qs(parts.query) == {"t": ["t&x=1"]}


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("LOCALHOST", True),
        ("::1", True),
        ("[::1]", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.23", False),
        ("10.0.0.5", False),
        ("my-laptop.local", False),
        ("", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_start_up_line_names_an_address_a_person_can_open() -> None:
    """`--host 0.0.0.0` printed http://0.0.0.0:8612, which opens nothing."""
    from companion.server.net import where_to_open

    assert where_to_open("127.0.0.1", 8550, ["192.168.1.5"]) == "http://127.0.0.1:8550"
    assert where_to_open("0.0.0.0", 8612, ["192.168.1.5", "10.0.0.2"]) == (
        "http://127.0.0.1:8612 (phones on the Wi-Fi: http://192.168.1.5:8612)"
    )
    assert where_to_open("0.0.0.0", 8612, []) == "http://127.0.0.1:8612"
    assert where_to_open("192.168.1.5", 80, []) == "http://192.168.1.5:80"
