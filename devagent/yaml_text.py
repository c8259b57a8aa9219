"""YAML as the tool reads it: PyYAML's safe loader, in C when PyYAML was built with
libyaml (ten times faster than the pure-Python one: a CLI run reads its config, its
workflow twice and its scripted replies, and the suite starts hundreds of runs), and
PyYAML's multi-line error report as one line. Both loaders build the same objects from
the same text, and raise yaml.YAMLError with the same problem_mark."""

from __future__ import annotations

from typing import Any

import yaml

SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """yaml.safe_load(text), through SAFE_LOADER."""
    return yaml.load(text, Loader=SAFE_LOADER)


def compose_yaml(text: str) -> yaml.Node | None:
    """yaml.compose(text) (the node tree, with each node's line), through SAFE_LOADER."""
    return yaml.compose(text, Loader=SAFE_LOADER)


def yaml_problem(exc: Exception, first_line: int = 1) -> str:
    """PyYAML's multi-line report as one line: `line N: <problem>`. `first_line` is the
    file line where the parsed text starts (front matter starts on line 2)."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + first_line}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or "invalid YAML"
    return f"{where}{problem}"
