"""The QR summary: readable text, the most detail that fits version 25, and
a PNG that a real decoder (zxing-cpp) reads back to exactly that text."""

from __future__ import annotations

import base64
import io
import re

import pytest
import zxingcpp
from PIL import Image
from share_games import (
    META_DATE,
    META_FULL,
    NAMES,
    brutal_game,
    late_start_game,
    random_game,
    shared_win_game,
    standard_game,
    tiebreak_game,
    typed_and_roster_game,
)

from companion.i18n import use
from companion.rules import Player, Rules, Sheet
from companion.share import (
    Detail,
    Ecc,
    ShareMeta,
    data_url,
    png_base64,
    qr_png,
    qr_summary,
    qr_version,
    summary_text,
)
from companion.share.summary import cut_name, ranked


def read_qr(png: bytes) -> tuple[str, str]:
    """(text, ECC level) as a phone's decoder would see them."""
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1, found
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text, found[0].ec_level


def test_standard_summary_text() -> None:
    text = summary_text(standard_game(), META_DATE)
    assert text.splitlines() == [
        "Flip 7 — 29 Nov 2026",
        "Winner: Bo",
        "6 rounds played",
        "Standard · target 200",
        "1. Bo 228",
        "   38 38 38 38 38 38",
        "2. Ana 210",
        "   35 35 35 35 35 35",
        "3. Cy 24",
        "   4 4 4 4 4 4",
    ]


def test_title_and_date_both_shown_when_title_is_custom() -> None:
    lines = summary_text(standard_game(), META_FULL).splitlines()
    assert lines[:2] == ["Friday night 🎲 — Küche", "29 Nov 2026"]
    assert summary_text(standard_game()).splitlines()[0] == "Flip 7"


def test_brutal_negative_scores_and_attack() -> None:
    text = summary_text(brutal_game(), META_DATE)
    assert "Brutal · target 100" in text
    assert "3. Bo -27\n   -20 -7 0" in text


def test_tiebreak_shared_win_in_progress_and_roster() -> None:
    assert "Winner: Ana" in summary_text(tiebreak_game())
    assert "(1 tie-break)" in summary_text(tiebreak_game())
    assert "Winners (shared): Ana, Bo" in summary_text(shared_win_game())
    assert "1. Ana 22\n" in summary_text(shared_win_game())
    assert "1. Bo 22\n" in summary_text(shared_win_game())  # ties share a rank
    roster = summary_text(typed_and_roster_game())
    assert "In progress · leading: Ana" in roster
    assert "3. Dee -3\n   · -3" in roster  # late player: not in round 1
    assert roster.splitlines()[-2:] == ["- Bo 3 (left)", "   3 ·"]
    assert "Not started yet" in summary_text(Sheet.new(["Ana", "Bo"]))


def test_detail_levels_keep_every_total() -> None:
    sheet = random_game(36, 20, rules=Rules(decks=2, target=5000))
    totals = sheet.totals()
    texts = [summary_text(sheet, META_DATE, d) for d in Detail]
    sizes = [len(t.encode()) for t in texts]
    assert sizes == sorted(sizes, reverse=True)
    expected = [total for _, _, total in ranked(sheet)]
    assert sorted(totals.values(), reverse=True) == expected
    for text in texts:
        shown = [int(m) for m in re.findall(r"^\d+\. .* (-?\d+)$", text, re.M)]
        assert shown == expected
    assert "target" not in texts[Detail.SHORT]


def test_cut_name() -> None:
    assert cut_name("Maximilian-Alexander", 16) == "Maximilian-Al…"
    assert cut_name("Ana", 8) == "Ana"
    assert len(cut_name("李小龍李小龍", 8).encode()) <= 8
    family = "👩‍👩‍👧‍👦"
    cut = cut_name(family, 8)
    assert cut == "👩…"
    assert cut_name("👍🏽👍🏽👍🏽", 12) == "👍🏽…"  # skin tone kept with its hand
    assert cut_name("e\u0301e\u0301e\u0301e\u0301", 8) == "e\u0301…"


def test_small_game_gets_every_round_at_q() -> None:
    pick = qr_summary(standard_game(), META_DATE)
    assert (pick.detail, pick.ecc) == (Detail.ROUNDS, Ecc.Q)
    assert pick.version <= 12


@pytest.mark.parametrize(
    ("players", "rounds", "decks"), [(4, 12, 1), (8, 25, 1), (18, 30, 1), (36, 30, 2)]
)
def test_big_games_fit_version_25(players: int, rounds: int, decks: int) -> None:
    sheet = random_game(players, rounds, rules=Rules(decks=decks, target=5000))
    pick = qr_summary(sheet, META_FULL)
    assert pick.version <= 25 and pick.ecc in (Ecc.Q, Ecc.M)
    assert pick.text == summary_text(sheet, META_FULL, pick.detail)
    if players == 18:
        assert pick.detail <= Detail.TOTALS  # names in full


def test_36_long_emoji_names_still_fit_with_all_totals() -> None:
    emoji = "🦄🐉🔥🌈🎲🃏👑💎🍀🚀"
    players = tuple(
        Player(f"p{i + 1}", (emoji[i % 10] * 30)[: 29 - i % 3] + str(i % 10))
        for i in range(36)
    )
    base = random_game(36, 10, rules=Rules(decks=2, target=5000))
    sheet = Sheet(players, base.rules, "p1", base.rounds)
    pick = qr_summary(sheet, META_FULL)
    assert pick.version <= 25 and pick.ecc is Ecc.M
    assert pick.detail in (Detail.SHORT, Detail.TINY)
    for total in sheet.totals().values():
        assert f" {total}" in pick.text
    assert read_qr(qr_png(pick.text, pick.ecc).png) == (pick.text, "M")


@pytest.mark.parametrize(
    "sheet_maker",
    [standard_game, brutal_game, typed_and_roster_game, lambda: random_game(18, 30)],
)
def test_qr_png_decodes_to_the_summary(sheet_maker: object) -> None:
    sheet = sheet_maker()  # type: ignore[operator]
    pick = qr_summary(sheet, META_FULL)
    image = qr_png(pick.text, pick.ecc)
    assert image.version == pick.version and image.ecc is pick.ecc
    assert image.png.startswith(b"\x89PNG\r\n\x1a\n")
    text, level = read_qr(image.png)
    assert text == pick.text
    assert level == pick.ecc.value


def test_every_script_survives_the_camera() -> None:
    names = [n for n in NAMES if n.strip()][:18]
    sheet = Sheet.new(names)
    pick = qr_summary(sheet, ShareMeta("Ünïcödé 🎉 שלום 你好"))
    assert read_qr(qr_png(pick.text, pick.ecc).png)[0] == pick.text


def test_png_is_large_with_a_quiet_zone() -> None:
    image = qr_png("Flip 7", Ecc.M)
    with Image.open(io.BytesIO(image.png)) as im:
        assert im.size == (image.size_px, image.size_px) and im.size[0] >= 800
        gray = im.convert("L")
        module = image.size_px // (17 + 4 * image.version + 8)
        border = 4 * module
        corner = gray.crop((0, 0, image.size_px, border))
        assert corner.getextrema() == (255, 255)  # white quiet zone
        assert gray.getpixel((border, border)) == 0  # finder pattern starts


def test_too_much_text_for_a_qr() -> None:
    assert qr_version("x" * 3000, Ecc.L) is None
    with pytest.raises(ValueError):
        qr_png("x" * 3000, Ecc.L)


def test_data_url_helpers() -> None:
    png = qr_png("hi").png
    assert base64.b64decode(png_base64(png)) == png
    assert data_url(png) == "data:image/png;base64," + png_base64(png)


def test_fallback_to_ecc_l_when_nothing_fits() -> None:
    sheet = random_game(18, 30)
    pick = qr_summary(sheet, META_FULL, max_version=3)
    assert (pick.detail, pick.ecc) == (Detail.TINY, Ecc.L) and pick.version > 3
    assert read_qr(qr_png(pick.text, pick.ecc).png)[0] == pick.text


def test_a_late_players_start_is_in_her_rounds_and_adds_up() -> None:
    """Issue 37: "Dee 65" over "· · 30 0 8 0" added up to 38."""
    text = summary_text(late_start_game())
    assert "3. Dee 65\n   · start 27: 30 0 8 0\n" in text
    with use("it"):
        assert "inizio 27:" in summary_text(late_start_game())
    with use("hu"):
        assert "kezdés 27:" in summary_text(late_start_game())
