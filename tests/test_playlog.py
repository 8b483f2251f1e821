"""Logged plays: the BG Stats play file and the BoardGameGeek text.

The file is checked against a schema of the format written from public
examples (tests/fixtures/playlog/bgsplay.schema.json), which a file of the
shape BG Stats itself exports also passes, read back and compared with the
sheet; a golden file pins the exact bytes of one fixed game; Hypothesis
plays random finished games of every size and rule set."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from share_games import (
    NAMES,
    brutal_game,
    late_start_game,
    random_line,
    shared_win_game,
    standard_game,
    tiebreak_game,
    typed_and_roster_game,
)

from companion.i18n import use
from companion.rules import Entry, RoundRecord, Rules, Sheet
from companion.share.playlog import (
    BGG_ID,
    GAME_NAME,
    LogReason,
    Play,
    PlayLogError,
    bgg_text,
    bgsplay,
    bgsplay_bytes,
    comments,
    file_name,
    seats,
)
from companion.share.stats import name_key

FIXTURES = Path(__file__).parent / "fixtures" / "playlog"
SCHEMA = json.loads((FIXTURES / "bgsplay.schema.json").read_text())
FRIDAY = datetime(2026, 11, 27, 20, 15, 3)


def valid(doc: Any) -> None:
    jsonschema.validate(doc, SCHEMA, format_checker=jsonschema.FormatChecker())


def read_back(data: bytes) -> list[dict[str, Any]]:
    """A reader of the format, as another app would be: each play as its
    game, date, length and (name, score, winner, rank, start, seat) rows."""
    doc = json.loads(data.decode("utf-8"))
    valid(doc)
    people = {p["id"]: p["name"] for p in doc["players"]}
    assert len(people) == len(doc["players"]), "player ids are unique"
    games = {g["id"]: g for g in doc["games"]}
    out = []
    for play in doc["plays"]:
        game = games[play["gameRefId"]]
        rows = [
            (
                people[s["playerRefId"]],
                int(s["score"]),
                s["winner"],
                s["rank"],
                s["startPlayer"],
                s["seatOrder"],
            )
            for s in play["playerScores"]
        ]
        out.append(
            {
                "game": (game["name"], game["bggId"]),
                "date": play["playDate"],
                "minutes": play["durationMin"],
                "rounds": play["rounds"],
                "rows": rows,
                "uuid": play["uuid"],
            }
        )
    return out


def friday_play(**kw: Any) -> Play:
    return Play(standard_game(), key="friday", started=FRIDAY, minutes=41, **kw)


# --- the format ---------------------------------------------------------------------
def test_the_schema_accepts_the_shape_bg_stats_exports() -> None:
    """The schema is of the format, not of our output: a file shaped as
    BG Stats' own export (more fields, a location, userInfo, an anonymous
    player, upper-case uuids) passes it."""
    valid(json.loads((FIXTURES / "public-shape.bgsplay").read_text()))


@pytest.mark.parametrize(
    "path, value",
    [
        (("plays", 0, "playerScores", 0, "score"), 212),  # a number, not text
        (("plays", 0, "playDate"), "2026-11-27T20:15:03"),  # ISO, not BG Stats'
        (("plays", 0, "uuid"), "not-a-uuid"),
        (("games", 0, "bggId"), "463441"),
        (("players", 0, "isAnonymous"), "no"),
    ],
)
def test_the_schema_refuses_what_bg_stats_would_not_read(
    path: tuple[Any, ...], value: Any
) -> None:
    doc = bgsplay([friday_play()])
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    with pytest.raises(jsonschema.ValidationError):
        valid(doc)


def test_a_finished_game_reads_back_as_the_sheet_says() -> None:
    sheet = standard_game()
    [play] = read_back(bgsplay_bytes([friday_play()]))
    totals = sheet.totals()
    assert play["game"] == (GAME_NAME, BGG_ID) == ("Flip 7: With A Vengeance", 463441)
    assert play["date"] == "2026-11-27 20:15:03" and play["minutes"] == 41
    assert play["rounds"] == len(sheet.rounds)
    assert [(r[0], r[1]) for r in play["rows"]] == [
        (p.name, totals[p.id]) for p in sheet.players
    ]
    assert [r[0] for r in play["rows"] if r[2]] == ["Bo"]  # the winner alone
    assert [r[0] for r in play["rows"] if r[4]] == ["Ana"]  # dealt round 1
    assert [r[5] for r in play["rows"]] == [1, 2, 3]


def test_golden_file_of_a_fixed_game() -> None:
    """The exact bytes for Friday's game with a computer player (set
    UPDATE_GOLDEN=1 to rewrite after a deliberate change, then read the diff)."""
    with use("en"):
        data = bgsplay_bytes([friday_play(bots={"p3": "hard"})])
        text = bgg_text(friday_play(bots={"p3": "hard"}))
    golden, golden_text = FIXTURES / "friday.bgsplay", FIXTURES / "friday-bgg.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_bytes(data)
        golden_text.write_text(text + "\n", encoding="utf-8")
    assert data == golden.read_bytes()
    assert text + "\n" == golden_text.read_text(encoding="utf-8")


def test_computer_players_are_marked_in_file_and_text() -> None:
    play = friday_play(bots={"p3": "hard"})
    doc = bgsplay([play])
    scores = doc["plays"][0]["playerScores"]
    assert [json.loads(s.get("metaData", "{}")).get("isNpc") for s in scores] == [
        None,
        None,
        1,
    ]
    assert scores[2]["role"] == "Computer (hard)"
    assert "Computer players: Cy (hard)." in doc["plays"][0]["comments"]
    assert "Cy: " in bgg_text(play) and "(computer: hard)" in bgg_text(play)


def test_rules_and_tie_breaks_go_in_the_comment() -> None:
    brutal = Play(brutal_game(), key="b", started=FRIDAY)
    assert bgsplay([brutal])["plays"][0]["comments"].startswith(
        "Brutal rules. Target 100."
    )
    tied = Play(tiebreak_game(), key="t", started=FRIDAY)
    [play] = read_back(bgsplay_bytes([tied]))
    assert [r[0] for r in play["rows"] if r[2]] == ["Ana"]  # won the tie-break
    assert play["rounds"] == 2
    assert "Won after 1 tie-break round." in bgg_text(tied)
    shared = Play(shared_win_game(), key="s", started=FRIDAY)
    [play] = read_back(bgsplay_bytes([shared]))
    assert [(r[0], r[2], r[3]) for r in play["rows"]] == [
        ("Ana", True, 1),
        ("Bo", True, 1),
    ]
    assert "Ties share the win." in bgg_text(shared)


def test_a_player_removed_after_playing_is_in_the_play_not_a_winner() -> None:
    sheet = typed_and_roster_game()
    sheet = sheet.add_round(
        RoundRecord("p3", (("p1", Entry(typed=300)), ("p3", Entry(typed=1))))
    )
    rows = seats(Play(sheet, key="r", started=FRIDAY))
    assert [s.name for s in rows] == ["Ana", "Bo", "Cy", "Dee"]
    assert [s.name for s in rows if s.winner] == ["Ana"]
    assert {s.name: s.rank for s in rows}["Ana"] == 1


def test_the_bgg_text_lists_scores_by_rank_with_the_winner() -> None:
    text = bgg_text(friday_play())
    lines = text.splitlines()
    assert lines[0] == "Flip 7: With A Vengeance · 27 Nov 2026"
    assert lines[1] == "https://boardgamegeek.com/boardgame/463441"
    assert lines[2] == f"{len(standard_game().rounds)} rounds · 41 min"
    ranked = [line for line in lines if line[:2] in ("1.", "2.", "3.")]
    assert ranked[0].startswith("1. Bo: 2") and "(winner)" in ranked[0]
    assert "(start player)" in next(line for line in ranked if "Ana" in line)


def test_the_bgg_text_and_comment_in_italian_and_hungarian() -> None:
    for language, word in (("it", "vincitore"), ("hu", "győztes")):
        with use(language):
            text = bgg_text(friday_play(bots={"p3": "hard"}))
        assert word in text, text
        assert "winner" not in text and "Standard rules" not in text


# --- refusals -------------------------------------------------------------------------
def test_a_game_with_no_round_or_still_in_progress_is_not_a_play() -> None:
    empty = Sheet.new(["Ana", "Bo", "Cy"])
    with pytest.raises(PlayLogError) as no_rounds:
        bgsplay([Play(empty, key="e", started=FRIDAY)])
    assert no_rounds.value.reason is LogReason.NO_ROUNDS
    assert "nothing to log" in no_rounds.value.message
    going = Sheet.new(["Ana", "Bo"]).add_round(
        RoundRecord("p1", (("p1", Entry(("5",))), ("p2", Entry(("6",)))))
    )
    with pytest.raises(PlayLogError) as progress:
        bgg_text(Play(going, key="g", started=FRIDAY))
    assert progress.value.reason is LogReason.IN_PROGRESS
    assert "still in progress" in progress.value.message
    with pytest.raises(ValueError):
        bgsplay([])


# --- identities -----------------------------------------------------------------------
def test_the_same_person_is_one_player_across_plays_and_exports() -> None:
    """Names join as the app's stats join them (case and spaces do not
    count); ids and uuids do not change between exports."""
    first = Play(standard_game(), key="one", started=FRIDAY)
    second = Play(
        standard_game().rename("p1", "  ANA ").rename("p3", "Zoë"),
        key="two",
        started=datetime(2026, 11, 28, 21, 0),
    )
    doc = bgsplay([first, second])
    names = {p["name"] for p in doc["players"]}
    assert names == {"ANA", "Bo", "Cy", "Zoë"}  # the latest spelling kept
    ana = next(p for p in doc["players"] if p["name"] == "ANA")
    refs = [s["playerRefId"] for play in doc["plays"] for s in play["playerScores"]]
    assert refs.count(ana["id"]) == 2
    again = bgsplay([first])
    assert again["players"][0]["uuid"] == ana["uuid"]
    assert again["plays"][0]["uuid"] == doc["plays"][0]["uuid"]
    assert doc["plays"][0]["uuid"] != doc["plays"][1]["uuid"]
    assert file_name([first, second]) == "flip7-plays-2026-11-28.bgsplay"
    assert file_name([first]) == "flip7-play-2026-11-27.bgsplay"


# --- properties -----------------------------------------------------------------------
@st.composite
def finished_games(draw: st.DrawFn) -> Sheet:
    """A finished game: 2 to 20 players (names with emoji and right-to-left
    scripts; two decks past 18), any rules, tie-break rounds when tied."""
    n = draw(st.integers(2, 20))
    names = draw(st.permutations(NAMES).map(lambda names: names[:n]))
    rules = Rules(
        brutal=draw(st.booleans()),
        target=draw(st.integers(15, 80)),
        decks=2 if n > 18 else 1,
        tie_break=draw(st.booleans()),
    )
    rng = random.Random(draw(st.integers(0, 2**32)))
    sheet = Sheet.new(list(names), rules, first_dealer=rng.randrange(n))
    while not sheet.over:
        tie = bool(sheet.end().tie_break)
        players = sheet.next_players()
        entries = [(p.id, random_line(rng, rules.brutal)) for p in players]
        if rng.random() < 0.1:  # a typed score now and then
            entries[0] = (entries[0][0], Entry(typed=rng.randrange(0, 60)))
        rec = RoundRecord(sheet.next_dealer().id, tuple(entries), tie_break=tie)
        sheet = sheet.add_round(rec)
    return sheet


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(finished_games(), st.data())
def test_any_finished_game_logs_every_player_once_and_the_winners(
    sheet: Sheet, data: st.DataObject
) -> None:
    bots = {p.id: "easy" for p in sheet.players if data.draw(st.booleans())}
    play = Play(sheet, key="k", started=FRIDAY, bots=bots)
    [back] = read_back(bgsplay_bytes([play]))
    rows = back["rows"]
    totals = sheet.totals()
    assert sorted(r[0] for r in rows) == sorted(p.name for p in sheet.players)
    assert {r[0] for r in rows if r[2]} == {p.name for p in sheet.winners()}
    assert sum(r[4] for r in rows) == 1  # one start player
    by_name = {p.name: totals[p.id] for p in sheet.players}
    assert [r[1] for r in rows] == [by_name[r[0]] for r in rows]
    winners = [r for r in rows if r[2]]
    others = sorted((r for r in rows if not r[2]), key=lambda r: r[3])
    assert all(r[3] == 1 for r in winners)
    assert [r[1] for r in others] == sorted((r[1] for r in others), reverse=True)
    for a in others:  # equal totals share a rank, a higher total ranks higher
        for b in others:
            assert (a[3] < b[3]) == (a[1] > b[1])
    assert back["rounds"] == len(sheet.rounds)
    text = bgg_text(play)
    assert all(p.name in text for p in sheet.players)
    assert len({name_key(p.name) for p in sheet.players}) == len(
        bgsplay([play])["players"]
    )


def test_eighteen_players_with_emoji_and_right_to_left_names() -> None:
    names = [*NAMES[:16], "محمد", "🦄 Unicorn"]
    sheet = Sheet.new(names, Rules(target=30))
    lines = [Entry(("12", "11", "10"))] + [Entry(("12", "11"))] * 17
    entries = tuple((p.id, line) for p, line in zip(sheet.players, lines, strict=True))
    sheet = sheet.add_round(RoundRecord(sheet.next_dealer().id, entries))
    play = Play(sheet, key="x", started=FRIDAY)
    [back] = read_back(bgsplay_bytes([play]))
    assert len(back["rows"]) == 18
    assert {"محمد", "🦄 Unicorn"} <= {r[0] for r in back["rows"]}
    assert [r[0] for r in back["rows"] if r[2]] == [NAMES[0]]
    assert "محمد" in bgsplay_bytes([play]).decode("utf-8")  # UTF-8, not escaped


def test_a_late_players_start_is_in_the_text_and_comment() -> None:
    """Issue 37: "Dee: 65" with nothing saying she started at 27."""
    play = Play(late_start_game(), key="late", started=FRIDAY)
    line = "Dee joined after round 2 at 27 points."
    assert line in bgg_text(play)
    assert line in bgsplay([play])["plays"][0]["comments"]
    with use("hu"):
        assert "Dee" in comments(play) and "27" in comments(play)
        assert "joined" not in comments(play)
