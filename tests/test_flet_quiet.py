"""Flet's debug messages nobody logs are not formatted (issue 25, item 4).

Flet 1.0.5's ``FletApp.send_message`` builds ``f"send_message: {message}"``
for a debug log before it knows whether anyone logs it, and a message's
text is the dataclass repr of its whole body: every control of a patch,
field by field. At a live table's save each page is sent a new score sheet,
and that string cost about a tenth of the server's time. Installed, a
message's ``str`` is short; its ``repr`` (for a debugger) stays whole."""

from __future__ import annotations

from flet.messaging.protocol import Message, MessageAction

from companion.server import flet_quiet


class Costly:
    """A body part whose text is expensive: it counts each time it is made."""

    made = 0

    def __repr__(self) -> str:
        Costly.made += 1
        return "Costly()"


def test_a_sent_message_is_not_written_out_for_a_debug_log_nobody_keeps() -> None:
    assert flet_quiet.install()
    message = Message(MessageAction.PATCH_CONTROL, {"patch": [Costly()] * 50})
    Costly.made = 0
    text = f"send_message: {message}"  # what Flet builds for every message sent
    assert Costly.made == 0
    assert "PATCH_CONTROL" in text
    assert "Costly()" in repr(message)  # a debugger still sees all of it
    assert flet_quiet.install()  # twice is harmless
