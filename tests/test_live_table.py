"""A live table in the app layer: who a session is, and what each may change.

Several AppStates on one GameHub stand for the host's screen and the
players' phones; the views are not involved, so every refusal here is one a
phone gets even if it sent the event by hand.
"""

from __future__ import annotations

import pytest
from drive import drive

from companion.app import AppState
from companion.app.access import HOST, Access, Gate, Role, admit, invite_in, normal
from companion.app.hub import GameHub
from companion.app.views.digital import digital_of
from companion.store import GameStore

ALWAYS: dict[tuple[str, str], bool] = {}


def table(players: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> tuple[AppState, str]:
    hub = GameHub(GameStore.memory())
    host = AppState(hub)
    for name in players:
        assert drive(host.act(host.form.add, name)) is None
    assert host.start_game() is None
    assert host.game_id is not None
    return host, host.game_id


def phone(host: AppState, role: Role = Role.GUEST) -> AppState:
    guest = AppState(host.hub)
    assert guest.admit(Access(role, host.game_id or "", "token")) is None
    return guest


# --- who a session is ----------------------------------------------------------
def test_a_server_on_loopback_trusts_everyone() -> None:
    gate = Gate.for_server("127.0.0.1")
    assert admit(gate, "127.0.0.2", "/", lambda g, t: False) is HOST


def test_on_the_lan_only_the_machine_itself_is_the_host() -> None:
    gate = Gate.for_server("0.0.0.0", trusted=["192.168.1.5"])
    never = lambda g, t: False  # noqa: E731
    assert admit(gate, "127.0.0.1", "/", never) is HOST
    assert admit(gate, "::ffff:127.0.0.1", "/", never) is HOST
    assert admit(gate, "192.168.1.5", "/history", never) is HOST
    assert admit(gate, "192.168.1.9", "/", never).locked
    assert admit(gate, "127.0.0.2", "/", never).locked


def test_a_phone_needs_the_games_own_valid_token() -> None:
    gate = Gate.for_server("0.0.0.0")
    valid = {("g1", "good")}

    def admits(game: str, token: str) -> bool:
        return (game, token) in valid

    ip = "192.168.1.9"
    assert admit(gate, ip, "/join/g1?t=good", admits) == Access(
        Role.GUEST, "g1", "good"
    )
    assert admit(gate, ip, "/board/g1?t=good", admits).role is Role.BOARD
    assert admit(gate, ip, "/game/g1/entry?t=good", admits).role is Role.GUEST
    for path in (
        "/join/g1",  # no token
        "/join/g1?t=",  # empty token
        "/join/g1?t=bad",  # wrong token
        "/join/g2?t=good",  # another game's token
        "/history?t=good",  # not a game's page
        "/join/../g1?t=good",
    ):
        assert admit(gate, ip, path, admits).locked, path


def test_addresses_are_compared_in_one_form() -> None:
    assert normal("::ffff:10.0.0.2") == "10.0.0.2"
    assert normal("[::1]") == "::1"
    assert invite_in("/join/abc?t=x&t=y") == ("join", "abc", "x")
    assert invite_in("/elsewhere?t=x") is None


# --- lines -----------------------------------------------------------------------
def test_a_phone_taps_its_own_line_only() -> None:
    host, _ = table()
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    assert ann.seat.mine == "p1"
    assert drive(ann.act(ann.entry.add_card, "p1", "7")) is None
    assert (
        drive(ann.act(ann.entry.add_card, "p2", "5"))
        == "Bob's line is entered on Bob's phone."
    )
    assert drive(ann.act(ann.entry.set_busted, "p3", True)) is not None
    assert drive(ann.act(ann.entry.set_typed, "p2", 12)) is not None
    assert (
        drive(host.act(host.entry.add_card, "p2", "5")) is None
    )  # the host edits every line
    host.shown()
    assert host.entry.draft is not None and host.entry.draft.lines == {
        "p1": ["7"],
        "p2": ["5"],
    }


def test_a_scorer_phone_edits_every_line() -> None:
    host, _ = table()
    bob = phone(host)
    assert drive(bob.act(bob.seat.claim, "p2")) is None
    assert drive(bob.act(bob.entry.add_card, "p1", "3")) is not None
    assert drive(host.act(host.seat.make_scorer, "p2", True)) is None
    assert drive(bob.act(bob.entry.add_card, "p1", "3")) is None
    assert (
        drive(bob.act(bob.seat.make_scorer, "p2", False))
        == "Only the host's screen can do that."
    )


def test_the_last_player_saves_once_every_line_is_in() -> None:
    host, _ = table(("Ann", "Bob"))
    ann, bob = phone(host), phone(host)
    assert (
        drive(ann.act(ann.seat.claim, "p1")) is None
        and drive(bob.act(bob.seat.claim, "p2")) is None
    )
    assert drive(ann.act(ann.entry.add_card, "p1", "9")) is None
    assert drive(ann.act(ann.entry.set_done, "p1")) is None
    assert drive(ann.act(ann.entry.save)) == (
        "The round is saved when every line is in: waiting for Bob."
    )
    assert drive(bob.act(bob.entry.add_card, "p2", "4")) is None
    assert drive(bob.act(bob.entry.set_done, "p2")) is None
    assert (
        drive(bob.act(bob.entry.add_card, "p2", "6")) is None
    )  # a change takes the mark away
    assert bob.entry.waiting_for() == ["Bob"]
    assert drive(bob.act(bob.entry.set_done, "p2")) is None
    assert drive(bob.act(bob.entry.save)) is None, bob.notice
    assert host.sheet.totals() == {"p1": 9, "p2": 10}


def test_an_impossible_line_is_not_in() -> None:
    """Two 9s in a line that did not bust: "My line is in" is refused with
    the problem, and the line stays out (nobody can save past it)."""
    host, _ = table(("Ann", "Bob"))
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    assert (
        drive(ann.act(ann.entry.add_card, "p1", "9")) is None
        and drive(ann.act(ann.entry.add_card, "p1", "9")) is None
    )
    assert (
        drive(ann.act(ann.entry.set_done, "p1"))
        == "Ann: two 9s in a line that did not bust."
    )
    assert ann.entry.waiting_for() == ["Ann", "Bob"]
    assert (
        drive(host.act(host.entry.set_done, "p1")) is not None
    )  # the host cannot call it in either
    assert (
        drive(ann.act(ann.entry.set_busted, "p1", True)) is None
    )  # busted after all: now it is in
    assert ann.entry.waiting_for() == ["Bob"]


def test_a_bust_counts_as_in() -> None:
    host, _ = table(("Ann", "Bob"))
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    assert drive(ann.act(ann.entry.set_busted, "p1", True)) is None
    assert (
        drive(host.act(host.entry.set_done, "p2")) is None
    )  # the host taps for Bob (no phone)
    ann.shown()  # Ann's page redrew (it does on every change)
    assert drive(ann.act(ann.entry.save)) is None, ann.notice


# --- seats -------------------------------------------------------------------------
def test_two_phones_cannot_hold_one_seat() -> None:
    host, _ = table()
    one, two = phone(host), phone(host)
    assert drive(one.act(one.seat.claim, "p1")) is None
    assert (
        drive(two.act(two.seat.claim, "p1")) == "Ann's seat is taken by another phone."
    )
    assert two.seat.mine is None


def test_a_seat_whose_phone_dropped_out_can_be_taken_back() -> None:
    host, _ = table()
    old = phone(host)
    assert drive(old.act(old.seat.claim, "p1")) is None
    drive(old.set_connected(False))
    host.shown()
    assert not host.seat.seats.present("p1")
    new = phone(host)  # the same person, after a reload
    assert drive(new.act(new.seat.claim, "p1")) is None
    assert new.seat.mine == "p1" and old.seat.mine is None


def test_a_closed_page_leaves_its_seat_waiting() -> None:
    host, _ = table()
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    ann.detach()
    assert host.seat.seats.holder("p1") is not None
    assert not host.seat.seats.present("p1")


def test_late_players_join_only_when_the_host_allows() -> None:
    host, _ = table(("Ann", "Bob"))
    dee = phone(host)
    assert drive(dee.act(dee.fixes.join_late, "Dee")) == (
        "The host has not opened the table to late players."
    )
    assert drive(host.act(host.seat.allow_late, True)) is None
    assert drive(dee.act(dee.fixes.join_late, "Dee")) is None, dee.notice
    sheet = host.sheet
    assert sheet is not None and [p.name for p in sheet.seated][-1] == "Dee"
    assert dee.seat.mine == sheet.seated[-1].id


# --- what a guest never reaches ---------------------------------------------------
def test_a_phone_reaches_nothing_but_its_game() -> None:
    host, gid = table()
    other, other_id = table()
    ann = phone(host)
    assert (
        ann.library.games() == []
        and ann.library.unfinished() is None
        and ann.library.history() == []
    )
    assert ann.library.stats() == []
    assert ann.library.load_game(gid) == "Only the host's screen can do that."
    assert ann.open_game(other_id) == "This phone was invited to another game."
    assert ann.delete_game(gid) is not None
    assert host.sheet is not None  # still there
    assert drive(ann.act(ann.fixes.rename_player, "p1", "Zed")) is not None
    assert drive(ann.act(ann.fixes.remove_player, "p2")) is not None
    assert drive(ann.act(ann.fixes.add_player, "Eve")) is not None
    assert drive(ann.act(ann.fixes.undo_round)) is not None
    assert ann.start_game() is not None
    assert (
        drive(ann.act(ann.library.import_code, "F7:whatever"))
        == "Only the host's screen can do that."
    )
    assert (
        drive(ann.act(ann.entry.discard)) is not None
        and drive(ann.act(ann.entry.clear)) is not None
    )
    assert drive(ann.act(ann.table.start)) is not None
    assert ann.library.share_view(other_id) == "Only the host's screen can do that."


def test_a_board_changes_nothing() -> None:
    host, _ = table()
    board = phone(host, Role.BOARD)
    assert drive(board.act(board.seat.claim, "p1")) == "A board only watches."
    assert drive(board.act(board.entry.add_card, "p1", "7")) is not None
    assert drive(board.act(board.entry.set_done, "p1")) is not None


# --- the digital deal --------------------------------------------------------------
def digital(host: AppState) -> tuple[AppState, AppState]:
    ann, bob = phone(host), phone(host)
    assert (
        drive(ann.act(ann.seat.claim, "p1")) is None
        and drive(bob.act(bob.seat.claim, "p2")) is None
    )
    assert drive(host.act(host.table.start)) is None, host.notice
    return ann, bob


def pending_pid(state: AppState) -> str:
    rnd = state.table.round
    assert rnd is not None and rnd.pending is not None
    return state.table.seat_ids[rnd.pending.player]


@pytest.mark.parametrize("players", [("Ann", "Bob")])
def test_each_phone_decides_for_its_own_seat(players: tuple[str, ...]) -> None:
    host, _ = table(players)
    ann, bob = digital(host)
    for _ in range(4):
        for s in (host, ann, bob):
            s.shown()  # every page redrew after the last change
        if host.table.round is None or host.table.round.over:
            break
        pid = pending_pid(host)
        mover, other = (ann, bob) if pid == "p1" else (bob, ann)
        choice = host.table.round.legal()[0]  # type: ignore[union-attr]
        assert drive(other.act(other.table.play, choice)) is not None
        assert (
            drive(host.act(host.table.play, choice)) is not None
        )  # that phone is there
        assert mover.seat.may_decide(mover.watch.state)
        assert drive(mover.act(mover.table.play, choice)) is None, mover.notice


def test_the_host_plays_for_a_phone_that_dropped_out() -> None:
    host, _ = table(("Ann", "Bob"))
    ann, bob = digital(host)
    pid = pending_pid(host)
    gone = ann if pid == "p1" else bob
    drive(gone.set_connected(False))
    host.shown()
    assert host.seat.may_decide(host.watch.state)
    choice = host.table.round.legal()[0]  # type: ignore[union-attr]
    assert drive(host.act(host.table.play, choice)) is None, host.notice


def test_a_new_invite_shuts_old_links_out_at_once() -> None:
    host, gid = table()
    token = host.hub.invite(gid)
    ann = AppState(host.hub)
    assert ann.admit(Access(Role.GUEST, gid, token)) is None
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    assert ann.check_access()
    host.hub.new_invite(gid)
    assert not ann.check_access()
    assert ann.seat.access.locked and ann.sheet is None
    assert "new invite" in ann.seat.access.reason
    assert ann.entry is None  # nothing reaches the game


def test_a_locked_session_stays_locked() -> None:
    host, gid = table()
    gate = Gate.for_server("0.0.0.0")
    stranger = AppState(host.hub)
    stranger.admit(admit(gate, "192.168.1.9", "/", host.hub.admits))
    assert not stranger.check_access()
    assert stranger.open_game(gid) is not None and stranger.sheet is None
    assert host.check_access()


def test_only_the_host_sees_or_renews_the_invite() -> None:
    host, gid = table()
    ann = phone(host)
    assert ann.invite.view() == "Only the host's screen can do that."
    assert drive(ann.act(ann.invite.renew)) == "Only the host's screen can do that."
    assert host.hub.admits(gid, host.hub.invite(gid))


def test_a_phone_cannot_be_believed_by_a_forwarded_header() -> None:
    from companion.__main__ import pin_forwarded

    env = {"FORWARDED_ALLOW_IPS": "*"}
    assert pin_forwarded(env) is not None
    assert env["FORWARDED_ALLOW_IPS"] == "127.0.0.1,::1"
    kept = {"FORWARDED_ALLOW_IPS": "127.0.0.1"}
    assert pin_forwarded(kept) is None and kept["FORWARDED_ALLOW_IPS"] == "127.0.0.1"
    assert pin_forwarded({}) is None


def test_two_phones_on_one_line_one_gets_it_the_other_is_told() -> None:
    host, _ = table(("Ann", "Bob"))
    ann, bob = phone(host), phone(host)
    assert (
        drive(ann.act(ann.seat.claim, "p1")) is None
        and drive(bob.act(bob.seat.claim, "p2")) is None
    )
    assert drive(host.act(host.seat.make_scorer, "p2", True)) is None
    for s in (ann, bob):
        s.shown()
    assert drive(ann.act(ann.entry.add_card, "p1", "7")) is None  # Ann's phone first
    refused = drive(
        bob.act(bob.entry.add_card, "p1", "9")
    )  # Bob's screen had not seen it yet
    assert refused is not None and "Ann's line changed" in refused
    host.shown()
    assert host.entry.draft is not None and host.entry.draft.lines == {"p1": ["7"]}
    bob.shown()  # redrawn: now Bob sees the 7 and may add to it
    assert drive(bob.act(bob.entry.add_card, "p1", "9")) is None


def test_the_new_invite_message_stays_while_phones_are_shut_out() -> None:
    """ "Old invite links no longer work." vanished in a blink: the phones it
    locked out let go of their seats, and that change cleared it."""
    host, gid = table()
    ann, bob = phone(host), phone(host)
    assert (
        drive(ann.act(ann.seat.claim, "p1")) is None
        and drive(bob.act(bob.seat.claim, "p2")) is None
    )
    assert drive(host.act(host.invite.renew)) is None
    assert host.notice is not None
    said = host.notice.text
    assert said == "Old invite links no longer work."
    assert not ann.check_access() and not bob.check_access()
    host.shown()
    assert host.notice is not None and host.notice.text == said


def voice(state: AppState) -> int:
    """Who "you" is in the words of the pending decision's choices."""
    view = digital_of(state)
    assert view is not None and view.turn is not None
    return view.turn.voice


def test_you_is_the_reader_in_the_choices_words() -> None:
    """The host deciding for a player whose phone is away is not "you";
    the player's own phone is, and so is one device passed round a table
    with no phones."""
    host, _ = table(("Ann", "Bob"))
    ann, bob = digital(host)
    rnd = host.table.round
    assert rnd is not None and rnd.pending is not None
    seat = rnd.pending.player
    mover = ann if pending_pid(host) == "p1" else bob
    assert voice(host) == -1
    assert voice(mover) == seat
    alone, _gid = table(("Ann", "Bob"))
    assert drive(alone.act(alone.table.start)) is None
    lone = alone.table.round
    assert lone is not None and lone.pending is not None
    assert voice(alone) == lone.pending.player
