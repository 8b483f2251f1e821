"""Parts the screens are built from: tables, tiles, keypad, cards, charts."""
