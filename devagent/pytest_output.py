"""Reading pytest output (a test run): the first failure's node id, its assertion and the source
locations of its traceback; the closing summary line. Knows pytest's output; other runners
get the raw text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) (\S+?)(?: - (.*))?$", re.MULTILINE)
_SECTION = re.compile(r"^_{3,} (?:ERROR collecting )?(\S+) _{3,}$", re.MULTILINE)
_LOCATION = re.compile(r"^(?:File \")?([\w./-]+\.\w+)\"?(?::|, line )(\d+)", re.MULTILINE)
_ERROR_LINE = re.compile(r"^E +(.*)$", re.MULTILINE)
# "===== 1 failed, 2 passed, 1 warning in 0.12s =====" (bare with -q), "no tests ran in 0.01s";
# a run of over a minute adds "(0:01:02)".
_SUMMARY_LINE = re.compile(
    r"^=*\s*((?:\d+ [a-z]+(?:, \d+ [a-z]+)*|no tests ran) in \d+(?:\.\d+)?s(?: \(\d+:\d\d:\d\d\))?)\s*=*$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Failure:
    test_name: str | None
    message: str
    locations: list[tuple[str, int]] = field(default_factory=list)  # (relative path, line)


def first_failure(output: str, root: Path) -> Failure:
    """The first failing test in `output`; paths are kept only when they exist under root."""
    failed = _FAILED_LINE.search(output)
    test_name = failed.group(1) if failed else None
    section = _SECTION.search(output)
    if test_name is None and section:
        test_name = section.group(1)
    errors = _ERROR_LINE.findall(output)
    message = "\n".join(errors[:12]) if errors else (failed.group(2) or "" if failed else "")
    if not message:
        message = "\n".join(output.strip().splitlines()[-15:])
    locations: list[tuple[str, int]] = []
    for path, line in _LOCATION.findall(output):
        rel = _relative(path, root)
        if rel and (rel, int(line)) not in locations:
            locations.append((rel, int(line)))
    if test_name and "::" in test_name:
        test_file = _relative(test_name.split("::", 1)[0], root)
        if test_file and all(p != test_file for p, _ in locations):
            locations.insert(0, (test_file, 1))
    return Failure(test_name=test_name, message=message, locations=locations)


def summary_line(output: str) -> str | None:
    """pytest's closing line ("3 passed in 0.12s"), without its `=` padding; None when the
    output has none (another runner, or a run killed before the end)."""
    found = _SUMMARY_LINE.findall(output)
    return found[-1] if found else None


def _relative(path: str, root: Path) -> str | None:
    candidate = Path(path)
    resolved = (candidate if candidate.is_absolute() else root / candidate).resolve()
    try:
        rel = resolved.relative_to(root.resolve())
    except ValueError:
        return None
    return rel.as_posix() if resolved.is_file() else None
