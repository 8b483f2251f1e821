"""Behind a reverse proxy, not everyone is the host (issue 37, bug 12).

A server on loopback trusted every client: right when only this computer
reaches it, wrong behind nginx, a tunnel or ``tailscale serve``, which
relay every phone from 127.0.0.1. A request that carries a proxy's
forwarding headers is *relayed*: it is never the host on its address
alone; with ``--trusted-proxy`` (``[server] trusted_proxy``) the client
address the proxy forwards is judged like a direct one. Decided by pure
functions (cheap), then once through the real server with the headers a
proxy adds."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.__main__ import gate_for
from companion.app.access import Gate, admit, relayed_address
from companion.app.hub import GameHub
from companion.rules import Sheet
from companion.server.settings import Settings, load_settings
from companion.store import GameStore

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "browser"))
from flet_client import RawSession, strings  # noqa: E402
from harness import Server, running_server  # noqa: E402

pytestmark = pytest.mark.xdist_group("proxy_access")

NEVER = lambda g, t: False  # noqa: E731
XFF = {"x-forwarded-for": "203.0.113.7"}


@pytest.mark.parametrize(
    "header",
    [
        "forwarded",
        "x-forwarded-for",
        "x-forwarded-host",
        "x-forwarded-proto",
        "x-real-ip",
        "cf-connecting-ip",
        "true-client-ip",
        "via",
    ],
)
def test_a_relayed_request_on_loopback_is_not_the_host(header: str) -> None:
    gate = Gate.for_server("127.0.0.1")
    address = relayed_address("127.0.0.1", {header: "x"}, trust_proxy=False)
    assert admit(gate, address, "/", NEVER).locked
    assert admit(gate, "127.0.0.1", "/", NEVER).host  # a direct one still is


def test_a_relayed_request_is_not_the_host_on_the_lan_either() -> None:
    gate = Gate.for_server("0.0.0.0", trusted=["192.168.1.5"])
    # uvicorn put the proxy's X-Forwarded-For in place: the host's own address
    address = relayed_address("192.168.1.5", XFF, trust_proxy=False)
    assert admit(gate, address, "/", NEVER).locked


def test_a_relayed_phone_with_an_invite_is_a_guest() -> None:
    gate = Gate.for_server("127.0.0.1")
    address = relayed_address("203.0.113.7", XFF, trust_proxy=False)
    access = admit(gate, address, "/join/g1?t=good", lambda g, t: t == "good")
    assert access.guest and access.game_id == "g1"


def test_a_trusted_proxy_forwards_an_address_judged_as_a_direct_one() -> None:
    gate = Gate.for_server("127.0.0.1", trusted=["192.168.1.5"], proxy=True)
    host = relayed_address("192.168.1.5", XFF, trust_proxy=True)
    assert admit(gate, host, "/", NEVER).host
    phone = relayed_address("203.0.113.7", XFF, trust_proxy=True)
    assert admit(gate, phone, "/", NEVER).locked
    # No client address forwarded (the proxy's own is all there is): not host.
    unknown = relayed_address("127.0.0.1", {"x-real-ip": "x"}, trust_proxy=True)
    assert admit(gate, unknown, "/", NEVER).locked
    assert admit(gate, "127.0.0.1", "/", NEVER).host  # this computer, direct


def test_the_setting_and_the_flag(tmp_path: Path) -> None:
    conf = tmp_path / "flet.toml"
    conf.write_text("[server]\ntrusted_proxy = true\n")
    assert load_settings(conf).trusted_proxy is True
    assert Settings().trusted_proxy is False
    conf.write_text('[server]\ntrusted_proxy = "yes"\n')
    with pytest.raises(ValueError, match="trusted_proxy"):
        load_settings(conf)
    assert gate_for("127.0.0.1", Settings(), None, trust_proxy=None).guarded is False
    on = gate_for("127.0.0.1", Settings(), None, trust_proxy=True)
    assert on.guarded and on.proxy
    from_file = gate_for("127.0.0.1", Settings(trusted_proxy=True), None, None)
    assert from_file.proxy


# --- through the real server, as a proxy relays a phone ------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    data_dir = tmp_path_factory.mktemp("proxy") / "data"
    store = GameStore(data_dir)
    hub = GameHub(store)
    gid = store.create(Sheet.new(["Zephyrine", "Quillon"]))
    token = hub.invite(gid)
    store.close()
    env = {"FORWARDED_ALLOW_IPS": "127.0.0.1"}
    with running_server(data_dir, env, host="127.0.0.1") as srv:
        yield srv, f"/join/{gid}?t={token}"


def _sees(port: int, route: str, headers: dict[str, str]) -> str:
    with RawSession(port, source="127.0.0.1", headers=headers) as ses:
        ses.register(route)
        return "\n".join(strings(ses.received))


def test_the_real_server_on_loopback_locks_out_a_relayed_phone(
    server: tuple[Server, str],
) -> None:
    srv, join = server
    home = _sees(srv.port, "/", {})
    assert "New game" in home and "Zephyrine" in home  # the control: the host
    for headers in ({"X-Forwarded-For": "203.0.113.7"}, {"X-Real-IP": "203.0.113.7"}):
        seen = _sees(srv.port, "/", headers)
        assert "Scan the host's invite" in seen, headers
        assert "Zephyrine" not in seen and "New game" not in seen
    guest = _sees(srv.port, join, {"X-Forwarded-For": "203.0.113.7"})
    assert "Zephyrine" in guest and "New game" not in guest
