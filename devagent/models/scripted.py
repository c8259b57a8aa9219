"""A model that replays replies from a YAML file, for deterministic tests and demos of
the control flow. The file maps a role name to the list of raw replies it gives, in
order; replies go through the same parsing and validation as a real model's. Replies
are instant, so a reply format's deadline never cuts one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from devagent.errors import ModelUnavailableError, UsageError
from devagent.models.base import ChatMessage, Completion, ReplyFormat, estimate_tokens
from devagent.yaml_text import load_yaml, yaml_problem


class ScriptedBackend:
    def __init__(self, name: str, path: Path, role: str) -> None:
        self._name = name
        try:
            data = load_yaml(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UsageError(f"{name}: replies file not found: {path}") from None
        except OSError as exc:
            raise UsageError(f"{name}: cannot read replies file: {exc.strerror or exc}") from None
        except yaml.YAMLError as exc:
            raise UsageError(f"{name}: cannot read replies file: {yaml_problem(exc)}") from None
        replies = data.get(role, []) if isinstance(data, dict) else None
        if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
            raise UsageError(f"{name}: '{role}' must map to a list of reply strings")
        self._role = role
        self._replies: list[str] = replies
        self._next = 0

    @property
    def name(self) -> str:
        return self._name

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        if self._next >= len(self._replies):
            raise ModelUnavailableError(
                f"{self._name}: no scripted reply left for {self._role} (it has {len(self._replies)})"
            )
        text = self._replies[self._next]
        self._next += 1
        # No model ran: no tokens to report.
        return Completion(text=text, prompt_tokens=0, completion_tokens=0, latency_s=0.0)
