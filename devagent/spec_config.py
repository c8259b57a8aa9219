"""Spec mode's `config.yaml` as seed 000 writes it: four top-level keys,

    architect_model: gemini-1.5-flash
    reviewer_model: claude-sonnet-4-6
    max_iterations: 10
    output_path: ./output/spec.md

read as an overlay on the tool's own config (its `spec:` section). `--config FILE` takes
either format; without it, `config.yaml` in the working folder is read when it is in the
seed's format (and left alone, with a note, when it is not: a project's own config.yaml
is not ours). Model strings map to our backends (devagent/models/factory.py:
seed_model_spec): a plain name goes to the OpenAI-compatible server at $OPENAI_BASE_URL.
Errors name the file and the key."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from devagent.errors import UsageError
from devagent.sourced import Sourced
from devagent.text import read_text_input
from devagent.user_files import check_input
from devagent.yaml_text import load_yaml, yaml_problem

SEED_KEYS = ("architect_model", "reviewer_model", "max_iterations", "output_path")
LOCAL_CONFIG = Path("config.yaml")
MAX_CONFIG_BYTES = 256 * 1024


class SeedSpecConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    architect_model: str | None = None
    reviewer_model: str | None = None
    max_iterations: int | None = Field(default=None, ge=1)
    output_path: str | None = None


@dataclass(frozen=True)
class SpecConfigFiles:
    """Which tool config to load, and the seed file's settings to lay over it."""

    tool_config: Path | None  # None: $DEV_AGENT_CONFIG or the bundled one
    overrides: dict[str, Any]  # dotted key -> Sourced value
    seed_file: Path | None
    note: str | None = None  # a ./config.yaml left alone, said once on stderr


def _mapping(path: Path) -> dict[str, Any]:
    text = read_text_input(path, "config file", MAX_CONFIG_BYTES)
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: {yaml_problem(exc)}") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: the top level must be a mapping of keys")
    return data


def _is_seed_format(path: Path, data: dict[str, Any]) -> bool:
    """Every key a seed key: the seed's file. No seed key: the tool's. Both: an error,
    since `max_iterations` would mean the fix loop's in one and spec mode's in the other."""
    seed = [k for k in data if k in SEED_KEYS]
    if not seed:
        return False
    other = [str(k) for k in data if k not in SEED_KEYS]
    if other:
        raise UsageError(
            f"{path}: {seed[0]} is a key of spec mode's config.yaml (the seed's format: only "
            f"{', '.join(SEED_KEYS)}), but {other[0]} is not; in this tool's config write "
            f"spec.{seed[0]} instead"
        )
    return True


def seed_overrides(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The seed file's values as `spec.*` overrides, each remembering its file and key."""
    from devagent.models.factory import seed_model_spec

    try:
        seed = SeedSpecConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"])
        raise UsageError(f"{path}: {key}: {first['msg']}") from None
    values: dict[str, Any] = {}
    for key in SEED_KEYS:
        value = getattr(seed, key)
        if value is None:
            continue
        where = f"{path}: {key}"
        if key.endswith("_model"):
            value = seed_model_spec(value, None, where, where)
        values[f"spec.{key}"] = Sourced(value, where)
    return values


def spec_config_files(explicit: Path | None) -> SpecConfigFiles:
    """`--config FILE` in either format, else ./config.yaml in the seed's format, else
    the tool config ($DEV_AGENT_CONFIG or the bundled one)."""
    if explicit is not None:
        if not explicit.is_file():
            return SpecConfigFiles(explicit, {}, None)  # load_config says what is wrong
        data = _mapping(explicit)
        if _is_seed_format(explicit, data):
            return SpecConfigFiles(None, seed_overrides(explicit, data), explicit)
        return SpecConfigFiles(explicit, {}, None)
    if not LOCAL_CONFIG.is_file() and not LOCAL_CONFIG.is_symlink():
        return SpecConfigFiles(None, {}, None)
    check_input(LOCAL_CONFIG, "config file")  # a link out of the folder is refused, not skipped
    try:
        data = _mapping(LOCAL_CONFIG)
        seed = _is_seed_format(LOCAL_CONFIG, data)
    except UsageError as exc:  # not ours to judge: say so and go on without it
        return SpecConfigFiles(None, {}, None, f"{exc.message}; not read as spec mode's config")
    if not seed:
        note = (
            f"{LOCAL_CONFIG} in this folder is not a spec-mode config (none of its keys is "
            f"{', '.join(SEED_KEYS)}); not read"
        )
        return SpecConfigFiles(None, {}, None, note)
    return SpecConfigFiles(None, seed_overrides(LOCAL_CONFIG, data), LOCAL_CONFIG)
