"""The model-backed roles: which reply each writes, which prompt file it uses and
which config key names its model."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from devagent.messages import ArchitectReply, DevAgentReply, ReviewerReply, SupervisorReply
from devagent.resources import resource_dir


@dataclass(frozen=True)
class RoleSpec:
    name: str  # as it appears in messages ("DevAgent")
    config_key: str  # model.<key> in config
    prompt_file: str
    reply_model: type[BaseModel]
    writes_diffs: bool = False

    def system_prompt(self) -> str:
        return _read_prompt(self.prompt_file)


@cache
def _read_prompt(name: str) -> str:
    return (resource_dir("prompts") / name).read_text(encoding="utf-8").strip()


ROLES: dict[str, RoleSpec] = {
    "DevAgent": RoleSpec("DevAgent", "dev_agent", "dev_agent.md", DevAgentReply, writes_diffs=True),
    "Supervisor": RoleSpec("Supervisor", "supervisor", "supervisor.md", SupervisorReply),
    "Architect": RoleSpec("Architect", "architect", "architect.md", ArchitectReply),
    "Reviewer": RoleSpec("Reviewer", "reviewer", "reviewer.md", ReviewerReply),
}
