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
from concurrent.futures import ThreadPoolExecutor
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

# Its servers are module fixtures: one test process runs the whole module
# (pytest-xdist's loadgroup), so each starts once, not once per process.
pytestmark = pytest.mark.xdist_group("live_security")

PHONE = "127.0.0.3"  # another machine, as the server sees it
HOST = "127.0.0.1"
LOCKED = "Scan the host's invite"
HOME = "New game"  # the Home screen's main button
NAMES_A = ("Zephyrine", "Quillon")
NAMES_B = ("Barnabeth", "Orsolya")
NAMES_C = ("Ignatius", "Perpetua")  # the game whose invite is renewed live
FLIP7 = ("12", "11", "10", "9", "8", "7", "6")  # 63 + 15 for seven cards


@dataclass(frozen=True)
class Game:
    id: str
    names: tuple[str, str]
    total: str  # the first player's total, shown on the sheet
    token: str  # its invite now

    @property
    def secrets(self) -> dict[str, str]:
        """What must not reach a phone not invited to this game."""
        found = {name: name for name in self.names}
        found[f"total {self.total}"] = self.total
        found[f"game id {self.id}"] = self.id
        return found


@dataclass(frozen=True)
class Table:
    server: Server
    data_dir: Path
    games: tuple[Game, Game, Game]
    revoked_a: str  # A's invite before "New invite"

    @property
    def a(self) -> str:
        return self.games[0].id

    @property
    def b(self) -> str:
        return self.games[1].id

    @property
    def token_a(self) -> str:
        return self.games[0].token

    @property
    def token_b(self) -> str:
        return self.games[1].token

    def secrets_of(self, game: str) -> dict[str, str]:
        return next(g.secrets for g in self.games if g.id == game)

    @property
    def everything(self) -> dict[str, str]:
        return {k: v for g in self.games for k, v in g.secrets.items()}


def _game(
    store: GameStore, names: tuple[str, str], rounds: list[tuple[str, ...]]
) -> tuple[str, str]:
    sheet = Sheet.new(list(names))
    for cards in rounds:
        lines = (("p1", Entry(cards)), ("p2", Entry(("5",))))
        sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, lines))
    return store.create(sheet), str(sheet.totals()["p1"])


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    data_dir = tmp_path_factory.mktemp("live-security") / "data"
    store = GameStore(data_dir)
    hub = GameHub(store)
    made = [
        (NAMES_A, _game(store, NAMES_A, [FLIP7, FLIP7, ("12", "13", "6")])),
        (NAMES_B, _game(store, NAMES_B, [FLIP7, ("12", "13", "13L")])),
        (NAMES_C, _game(store, NAMES_C, [FLIP7, FLIP7, ("12", "13", "13L")])),
    ]
    # Three digits each, all different: no chance hits.
    assert [total for _, (_, total) in made] == ["187", "116", "194"]
    revoked_a = hub.invite(made[0][1][0])
    hub.new_invite(made[0][1][0])  # revokes the first one
    a, b, c = (Game(gid, names, total, hub.invite(gid)) for names, (gid, total) in made)
    assert len({revoked_a, a.token, b.token, c.token}) == 4
    store.close()
    # uvicorn honours forwarded headers from the addresses this names:
    # the test proves its default (127.0.0.1 only), so no inherited value.
    # Every case is a session of one "phone" address, more than the cap
    # on sessions per address (tests/test_server_load.py tests the cap).
    env = {"FORWARDED_ALLOW_IPS": "127.0.0.1", "COMPANION_SESSIONS_PER_ADDRESS": "1000"}
    with running_server(data_dir, env, host="0.0.0.0") as server:
        yield Table(server, data_dir, (a, b, c), revoked_a)


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
        hits = (t for t in texts if secret in t and t not in own)
        if any(pattern.search(t) for t in hits):
            found.append(label)
    return found


def texts(ses: RawSession, messages: list[list[Any]] | None = None) -> list[str]:
    return list(strings(ses.received if messages is None else messages))


def phone(t: Table, **kw: Any) -> RawSession:
    return RawSession(t.server.port, source=PHONE, **kw)


def host(t: Table, **kw: Any) -> RawSession:
    return RawSession(t.server.port, source=HOST, **kw)


@dataclass
class Seen:
    """What one session asked for and every text the server sent it."""

    sent: tuple[str, ...]  # the routes it asked for (echoed back as its route)
    texts: list[str]


Visit = Callable[[Table], Seen]


def batch(t: Table, visits: dict[str, Visit]) -> dict[str, Seen]:
    """Run the visits side by side (each its own session); a few at a time,
    so a slow render is not taken for the server falling quiet."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {case: pool.submit(visit, t) for case, visit in visits.items()}
        return {case: f.result() for case, f in futures.items()}


def opened(route: Callable[[Table], str], **kw: Any) -> Visit:
    """A phone opening ``route`` (a tab loading that URL)."""

    def visit(t: Table) -> Seen:
        path = route(t)
        with phone(t, **kw) as ses:
            ses.register(path)
            return Seen((path,), texts(ses))

    return visit


def moved(start: Callable[[Table], str], route: Callable[[Table], str]) -> Visit:
    """A phone that opened ``start``, tapped "Just watch" if it was offered,
    then sent the route_change event a page sends when its URL changes in
    place (Back, a URL typed into the same tab), by hand."""

    def visit(t: Table) -> Seen:
        first, then = start(t), route(t)
        with phone(t) as ses:
            ses.register(first)
            if ses.has_button("Just watch"):
                ses.click("Just watch")
            ses.route_change(then)
            return Seen((first, then), texts(ses))

    return visit


def assert_locked(seen: Seen, t: Table) -> None:
    assert seen.texts, "the server sent nothing"
    assert leaks(seen.texts, t.everything, seen.sent) == [], "game data reached it"
    assert not any(HOME in s for s in seen.texts), "Home was sent to a locked phone"
    assert any(LOCKED in s for s in seen.texts), "the locked page did not come"


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
# uvicorn believes X-Forwarded-For only from 127.0.0.1 (a proxy on the
# serving machine): a phone claiming the host's own address stays a stranger.
FORGED = {
    "X-Forwarded-For": "127.0.0.1",
    "X-Real-IP": "127.0.0.1",
    "Forwarded": "for=127.0.0.1",
}
LOCKED_VISITS: dict[str, Visit] = {
    **{case: opened(route) for case, route in LOCKED_ROUTES.items()},
    "forged forwarded-for headers": opened(lambda t: "/", headers=FORGED),
    "forged headers on a game": opened(lambda t: f"/game/{t.a}", headers=FORGED),
}
LATER_ROUTES: dict[str, Route] = {
    "a game": lambda t: f"/game/{t.a}",
    "a game's entry": lambda t: f"/game/{t.a}/entry",
    "the other game": lambda t: f"/game/{t.b}",
    "history": lambda t: "/history",
    "a past game": lambda t: f"/past/{t.a}",
    "home": lambda t: "/",
}
for _case, _route in LATER_ROUTES.items():
    LOCKED_VISITS[f"then route_change to {_case}"] = moved(lambda t: "/rules", _route)


@pytest.fixture(scope="module")
def locked(table: Table) -> dict[str, Seen]:
    return batch(table, LOCKED_VISITS)


@pytest.mark.parametrize("case", list(LOCKED_VISITS))
def test_a_phone_without_a_valid_invite_gets_nothing(
    table: Table, locked: dict[str, Seen], case: str
) -> None:
    assert_locked(locked[case], table)


def test_the_forwarded_header_is_read_from_the_host_itself(table: Table) -> None:
    """The control for the forged headers: the header is not ignored, it is
    believed only from 127.0.0.1, so the forged one was refused for where
    it came from. The host's own address claiming to be a phone is one."""
    with host(table, headers={"X-Forwarded-For": PHONE}) as ses:
        ses.register("/")
        assert_locked(Seen(("/",), texts(ses)), table)


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
        assert_locked(Seen(("/",), texts(ses)), table)


def test_a_route_change_sent_by_hand_is_obeyed(table: Table) -> None:
    """The control for the locked route changes: the same event from the
    host's screen does move it (from Rules to History, which lists games)."""
    with host(table) as ses:
        ses.register("/rules")
        assert not any(NAMES_B[0] in s for s in texts(ses))
        after = texts(ses, ses.route_change("/history"))
        assert any(NAMES_B[0] in s for s in after)


# --- a phone with A's invite: A, and nothing else --------------------------------
def invite_link(kind: str) -> Route:
    return lambda t: f"/{kind}/{t.a}?t={t.token_a}"


# Each opens its link, taps "Just watch" (the sheet, with the totals), then
# goes to its game's own sheet.
VALID = {
    kind: moved(invite_link(kind), lambda t: f"/game/{t.a}")
    for kind in ("join", "board", "game")
}


@pytest.fixture(scope="module")
def invited(table: Table) -> dict[str, Seen]:
    # One at a time: phones watching one game re-render as others come and
    # go, so side by side none would fall quiet until all were done.
    return {kind: visit(table) for kind, visit in VALID.items()}


@pytest.mark.parametrize("kind", list(VALID))
def test_a_valid_invite_shows_that_game_only(
    table: Table, invited: dict[str, Seen], kind: str
) -> None:
    """A's names, A's total (after "Just watch") and A's id reach it: the
    scan finds data where it is; of B, nothing; never Home, never locked."""
    seen = invited[kind]
    assert leaks(seen.texts, table.secrets_of(table.a)) == list(
        table.secrets_of(table.a)
    )
    assert leaks(seen.texts, table.secrets_of(table.b), seen.sent) == []
    assert not any(HOME in s for s in seen.texts), "Home reached an invited phone"
    assert not any(LOCKED in s for s in seen.texts)


DETOURS: dict[str, Route] = {
    "home": lambda t: "/",
    "history": lambda t: "/history",
    "statistics": lambda t: "/history/stats",
    "import": lambda t: "/import",
    "new game": lambda t: "/new",
    "rules": lambda t: "/rules",
    "the other game": lambda t: f"/game/{t.b}",
    "the other game's entry": lambda t: f"/game/{t.b}/entry",
    "the other game's digital table": lambda t: f"/game/{t.b}/digital",
    "the other game's share": lambda t: f"/game/{t.b}/share",
    "the other game, past": lambda t: f"/past/{t.b}",
    "its own game, past (delete)": lambda t: f"/past/{t.a}",
    "the other game with A's token": lambda t: f"/game/{t.b}?t={t.token_a}",
    "the other game's join": lambda t: f"/join/{t.b}?t={t.token_a}",
}


@pytest.fixture(scope="module")
def wandering(table: Table) -> dict[str, Seen]:
    """One invited phone sends, in turn, the route_change event of each
    detour by hand; what the server answered to each is kept apart."""
    start = invite_link("join")(table)
    found: dict[str, Seen] = {}
    with phone(table) as ses:
        ses.register(start)
        ses.click("Just watch")
        for case, route in DETOURS.items():
            path = route(table)
            after = texts(ses, ses.route_change(path))
            found[case] = Seen((start, path), after)
        ses.listen(first=1.5)  # anything still on its way
        sent = (start, *(route(table) for route in DETOURS.values()))
        found["everything it was sent"] = Seen(sent, texts(ses))
    return found


@pytest.mark.parametrize("case", [*DETOURS, "everything it was sent"])
def test_an_invited_phone_cannot_wander_to_other_screens(
    table: Table, wandering: dict[str, Seen], case: str
) -> None:
    """Whatever its page asks for, an invited phone stays on its game (the
    answer may well be empty: the same sheet): nothing of B, no Home."""
    seen = wandering[case]
    assert leaks(seen.texts, table.secrets_of(table.b), seen.sent) == []
    assert not any(HOME in s for s in seen.texts), "Home reached an invited phone"
    assert not any(LOCKED in s for s in seen.texts)


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
        assert f"total {table.games[0].total}" in found


# --- a revoked invite, live ------------------------------------------------------
def renew_invite(ses: RawSession) -> None:
    """The host taps "New invite", then confirms."""
    ses.click("New invite")
    ses.click("Make a new invite")


def test_a_new_invite_locks_out_a_phone_already_in(table: Table) -> None:
    """Game C's phone is watching its sheet; the host makes a new invite on
    the invite screen: the phone's page turns to "Scan the host's invite"
    at once, and what the host does next reaches it no more."""
    c = table.games[2]
    start = f"/join/{c.id}?t={c.token}"
    with phone(table) as guest, host(table) as desk:
        guest.register(start)
        guest.click("Just watch")
        assert leaks(texts(guest), c.secrets) == list(c.secrets)  # it was in

        desk.register(f"/game/{c.id}/invite")
        renew_invite(desk)
        after = guest.listen(first=30, until=LOCKED)
        assert any(LOCKED in s for s in texts(guest, after)), "not locked out"
        assert leaks(texts(guest, after), c.secrets, (start,)) == []

        # The host renews once more (the game's watchers are told): the
        # locked phone hears nothing of it; its page asking for the game
        # by hand gets nothing either.
        renew_invite(desk)
        later = guest.listen(first=3)
        later += guest.route_change(f"/game/{c.id}")
        assert leaks(texts(guest, later), c.secrets, (start, f"/game/{c.id}")) == []
        assert not any(HOME in s for s in texts(guest, [*after, *later]))


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
    """A game's own file, as a path relative to the served assets folder
    (dots escaped, so the client does not resolve them itself)."""
    game = t.data_dir / "games" / f"{t.a}.json"
    assert game.exists()
    rel = os.path.relpath(game, ROOT / "assets")
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
    "the Flutter bootstrap": lambda t: "/flutter_bootstrap.js",
    "the app's code": lambda t: "/main.dart.js",
    "an icon": lambda t: "/icons/icon-192.png",
    "the font manifest": lambda t: "/assets/FontManifest.json",
    "a font's licence": lambda t: "/fonts/DejaVu-LICENSE.txt",
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
        **{f"token of {g.names[0]}'s game": g.token for g in table.games},
        "A's revoked token": table.revoked_a,
    }
    if "javascript" in kind or not kind.startswith(("text/", "application/json")):
        # A total is a short number: a 5 MB bundle holds every such number.
        secrets_ = {k: v for k, v in secrets_.items() if not k.startswith("total")}
    assert leaks([text], secrets_, (path,)) == [], (status, kind)


def test_http_serves_the_flutter_app(table: Table) -> None:
    """The control for the HTTP cases: they read real responses (the app's
    page for any route, the files of the assets folder), and the game file
    asked for by path is not one of them."""
    status, body, _ = get(table, f"/join/{table.a}?t=bad")
    assert status == 200 and b"flutter" in body.lower()
    for path in ("/main.dart.js", "/icons/icon-192.png", "/assets/FontManifest.json"):
        status, body, _ = get(table, path)
        assert status == 200 and len(body) > 1000, path
    assert get(table, _data_file(table))[0] == 404


def test_http_accepts_no_upload(table: Table) -> None:
    status, _, _ = get(table, "/upload?f=x.json", method="PUT")
    assert status >= 400
