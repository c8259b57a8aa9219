"""Bad input: the real CLI as a subprocess, given one invalid thing at a time.

Each case must end with a one-line error on stderr that names the problem, an exit code
from README's "Exit codes" table, no traceback, and nothing created: no branch, no
worktree, no run log (a run that could start, then found its model server down, keeps
its log but no branch or worktree). Cases that tests/test_cli_fix_loop.py already covers
(missing, empty, binary and directory spec; not a repository; invalid YAML; unknown
keys; unknown model scheme; missing GGUF; a runs folder that is a file; ...) are marked
`bad_input` there instead of being repeated here."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from devagent.errors import ExitCode
from tests.cli_fork import ForkedCli
from tests.helpers import OutsideGuard, git, worktrees
from tests.scripted import GOOD_DIFF

pytestmark = pytest.mark.bad_input

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DOCUMENTED_EXIT_CODES = {int(code) for code in ExitCode}


def _closed_port() -> int:
    """A local port nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


# ---------------------------------------------------------------------------------- makers
# Each maker gets the test's tmp folder and returns the extra CLI arguments.

Maker = Callable[[Path], list[str]]


def spec_bytes(data: bytes) -> Maker:
    def make(tmp: Path) -> list[str]:
        spec = tmp / "bad-spec.md"
        spec.write_bytes(data)
        return ["--phase", str(spec)]

    return make


def spec_fifo(tmp: Path) -> list[str]:
    fifo = tmp / "spec.fifo"
    os.mkfifo(fifo)
    return ["--phase", str(fifo)]


def config(text: str, *extra: str) -> Maker:
    def make(tmp: Path) -> list[str]:
        path = tmp / "bad-config.yaml"
        path.write_text(text.replace("{port}", str(_closed_port())))
        return ["--config", str(path), *extra]

    return make


def config_bytes(data: bytes) -> Maker:
    def make(tmp: Path) -> list[str]:
        path = tmp / "bad-config.yaml"
        path.write_bytes(data)
        return ["--config", str(path)]

    return make


def args(*values: str) -> Maker:
    return lambda tmp: [v.format(tmp=tmp, port=_closed_port()) for v in values]


def replies(text: str) -> Maker:
    def make(tmp: Path) -> list[str]:
        path = tmp / "bad-replies.yaml"
        path.write_text(text)
        return ["--model", f"scripted:{path}"]

    return make


def mkdir(name: str, flag: str, prefix: str = "") -> Maker:
    def make(tmp: Path) -> list[str]:
        (tmp / name).mkdir()
        return [flag, prefix + str(tmp / name)]

    return make


def touch(name: str, flag: str, suffix: str = "", prefix: str = "") -> Maker:
    def make(tmp: Path) -> list[str]:
        (tmp / name).write_text("a regular file\n")
        return [flag, prefix + str(tmp / name) + suffix]

    return make


@dataclass(frozen=True)
class Case:
    id: str
    make: Maker
    code: int
    fragment: str  # what the one stderr line must say (it names the problem)
    started: bool = False  # the run could start (model server down mid-run): its log stays
    env: dict[str, str] = field(default_factory=dict)
    marks: Any = ()


CASES = [
    # the phase spec
    Case("spec-huge-20mb", spec_bytes(b"# Fix mean()\n" + b"x" * (20 * 1024 * 1024)), 3, "limit is 65536"),
    Case("spec-not-utf8", spec_bytes(b"# Fix mean()\n\xff\xfe\xfa"), 3, "phase spec is not UTF-8 text"),
    Case("spec-whitespace-only", spec_bytes(b"  \n\t\n\r\n"), 3, "phase spec is empty"),
    Case("spec-front-matter-only", spec_bytes(b"---\nprotected_paths: []\n---\n"), 3, "phase spec is empty"),
    Case("spec-front-matter-unterminated", spec_bytes(b"---\nprotected_paths: []\n# Fix\n"), 3, "never ends"),
    Case(
        "spec-front-matter-unknown-key",
        spec_bytes(b"---\nprotect: [calc.py]\n---\n# Fix\n"),
        3,
        "front matter may only set protected_paths",
    ),
    Case(
        "spec-front-matter-wrong-type",
        spec_bytes(b"---\nprotected_paths: tests\n---\n# Fix\n"),
        3,
        "protected_paths must be a list of glob strings",
    ),
    Case(
        "spec-front-matter-invalid-yaml",
        spec_bytes(b"---\nprotected_paths: [unclosed\n---\n# Fix\n"),
        3,
        "front matter is not valid YAML",
    ),
    Case("spec-fifo", spec_fifo, 3, "not a regular file"),
    Case("spec-dev-null", args("--phase", "/dev/null"), 3, "not a regular file"),
    # the config file
    Case("config-missing", args("--config", "{tmp}/nope.yaml"), 3, "nope.yaml: config file not found"),
    Case(
        "config-env-missing",
        lambda tmp: [],
        3,
        "nowhere.yaml: config file not found",
        env={"DEV_AGENT_CONFIG": "/nonexistent/nowhere.yaml"},
    ),
    Case("config-is-a-directory", mkdir("conf.d", "--config"), 3, "cannot read config"),
    Case("config-not-utf8", config_bytes(b"max_iterations: 3\n\xff\xfe\n"), 3, "cannot read config"),
    Case("config-top-level-list", config("- max_iterations\n- 3\n"), 3, "the top level must be a mapping"),
    Case("config-section-not-mapping", config("model: 3\n"), 3, "model: Input should be a valid dictionary"),
    Case("config-int-not-a-number", config("model:\n  context_size: big\n"), 3, "model.context_size:"),
    Case("config-bool-not-a-bool", config("git:\n  run_hooks: maybe\n"), 3, "git.run_hooks:"),
    Case("config-list-is-a-string", config("shell:\n  allowed: pytest\n"), 3, "shell.allowed:"),
    Case("config-negative-timeout", config("shell:\n  timeout_s: -1\n"), 3, "shell.timeout_s:"),
    Case("config-temperature-too-high", config("model:\n  temperature: 5\n"), 3, "model.temperature:"),
    Case("config-retries-too-many", config("model:\n  retries: 99\n"), 3, "model.retries:"),
    Case("config-structured-output", config("model:\n  structured_output: xml\n"), 3, "structured_output:"),
    Case(
        "config-context-too-small", config("model:\n  context_size: 1024\n"), 3, "leaves no room for a prompt"
    ),
    Case("config-branch-prefix", config("git:\n  branch_prefix: 'bad..name'\n"), 3, "git.branch_prefix:"),
    Case("config-protected-not-list", config("protected_paths: 5\n"), 3, "protected_paths:"),
    Case("config-max-iterations-0", config("max_iterations: 0\n"), 3, "max_iterations:"),
    Case("config-max-iterations-negative", config("max_iterations: -3\n"), 3, "max_iterations:"),
    Case("config-max-iterations-fraction", config("max_iterations: 2.5\n"), 3, "max_iterations:"),
    Case("config-empty-test-command", config("test_command: '  '\n"), 3, "test_command: "),
    Case("config-remote-missing", config("git:\n  remote: upstream\n"), 3, "no remote named 'upstream'"),
    Case("config-workflow-missing", config("workflow: nowhere/fix.yaml\n"), 3, "cannot read workflow"),
    # the whitelist and the test command
    Case(
        "whitelist-drops-test-program",
        config("shell:\n  allowed: [npm, make]\n"),
        3,
        "test_command: 'python' is not on the whitelist (allowed: npm, make)",
    ),
    Case("whitelist-empty-entry", config("shell:\n  allowed: [pytest, '']\n"), 3, "shell.allowed:"),
    Case("whitelist-path-entry", config("shell:\n  allowed: [/usr/bin/pytest]\n"), 3, "shell.allowed:"),
    Case("whitelist-unparsable", config('shell:\n  allowed: ["pytest \'"]\n'), 3, "shell.allowed:"),
    Case("model-whitelist-path", config("shell:\n  model_allowed: [/bin/sh]\n"), 3, "shell.model_allowed:"),
    Case(
        "test-command-unknown-program",
        args("--test-command", "nosuchprogram --run"),
        3,
        "test_command: 'nosuchprogram' is not on the whitelist",
    ),
    Case("test-command-unparsable", args("--test-command", "pytest -k 'unclosed"), 3, "cannot parse command"),
    Case("test-command-newline", args("--test-command", "pytest\nrm -rf /"), 3, "newline is not allowed"),
    # max_iterations from the command line
    Case("max-iterations-negative", args("--max-iterations", "-1"), 3, "--max-iterations: Input should be"),
    # model specs
    Case(
        "openai-without-http",
        args("--model", "openai:qwen@127.0.0.1:1"),
        3,
        "must look like openai:<model>@http",
    ),
    Case("openai-without-model", args("--model", "openai:@http://127.0.0.1:1/v1"), 3, "names no model"),
    Case(
        "openai-bad-base-url",
        args("--model", "openai:qwen"),
        3,
        "OPENAI_BASE_URL:",
        env={"OPENAI_BASE_URL": "ftp://x"},
    ),
    Case(
        "openrouter-without-key",
        args("--model", "openrouter:qwen"),
        3,
        "needs OPENROUTER_API_KEY",
        env={"OPENROUTER_API_KEY": ""},
    ),
    Case("openai-not-http", args("--model", "openai:m@ftp://127.0.0.1/v1"), 3, "must look like"),
    Case("llama-cpp-empty", args("--model", "llama-cpp:"), 3, "is not a model spec"),
    Case("ollama-empty", args("--model", "ollama:"), 3, "is not a model spec"),
    Case("supervisor-unknown-scheme", args("--supervisor-model", "gpt4"), 3, "--supervisor-model:"),
    Case("llama-cpp-directory", mkdir("models", "--model", "llama-cpp:"), 4, "llama-cpp:"),
    Case("llama-cpp-not-gguf", touch("model.gguf", "--model", prefix="llama-cpp:"), 4, "model.gguf"),
    Case(
        "replies-invalid-yaml",
        replies("DevAgent: [unclosed\n"),
        3,
        "cannot read replies file: line 2: ",  # then the parser's problem (PyYAML's or libyaml's words)
    ),
    Case(
        "replies-wrong-shape", replies("DevAgent: 3\n"), 3, "'DevAgent' must map to a list of reply strings"
    ),
    Case("replies-directory", mkdir("replies", "--model", "scripted:"), 3, "cannot read replies file"),
    Case(
        "openai-server-down-no-retries",
        # The Repair step needs no model: off, so the first model call is the run's first act.
        config(
            "model:\n  retries: 0\nrepair: {templates: false}\n",
            "--model",
            "openai:m@http://127.0.0.1:{port}/v1",
        ),
        4,
        "connection refused",
        started=True,
    ),
    Case(
        "ollama-server-down",
        config(
            "model:\n  retries: 0\n  ollama_host: http://127.0.0.1:{port}\nrepair: {templates: false}\n",
            "--model",
            "ollama:qwen",
        ),
        4,
        "ollama:qwen",
        started=True,
    ),
    # where to work and where to log
    Case("repo-is-a-file", touch("plain.txt", "--repo"), 3, "plain.txt: not a directory"),
    Case(
        "repo-file-inside-repo", lambda tmp: ["--repo", str(tmp / "calc" / "calc.py")], 3, "not a directory"
    ),
    Case("repo-missing", args("--repo", "{tmp}/nowhere"), 3, "nowhere: not a directory"),
    Case(
        "runs-dir-below-a-file",
        touch("runs-file", "--runs-dir", "/sub"),
        3,
        "--runs-dir: ",
    ),
    Case(
        "runs-dir-read-only-fs",
        args("--runs-dir", "/proc/dev-agent-runs"),
        3,
        "--runs-dir: cannot write in /proc",
    ),
    # the command line itself
    Case("flag-unknown-with-value", args("--model-name=x"), 3, "unrecognized arguments: --model-name=x"),
    Case("flag-missing-value", args("--model"), 3, "argument --model: expected one argument"),
    Case("flag-value-on-switch", args("--no-pr=yes"), 3, "ignored explicit argument"),
    Case("flag-empty-int", args("--max-iterations="), 3, "invalid int value"),
]


def _fill(values: list[str], tmp: Path) -> list[str]:
    port = str(_closed_port())
    return [v.replace("{port}", port).replace("{tmp}", str(tmp)) for v in values]


@pytest.fixture
def approval_model(tmp_path: Path) -> str:
    """What a good model would answer: never reached by any case here."""
    dev = (
        '```json\n{"type": "patch", "content": "Fix.", "commands": []}\n```\n\n```diff\n'
        + GOOD_DIFF
        + "```\n"
    )
    sup = '```json\n{"approved": true, "content": "Good."}\n```\n'
    path = tmp_path / "approval.yaml"
    path.write_text(yaml.safe_dump({"DevAgent": [dev], "Supervisor": [sup]}))
    return f"scripted:{path}"


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=c.marks) for c in CASES])
def test_bad_input_is_one_clean_line_and_creates_nothing(
    cli_env: dict[str, str],
    calc_example_repo: Path,
    bare_remote: Path,
    phase_spec: Path,
    approval_model: str,
    outside: OutsideGuard,
    tmp_path: Path,
    case: Case,
    cli_fork_server: ForkedCli | None,
) -> None:
    repo = calc_example_repo
    runs = tmp_path / "runs"
    extra = _fill(case.make(tmp_path), tmp_path)
    outside.watch_repo(repo)
    outside.watch_dir(bare_remote)
    # The good spec, model and runs folder come first, so that the case's own flags win.
    args = ["--phase", str(phase_spec), "--model", approval_model, "--runs-dir", str(runs), *extra, "--quiet"]
    env = {**cli_env, **case.env}
    # Forked from the worker's fork server where the case's environment lets a fork be a
    # fresh start (tests/cli_fork.py), else a new interpreter: the same run either way.
    if cli_fork_server is not None and cli_fork_server.can_fork(env):
        proc = cli_fork_server.run(args, cwd=repo, env=env, timeout=60)
    else:
        command = [sys.executable, str(PROJECT_ROOT / "dev_agent.py"), *args]
        proc = subprocess.run(
            command, cwd=repo, env=env, capture_output=True, text=True, timeout=60, check=False
        )

    assert proc.returncode == case.code, proc.stdout + proc.stderr
    assert proc.returncode in DOCUMENTED_EXIT_CODES
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("dev-agent: ")
    assert case.fragment in lines[0], lines[0]
    assert len(lines[0]) < 600
    # Nothing created: no branch, no worktree, and a run log only for a run that started.
    assert git("for-each-ref", "--format=%(refname)", "refs/heads", cwd=repo).splitlines() == [
        "refs/heads/main"
    ]
    assert worktrees(repo) == [str(repo)]
    assert not (repo / "runs").exists()
    if case.started:
        assert len(list(runs.glob("*.log.jsonl"))) == 1
        assert proc.stdout.startswith("outcome: ")
    else:
        assert not runs.exists()
        assert proc.stdout == ""
