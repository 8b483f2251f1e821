"""A phone that is not the host gets no game data without a valid invite.

Issue 11, item 5: the real server listens on 0.0.0.0 (a live table), and
"another phone" connects from 127.0.0.3 (its socket bound to that source
address: Linux would otherwise connect from 127.0.0.1 whatever loopback
address is dialled). Every case scans *everything* the server sent over the
raw Flet websocket protocol (every frame msgpack-decoded, every text in it),
not only what a page would draw, for the names, the totals and the ids of
the stored games; and checks that the "Scan the host's invite" page did
come, so a case cannot pass on a server that sent nothing. Positive
controls (a valid invite, the host's own screen) show the same scan finds
the data where it is allowed. The HTTP side serves only the static app.

One server for the whole module; each case is its own websocket session.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.app.hub import GameHub
from companion.rules import Entry, RoundRecord, Sheet
from companion.store import GameStore

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "browser"))
from flet_client import RawSession, strings  # noqa: E402
from harness import ROOT, Server, running_server  # noqa: E402

PHONE = "127.0.0.3"  # another machine, as the server sees it
HOST = "127.0.0.1"
LOCKED = "Scan the host's invite"
HOME = "New game"  # the Home screen's main button
NAMES_A = ("Zephyrine", "Quillon")
NAMES_B = ("Barnabeth", "Orsolya")
FLIP7 = ("12", "11", "10", "9", "8", "7", "6")  # 63 + 15 for seven cards


@dataclass(frozen=True)
class Table:
    server: Server
    data_dir: Path
    a: str  # game ids
    b: str
    token_a: str  # A's current invite
    token_b: str
    revoked_a: str  # A's invite before "New invite"
    total_a: str  # Zephyrine's total, shown on A's sheet
    total_b: str

    def secrets_of(self, game: str) -> dict[str, str]:
        """What must not reach a phone not invited to ``game``."""
        if game == self.a:
            names, total = NAMES_A, self.total_a
        else:
            names, total = NAMES_B, self.total_b
        found = {name: name for name in names}
        found[f"total {total}"] = total
        found[f"game id {game}"] = game
        return found

    @property
    def everything(self) -> dict[str, str]:
        return {**self.secrets_of(self.a), **self.secrets_of(self.b)}


def _game(store: GameStore, names: tuple[str, str], rounds: list[tuple[str, ...]]):
    sheet = Sheet.new(list(names))
    for cards in rounds:
        lines = (("p1", Entry(cards)), ("p2", Entry(("5",))))
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, lines))
    total = str(sheet.totals()["p1"])
    return store.create(sheet), total


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    data_dir = tmp_path_factory.mktemp("live-security") / "data"
    store = GameStore(data_dir)
    hub = GameHub(store)
    a, total_a = _game(store, NAMES_A, [FLIP7, FLIP7, ("12", "13", "6")])
    b, total_b = _game(store, NAMES_B, [FLIP7, ("12", "13", "13L")])
    assert (total_a, total_b) == ("187", "116")  # three digits: no chance hits
    revoked_a = hub.invite(a)
    token_a = hub.new_invite(a)  # revokes the first one
    token_b = hub.invite(b)
    assert len({revoked_a, token_a, token_b}) == 3
    store.close()
    # uvicorn honours forwarded headers from the addresses this names:
    # the test proves its default (127.0.0.1 only), so no inherited value.
    env = {"FORWARDED_ALLOW_IPS": "127.0.0.1"}
    with running_server(data_dir, env, args=("--host", "0.0.0.0")) as server:
        yield Table(
            server, data_dir, a, b, token_a, token_b, revoked_a, total_a, total_b
        )


# --- scanning ------------------------------------------------------------------
def leaks(
    texts: list[str], secrets_: dict[str, str], sent: tuple[str, ...] = ()
) -> list[str]:
    """Which secrets appear in ``texts`` (whole words, so an id or a total
    is not found inside a longer number); the routes the client itself sent
    (echoed back as the page's route) are not the server's news."""
    own = set(sent)
    found = []
    for label, secret in secrets_.items():
        pattern = re.compile(rf"(?<![\w-]){re.escape(secret)}(?![\w-])")
        if any(pattern.search(t) for t in texts if t not in own):
            found.append(label)
    return found


def texts(ses: RawSession, messages: list[list[Any]] | None = None) -> list[str]:
    return list(strings(ses.received if messages is None else messages))


def assert_locked(ses: RawSession, t: Table, sent: tuple[str, ...]) -> None:
    got = texts(ses)
    assert ses.received, "the server sent nothing"
    assert any(LOCKED in s for s in got), "the locked page did not come"
    assert not any(HOME in s for s in got), "Home was sent to a locked phone"
    assert leaks(got, t.everything, sent) == []


def phone(t: Table, **kw: Any) -> RawSession:
    return RawSession(t.server.port, source=PHONE, **kw)


def host(t: Table, **kw: Any) -> RawSession:
    return RawSession(t.server.port, source=HOST, **kw)


# --- a phone without a valid invite: locked, whatever the URL ---------------------
Route = Callable[[Table], str]
LOCKED_ROUTES: dict[str, Route] = {
    "home": lambda t: "/",
    "history": lambda t: "/history",
    "history with a valid token": lambda t: f"/history?t={t.token_a}",
    "statistics": lambda t: "/history/stats",
    "a game without token": lambda t: f"/game/{t.a}",
    "a game's entry without token": lambda t: f"/game/{t.a}/entry",
    "a past game with a valid token": lambda t: f"/past/{t.a}?t={t.token_a}",
    "join, empty token": lambda t: f"/join/{t.a}?t=",
    "join, wrong token": lambda t: f"/join/{t.a}?t={secrets.token_urlsafe(16)}",
    "join, truncated token": lambda t: f"/join/{t.a}?t={t.token_a[:-1]}",
    "join, token and more": lambda t: f"/join/{t.a}?t={t.token_a}x",
    "join, revoked token": lambda t: f"/join/{t.a}?t={t.revoked_a}",
    "board, revoked token": lambda t: f"/board/{t.a}?t={t.revoked_a}",
    "join, the other game's token": lambda t: f"/join/{t.a}?t={t.token_b}",
    "game, the other game's token": lambda t: f"/game/{t.a}?t={t.token_b}",
    "A's token on B's game": lambda t: f"/game/{t.b}?t={t.token_a}",
    "A's token on B's board": lambda t: f"/board/{t.b}?t={t.token_a}",
    "A's token on B's digital table": lambda t: f"/game/{t.b}/digital?t={t.token_a}",
    "a wrong token first": lambda t: f"/join/{t.a}?t=nope&t={t.token_a}",
    "a game that does not exist": lambda t: f"/join/nosuchgame?t={t.token_a}",
}


@pytest.mark.parametrize("case", list(LOCKED_ROUTES))
def test_a_phone_without_a_valid_invite_gets_nothing(table: Table, case: str) -> None:
    route = LOCKED_ROUTES[case](table)
    with phone(table) as ses:
        ses.register(route)
        assert_locked(ses, table, (route,))


def test_a_forged_forwarded_for_header_is_not_believed(table: Table) -> None:
    """uvicorn takes X-Forwarded-For only from 127.0.0.1: a phone that
    claims to be the host's own address stays a stranger."""
    forged = {
        "X-Forwarded-For": "127.0.0.1",
        "X-Real-IP": "127.0.0.1",
        "Forwarded": "for=127.0.0.1",
    }
    with phone(table, headers=forged) as ses:
        ses.register("/")
        assert_locked(ses, table, ("/",))


def test_the_forwarded_header_is_read_from_the_host_itself(table: Table) -> None:
    """The control for the case above: the header is not ignored, it is
    believed only from 127.0.0.1 (a proxy on the serving machine), so the
    forged one above was refused for where it came from."""
    with host(table, headers={"X-Forwarded-For": PHONE}) as ses:
        ses.register("/")
        assert_locked(ses, table, ("/",))


def test_a_hosts_session_id_does_not_open_the_hosts_session(table: Table) -> None:
    """Flet keys a session by its id *and* the client's address: a phone
    presenting the host's session id gets a new session of its own."""
    with host(table) as ses:
        ses.register(f"/game/{table.a}")
        session_id = ses.session_id
    assert session_id
    with phone(table) as ses:
        ses.register("/", session_id=session_id)
        assert ses.session_id != session_id
        assert_locked(ses, table, ("/",))


LATER_ROUTES: dict[str, Route] = {
    "a game": lambda t: f"/game/{t.a}",
    "a game's entry": lambda t: f"/game/{t.a}/entry",
    "history": lambda t: "/history",
    "a past game": lambda t: f"/past/{t.a}",
    "home": lambda t: "/",
}


@pytest.mark.parametrize("case", list(LATER_ROUTES))
def test_a_locked_phone_that_changes_its_route_stays_locked(
    table: Table, case: str
) -> None:
    """The route_change event a page sends when its URL changes in place
    (Back, a typed URL), sent by hand: still the locked page, no data."""
    route = LATER_ROUTES[case](table)
    with phone(table) as ses:
        ses.register("/rules")
        assert ses.page_id is not None
        after = ses.route_change(route)
        assert after, "the route change got no answer (the page ignored it)"
        assert_locked(ses, table, ("/rules", route))


# --- a phone with A's invite: A, and nothing else --------------------------------
def watch(ses: RawSession) -> list[list[Any]]:
    """Tap "Just watch" on the join screen (the sheet shows the totals)."""
    return ses.click("Just watch")


@pytest.mark.parametrize("kind", ["join", "board", "game"])
def test_a_valid_invite_shows_that_game_only(table: Table, kind: str) -> None:
    route = f"/{kind}/{table.a}?t={table.token_a}"
    with phone(table) as ses:
        ses.register(route)
        if kind != "board" or ses.has_button("Just watch"):
            watch(ses)  # a phone picks "Just watch"; a board may show the sheet
        got = texts(ses)
        assert not any(LOCKED in s for s in got)
        assert leaks(got, table.secrets_of(table.a)) == [
            *NAMES_A,
            f"total {table.total_a}",
            f"game id {table.a}",
        ]
        assert leaks(got, table.secrets_of(table.b), (route,)) == []
        assert not any(HOME in s for s in got)


GUEST_DETOURS: dict[str, Route] = {
    "home": lambda t: "/",
    "history": lambda t: "/history",
    "statistics": lambda t: "/history/stats",
    "the other game": lambda t: f"/game/{t.b}",
    "the other game's entry": lambda t: f"/game/{t.b}/entry",
    "the other game, past": lambda t: f"/past/{t.b}",
    "the other game with A's token": lambda t: f"/game/{t.b}?t={t.token_a}",
    "the other game's join": lambda t: f"/join/{t.b}?t={t.token_a}",
}


@pytest.mark.parametrize("case", list(GUEST_DETOURS))
def test_an_invited_phone_cannot_wander_to_other_screens(
    table: Table, case: str
) -> None:
    route = GUEST_DETOURS[case](table)
    start = f"/join/{table.a}?t={table.token_a}"
    with phone(table) as ses:
        ses.register(start)
        watch(ses)
        after = ses.route_change(route)
        got = texts(ses)
        assert leaks(got, table.secrets_of(table.b), (start, route)) == []
        assert not any(HOME in s for s in got), "Home reached an invited phone"
        # Still its own game (the answer may be empty: the same sheet).
        assert not any(LOCKED in s for s in texts(ses, after))


# --- the host's own screen: everything (the scan finds what is there) -------------
def test_the_host_sees_home_with_every_game(table: Table) -> None:
    with host(table) as ses:
        ses.register("/")
        got = texts(ses)
        assert any(HOME in s for s in got)
        assert not any(LOCKED in s for s in got)
        names = [*NAMES_A, *NAMES_B]
        assert set(leaks(got, {n: n for n in names})) == set(names)


def test_the_host_sees_a_games_totals(table: Table) -> None:
    route = f"/game/{table.a}"
    with host(table) as ses:
        ses.register(route)
        found = leaks(texts(ses), table.secrets_of(table.a))
        assert f"total {table.total_a}" in found


# --- a revoked invite, live ------------------------------------------------------
def test_a_new_invite_locks_out_a_phone_already_in(table: Table) -> None:
    invite = f"/game/{table.a}/invite"
    with host(table) as ses:
        ses.register(invite)
        if not ses.has_button("New invite"):
            pytest.skip(
                f"no 'New invite' button on the host's {invite} (the invite "
                "screen is not on this branch yet): a revocation while a "
                "phone is connected cannot be driven from outside the server"
            )
    pytest.fail("write this case when the invite screen lands")


# --- HTTP: only the static app, for anyone --------------------------------------
def get(t: Table, path: str, method: str = "GET") -> tuple[int, bytes, str]:
    conn = http.client.HTTPConnection(
        "127.0.0.1", t.server.port, timeout=60, source_address=(PHONE, 0)
    )
    try:
        conn.request(method, path)
        resp = conn.getresponse()
        return resp.status, resp.read(), resp.getheader("content-type") or ""
    finally:
        conn.close()


def _data_file(t: Table) -> str:
    """A game's own file, as a path relative to the served assets."""
    rel = os.path.relpath(t.data_dir / "games" / f"{t.a}.json", ROOT / "companion")
    return "/" + rel.replace("..", "%2e%2e")


HTTP_PATHS: dict[str, Route] = {
    "/": lambda t: "/",
    "index.html": lambda t: "/index.html",
    "a wrong invite": lambda t: f"/join/{t.a}?t=bad",
    "a game": lambda t: f"/game/{t.a}",
    "a valid board link": lambda t: f"/board/{t.a}?t={t.token_a}",
    "a valid join link": lambda t: f"/join/{t.a}?t={t.token_a}",
    "history": lambda t: "/history",
    "manifest": lambda t: "/manifest.json",
    "rules": lambda t: "/rules.md",
    "the Flutter bootstrap": lambda t: "/flutter_bootstrap.js",
    "the app's code": lambda t: "/main.dart.js",
    "an icon": lambda t: "/icons/Icon-192.png",
    "the websocket path": lambda t: "/ws",
    "the upload path": lambda t: "/upload",
    "a game file by path": _data_file,
    "the data folder": lambda t: "/games/" + t.a + ".json",
}


@pytest.mark.parametrize("case", list(HTTP_PATHS))
def test_http_serves_no_game_data(table: Table, case: str) -> None:
    path = HTTP_PATHS[case](table)
    status, body, kind = get(table, path)
    text = body.decode("utf-8", "replace")
    secrets_ = {
        **table.everything,
        "A's token": table.token_a,
        "B's token": table.token_b,
    }
    if "javascript" in kind or not kind.startswith(("text/", "application/json")):
        # A total is a short number: a 5 MB bundle holds every such number.
        secrets_ = {k: v for k, v in secrets_.items() if not k.startswith("total")}
    assert leaks([text], secrets_, (path,)) == [], (status, kind)


def test_http_serves_the_flutter_app(table: Table) -> None:
    """The control for the HTTP cases: they read real responses."""
    status, body, _ = get(table, f"/join/{table.a}?t=bad")
    assert status == 200 and b"flutter" in body.lower()


def test_http_accepts_no_upload(table: Table) -> None:
    status, _, _ = get(table, "/upload?f=x.json", method="PUT")
    assert status >= 400
