"""python -m bench.repair.history mine|split|run|judge ... (see bench/repair/history/__init__.py)."""

from __future__ import annotations

import sys

from bench.repair.history.cli import main

if __name__ == "__main__":
    sys.exit(main())
