"""Typed configuration: config/dev_agent.yaml validated with pydantic.

Errors name the file and the key (`config/dev_agent.yaml: git.auto_pr: ...`)."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from devagent.errors import UsageError
from devagent.resources import resource_dir
from devagent.sourced import Sourced
from devagent.tools.automation_paths import AUTOMATION_PATHS
from devagent.tools.sandbox import DEFAULT_HIDDEN_PATHS
from devagent.yaml_text import load_yaml, yaml_problem

DEFAULT_MODEL = "llama-cpp:embedded"
MIN_PROMPT_TOKENS = 1024
DEFAULT_TEST_COMMAND = "python -m pytest --maxfail=1 -q"
PYTEST_CONFIG_FILES = (
    "pytest.toml",
    ".pytest.toml",
    "pytest.ini",
    ".pytest.ini",
    "pyproject.toml",
    "tox.ini",
    "setup.cfg",
)
DEFAULT_PROTECTED: tuple[str, ...] = (
    "tests/**",
    "**/test_*.py",
    "**/*_test.py",
    "**/conftest.py",
    *(f"**/{name}" for name in PYTEST_CONFIG_FILES),
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ModelConfig(_Strict):
    """Which model each role uses, and how local models are run."""

    dev_agent: str = DEFAULT_MODEL
    supervisor: str = DEFAULT_MODEL
    architect: str = DEFAULT_MODEL
    reviewer: str = DEFAULT_MODEL
    # Always explicit: Ollama's 2k default silently drops the overflow.
    context_size: int = Field(default=8192, ge=512)
    max_tokens: int = Field(default=768, ge=16)
    temperature: float = Field(default=0.2, ge=0.0, le=2.0)
    seed: int = 0
    threads: int | None = Field(default=None, ge=1)
    timeout_s: float = Field(default=600.0, gt=0)
    # Transient server errors (connection refused, 429, 5xx) are retried this many times,
    # waiting retry_backoff_s, then twice that, and so on.
    retries: int = Field(default=2, ge=0, le=10)
    retry_backoff_s: float = Field(default=1.0, ge=0)
    # In-process llama.cpp: keep evaluated prompt prefixes (per role, up to
    # prompt_cache_mb of saved KV state) so later turns evaluate only new tokens.
    kv_cache_reuse: bool = True
    prompt_cache_mb: int = Field(default=1024, ge=0)
    ollama_host: str | None = None
    # How openai:<model>@<url> servers are asked for structured output: json_schema
    # (OpenAI, vLLM, LM Studio), json_object (llama-cpp-python's server: json_object plus
    # schema), grammar (llama.cpp servers: a GBNF grammar, also covering the diff fence),
    # none (prompt + validation), or auto (detected per server, see docs).
    structured_output: Literal["auto", "json_schema", "json_object", "grammar", "none"] = "auto"

    @model_validator(mode="after")
    def _room_for_a_prompt(self) -> ModelConfig:
        # The budgeter keeps room for the reply and one re-prompt (2 * max_tokens);
        # what is left must hold at least a small prompt.
        if self.context_size < 2 * self.max_tokens + MIN_PROMPT_TOKENS:
            raise ValueError(
                f"context_size {self.context_size} leaves no room for a prompt: it must be at least "
                f"2 * max_tokens + {MIN_PROMPT_TOKENS} = {2 * self.max_tokens + MIN_PROMPT_TOKENS}"
            )
        return self

    def for_role(self, role: str) -> str:
        spec: str = getattr(self, role)
        return spec


class GitConfig(_Strict):
    remote: str = "origin"
    branch_prefix: str = "dev-agent/fix"
    auto_pr: bool = True
    run_hooks: bool = False
    author_name: str = "Dev Agent"
    author_email: str = "dev-agent@localhost"

    @field_validator("branch_prefix")
    @classmethod
    def _valid_prefix(cls, value: str) -> str:
        # git's ref-name rules (git check-ref-format), checked on a branch it would make.
        name = f"{value}-phase-1"
        parts = name.split("/")
        if (
            value.endswith("/")
            or name.startswith("-")
            or any(ch in name for ch in " ~^:?*[\\\x7f")
            or any(ord(ch) < 32 for ch in name)
            or ".." in name
            or "@{" in name
            or any(not p or p.startswith(".") or p.endswith(".lock") for p in parts)
        ):
            raise ValueError("not a valid git branch prefix")
        return value


class ShellConfig(_Strict):
    # Programs (optionally with fixed leading arguments) the test command may use.
    allowed: list[str] = Field(
        default_factory=lambda: ["pytest", "python -m pytest", "npm test", "git", "pip", "npm", "make"]
    )
    # Narrower list for commands a model asks to run: whitelisting `git` or `pip`
    # whole would let a model run code through their options.
    model_allowed: list[str] = Field(
        default_factory=lambda: ["pytest", "git diff", "git log", "git show", "git status"]
    )
    timeout_s: float = Field(default=300.0, gt=0)
    # Every command runs in a sandbox: "auto" is bubblewrap when it works, else Landlock;
    # "bwrap" or "landlock" allows only that kind. $DEV_AGENT_SANDBOX sets the default
    # (the test suites run once per kind with it).
    sandbox: Literal["auto", "bwrap", "landlock"] = Field(
        default_factory=lambda: os.environ.get("DEV_AGENT_SANDBOX") or "auto", validate_default=True
    )
    # The bubblewrap program (a name on PATH or a path).
    bwrap: str = "bwrap"
    # The Python the project's tests run with (an interpreter or a virtualenv folder; the
    # --python flag). null: the active VIRTUAL_ENV or CONDA_PREFIX, else a .venv or venv at
    # the repository's root, else dev-agent's own (devagent/project_env.py).
    python: str | None = None
    # Without a working sandbox a run refuses to start, unless this allows commands to run
    # unsandboxed (then every run warns on stderr and records it in the run log).
    allow_unsandboxed: bool = False
    # Hidden inside the sandbox (credential stores no test needs): a folder shows empty,
    # a file empty. Absolute paths, or ~/... for the user's home folder.
    hidden_paths: list[str] = Field(default_factory=lambda: list(DEFAULT_HIDDEN_PATHS))
    # TCP ports of the host's 127.0.0.1 forwarded into the sandbox's private loopback
    # (a database the tests need); each named port alone, none by default.
    host_services: list[StrictInt] = Field(default_factory=list)

    @field_validator("hidden_paths")
    @classmethod
    def _absolute_or_home(cls, entries: list[str]) -> list[str]:
        for entry in entries:
            if not (entry.startswith("/") or entry == "~" or entry.startswith("~/")):
                raise ValueError(f"entry {entry!r} must be an absolute path or start with ~/")
        return entries

    @field_validator("host_services")
    @classmethod
    def _ports(cls, ports: list[int]) -> list[int]:
        for port in ports:
            if not 1 <= port <= 65535:
                raise ValueError(f"{port} is not a TCP port (1-65535)")
            if port < 1024:  # binding it inside needs a capability the sandbox drops
                raise ValueError(f"port {port} is below 1024, which the sandbox cannot listen on")
        return list(dict.fromkeys(ports))

    @field_validator("allowed", "model_allowed")
    @classmethod
    def _whitelist_entries(cls, entries: list[str]) -> list[str]:
        # The checks CommandPolicy makes, here so a bad entry is a config error, not a crash.
        for entry in entries:
            try:
                tokens = shlex.split(entry)
            except ValueError as exc:
                raise ValueError(f"entry {entry!r} cannot be parsed: {exc}") from None
            if not tokens:
                raise ValueError("an entry is empty")
            if "/" in tokens[0] or "\\" in tokens[0]:
                raise ValueError(f"entry {entry!r}: the program must be a bare name, not a path")
        return entries

    @field_validator("bwrap")
    @classmethod
    def _non_empty_program(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value


EMBEDDED_MODEL = "llama-cpp:embedded"
EMBEDDED_STALL_S = 15.0
MODEL_STALL_S = 300.0


class RepairConfig(_Strict):
    """Candidate fixes validated by the tests before any diff is asked for (the Repair
    step of workflows/fix.yaml): general fix templates on the lines spectrum-based fault
    localisation ranks, and one-line rewrites sampled from the DevAgent model."""

    # null (the default) follows DevAgent's model: templates for every real model, and
    # model edits (8 samples) for in-process llama.cpp models, the small ones a grammar
    # keeps on real lines; servers (7B and up) write diffs instead. Scripted replies stand
    # in for a model's own answers, so neither source runs for them.
    templates: bool | None = None
    model_edits: int | None = Field(default=None, ge=0, le=64)  # samples; 0: none
    lines: int = Field(default=10, ge=1, le=50)  # suspicious lines considered
    max_candidates: int = Field(default=600, ge=1)
    time_budget_s: float = Field(default=120.0, gt=0)
    # When no template passes, conditions and calls synthesised from the values in scope
    # and kept by a traced run (repair/synthesis.py). They fix more, and more of their
    # fixes pass weak tests without being right: false keeps the search to the templates.
    synthesis: bool = True
    # A suite with more tests than this (the run's first test run counts them) is traced
    # for localisation in the failing tests' files only: a traced run of a whole large
    # suite can spend the search's budget before a candidate is tried. 0: always the whole.
    localise_whole_suite_up_to: int = Field(default=2000, ge=0)
    # Copies of the repository testing candidates side by side; null: one per core (at
    # most 4). 1 tests them one at a time: for a suite whose tests would collide across
    # copies (a fixed port, a fixed path outside the repository).
    workers: int | None = Field(default=None, ge=1, le=16)
    # When the search found nothing, the fix loop stops (outcome `stalled`, exit 8) once
    # this long has passed without new information (a new test outcome): at the next
    # step after two of the model's diffs were refused or repeated, or by cutting the
    # model's turn still running at the deadline. null follows DevAgent's model (see
    # stall_window).
    stall_s: float | None = Field(default=None, gt=0)

    def sources(self, dev_model: str) -> tuple[bool, int]:
        """(templates on, model-edit samples) for DevAgent's model spec."""
        scripted = dev_model.startswith("scripted:")
        in_process = dev_model.startswith("llama-cpp:")
        templates = (not scripted) if self.templates is None else self.templates
        samples = (8 if in_process else 0) if self.model_edits is None else self.model_edits
        return templates, samples

    def stall_window(self, dev_model: str) -> float:
        """`stall_s`, or its default for DevAgent's model: 15 s for the embedded 135M model,
        whose diffs never fixed a benchmark task (the time goes to Repair's search
        instead, and a failed run still ends soon after the last news); 300 s for others,
        so a 7B model on a CPU finishes its diffs."""
        if self.stall_s is not None:
            return self.stall_s
        return EMBEDDED_STALL_S if dev_model == EMBEDDED_MODEL else MODEL_STALL_S


class SpecConfig(_Strict):
    """Spec mode (`dev-agent spec`): the Architect-Reviewer debate that turns a rough idea
    into spec.md. The keys are the seed's; null models fall back to model.architect and
    model.reviewer, so the generation settings under `model` apply to both."""

    architect_model: str | None = None
    reviewer_model: str | None = None
    max_iterations: int = Field(default=10, ge=1)  # debate rounds before giving up (exit 1)
    output_path: str = "output/spec.md"  # relative to the current directory
    workflow: str = "workflows/spec.yaml"  # the debate's graph, relative to the config folder


class PlanConfig(_Strict):
    """Plan mode (`dev-agent plan`): Planner, Coder and Tester build a goal task by task.
    Null models fall back to model.dev_agent. Replies are decoded at `temperature` (0:
    the seed's determinism) with model.seed."""

    planner_model: str | None = None
    coder_model: str | None = None
    tester_model: str | None = None
    max_tasks: int = Field(default=5, ge=1, le=20)
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    branch_prefix: str = "dev-agent/plan"  # branch = <prefix>-<goal slug>-<N>
    workflow: str = "workflows/plan.yaml"  # relative to the config folder

    @field_validator("branch_prefix")
    @classmethod
    def _valid_prefix(cls, value: str) -> str:
        GitConfig(branch_prefix=value)  # the same ref-name rules
        return value


class VerdictConfig(_Strict):
    """How the tests' verdict is kept (devagent/verdict.py, README "Safety")."""

    # The signing key of the tests' report is destroyed when the tests call gc's object
    # lists (gc.get_objects, get_referrers, get_referents), which reach every object, the
    # key's holder too; a suite that checks for leaked references that way is then never
    # green. "allow" leaves those calls alone (ctypes, /proc and audit hooks still destroy
    # the key): code that reaches gc could then find the key, so the patch screen refuses
    # more of what a patch may write (dynamic imports, exec, gc). Fix loop only.
    introspection: Literal["refuse", "allow"] = "refuse"


class Config(_Strict):
    model: ModelConfig = Field(default_factory=ModelConfig)
    max_iterations: int = Field(default=5, ge=1)
    # `python -m pytest` puts the repository root on sys.path, as its users expect
    # (tests importing a module at the root work without a conftest.py).
    test_command: str = DEFAULT_TEST_COMMAND
    git: GitConfig = Field(default_factory=GitConfig)
    shell: ShellConfig = Field(default_factory=ShellConfig)
    repair: RepairConfig = Field(default_factory=RepairConfig)
    spec: SpecConfig = Field(default_factory=SpecConfig)
    # Debate mode (`dev-agent debate`): the seed's agents/judge/debate mapping, validated
    # by devagent/workflows/debate/config.py (errors name `debate.<key>`).
    debate: dict[str, Any] = Field(default_factory=dict)
    plan: PlanConfig = Field(default_factory=PlanConfig)
    verdict: VerdictConfig = Field(default_factory=VerdictConfig)
    # Files a patch may not touch unless the phase spec's front matter says otherwise: the
    # tests, conftest.py files, and every file pytest reads its configuration from (any of
    # them can deselect, skip or xfail a test, or load a plugin).
    protected_paths: list[str] = Field(default_factory=lambda: list(DEFAULT_PROTECTED))
    # CI and automation configs a patch may not touch in any mode, even when the tests may
    # be edited (devagent/tools/automation_paths.py); the phase's front matter can replace it.
    automation_paths: list[str] = Field(default_factory=lambda: list(AUTOMATION_PATHS))
    runs_dir: str = "runs"
    workflow: str = "workflows/fix.yaml"
    # Red test results go to the Supervisor as interim status for a critique before
    # DevAgent's next turn (seed 004's optional review); off saves a model call per turn.
    interim_critique: bool = False

    # Where a dotted key's value came from when not from this file: the flag that set it
    # (`spec.max_iterations` -> `--max-iterations`), or a seed config's file and key, so
    # an error about the value names what the user wrote.
    _sources: dict[str, str] = PrivateAttr(default_factory=dict)

    @field_validator("test_command")
    @classmethod
    def _non_empty(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    def record(self) -> dict[str, Any]:
        """The effective configuration as the run log keeps it (the trace store's
        app_settings holds it per run)."""
        return self.model_dump(mode="json")

    def key_name(self, dotted: str) -> str:
        """How an error names a setting: where its value came from, else its config key."""
        return self._sources.get(dotted, dotted)


def load_config(path: Path, overrides: dict[str, Any] | None = None) -> Config:
    """Read and validate a config file; `overrides` (dotted keys from CLI flags, values
    plain or Sourced) win, and an invalid one is blamed on its source."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: config file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read config: {exc}") from None
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: {yaml_problem(exc)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UsageError(f"{path}: the top level must be a mapping of keys")
    sources: dict[str, str] = {}
    for dotted, value in (overrides or {}).items():
        if isinstance(value, Sourced):
            sources[dotted], value = value.source, value.value
        _set_dotted(data, dotted, value)
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"])
        message = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
        if key in sources:
            raise UsageError(f"{sources[key]}: {message} (got {first.get('input')!r})") from None
        raise UsageError(f"{path}: {key}: {message}") from None
    config._sources = sources
    # Workflows are named relative to the config file's folder, falling back to the
    # bundled workflows so a user's config can name `workflows/fix.yaml` as is.
    spec = config.spec.model_copy(update={"workflow": _workflow_path(path, config.spec.workflow)})
    plan = config.plan.model_copy(update={"workflow": _workflow_path(path, config.plan.workflow)})
    return config.model_copy(
        update={"workflow": _workflow_path(path, config.workflow), "spec": spec, "plan": plan}
    )


def _workflow_path(config_path: Path, name: str) -> str:
    workflow = Path(name).expanduser()
    if not workflow.is_absolute():
        local = config_path.parent / workflow
        workflow = local if local.is_file() else resource_dir("config") / workflow
    return str(workflow)


def _set_dotted(data: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, leaf = dotted.split(".")
    node = data
    for part in parents:
        child = node.get(part)
        if child is None:
            child = {}
            node[part] = child
        elif not isinstance(child, dict):
            return  # the file's value is no mapping: validation names that key, a flag must not hide it
        node = child
    node[leaf] = value
