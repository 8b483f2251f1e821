"""A joined phone's score sheet (companion/app/views/guest_game.py): who
this phone is, whose line is still out and this phone's next step, from a
live table played through the app layer, without a browser."""

from __future__ import annotations

from drive import drive
from test_live_table import phone, table

from companion.app import AppState
from companion.app.views.guest_game import GuestGameView, guest_game_of


def view(state: AppState) -> GuestGameView:
    shown = guest_game_of(state)
    assert shown is not None
    return shown


def test_a_phone_without_a_seat_watches() -> None:
    host, _gid = table()
    ann = phone(host)
    sheet = view(ann)
    assert sheet.me is None and sheet.banner is None
    rnd = sheet.round
    assert rnd is not None and (rnd.number, rnd.dealer) == (1, "Ann")
    assert rnd.my_line is None and not rnd.scorer and not rnd.under_way


def test_a_seated_phone_enters_its_line_then_checks_it() -> None:
    host, _gid = table()
    ann = phone(host)
    assert drive(ann.act(ann.seat.claim, "p1")) is None
    rnd = view(ann).round
    assert view(ann).me == "Ann"
    assert rnd is not None and rnd.my_line is False  # "Enter my line"
    assert drive(ann.act(ann.entry.add_card, "p1", "7")) is None
    assert drive(ann.act(ann.entry.set_done, "p1")) is None
    rnd = view(ann).round
    assert rnd is not None and rnd.my_line is True  # "My line is in: check it"
    assert rnd.under_way and rnd.waiting == ("Bob", "Cy")


def test_a_scorer_phone_may_enter_the_round() -> None:
    host, _gid = table()
    bob = phone(host)
    assert drive(bob.act(bob.seat.claim, "p2")) is None
    assert drive(host.act(host.seat.make_scorer, "p2", True)) is None
    rnd = view(bob).round
    assert rnd is not None and rnd.scorer


def test_a_digital_round_sends_the_phone_to_the_table() -> None:
    host, _gid = table()
    ann = phone(host)
    assert drive(host.act(host.table.start)) is None
    rnd = view(ann).round
    assert rnd is not None and rnd.digital


def test_the_winner_ends_the_round_part() -> None:
    host, _gid = table(("Ann", "Bob"))
    ann = phone(host)
    for _round in range(3):
        for pid, score in (("p1", 90), ("p2", 10)):
            assert drive(host.act(host.entry.set_typed, pid, score)) is None
        assert drive(host.act(host.entry.save)) is None, host.notice
    sheet = view(ann)
    assert sheet.round is None and sheet.banner == "Ann wins with 270!"
