"""The board's data (companion/app/board.py): what a TV in the middle of the
table shows, shaped without Flet from one game state."""

from __future__ import annotations

from drive import drive

from companion.app import AppState
from companion.app.board import LEADER, SHARED, WINNER, Board, board_view
from companion.app.digital import Digital
from companion.app.entry import RoundDraft
from companion.app.hub import GameHub
from companion.app.open_game import GameState
from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.store import GameStore


def game(
    names: tuple[str, ...] = ("Ann", "Bob", "Cy"),
    rounds: tuple[dict[str, Entry], ...] = (),
    rules: Rules = Rules(),
    draft: RoundDraft | None = None,
) -> GameState:
    """A game whose rounds were dealt in turn by each player."""
    sheet = Sheet.new(list(names), rules)
    for rnd in rounds:
        dealer = sheet.next_dealer().id
        sheet = sheet.add_round(RoundRecord(dealer, tuple(rnd.items())))
    return GameState(sheet, draft or RoundDraft.fresh(sheet), Digital())


def scores(*points: int) -> dict[str, Entry]:
    """A round where player i types ``points[i]``."""
    return {f"p{i + 1}": Entry(typed=p) for i, p in enumerate(points)}


def marks(board: Board) -> dict[str, str]:
    return {t.name: t.mark for t in board.players}


def test_before_the_first_round_nobody_leads_and_every_line_waits() -> None:
    board = board_view(game())
    assert [t.total for t in board.players] == [0, 0, 0]
    assert set(marks(board).values()) == {""}
    assert board.title == "Flip 7 to 200"
    assert board.last is None and board.dealt is None and not board.over
    entry = board.entry
    assert entry is not None
    assert (entry.number, entry.dealer) == (1, "Ann")
    assert [(line.name, line.score, line.done) for line in entry.lines] == [
        ("Ann", 0, False),
        ("Bob", 0, False),
        ("Cy", 0, False),
    ]
    assert entry.waiting == ("Ann", "Bob", "Cy") and not entry.all_in


def test_totals_biggest_first_with_the_leader_marked() -> None:
    board = board_view(game(rounds=(scores(10, 30, 20),)))
    assert [(t.name, t.total, t.place) for t in board.players] == [
        ("Bob", 30, 1),
        ("Cy", 20, 2),
        ("Ann", 10, 3),
    ]
    assert marks(board) == {"Bob": LEADER, "Cy": "", "Ann": ""}


def test_a_tie_for_the_lead_is_shared() -> None:
    board = board_view(game(rounds=(scores(25, 25, 7),)))
    assert [t.place for t in board.players] == [1, 1, 3]
    assert marks(board) == {"Ann": SHARED, "Bob": SHARED, "Cy": ""}


def test_the_round_being_tapped_in_shows_each_line_and_who_is_in() -> None:
    state = game(rounds=(scores(1, 2, 3),))
    rules = state.sheet.rules
    draft = state.draft
    for code in ("5", "9", "-4"):
        draft.add_card("p1", code, rules)
    draft.set_done("p1", True)
    draft.add_card("p2", "8", rules)
    draft.add_card("p2", "8", rules)
    draft.set_busted("p2", True)
    draft.add_card("p3", "3", rules)
    entry = board_view(state).entry
    assert entry is not None
    assert (entry.number, entry.dealer) == (2, "Bob")
    ann, bob, cy = entry.lines
    assert (ann.cards, ann.score, ann.done) == (("5", "9", "-4"), 10, True)
    assert (bob.busted, bob.score, bob.done) == (True, 0, True)  # busted is in
    assert (cy.score, cy.done) == (3, False)
    assert entry.waiting == ("Cy",)


def test_a_flip_7_line_and_the_last_saved_round() -> None:
    flip7 = Entry(cards=("1", "2", "3", "4", "5", "6", "7"))
    bust = Entry(cards=("9", "9"), busted=True)
    state = game(rounds=({"p1": flip7, "p2": bust, "p3": Entry(typed=12)},))
    last = board_view(state).last
    assert last is not None
    assert (last.number, last.dealer, last.digital) == (1, "Ann", False)
    ann, bob, cy = last.lines
    assert (ann.score, ann.flip7, ann.busted) == (43, True, False)  # 28 + 15
    assert (bob.score, bob.busted, bob.flip7) == (0, True, False)
    assert (cy.score, cy.typed, cy.flip7) == (12, True, False)
    assert all(line.done for line in last.lines)


def test_brutal_negative_scores_sort_below_zero() -> None:
    rules = Rules(brutal=True)
    attack = {
        "p1": Entry(cards=("1", "2", "3", "4", "5", "6", "7"), sent_attack=True),
        "p2": Entry(cards=("-4",), attacked=True),
        "p3": Entry(cards=("9", "9"), busted=True),
    }
    board = board_view(game(rounds=(attack,), rules=rules))
    assert board.title == "Flip 7 to 200 · Brutal"
    assert [(t.name, t.total) for t in board.players] == [
        ("Ann", 28),
        ("Cy", 0),
        ("Bob", -19),
    ]
    assert board.last is not None
    ann, bob, _ = board.last.lines
    assert (ann.score, ann.flip7, ann.gave_attack) == (28, True, True)  # no +15
    assert (bob.score, bob.attacked) == (-19, True)


def test_game_over_names_the_winner_and_enters_no_round() -> None:
    board = board_view(game(rounds=(scores(120, 90, 0), scores(100, 50, 0))))
    assert board.over
    assert board.headline == "Ann wins with 220!"
    assert marks(board) == {"Ann": WINNER, "Bob": "", "Cy": ""}
    assert board.entry is None
    assert board.last is not None and board.last.number == 2


def test_a_tie_at_the_target_plays_a_tie_break_among_the_tied() -> None:
    board = board_view(game(rounds=(scores(210, 210, 5),)))
    assert not board.over
    assert board.headline is not None and "tie-break" in board.headline
    assert board.entry is not None and board.entry.tie_break
    assert [line.name for line in board.entry.lines] == ["Ann", "Bob"]


def test_a_round_being_corrected_is_marked() -> None:
    state = game(rounds=(scores(1, 2, 3), scores(4, 5, 6)))
    draft = RoundDraft.from_round(state.sheet, 0)
    board = board_view(GameState(state.sheet, draft, state.digital))
    assert board.entry is not None
    assert (board.entry.number, board.entry.correcting) == (1, True)
    assert [line.score for line in board.entry.lines] == [1, 2, 3]


def test_a_digital_round_shows_the_turn_and_every_players_cards() -> None:
    host = AppState(GameHub(GameStore.memory()), test_deck="5 6 7 9 9 1 2 3")
    for name in ("Ann", "Bob", "Cy"):
        assert drive(host.act(host.form.add, name)) is None
    assert host.start_game() is None
    assert drive(host.act(host.table.set_bot, "p3", "stop")) is None
    assert drive(host.act(host.table.start)) is None
    assert host.watch is not None
    board = board_view(host.watch.state)
    dealt = board.dealt
    assert dealt is not None
    assert board.entry is None  # dealt, not tapped in
    assert (dealt.number, dealt.dealer) == (1, "Ann")
    rnd = host.table.round
    assert rnd is not None and rnd.pending is not None
    names = [s.name for s in dealt.seats]
    who = names[rnd.pending.player]
    assert dealt.turn == f"{who}'s turn"
    assert [s.to_move for s in dealt.seats].count(True) == 1
    for i, seat in enumerate(dealt.seats):
        assert seat.cards == tuple(rnd.line(i))
        assert seat.score == rnd.line_score(i).total
        assert seat.status == "in play"
    assert [s.computer for s in dealt.seats] == [False, False, True]


def test_a_busted_seat_and_a_finished_digital_round() -> None:
    # Dealt one each from Bob (left of the dealer): Bob 5, Cy 6, Ann 7.
    host = AppState(GameHub(GameStore.memory()), test_deck="5 6 7 5 1 2 3 4")
    for name in ("Ann", "Bob", "Cy"):
        assert drive(host.act(host.form.add, name)) is None
    assert host.start_game() is None
    assert drive(host.act(host.table.start)) is None
    rnd = host.table.round
    assert rnd is not None and rnd.pending is not None
    first = rnd.pending.player
    assert drive(host.act(host.table.play, "hit")) is None  # a second 5: busted
    assert host.watch is not None
    dealt = board_view(host.watch.state).dealt
    assert dealt is not None
    seat = dealt.seats[first]
    assert (seat.status, seat.score, seat.cards) == ("busted", 0, ())
    assert sorted(seat.face_down) == ["5", "5"]
    assert not seat.to_move
