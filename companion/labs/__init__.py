"""Command-line labs for the computer players: ``companion simulate``
(whole games, statistics) and ``companion tournament`` (fair comparisons).
They use the rules alone: no app, store or Flet."""
