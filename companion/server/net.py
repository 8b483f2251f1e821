"""The addresses a phone at the table can reach this server on, and the links.

Why: the host's Invite shows a QR of ``http://<LAN address>:<port>/join/…``;
the server usually runs on a laptop on the table's Wi-Fi, often with no
internet at all, so the address is read from the machine's own network
interfaces (``ifaddr``: pure Python, no packets sent, nothing contacted),
best first: home-network ranges (192.168/16, 10/8, 172.16/12) on a real
interface before container bridges, VPNs and link-local addresses. Should the
interfaces not be readable, a UDP socket "connected" to a private address
(which sends nothing) tells which address the machine would route from.

No Flet here: the app layer and the tests use it without a page.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
from collections.abc import Callable, Iterable

from companion.app.links import base_url, board_url, is_loopback, join_url

__all__ = [
    "Found",
    "board_url",
    "is_loopback",
    "join_url",
    "lan_addresses",
    "where_to_open",
]

Found = Iterable[tuple[str, str]]  # (interface name, IPv4 address)

# Interfaces a phone on the Wi-Fi cannot reach (containers, VMs, VPN tunnels).
_VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg")
_HOME = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8")]
_OFFICE = ipaddress.ip_network("172.16.0.0/12")  # also Docker's default range


def _interfaces() -> list[tuple[str, str]]:
    """Every IPv4 address of every interface (empty when none can be read)."""
    try:
        import ifaddr

        return [
            (adapter.nice_name, ip.ip)
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if isinstance(ip.ip, str)  # IPv6 addresses come as tuples
        ]
    except Exception:  # an unusual platform: fall back to the routing table
        logging.getLogger(__name__).debug("no interfaces", exc_info=True)
        return []


def _routed() -> list[tuple[str, str]]:
    """The address this machine would send from to a LAN (nothing is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 9))  # UDP connect: no packet
            return [("", str(probe.getsockname()[0]))]
    except OSError:
        return []


def _rank(name: str, address: ipaddress.IPv4Address) -> int:
    """Smaller is better: what a phone on the same Wi-Fi most likely reaches."""
    virtual = name.lower().startswith(_VIRTUAL)
    if any(address in net for net in _HOME):
        rank = 0
    elif address in _OFFICE:
        rank = 1
    elif address.is_link_local:
        rank = 4
    elif address in ipaddress.ip_network("100.64.0.0/10"):  # carrier NAT, VPNs
        rank = 3
    else:
        rank = 2
    return rank + (5 if virtual else 0)


def lan_addresses(
    found: Callable[[], Found] = _interfaces,
    fallback: Callable[[], Found] = _routed,
) -> list[str]:
    """This machine's IPv4 addresses other than loopback, best first (found
    without contacting anything); empty when there is none."""
    ranked: dict[str, int] = {}
    for source in (found, fallback):
        for name, text in source():
            try:
                address = ipaddress.IPv4Address(text)
            except ValueError:
                continue
            if address.is_loopback or address.is_unspecified or address.is_multicast:
                continue
            rank = _rank(name, address)
            ranked[text] = min(rank, ranked.get(text, rank))
        if ranked:
            break
    return sorted(ranked, key=lambda a: (ranked[a], ipaddress.IPv4Address(a)))


def where_to_open(host: str, port: int, lan: list[str]) -> str:
    """What the start-up line tells the person to open. A server listening
    on every address (``0.0.0.0``, ``::``) is not reached at that address:
    this computer opens 127.0.0.1, phones the best LAN address."""
    if host not in ("0.0.0.0", "::", ""):
        return base_url(host, port)
    here = base_url("127.0.0.1", port)
    if not lan:
        return here
    return f"{here} (phones on the Wi-Fi: {base_url(lan[0], port)})"
