"""The join screen's view (companion/app/views/join.py) without a browser:
"Who are you?" — the seats a phone may take, those other phones hold, no
computer player's, and whether a newcomer may join late."""

from __future__ import annotations

from drive import drive

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.hub import GameHub
from companion.app.views.join import join_of
from companion.store import GameStore


def table(*names: str, bot: str | None = None) -> AppState:
    host = AppState(GameHub(GameStore.memory()))
    for name in names:
        assert drive(host.act(host.form.add, name)) is None
    if bot is not None:
        assert drive(host.act(host.form.add_computer, bot)) is None
    assert host.start_game() is None
    return host


def phone(host: AppState) -> AppState:
    gid = host.game_id
    assert gid is not None
    guest = AppState(host.hub)
    assert guest.admit(Access(Role.GUEST, gid, host.hub.invite(gid))) is None
    return guest


def test_every_person_is_a_seat_to_take_and_computers_are_nobodys() -> None:
    host = table("Ann", "Bob", bot="easy")
    view = join_of(phone(host))
    assert view is not None
    assert [(s.pid, s.name, s.taken) for s in view.seats] == [
        ("p1", "Ann", False),
        ("p2", "Bob", False),
    ]
    assert not view.late_joins


def test_a_seat_another_phone_holds_is_taken_and_ones_own_is_not() -> None:
    host = table("Ann", "Bob")
    ann, other = phone(host), phone(host)
    assert drive(ann.seat.claim("p1")) == "You are Ann."
    seen_by_other = join_of(other)
    seen_by_ann = join_of(ann)
    assert seen_by_other is not None and seen_by_ann is not None
    assert [s.taken for s in seen_by_other.seats] == [True, False]
    assert [s.taken for s in seen_by_ann.seats] == [False, False]  # come back


def test_a_seat_whose_phone_dropped_out_is_free_again() -> None:
    host = table("Ann", "Bob")
    ann, other = phone(host), phone(host)
    drive(ann.seat.claim("p1"))
    drive(ann.seat.connected(False))
    view = join_of(other)
    assert view is not None and not view.seats[0].taken


def test_late_joining_when_the_host_opens_the_table() -> None:
    host = table("Ann", "Bob")
    drive(host.seat.allow_late(True))
    view = join_of(phone(host))
    assert view is not None and view.late_joins


def test_no_game_no_seats() -> None:
    assert join_of(AppState(GameStore.memory())) is None
