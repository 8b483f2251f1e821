"""Flet components and views, plus their Flet-free app state (``state*.py``)."""
