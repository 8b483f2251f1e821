"""The served app: its settings (flet.toml and flags), the addresses phones
reach it on, a supervising parent that stops it on SIGTERM, the garbage
collector set for re-rendering, and the guards around Flet's own server
(events off the event loop, a budget per session, no traceback to a client,
dropped tabs freed, debug strings not built). Started by ``__main__``;
of these the app layer uses only :mod:`.net` (the Invite's links), which is
Flet-free; the rules use none."""
