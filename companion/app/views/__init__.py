"""What each screen shows, as frozen values built by pure functions.

Why: a screen that reads the whole session can only be tested in Chromium,
and memoises on hand-made tuples of what it read. Here each screen gets one
value (built from the game's state and the session's seat, nothing Flet),
unit-tested like :func:`companion.app.board.board_view`, and the intents it
may call on their owners (run through :meth:`AppState.act`).
"""
