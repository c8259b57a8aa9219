"""devagent/config.py: the bundled defaults, validation errors that name file and key,
dotted overrides and the branch prefix check."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from devagent.config import Config, load_config
from devagent.errors import ExitCode, UsageError
from devagent.resources import default_config_path, resource_dir
from tests.conftest import PROJECT_ROOT


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "dev_agent.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path, overrides: dict[str, Any] | None = None) -> str:
    with pytest.raises(UsageError) as info:
        load_config(path, overrides)
    assert info.value.exit_code == ExitCode.USAGE
    return info.value.message


def test_bundled_defaults_equal_the_model_defaults() -> None:
    path = default_config_path()
    config = load_config(path)
    paths: Any = {
        "workflow": True,
        "spec": {"workflow"},
        "plan": {"workflow"},
    }  # resolved against the config folder
    assert config.model_dump(exclude=paths) == Config().model_dump(exclude=paths)
    workflow = Path(config.workflow)
    assert workflow.is_absolute()
    assert workflow == path.parent / "workflows" / "fix.yaml"
    assert workflow == resource_dir("config") / "workflows" / "fix.yaml"
    assert workflow.is_file()
    assert Path(config.spec.workflow) == path.parent / "workflows" / "spec.yaml"
    assert Path(config.plan.workflow) == path.parent / "workflows" / "plan.yaml"


def test_empty_file_gives_the_defaults(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "# nothing set\n"))
    paths: Any = {"workflow": True, "spec": {"workflow"}, "plan": {"workflow"}}
    assert config.model_dump(exclude=paths) == Config().model_dump(exclude=paths)
    # No workflows/ next to this config: the bundled workflows are used.
    assert Path(config.workflow) == resource_dir("config") / "workflows" / "fix.yaml"
    assert Path(config.spec.workflow) == resource_dir("config") / "workflows" / "spec.yaml"
    assert Path(config.plan.workflow) == resource_dir("config") / "workflows" / "plan.yaml"


def test_workflow_next_to_the_config_wins(tmp_path: Path) -> None:
    (tmp_path / "workflows").mkdir()
    (tmp_path / "workflows" / "fix.yaml").write_text("name: mine\n")
    config = load_config(write(tmp_path, ""))
    assert Path(config.workflow) == tmp_path / "workflows" / "fix.yaml"


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ("foo: 1\n", "foo", "unknown key"),
        ("git:\n  bogus: 1\n", "git.bogus", "unknown key"),
        ("model:\n  temperture: 0.1\n", "model.temperture", "unknown key"),
        ("max_iterations: many\n", "max_iterations", "valid integer"),
        ("test_command: 5\n", "test_command", "valid string"),
        ("git:\n  auto_pr: maybe\n", "git.auto_pr", "valid boolean"),
        ("shell:\n  allowed: pytest\n", "shell.allowed", "valid list"),
        ("max_iterations: 0\n", "max_iterations", "greater than or equal to 1"),
        ("max_iterations: -1\n", "max_iterations", "greater than or equal to 1"),
        ("test_command: ''\n", "test_command", "must not be empty"),
        ("test_command: '   '\n", "test_command", "must not be empty"),
        ("model:\n  context_size: 256\n", "model.context_size", "greater than or equal to 512"),
        ("model:\n  temperature: 3\n", "model.temperature", "less than or equal to 2"),
        ("model:\n  context_size: 2048\n  max_tokens: 768\n", "model", "leaves no room for a prompt"),
        ("model:\n  retries: -1\n", "model.retries", "greater than or equal to 0"),
        ("model:\n  structured_output: xml\n", "model.structured_output", "json_schema"),
        ("model:\n  kv_cache_reuse: sometimes\n", "model.kv_cache_reuse", "valid boolean"),
    ],
)
def test_errors_name_the_file_and_the_key(tmp_path: Path, text: str, key: str, problem: str) -> None:
    path = write(tmp_path, text)
    message = load_error(path)
    assert message.startswith(f"{path}: {key}: ")
    assert problem in message


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "max_iterations: 3\ngit:\n  remote: origin\n   branch_prefix: x\n")
    message = load_error(path)
    assert message.startswith(f"{path}: line 4: ")


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    path = write(tmp_path, "- max_iterations: 3\n")
    assert load_error(path) == f"{path}: the top level must be a mapping of keys"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    assert load_error(path) == f"{path}: config file not found"


def test_unreadable_file_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"test_command: caf\xe9\n")
    message = load_error(path)
    assert message.startswith(f"{path}: cannot read config")


def test_dotted_overrides_win(tmp_path: Path) -> None:
    path = write(tmp_path, "max_iterations: 3\ngit:\n  remote: origin\n  auto_pr: true\n")
    config = load_config(
        path,
        {
            "max_iterations": 7,
            "git.auto_pr": False,
            "model.dev_agent": "ollama:qwen2.5-coder:7b",
            "test_command": "pytest -x",
        },
    )
    assert config.max_iterations == 7
    assert config.git.auto_pr is False
    assert config.git.remote == "origin"  # siblings of an overridden key are kept
    assert config.model.dev_agent == "ollama:qwen2.5-coder:7b"
    assert config.model.supervisor == Config().model.supervisor
    assert config.test_command == "pytest -x"


def test_overrides_are_validated_like_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "")
    assert load_error(path, {"max_iterations": 0}).startswith(f"{path}: max_iterations: ")
    assert load_error(path, {"git.nope": 1}) == f"{path}: git.nope: unknown key"


def ref_is_valid(branch: str) -> bool:
    proc = subprocess.run(["git", "check-ref-format", "--branch", branch], capture_output=True, check=False)
    return proc.returncode == 0


# The branch is `<prefix>-<phase slug>-<N>` (tools/git_tool.next_branch_name); git itself
# is the judge of whether that is a valid branch name.
VALID_PREFIXES = ["dev-agent/fix", "fix", "bots/dev-agent/fix", "x.lock", "team_a/fix"]
REJECTED_PREFIXES = ["", "has space", "a..b", "tilde~1", "caret^", "colon:x", "q?", "star*", "br[", "b\\s"]
ACCEPTED_INVALID_PREFIXES = ["-x", "/abs", "a//b", "a@{b", "a/.hidden", "a/b.lock/c"]


@pytest.mark.parametrize("prefix", VALID_PREFIXES)
def test_valid_branch_prefix_is_accepted(tmp_path: Path, prefix: str) -> None:
    assert ref_is_valid(f"{prefix}-phase-1")
    config = load_config(write(tmp_path, ""), {"git.branch_prefix": prefix})
    assert config.git.branch_prefix == prefix


@pytest.mark.parametrize("prefix", REJECTED_PREFIXES)
def test_invalid_branch_prefix_is_rejected(tmp_path: Path, prefix: str) -> None:
    assert not ref_is_valid(f"{prefix}-phase-1")
    path = write(tmp_path, "")
    assert load_error(path, {"git.branch_prefix": prefix}) == (
        f"{path}: git.branch_prefix: Value error, not a valid git branch prefix"
    )


def test_trailing_slash_prefix_is_rejected(tmp_path: Path) -> None:
    # `fix/` would give `fix/-<slug>-1`: valid for git, but refused as a prefix on purpose.
    path = write(tmp_path, "")
    assert "git.branch_prefix" in load_error(path, {"git.branch_prefix": "fix/"})


@pytest.mark.parametrize("prefix", ACCEPTED_INVALID_PREFIXES)
def test_branch_prefix_that_git_rejects_is_a_config_error(tmp_path: Path, prefix: str) -> None:
    assert not ref_is_valid(f"{prefix}-phase-1")
    with pytest.raises(UsageError, match=r"git\.branch_prefix"):
        load_config(write(tmp_path, ""), {"git.branch_prefix": prefix})


def test_yaml_is_read_by_the_c_loader_and_means_what_pyyaml_s_own_reads(tmp_path: Path) -> None:
    """The tool's YAML goes through libyaml where PyYAML has it (a CLI run reads its config,
    workflow and replies: ten times faster); every file it ships reads the same both ways,
    and a broken file is still one line naming the line."""
    import yaml

    from devagent.yaml_text import SAFE_LOADER, compose_yaml, load_yaml, yaml_problem

    assert SAFE_LOADER is yaml.CSafeLoader  # the wheel on the registry has libyaml
    shipped = [*(PROJECT_ROOT / "config").rglob("*.yaml"), *(PROJECT_ROOT / "examples").rglob("*.yaml")]
    assert len(shipped) > 8
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert load_yaml(text) == yaml.safe_load(text), path
        node = compose_yaml(text)
        assert node is not None and node.start_mark.line == yaml.compose(text).start_mark.line
    try:
        load_yaml("a: 1\nb: [unclosed\n")
    except yaml.YAMLError as exc:
        assert yaml_problem(exc).startswith("line 3: "), yaml_problem(exc)
    else:
        raise AssertionError("a broken file parsed")
