"""``python -m companion.i18n extract|update|compile``: the catalogs'
commands (README, "Translations"), kept apart so the package runs as one."""

from __future__ import annotations

import sys

from companion.i18n import main

raise SystemExit(main(sys.argv[1:]))
