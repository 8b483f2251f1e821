"""The saved QR PNG carries a caption (it once had none): title, date,
winner and totals under the code, which still scans."""

from __future__ import annotations

import io
from datetime import date

import pytest
import zxingcpp
from PIL import Image
from share_games import standard_game

from companion.app import build_share_view
from companion.machine import runtime
from companion.share import ShareMeta
from companion.share.caption import caption_lines, captioned
from companion.store.records import GameRecord


def test_caption_lines_say_which_game() -> None:
    meta = ShareMeta("Friday night", date(2024, 3, 15))
    lines = caption_lines(standard_game(), meta)
    assert lines == [
        "Friday night",
        "15 Mar 2024",
        "Winner: Bo",
        "Bo 228 · Ana 210 · Cy 24",
    ]


def test_saved_png_has_a_caption_under_a_qr_that_still_scans() -> None:
    stamp = "2024-03-15T20:00:00+00:00"
    record = GameRecord("g1", standard_game(), stamp, stamp, {"title": "Friday night"})
    view = build_share_view(record)
    screen = Image.open(io.BytesIO(view.summary_png)).convert("L")
    saved = Image.open(io.BytesIO(view.saved_png)).convert("L")
    assert screen.width == screen.height  # on screen: the QR alone
    assert saved.width == screen.width and saved.height > saved.width * 1.1
    band = saved.crop((0, screen.height, saved.width, saved.height))
    ink = sum(1 for v in band.tobytes() if v < 128)
    assert ink > 2000  # text was drawn in the band
    (found,) = zxingcpp.read_barcodes(saved)
    assert found.text == view.summary.text


def test_long_and_wide_names_wrap_inside_the_image() -> None:
    sheet = (
        standard_game()
        .rename("p1", "李小龍" * 10)
        .rename("p2", "Maximilian-Alexander Xaver")
    )
    png = Image.new("RGB", (400, 400), "white")
    buf = io.BytesIO()
    png.save(buf, format="PNG")
    out = Image.open(
        io.BytesIO(captioned(buf.getvalue(), caption_lines(sheet, ShareMeta())))
    )
    assert out.width == 400 and out.height > 500


def test_without_pillow_the_qr_still_scans_and_is_saved_bare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The browser app has no Pillow: pypng draws the same QR code (same
    size, same text read back) and the saved PNG is the bare code."""
    stamp = "2024-03-15T20:00:00+00:00"
    record = GameRecord("g1", standard_game(), stamp, stamp, {"title": "Friday night"})
    with_pillow = build_share_view(record)
    monkeypatch.setattr(runtime, "has_pillow", lambda: False)
    bare = build_share_view(record)
    assert bare.summary_png != with_pillow.summary_png  # drawn by pypng
    assert bare.saved_png == bare.summary_png  # no caption band
    screen = Image.open(io.BytesIO(bare.summary_png))
    assert screen.size == Image.open(io.BytesIO(with_pillow.summary_png)).size
    (found,) = zxingcpp.read_barcodes(screen)
    assert found.text == with_pillow.summary.text
