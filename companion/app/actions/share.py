"""The Share screen's view and intents: the game's share (or why it cannot
be shown) with the last notice; the screen's own downloads and copies are
said through :meth:`Intents.tell`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.intents import Intents
from companion.app.observable import Notice
from companion.app.views.share import ShareView

if TYPE_CHECKING:
    from companion.app.session import AppState


@dataclass(frozen=True, slots=True)
class ShareScreenView:
    share: ShareView | str  # the game's share, or why not (worded by the screen)
    notice: Notice | None


def share_screen_of(state: AppState, game_id: str | None) -> ShareScreenView:
    """Game ``game_id``'s share (None: the open game's), as this session
    may see it."""
    share = state.library.share_view(game_id or state.game_id)
    return ShareScreenView(share, state.notice)


class ShareIntents(Intents):
    """The Share screen changes nothing: it says what it saved or copied."""
