"""Where a debate config's prompt files may lie: inside the config's folder or the
bundled prompts, by their real path too, with no hidden folder on the way. Kept apart
from the prompts themselves so the config loader can refuse a path before any model
loads without importing the prompt builder (which imports the config)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from devagent.errors import UsageError
from devagent.resources import resource_dir

PROMPT_KEYS = (
    ("systemPromptPath", "system_prompt_path"),
    ("summaryPromptPath", "summary_prompt_path"),
    ("clarificationPromptPath", "clarification_prompt_path"),
)


def prompt_file(directory: Path, relative: str, key: str) -> Path:
    """The real path of a prompt file a config names, `relative` to the config's folder;
    UsageError naming `key` when it leaves that folder and the bundled prompts."""
    lexical_roots = [Path(os.path.abspath(directory)), resource_dir("prompts")]
    real_roots = [Path(os.path.realpath(r)) for r in lexical_roots]
    lexical = Path(os.path.abspath(Path(directory) / Path(relative).expanduser()))
    real = Path(os.path.realpath(lexical))
    lexical_root = next((r for r in lexical_roots if lexical.is_relative_to(r)), None)
    if lexical_root is None:
        raise UsageError(
            f"{key}: '{relative}' is outside the config's folder ({directory}) and the bundled "
            "prompts; refused"
        )
    real_root = next((r for r in real_roots if real.is_relative_to(r)), None)
    if real_root is None:
        raise UsageError(
            f"{key}: '{relative}' is a symlink leading out of the config's folder ({real}); refused"
        )
    parts = [*lexical.relative_to(lexical_root).parts, *real.relative_to(real_root).parts]
    if any(part.startswith(".") for part in parts):
        raise UsageError(f"{key}: '{relative}' is in a hidden folder or is a hidden file; refused")
    return real


def check_prompt_paths(directory: Path, agents: Iterable[tuple[str, Any]]) -> None:
    """Every prompt file the configured agents (`key`, agent config) name stays where
    prompt files may be."""
    for key, agent in agents:
        for camel, attribute in PROMPT_KEYS:
            relative = getattr(agent, attribute)
            if relative:
                prompt_file(directory, relative, f"{key}.{camel}")
