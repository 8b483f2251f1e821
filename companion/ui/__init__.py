"""Flet components: the root (``app.py``), one file a screen (``screens/``)
and the parts they share (``parts/``). They draw the frozen views that
:mod:`companion.app.views` builds and call the intents of the app layer."""
