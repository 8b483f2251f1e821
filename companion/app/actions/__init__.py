"""Each screen's intents: the actions it may take, and nothing else.

Why objects of their own: a screen (``companion/ui/screens``) is handed its
frozen view and one of these, never the session (:class:`AppState`), so
what a screen can change is read in one short class and tested without a
browser. Every method that changes something is ``async`` and goes through
:func:`companion.app.intents.perform`.
"""
