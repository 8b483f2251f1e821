"""Each screen's intents and view without a browser (issue 36): what a
screen may do goes through its intents object (never the session), every
change through :func:`companion.app.intents.perform`, and the answer (a
refusal's words, the notice) comes back in the screen's view."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from drive import drive

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.actions.digital import DigitalIntents, digital_screen_of
from companion.app.actions.entry import entry_intents
from companion.app.actions.game import GameIntents, game_screen_of, guest_screen_of
from companion.app.actions.games import GamesIntents
from companion.app.actions.history import HistoryIntents
from companion.app.actions.home import HomeIntents
from companion.app.actions.import_game import ImportIntents
from companion.app.actions.invite import InviteIntents
from companion.app.actions.join import JoinIntents, SeatNow
from companion.app.actions.setup import SetupIntents
from companion.app.actions.share import ShareIntents, share_screen_of
from companion.app.intents import perform
from companion.app.serving import Serving
from companion.app.views.home import home_of
from companion.app.views.share import ShareView
from companion.app.views.your_games import your_games_of
from companion.share.sharecode import MAX_INPUT
from companion.store import GameStore

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return drive(coro)  # the tests' one loop (an asyncio.Lock keeps its loop)


def playing(names: tuple[str, ...] = ("Ann", "Bob")) -> AppState:
    state = AppState(GameStore.memory())
    for name in names:
        assert run(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    return state


def test_perform_is_the_sessions_act_and_awaits_an_async_one() -> None:
    state = AppState(GameStore.memory())
    assert run(perform(state, state.form.add, "Ann")) is None
    refused = run(perform(state, state.form.add, ""))
    assert refused is not None and state.notice is not None and state.notice.error

    class Later:  # a session whose act is a coroutine (issue 36's async core)
        calls: list[tuple[Any, ...]] = []

        async def act(self, fn: Callable[..., Any], *args: Any) -> str | None:
            await asyncio.sleep(0)
            self.calls.append(args)
            return "no"

    later = Later()
    assert run(perform(later, print, 1, 2)) == "no"  # type: ignore[arg-type]
    assert later.calls == [(1, 2)]


def test_backup_restore_and_undo_restore() -> None:
    state = playing()
    games = GamesIntents(state)
    made = run(games.backup())
    assert made is not None and made.ext == "json"
    assert made.note == "It holds 1 game." and made.name.endswith(".json")
    other = AppState(GameStore.memory())
    intents = GamesIntents(other)
    assert run(intents.restore(made.data)) is None
    view = your_games_of(other, None)
    assert view.notice is not None and not view.notice.error
    assert "1 game" in view.notice.text and view.can_undo
    assert run(intents.undo_restore()) is None
    assert not your_games_of(other, None).can_undo
    refused = run(intents.restore(None))  # a browser that gave no bytes
    assert refused is not None
    notice = your_games_of(other, None).notice
    assert notice is not None and notice.error and notice.text == refused


def test_a_file_moved_aside_that_is_gone_is_refused_and_said() -> None:
    state = playing()
    intents = GamesIntents(state)
    assert run(intents.aside_file("nothing.json.corrupt")) is None
    assert state.notice is not None and state.notice.error
    assert run(intents.remove_aside("nothing.json.corrupt")) is not None


def stored() -> tuple[AppState, str]:
    """A session whose store holds one game (imported), none open."""
    shared = share_screen_of(playing(), None).share
    assert isinstance(shared, ShareView)
    state = AppState(GameStore.memory())
    gid = run(ImportIntents(state).import_code(shared.code))
    assert gid
    return state, gid


def test_home_deletes_a_game_and_undoes_the_delete() -> None:
    state, gid = stored()
    intents = HomeIntents(state)
    assert [g.id for g in home_of(state).games] == [gid]
    assert run(intents.delete_game(gid)) is None
    view = home_of(state)
    assert view.games == () and view.can_restore
    assert view.notice is not None and not view.notice.error
    assert run(intents.undo_delete()) is None
    assert [g.id for g in home_of(state).games] == [gid]
    refused = run(intents.delete_game("no-such-game"))
    notice = home_of(state).notice
    assert refused is not None and notice is not None and notice.error


def test_history_finds_by_name_and_says_why_no_play_is_logged() -> None:
    state = playing(("Zoë", "Bob"))
    intents = HistoryIntents(state)
    assert intents.find("zoë").games and not intents.find("Xavier").games
    assert run(intents.log_plays("")) is None  # no finished game yet
    view = intents.find("")
    assert view.notice is not None and view.notice.error


def test_import_refuses_a_huge_paste_and_takes_a_good_code() -> None:
    shared = share_screen_of(playing(), None).share
    assert isinstance(shared, ShareView)
    state = AppState(GameStore.memory())
    intents = ImportIntents(state)
    assert run(intents.check_paste("F7C1:abc"))
    assert not run(intents.check_paste("x" * (MAX_INPUT + 1)))
    assert state.notice is not None and state.notice.error
    assert run(intents.import_code("F7C1:not a code")) is None
    assert intents.view("").imported is None
    gid = run(intents.import_code(shared.code))
    assert gid
    assert intents.view(gid).imported == gid
    assert run(intents.import_file(shared.file_bytes)) is not None  # again: ok


def test_the_share_screen_says_what_it_did_itself() -> None:
    state = playing()
    view = share_screen_of(state, None)
    assert isinstance(view.share, ShareView) and view.notice is None
    run(ShareIntents(state).tell("Share code copied."))
    assert share_screen_of(state, None).notice is not None
    run(ShareIntents(state).tell("Could not save", error=True))
    notice = share_screen_of(state, None).notice
    assert notice is not None and notice.error
    nothing_open = AppState(GameStore.memory())
    assert share_screen_of(nothing_open, None).share == "No game is open."


def test_the_sheet_screen_renames_adds_removes_and_cycles_a_seat() -> None:
    state = playing(("Ann", "Bob", "Cy"))
    intents = GameIntents(state)
    view = game_screen_of(state)
    assert view is not None and view.phones is None  # no phone joined
    seats = view.players.seats
    assert [(s.name, s.kind, s.bot, s.seated) for s in seats] == [
        ("Ann", "Person", False, True),
        ("Bob", "Person", False, True),
        ("Cy", "Person", False, True),
    ]
    ann = seats[0].pid
    assert run(intents.rename(ann, "Anna")) is None
    assert run(intents.add_player("Dee")) is None
    assert run(intents.next_kind(ann)) is None  # person → computer: easy
    view = game_screen_of(state)
    assert view is not None
    first = view.players.seats[0]
    assert first.name == "Anna" and first.bot and first.kind.startswith("Computer")
    assert view.players.name(ann) == "Anna"
    assert [s.name for s in view.players.seats] == ["Anna", "Bob", "Cy", "Dee"]
    assert run(intents.remove(view.players.seats[2].pid)) is None
    view = game_screen_of(state)
    assert view is not None
    assert [s.seated for s in view.players.seats] == [True, True, False, True]
    assert run(intents.rename(ann, "")) is not None  # refused, and said
    view = game_screen_of(state)
    assert view is not None and view.notice is not None and view.notice.error


def test_the_sheet_screen_undoes_redoes_and_edits_a_round() -> None:
    state = playing()
    intents = GameIntents(state)
    entry = state.entry
    assert entry is not None
    for pid in ("p1", "p2"):
        assert run(state.act(entry.add_card, pid, "5")) is None
    assert run(state.act(entry.save)) is None
    view = game_screen_of(state)
    assert view is not None and view.game.can_undo
    assert run(intents.undo_round()) is None
    view = game_screen_of(state)
    assert view is not None and view.game.can_redo
    assert run(intents.redo_round()) is None
    assert run(intents.edit_round(0)) is None
    assert run(intents.set_purist(True)) is None
    view = game_screen_of(state)
    assert view is not None and view.game.purist


def test_an_intent_whose_game_is_gone_changes_nothing() -> None:
    state = AppState(GameStore.memory())
    intents = GameIntents(state)
    assert game_screen_of(state) is None and guest_screen_of(state) is None
    for refused in (
        run(intents.undo_round()),
        run(intents.rename("p1", "X")),
        run(intents.discard_digital()),
        run(intents.next_kind("p1")),
    ):
        assert refused == "No game is open."


def test_the_host_sees_the_phones_and_makes_one_a_scorer() -> None:
    host = playing(("Ann", "Bob"))
    gid = host.game_id or ""
    guest = AppState(host.hub)
    assert guest.admit(Access(Role.GUEST, gid, "token")) is None
    assert run(guest.act(guest.seat.claim, "p2")) is None
    view = game_screen_of(host)
    assert view is not None and view.phones is not None
    (line,) = view.phones.phones
    assert line.pid == "p2" and not line.scorer
    assert line.label == "Bob's phone scores for everyone"
    assert run(GameIntents(host).make_scorer("p2", True)) is None
    assert run(GameIntents(host).allow_late(True)) is None
    view = game_screen_of(host)
    assert view is not None and view.phones is not None
    assert view.phones.phones[0].scorer and view.phones.late_joins
    assert game_screen_of(guest) is not None
    mine = game_screen_of(guest)
    assert mine is not None and mine.phones is None  # a phone: never
    shown = guest_screen_of(guest)
    assert shown is not None and shown.game.me == "Bob"
    assert run(GameIntents(guest).allow_late(False)) is not None  # host only


def test_the_invite_screen_shows_the_phones_always_and_renews() -> None:
    found = ["192.168.1.23"]
    host = AppState(
        GameStore.memory(), serving=Serving("0.0.0.0", 9000, addresses=lambda: found)
    )
    for name in ("Ann", "Bob"):
        assert run(host.act(host.form.add, name)) is None
    assert host.start_game() is None
    intents = InviteIntents(host)
    view = intents.view()
    assert not isinstance(view.invite, str) and view.invite.join is not None
    link = view.invite.join.url
    assert view.phones is not None and view.phones.phones == ()  # always
    assert run(intents.renew()) is None
    view = intents.view("192.168.1.23")
    assert not isinstance(view.invite, str) and view.invite.join is not None
    assert view.invite.join.url != link
    assert view.notice is not None and view.notice.text == (
        "Old invite links no longer work."
    )


def test_the_round_entry_taps_a_line_in_and_saves_it() -> None:
    state = playing()
    intents = entry_intents(state)
    assert intents is not None and intents.rounds() == 0
    assert intents == entry_intents(state)  # equal: kept parts keep handlers
    for code in ("3", "11"):
        assert run(intents.add("p1", code)) is None
    shown = intents.view("p1")
    assert shown is not None and shown.entry.line.pid == "p1"
    assert run(intents.remove("p1", 1)) is None
    assert run(intents.busted("p2", True)) is None
    assert run(intents.typed("p1", "12")) is None
    assert run(intents.typed("p1", None)) is None
    assert run(intents.typed("p1", "lots")) is not None  # not a number: refused
    shown = intents.view("p1")
    assert shown is not None and shown.notice is not None and shown.notice.error
    assert run(intents.save()) is None
    assert intents.rounds() == 1
    assert run(intents.clear()) is None
    run(intents.refuse("Type Ann's score first, then Use typed score."))
    assert state.notice is not None and state.notice.error
    intents.say("Round 1 was saved on another screen: here are the totals.")
    assert state.notice is not None and not state.notice.error
    assert entry_intents(AppState(GameStore.memory())) is None


def test_the_setup_form_fills_in_and_starts_a_game() -> None:
    state = AppState(GameStore.memory())
    intents = SetupIntents(state)
    assert run(intents.add("Ann")) is None
    assert run(intents.add("Bob")) is None
    assert run(intents.add_computer()) is None
    assert run(intents.move(1, -1)) is None
    assert run(intents.set_dealer(1)) is None
    assert run(intents.set_computer(2, None)) is None
    assert run(intents.set_option("brutal", True)) is None
    assert run(intents.set_two_decks(True)) is None
    assert run(intents.set_target("150")) is None
    assert run(intents.remove(2)) is None
    view = intents.view("A").setup
    assert [s.name for s in view.seats] == ["Bob", "Ann"]
    assert view.seats[1].dealer and view.brutal and view.two_decks
    assert view.target == 150
    assert run(intents.set_target("lots")) is not None
    shown = intents.view()
    assert shown.notice is not None and shown.notice.error
    assert run(intents.start_game()) is None and state.game_id is not None
    assert run(SetupIntents(state).add("")) is not None  # an empty name: refused


def test_the_digital_table_deals_plays_and_closes_its_summary() -> None:
    state = playing(("Ann", "Bob"))
    intents = DigitalIntents(state)
    assert digital_screen_of(state) is None  # no round dealt yet
    assert run(intents.deal()) is None
    shown = digital_screen_of(state)
    assert shown is not None and not shown.table.over
    assert run(intents.set_advisor(True)) is None
    for _ in range(200):
        shown = digital_screen_of(state)
        assert shown is not None
        if shown.table.over:
            break
        assert shown.table.turn is not None
        legal = [o.choice for o in shown.table.turn.options]
        choice = "stay" if "stay" in legal else legal[0]
        assert run(intents.play(choice)) is None
    shown = digital_screen_of(state)
    assert shown is not None and shown.table.over
    assert len(shown.table.lines) == 2 and shown.table.log
    assert run(intents.play("hit")) is not None  # the round is over: refused
    assert run(intents.next_round()) is None
    shown = digital_screen_of(state)
    assert shown is not None and not shown.table.over
    assert run(DigitalIntents(AppState(GameStore.memory())).deal()) == (
        "No game is open."
    )


def test_a_phone_claims_a_seat_watches_and_joins_late() -> None:
    host = playing(("Ann", "Bob"))
    gid = host.game_id or ""
    assert run(GameIntents(host).allow_late(True)) is None
    guest = AppState(host.hub)
    assert guest.admit(Access(Role.GUEST, gid, "token")) is None
    intents = JoinIntents(guest)
    assert intents.seat() == SeatNow(gid, True, None, False)
    shown = intents.view()
    assert shown is not None and [s.name for s in shown.join.seats] == ["Ann", "Bob"]
    assert run(intents.claim("p1")) is None
    assert intents.seat().mine == "p1"
    other = JoinIntents(AppState(host.hub))
    assert other._state.admit(Access(Role.GUEST, gid, "token")) is None
    assert run(other.claim("p1")) is not None  # Ann's phone holds it
    assert run(intents.watch()) is None
    assert intents.seat() == SeatNow(gid, True, None, True)
    assert run(other.join_late("Cy")) is None
    shown = other.view()
    assert shown is not None and "Cy" in [s.name for s in shown.join.seats]
    assert JoinIntents(host).seat().guest is False
