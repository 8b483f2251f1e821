"""Share codes: every kind of game round-trips; every bad code is refused
with the right reason and a player-facing message."""

from __future__ import annotations

import base64
import zlib
from dataclasses import replace

import pytest
from share_games import (
    META_DATE,
    META_FULL,
    META_PLAIN,
    brutal_game,
    random_game,
    shared_win_game,
    standard_game,
    tiebreak_game,
    typed_and_roster_game,
)

from companion.i18n import use
from companion.i18n.said import error_words
from companion.rules import Entry, Player, RoundRecord, Rules, Sheet
from companion.share import (
    FILE_EXTENSION,
    Reason,
    ShareCodeError,
    ShareMeta,
    decode,
    encode,
    encode_file,
    file_name,
    fits_qr,
)
from companion.share.schema import sheet_to_json
from companion.share.sharecode import MAX_INPUT, MAX_JSON, PREFIX, _checksum, _seal

GAMES = {
    "standard": standard_game,
    "brutal": brutal_game,
    "tiebreak": tiebreak_game,
    "shared_win": shared_win_game,
    "typed_roster": typed_and_roster_game,
    "digital": lambda: random_game(5, 12, seed=3, digital_every=2),
    "two_decks_18": lambda: random_game(18, 30, seed=4, rules=Rules(decks=2)),
    "one_deck_18": lambda: random_game(18, 30, seed=5),
    "brutal_36": lambda: random_game(
        36, 25, seed=6, rules=Rules(brutal=True, decks=2, target=999)
    ),
    "no_rounds": lambda: Sheet.new(["Ana", "Bo"]),
    "options": lambda: random_game(
        4, 3, rules=Rules(lucky_pair_counts_two=False, tie_break=False, target=77)
    ),
}


@pytest.mark.parametrize("meta", [META_PLAIN, META_DATE, META_FULL])
@pytest.mark.parametrize("name", list(GAMES))
def test_round_trip(name: str, meta: ShareMeta) -> None:
    sheet = GAMES[name]()
    code = encode(sheet, meta)
    assert code.startswith(PREFIX) and code.isascii() and " " not in code
    assert decode(code) == (sheet, meta)
    assert decode(encode_file(sheet, meta)) == (sheet, meta)
    # Derived facts follow: totals, winners, next dealer.
    back, _ = decode(code)
    assert back.totals() == sheet.totals() and back.winners() == sheet.winners()
    assert back.next_dealer() == sheet.next_dealer()


def test_kinds_of_game_are_really_covered() -> None:
    brutal = brutal_game()
    assert any(t < 0 for t in brutal.totals().values())
    assert any(e.sent_attack for r in brutal.rounds for _, e in r.entries)
    assert any(r.tie_break for r in tiebreak_game().rounds)
    assert any(r.digital for r in GAMES["digital"]().rounds)
    roster = typed_and_roster_game()
    assert any(not p.seated for p in roster.players)
    assert any(e.typed is not None for r in roster.rounds for _, e in r.entries)
    assert len(GAMES["brutal_36"]().players) == 36


def test_code_survives_chat_wrapping_and_file_bom() -> None:
    sheet = standard_game()
    code = encode(sheet, META_DATE)
    wrapped = "\n  ".join(code[i : i + 40] for i in range(0, len(code), 40))
    assert decode(f"  {wrapped}\r\n") == (sheet, META_DATE)
    assert decode(b"\xef\xbb\xbf" + code.encode()) == (sheet, META_DATE)
    assert decode(code.replace("F7C1", "f7c1", 1)) == (sheet, META_DATE)


def test_file_form() -> None:
    data = encode_file(standard_game())
    assert data.endswith(b"\n") and data.isascii()
    assert file_name(META_DATE) == "flip7-2026-11-29" + FILE_EXTENSION
    assert file_name(META_FULL) == "flip7-2026-11-29.f7c"
    assert file_name() == "flip7-game.f7c"


def test_typical_game_fits_a_qr_and_a_huge_one_does_not() -> None:
    assert fits_qr(encode(random_game(4, 10), META_DATE))
    assert not fits_qr(encode(random_game(36, 40, rules=Rules(decks=2)), META_DATE))


def test_sheet_that_cannot_be_shared_is_refused_at_export() -> None:
    sheet = Sheet.new(["Ana", "Bo"])
    bad = replace(sheet, players=(Player("p1", "A\x00na"), sheet.players[1]))
    with pytest.raises(ValueError, match="cannot be shared"):
        encode(bad)


def reason_of(data: str | bytes) -> Reason:
    with pytest.raises(ShareCodeError) as info:
        decode(data)
    assert str(info.value) == info.value.message and info.value.message
    return info.value.reason


def good_code() -> str:
    return encode(random_game(4, 8), META_FULL)


@pytest.mark.parametrize(
    "data",
    ["", "hello", "https://example.org", "{}", b"\xff\xfe\x00", "F7C0:AAAA", "F7C1:!!"],
)
def test_malformed(data: str | bytes) -> None:
    assert reason_of(data) is Reason.MALFORMED


@pytest.mark.parametrize("keep", [2, 5, 6, 9, 20, 100, -1])
def test_truncated(keep: int) -> None:
    code = good_code()
    assert reason_of(code[:keep] if keep > 0 else code[:-1]) is Reason.TRUNCATED


def test_tampered() -> None:
    code = good_code()
    i = len(code) // 2
    flipped = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
    assert reason_of(flipped) is Reason.TAMPERED
    # A changed game with the old checksum is caught too.
    blob = base64.urlsafe_b64decode(code[len(PREFIX) :] + "==")
    raw = zlib.decompress(blob[8:]).replace(b'"Ana"', b'"Eve"')
    forged = blob[:8] + zlib.compress(raw)
    text = PREFIX + base64.urlsafe_b64encode(forged).decode().rstrip("=")
    assert reason_of(text) is Reason.TAMPERED


def test_newer_version() -> None:
    code = good_code()
    assert reason_of("F7C2:" + code[len(PREFIX) :]) is Reason.NEWER_VERSION
    payload = sheet_to_json(standard_game(), META_PLAIN) | {"v": 2}
    with pytest.raises(ShareCodeError, match="newer version of the app; update"):
        decode(_seal(payload))


def test_oversized_input_and_zip_bomb() -> None:
    assert reason_of("F7C1:" + "A" * MAX_INPUT) is Reason.TOO_LARGE
    assert reason_of(b"F7C1:" + b"A" * MAX_INPUT) is Reason.TOO_LARGE
    body = zlib.compress(b"[" + b" " * (MAX_JSON + 10) + b"]", 9)
    assert len(body) < 10_000  # small code, huge inside
    blob = _checksum(body) + body
    bomb = PREFIX + base64.urlsafe_b64encode(blob).decode().rstrip("=")
    assert reason_of(bomb) is Reason.TOO_LARGE


def test_deep_nesting_and_huge_numbers_are_invalid_not_crashes() -> None:
    for raw in (b"[" * 100_000, b'{"v":' + b"9" * 10_000 + b"}", b"NaN", b"\xff"):
        body = zlib.compress(raw)
        code = PREFIX + base64.urlsafe_b64encode(_checksum(body) + body).decode()
        assert reason_of(code) in (Reason.INVALID_GAME, Reason.NEWER_VERSION)


def _payload() -> dict[str, object]:
    return sheet_to_json(standard_game(), META_DATE)


def _with(path: tuple[object, ...], value: object) -> dict[str, object]:
    data = _payload()
    target: object = data
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    target[path[-1]] = value  # type: ignore[index]
    return data


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("rounds", 0, 2, 0, 1), "3 99", "'99' is not a card"),
        (("rounds", 0, 2, 0, 0), 7, "seat"),
        (("rounds", 0, 0), -1, "dealer"),
        (("rounds", 0, 2, 0, 2), True, "flags"),
        (("rounds", 0, 2, 1, 0), 0, "twice"),
        (("players", 1, 0), "p1", "same id"),
        (("players", 0, 1), "", "name"),
        (("players", 0, 1), "x" * 31, "name"),
        (("players", 0, 2), "12", "starting total"),
        (("players", 0, 3), 1, "seated"),
        (("players",), [["p1", "Ana", 0, True]], "players"),
        (("rules", "decks"), 3, "decks"),
        (("rules", "brutal"), "yes", "brutal"),
        (("rules",), {"brutal": False}, "rules"),
        (("first_dealer",), 9, "first dealer"),
        (("meta", "created"), "tomorrow", "not a date"),
        (("meta", "title"), 5, "title"),
        (("v",), "1", "version"),
        (("extra",), 1, "unknown"),
    ],
)
def test_semantically_invalid_games(
    path: tuple[object, ...], value: object, words: str
) -> None:
    with pytest.raises(ShareCodeError) as info:
        decode(_seal(_with(path, value)))
    assert info.value.reason is Reason.INVALID_GAME
    assert words in info.value.message


def test_too_many_seated_players_for_the_decks() -> None:
    sheet = random_game(19, 1, rules=Rules(decks=2))
    data = sheet_to_json(sheet, META_PLAIN)
    data["rules"]["decks"] = 1
    assert reason_of(_seal(data)) is Reason.INVALID_GAME


def test_empty_round_is_invalid() -> None:
    data = _payload()
    data["rounds"].append([0, 0, []])  # type: ignore[attr-defined]
    assert reason_of(_seal(data)) is Reason.INVALID_GAME


def test_entry_flags_round_trip_one_by_one() -> None:
    sheet = Sheet.new(["Ana", "Bo"], Rules(brutal=True))
    for entry in (
        Entry(("5",), busted=True),
        Entry(("5",), attacked=True),
        Entry(("0", "1", "2", "3", "4", "5", "6"), sent_attack=True),
        Entry((), typed=-12),
    ):
        rec = RoundRecord("p1", (("p1", entry), ("p2", Entry())))
        one = replace(sheet, rounds=(rec,))
        assert decode(encode(one)) == (one, META_PLAIN)


@pytest.mark.parametrize("language", ["it", "hu"])
@pytest.mark.parametrize("reason", list(Reason))
def test_every_refusal_is_worded_in_the_readers_language(
    reason: Reason, language: str
) -> None:
    """Issue 37: the six messages stayed English on an Italian or Hungarian
    phone. Made once in English (a Said), worded by whoever shows them."""
    exc = ShareCodeError(reason, "two players have the same id")
    english = exc.message
    with use(language):
        said = error_words(exc)
    assert said and said != english
    head = english.split(":")[0].split(" (")[0]
    assert head not in said, said
    assert error_words(exc) == english  # still English where English is read
