"""The application layer: everything the table does, without Flet.

``ui`` draws these objects and calls their intents; ``store``, ``share`` and
``rules`` sit below. Nothing here imports Flet (``tests/test_purity.py``), so
every flow is tested without a page.
"""

from .digital import Digital, next_strategy, seat_kind
from .entry import RoundDraft
from .observable import Notice
from .playlog import PlayLogView
from .session import AppState
from .standings import Standing, banner, standings
from .views.share import ShareView, build_share_view, played_day, share_meta

__all__ = [
    "AppState",
    "Digital",
    "Notice",
    "PlayLogView",
    "RoundDraft",
    "ShareView",
    "Standing",
    "banner",
    "build_share_view",
    "next_strategy",
    "played_day",
    "seat_kind",
    "share_meta",
    "standings",
]
