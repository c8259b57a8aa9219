"""The phase spec: the free-text description of the work, with optional YAML front
matter (`protected_paths: [...]`, `automation_paths: [...]`) that overrides which files a
patch may not touch."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from devagent.errors import UsageError
from devagent.yaml_text import load_yaml, yaml_problem

MAX_SPEC_BYTES = 64 * 1024
_FRONT_MATTER = re.compile(
    r"---\n(.*?\n)?---[ \t]*(?:\n|$)", re.DOTALL
)  # a phase spec is a description, not a document dump


@dataclass(frozen=True)
class PhaseSpec:
    path: Path
    title: str
    text: str
    protected_paths: tuple[str, ...] | None  # None: use the config's list
    automation_paths: tuple[str, ...] | None = None  # None: use the config's list


def load_phase(path: Path) -> PhaseSpec:
    if not path.exists():
        raise UsageError(f"{path}: phase spec not found")
    if path.is_dir():
        raise UsageError(f"{path}: phase spec is a directory, expected a text file")
    if not path.is_file():  # reading a FIFO would wait forever, a device forever or for nothing
        raise UsageError(f"{path}: phase spec is not a regular file (a pipe, device or socket)")
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            raw = handle.read(MAX_SPEC_BYTES + 1)  # a huge file is never read whole
    except OSError as exc:
        raise UsageError(f"{path}: cannot read phase spec: {exc.strerror}") from None
    if len(raw) > MAX_SPEC_BYTES:
        size = max(size, len(raw))
        raise UsageError(f"{path}: phase spec is {size} bytes; the limit is {MAX_SPEC_BYTES}")
    if b"\0" in raw:
        raise UsageError(f"{path}: phase spec looks binary (NUL bytes); expected text")
    try:
        # utf-8-sig drops a byte order mark; line endings are normalised for parsing.
        text = raw.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: phase spec is not UTF-8 text") from None
    body, meta = _split_front_matter(path, text)
    if not body.strip():
        raise UsageError(f"{path}: phase spec is empty")
    title = next(line.strip().lstrip("#").strip() for line in body.splitlines() if line.strip())
    return PhaseSpec(
        path=path,
        title=title,
        text=body.strip(),
        protected_paths=meta.get("protected_paths"),
        automation_paths=meta.get("automation_paths"),
    )


_GLOB_LISTS = ("protected_paths", "automation_paths")


def _split_front_matter(path: Path, text: str) -> tuple[str, dict[str, tuple[str, ...]]]:
    """The text after the front matter, and the glob lists it sets (by key)."""
    if not text.startswith("---\n"):
        return text, {}
    match = _FRONT_MATTER.match(text)
    if match is None:
        raise UsageError(f"{path}: front matter starts with '---' but never ends")
    try:
        meta = load_yaml(match.group(1) or "") or {}
    except yaml.YAMLError as exc:
        problem = yaml_problem(exc, first_line=2)  # the text starts after the '---' line
        raise UsageError(f"{path}: front matter is not valid YAML: {problem}") from None
    if not isinstance(meta, dict) or set(meta) - set(_GLOB_LISTS):
        raise UsageError(f"{path}: front matter may only set protected_paths and automation_paths")
    lists: dict[str, tuple[str, ...]] = {}
    for key in _GLOB_LISTS:
        value = meta.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
            raise UsageError(f"{path}: front matter {key} must be a list of glob strings")
        lists[key] = tuple(value)
    return text[match.end() :], lists
