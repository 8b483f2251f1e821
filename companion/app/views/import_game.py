"""What the import screen shows: what to paste (naming the share file's
extension), the notice of the last try, and — once a code or file went in —
the game to open. The typed code itself stays in the screen's field."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.observable import Notice
from companion.i18n import _
from companion.share import FILE_EXTENSION


@dataclass(frozen=True, slots=True)
class ImportView:
    intro: str
    notice: Notice | None
    imported: str | None  # the game just imported: "Open the imported game"


def import_view(notice: Notice | None, done: str) -> ImportView:
    """``done``: the id the screen's last import gave ("" before one); it
    is offered only while the news of that import is what is shown."""
    good = bool(done) and notice is not None and not notice.error
    return ImportView(
        _(
            "Paste the share code someone sent you, or choose the share file "
            "({extension}) they saved. The game is added to your history."
        ).format(extension=FILE_EXTENSION),
        notice,
        done if good else None,
    )
