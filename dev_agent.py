#!/usr/bin/env python3
"""Dev Agent entry point: `python dev_agent.py --phase spec.md` (see --help)."""

import sys
from pathlib import Path

# Runnable by path from anywhere: the package sits beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from devagent.cli import main

if __name__ == "__main__":
    sys.exit(main())
