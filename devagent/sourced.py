"""A setting's value with where the user wrote it, for error messages: a flag
(`--max-iterations`) or a seed config's file and key (`config.yaml: max_iterations`).
Its own module so the command line can build one without loading pydantic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Sourced:
    value: Any
    source: str
