"""`python3 scripts/pip_quiet.py PY ARGS...`: run `PY -m pip ARGS` for the Makefile's install
steps, with one harmless warning summarised instead of repeated.

A machine whose pip configuration names a local index folder (`extra-index-url =
file:///...`) that lacks some projects makes pip print "Location '...' is ignored: it is
neither a file nor a directory" once for every package it looks up there: a hundred lines
on an install that went well, which a newcomer reads as something broken. Those lines
become one, naming the folder and how many packages it lacked; every other line, warning
or error, passes through unchanged, and the exit code is pip's."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter

# pip's own text (pip/_internal/index/collector.py), one line per project looked up.
_MISSING_LOCATION = re.compile(
    r"^WARNING: Location '(?P<url>[^']*)' is ignored: it is neither a file nor a directory\.$"
)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: pip_quiet.py PYTHON PIP-ARGS...", file=sys.stderr)
        return 2
    proc = subprocess.Popen([argv[0], "-m", "pip", *argv[1:]], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    skipped: Counter[str] = Counter()
    for line in proc.stderr:
        match = _MISSING_LOCATION.match(line.rstrip("\n"))
        if match is None:
            sys.stderr.write(line)
        else:  # .../simple/<project>/: count it under its index folder
            skipped[match["url"].rstrip("/").rsplit("/", 1)[0]] += 1
    code = proc.wait()
    for folder, count in skipped.items():
        print(
            f"pip: the index {folder} (named by this machine's pip configuration) lacked "
            f"{count} package{'' if count == 1 else 's'}; pip looked elsewhere",
            file=sys.stderr,
        )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
