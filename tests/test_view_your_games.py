"""Your games on this phone / computer, and Home's reminder to back up
(companion/app/views/your_games.py), without a browser: what the panel
says from the browser's answers and the backups' status, and when Home
reminds (and stops)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from test_view_home import played

from companion.app import AppState
from companion.app.access import Access, Role
from companion.app.device import Space
from companion.app.views.your_games import (
    REMIND_AFTER_DAYS,
    backup_reminder,
    day_of,
    place_name,
    reminder_of,
    size,
    your_games_of,
    your_games_view,
)
from companion.i18n import format_day, use
from companion.store import GameStore

TODAY = date(2026, 12, 3)


def facts(view: object) -> dict[str, str]:
    return {f.label: f.value for f in view.facts}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("count", "said"),
    [
        (1, "1 byte"),
        (850, "850 bytes"),
        (1_234, "1.2 kB"),
        (2_100_000, "2.1 MB"),
        (56_700_000, "57 MB"),
        (10_737_418_240, "11 GB"),
        (3 * 10**16, "30,000 TB"),
    ],
)
def test_sizes_as_a_person_reads_them(count: int, said: str) -> None:
    assert size(count) == said


def test_sizes_in_the_readers_language() -> None:
    with use("it"):
        assert size(2_100_000) == "2,1 MB"
    with use("hu"):
        assert size(2_100_000) == "2,1 MB"


def test_days_read_from_a_day_or_a_moment_and_nothing_else() -> None:
    assert day_of("2026-12-01") == date(2026, 12, 1)
    assert day_of("2026-12-01T23:10:00+00:00") == date(2026, 12, 1)
    assert day_of(None) is None
    assert day_of("") is None
    assert day_of("yesterday") is None


def test_the_phone_panel_says_games_space_kept_and_last_backup() -> None:
    space = Space(used=2_100_000, quota=10**10, kept=True, asked=True)
    view = your_games_view(12, "2026-11-30", 0, phone=True, space=space)
    assert view.title == "Your games"
    assert facts(view) == {
        "Games": "12",
        "Space used": "2.1 MB of 10 GB",
        "Kept safe by the browser": "yes",
        "Last backup": "30 Nov 2026",
    }
    assert view.advice == ()  # kept, nothing changed since the backup
    assert view.can_back_up and not view.can_undo


def test_a_phone_not_kept_yet_is_told_why_a_backup_matters() -> None:
    view = your_games_view(
        3, None, 3, phone=True, space=Space(5_000, 10**9, False), can_undo=True
    )
    shown = facts(view)
    assert shown["Kept safe by the browser"] == "not yet"
    assert shown["Last backup"] == "never"
    assert shown["Space used"] == "5 kB of 1 GB"
    assert len(view.advice) == 1 and "Safari" in view.advice[0]
    assert view.can_undo


def test_before_the_browser_answers_the_phone_panel_says_not_known() -> None:
    shown = facts(your_games_view(0, None, 0, phone=True))
    assert shown["Space used"] == "not known"
    assert shown["Kept safe by the browser"] == "not known"


def test_the_served_panel_says_where_the_games_are_kept() -> None:
    view = your_games_view(
        2, "2026-12-01T08:00:00+00:00", 1, phone=False, folder="/srv/flip7"
    )
    assert view.title == "Your games"
    assert facts(view) == {
        "Games": "2",
        "Kept in": "/srv/flip7",
        "Last backup": "1 Dec 2026",
    }
    assert view.advice == ("1 game changed since the last backup.",)


def test_no_games_nothing_to_back_up() -> None:
    view = your_games_view(0, None, 0, phone=False, folder=None)
    assert not view.can_back_up
    assert view.advice == ("No games to back up yet.",)
    assert facts(view)["Kept in"] == "this app's memory only"


def test_home_names_the_place_where_the_games_are() -> None:
    assert place_name(True) == "Your games on this phone"
    assert place_name(False) == "Your games on this computer"


def test_the_panel_in_italian_and_hungarian() -> None:
    space = Space(2_100_000, 10**10, False, True)
    for language in ("it", "hu"):
        with use(language):
            view = your_games_view(2, None, 2, phone=True, space=space)
            place = place_name(True)
        words = " ".join([place, view.title, *facts(view), *facts(view).values()])
        assert "Games" not in words and "phone" not in words, language


# --- Home's reminder ------------------------------------------------------------
def test_no_reminder_while_every_game_is_in_the_last_backup() -> None:
    assert (
        backup_reminder(0, "2026-01-01", ["2025-12-01"], kept=False, today=TODAY)
        is None
    )


def test_a_backup_older_than_n_days_with_changes_reminds() -> None:
    old = date.fromordinal(TODAY.toordinal() - REMIND_AFTER_DAYS).isoformat()
    reminder = backup_reminder(3, old, [], kept=True, today=TODAY)
    assert reminder is not None
    assert reminder.text == "3 games changed since your last backup on 26 Nov 2026."
    newer = date.fromordinal(TODAY.toordinal() - REMIND_AFTER_DAYS + 1).isoformat()
    assert backup_reminder(3, newer, [], kept=True, today=TODAY) is None


def test_never_backed_up_reminds_a_week_after_the_first_game() -> None:
    started = ["2026-11-26T20:00:00", "2026-12-02T20:00:00"]
    reminder = backup_reminder(2, None, started, kept=None, today=TODAY)
    assert reminder is not None and reminder.text == ("2 games are not backed up yet.")
    assert backup_reminder(2, None, started[1:], kept=None, today=TODAY) is None
    one = backup_reminder(1, None, started[:1], kept=None, today=TODAY)
    assert one is not None and one.text == "1 game is not backed up yet."


def test_the_browser_saying_no_reminds_at_once() -> None:
    reminder = backup_reminder(1, None, ["2026-12-03"], kept=False, today=TODAY)
    assert reminder is not None and "not promised" in reminder.text
    assert backup_reminder(1, None, ["2026-12-03"], kept=True, today=TODAY) is None
    assert backup_reminder(1, None, ["2026-12-03"], kept=None, today=TODAY) is None


def test_not_now_lasts_until_a_newer_backup() -> None:
    """The key names the situation: the same one after "Not now" (hidden),
    another once a newer backup was made and has aged in turn."""
    first = backup_reminder(1, None, ["2026-12-03"], kept=False, today=TODAY)
    again = backup_reminder(4, None, ["2026-12-03"], kept=False, today=TODAY)
    assert first is not None and again is not None and first.key == again.key
    later = backup_reminder(1, "2026-12-05", [], kept=False, today=date(2026, 12, 6))
    assert later is not None and later.key != first.key


# --- as a session shows them, with the real backups -------------------------------
def ten_days_ago() -> str:
    return (datetime.now(UTC) - timedelta(days=10)).isoformat()


def test_the_served_panel_and_reminder_of_a_session(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data", clock=ten_days_ago)
    state = AppState(store)
    store.create(played(["Ann", "Bob"], 5))
    store.create(played(["Cy", "Dee"], 7, 9))
    view = your_games_of(state, None)
    assert facts(view) == {
        "Games": "2",
        "Kept in": str(tmp_path / "data"),
        "Last backup": "never",
    }
    reminder = reminder_of(state, None)
    assert reminder is not None and reminder.text == "2 games are not backed up yet."
    state.backups.export()
    assert reminder_of(state, None) is None  # every game is in the backup
    assert facts(your_games_of(state, None))["Last backup"] == format_day(date.today())
    store.close()


def test_the_phone_panel_of_a_session_and_the_browser_saying_no() -> None:
    state = AppState(GameStore.memory())
    state.store.create(played(["Ann", "Bob"], 5))
    said_no = Space(1_000, 10**9, kept=False, asked=True)
    view = your_games_of(state, said_no)
    assert facts(view)["Kept safe by the browser"] == "not yet"
    reminder = reminder_of(state, said_no)
    assert reminder is not None and "not promised" in reminder.text
    # not asked yet: "not persisted" is no answer, so no reminder
    assert reminder_of(state, Space(1_000, 10**9, kept=False)) is None


def test_a_guests_phone_is_never_reminded() -> None:
    state = AppState(GameStore.memory())
    game = state.store.create(played(["Ann", "Bob"], 5))
    state.seat.access = Access(Role.GUEST, game)
    assert reminder_of(state, Space(kept=False, asked=True)) is None
