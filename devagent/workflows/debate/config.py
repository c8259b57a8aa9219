"""Debate configuration: the seed's SystemConfig (agents, judge, debate settings), read
from `--config FILE` (JSON or YAML), else the seed's default `./debate-config.json`,
else the `debate:` section of the tool's config, with the seed's fallbacks: no file,
or one without agents, gives the built-in defaults (architect and performance, a
generalist judge) with a warning; a missing judge or debate section is filled in from
the defaults, with a warning; an unknown role becomes architect, with a warning. A file
that cannot be parsed, or a value that is wrong (rounds 0, a temperature of 5, an
unknown key), is a configuration error: one line naming the file and key, exit 3
(docs/decisions.md says why the seed's "malformed: defaults with a warning" is not
followed).

Models are written as the seed writes them, `"provider": "openai", "model": "gpt-4"`
(the OpenAI-compatible server at $OPENAI_BASE_URL), `"provider": "openrouter"`, or as
this tool's specs (`llama-cpp:embedded`, `ollama:qwen2.5:7b`, `openai:<model>@<url>`,
`scripted:<file>`), one per agent, so a debate can mix them (devagent/models/factory.py:
seed_model_spec). Prompt files (`systemPromptPath`, `summaryPromptPath`,
`clarificationPromptPath`) must lie inside the config file's folder or the bundled
prompts (devagent/workflows/debate/prompt_paths.py); anything else is refused
here, before any model loads."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.alias_generators import to_camel

from devagent.errors import UsageError
from devagent.user_files import check_input
from devagent.workflows.debate.prompt_paths import check_prompt_paths
from devagent.yaml_text import load_yaml, yaml_problem

ROLES = ("architect", "performance", "security", "testing", "kiss", "generalist")
DEFAULT_ROLE = "architect"
AGENT_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}$")


class _Seed(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class SummarizationConfig(_Seed):
    enabled: bool = True
    threshold: int = Field(default=5000, ge=0)  # characters of an agent's history
    max_length: int = Field(default=2500, ge=50)  # characters a summary may keep
    method: Literal["length-based"] = "length-based"


class SummarizationOverride(_Seed):
    enabled: bool | None = None
    threshold: int | None = Field(default=None, ge=0)
    max_length: int | None = Field(default=None, ge=50)
    method: Literal["length-based"] | None = None

    def over(self, base: SummarizationConfig) -> SummarizationConfig:
        return base.model_copy(update=self.model_dump(exclude_none=True))


class AgentConfig(_Seed):
    id: str
    name: str
    role: str
    model: str | None = None  # the seed's model name or a spec; null: the tool's model.architect
    provider: str | None = None  # the seed's: openai, openrouter (or a spec's scheme)
    temperature: float = Field(default=0.5, ge=0.0, le=2.0)
    system_prompt: str | None = None  # the seed's inline system prompt
    system_prompt_path: str | None = None  # relative to the config file
    summary_prompt_path: str | None = None
    clarification_prompt_path: str | None = None
    summarization: SummarizationOverride | None = None
    enabled: bool = True

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not AGENT_ID.match(value):
            raise ValueError("must start with a letter and hold only letters, digits, _ and - (40 at most)")
        return value

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    def model_spec(self, default: str, key: str = "model") -> str:
        """This agent's model as one of our specs; `key` names it in errors
        (`debate-config.json: agents.0`)."""
        from devagent.models.factory import seed_model_spec

        if self.model is None:
            if self.provider is not None:
                raise UsageError(f"{key}.model: a provider needs a model name")
            return default
        return seed_model_spec(self.model, self.provider, f"{key}.model", f"{key}.provider")


class TerminationCondition(_Seed):
    type: Literal["fixed"] = "fixed"


class DebateSettings(_Seed):
    rounds: int = Field(default=3, ge=1)
    termination_condition: TerminationCondition = Field(default_factory=TerminationCondition)
    synthesis_method: Literal["judge"] = "judge"
    include_full_history: bool = True
    # ms a round may take: past it the round's remaining model calls are cut, the debate
    # goes on with what it has (the seed's partial results). null: no limit (the seed's
    # 300000 is not assumed: local models on a CPU take longer).
    timeout_per_round: int | None = Field(default=None, ge=1)
    summarization: SummarizationConfig = Field(default_factory=SummarizationConfig)
    interactive_clarifications: bool = False
    clarifications_max_per_agent: int = Field(default=5, ge=1, le=20)
    # This tool's: the graph (relative to the tool's config folder) and where states go.
    workflow: str = "workflows/debate.yaml"
    debates_dir: str = "debates"


class SystemConfig(_Seed):
    agents: list[AgentConfig] = Field(default_factory=list)
    judge: AgentConfig | None = None
    debate: DebateSettings | None = None


TITLES = {
    "architect": "System Architect",
    "performance": "Performance Engineer",
    "security": "Security Specialist",
    "testing": "Testing Specialist",
    "kiss": "Simplicity Advocate",
    "generalist": "Generalist Engineer",
}


def role_agent(role: str) -> AgentConfig:
    return AgentConfig(id=f"agent-{role}", name=TITLES[role], role=role)


def default_agents() -> list[AgentConfig]:
    return [role_agent("architect"), role_agent("performance")]


def default_judge() -> AgentConfig:
    return AgentConfig(id="judge-main", name="Technical Judge", role="generalist", temperature=0.3)


@dataclass
class LoadedConfig:
    """The resolved configuration, its folder (prompt paths are relative to it) and the
    warnings it gave (printed on stderr, kept in the run log)."""

    agents: list[AgentConfig]
    judge: AgentConfig
    debate: DebateSettings
    directory: Path
    source: str  # the file read, or "built-in defaults" / "debate: section of <file>"
    warnings: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # ids of agents --agents added (no config)

    def keyed(self) -> list[tuple[str, AgentConfig]]:
        """Each agent and the judge with the config key that names it in errors."""
        agents = [(f"{self.source}: agents.{i}", a) for i, a in enumerate(self.agents)]
        return [*agents, (f"{self.source}: judge", self.judge)]

    def record(self, rounds: int) -> dict[str, Any]:
        """The resolved configuration as the run log keeps it (the seed's keys)."""
        return {
            "agents": [a.model_dump(by_alias=True) for a in self.agents],
            "judge": self.judge.model_dump(by_alias=True),
            "debate": self.debate.model_copy(update={"rounds": rounds}).model_dump(by_alias=True),
            "source": self.source,
        }


def read_config_file(path: Path) -> dict[str, Any] | None:
    """The file's mapping; None when it does not exist (the seed's defaults apply)."""
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_dir():
        raise UsageError(f"{path}: --config is a directory, expected a JSON or YAML file")
    check_input(path, "config file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read config: {exc}") from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else load_yaml(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}: invalid JSON: {exc.msg} at line {exc.lineno}") from None
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: {yaml_problem(exc)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UsageError(f"{path}: the top level must be a mapping with agents, judge and debate")
    return data


def resolve(
    data: dict[str, Any] | None, where: str, directory: Path, roles: list[str] | None
) -> LoadedConfig:
    """Validate `data` (None: no file) and apply the seed's fallbacks and the --agents filter."""
    warnings: list[str] = []
    if data is None:
        warnings.append(f"{where}: config file not found; using the built-in defaults")
        data = {}
    try:
        system = SystemConfig.model_validate(data)
    except ValidationError as exc:
        raise config_error(where, exc) from None
    agents = system.agents
    if not agents:
        if "agents" in data or data:
            warnings.append(
                f"{where}: no agents configured; using the default agents (architect, performance)"
            )
        agents = default_agents()
    judge, debate = system.judge, system.debate
    if judge is None:
        if data:
            warnings.append(f"{where}: no judge configured; using the default judge")
        judge = default_judge()
    if debate is None:
        if data:
            warnings.append(f"{where}: no debate settings; using the defaults")
        debate = DebateSettings()
    agents, judge = [_known_role(a, warnings) for a in agents], _known_role(judge, warnings)
    agents = [a for a in agents if a.enabled]
    added: list[str] = []
    if roles is not None:
        # The seed keeps the configured agents of those roles; a role no agent has gets a
        # built-in one, so `--agents architect,security` works without a config file.
        kept = [a for a in agents if a.role in roles]
        missing = [r for r in dict.fromkeys(roles) if r not in {a.role for a in kept}]
        taken = {slug(a.id) for a in kept}
        extra = [role_agent(r) for r in missing if slug(f"agent-{r}") not in taken]
        added = [a.id for a in extra]
        agents = kept + extra
    if not agents:
        warnings.append("no agents left after filtering; using the default agents (architect, performance)")
        agents = default_agents()
    _check_ids([*agents, judge], where)
    loaded = LoadedConfig(agents, judge, debate, directory, where, warnings, added)
    check_prompt_paths(
        loaded.directory, loaded.keyed()
    )  # a path out of the folder: refused before any model loads
    return loaded


def config_error(where: str, exc: ValidationError) -> UsageError:
    """The first problem pydantic found, as one line naming the file and the key."""
    first = exc.errors()[0]
    key = ".".join(str(p) for p in first["loc"])
    message = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
    return UsageError(f"{where}: {key}: {message}")


def _known_role(agent: AgentConfig, warnings: list[str]) -> AgentConfig:
    if agent.role in ROLES:
        return agent
    warnings.append(f"agent {agent.id}: unknown role '{agent.role}'; using {DEFAULT_ROLE}")
    return agent.model_copy(update={"role": DEFAULT_ROLE})


def _check_ids(agents: list[AgentConfig], where: str) -> None:
    seen: dict[str, str] = {}
    for agent in agents:
        key = slug(agent.id)
        if key in seen:
            raise UsageError(f"{where}: agents: ids '{seen[key]}' and '{agent.id}' name the same agent")
        seen[key] = agent.id


def slug(agent_id: str) -> str:
    """An agent id as an AutoGen agent name (a Python identifier)."""
    return re.sub(r"\W", "_", agent_id).lower()


def parse_roles(text: str) -> list[str]:
    """--agents architect,performance: known roles, at least one."""
    roles = [r.strip().lower() for r in text.split(",") if r.strip()]
    if not roles:
        raise UsageError("debate: --agents: give at least one role, e.g. --agents architect,security")
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise UsageError(f"debate: --agents: unknown role '{unknown[0]}' (roles: {', '.join(ROLES)})")
    return roles


DEFAULT_CONFIG = Path("debate-config.json")  # the seed's default, in the working folder


def load_debate_config(
    path: Path | None, section: dict[str, Any], tool_config: Path, roles: list[str] | None
) -> LoadedConfig:
    """`--config FILE` when given; else ./debate-config.json (the seed's default) when it
    is there; else the tool config's `debate:` section; with none of them, the built-in
    defaults and the seed's warning."""
    if path is None and (DEFAULT_CONFIG.exists() or DEFAULT_CONFIG.is_symlink()):
        path = DEFAULT_CONFIG
    if path is not None:
        return resolve(read_config_file(path), str(path), path.expanduser().absolute().parent, roles)
    where = f"{tool_config}: debate"
    if not section:
        loaded = resolve(None, str(DEFAULT_CONFIG), Path.cwd(), roles)
        loaded.source = "built-in defaults"
        return loaded
    return resolve(section, where, tool_config.expanduser().absolute().parent, roles)
