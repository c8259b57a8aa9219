"""Every seed as written (issue 41, and 42.5's help), through the real CLI
(`python dev_agent.py ...` as a subprocess): the seeds' own config files run unchanged
against a real OpenAI-compatible server on loopback (tests/openai_stub.py), no limit the
seeds do not have, every error before the work, each mode's help and exit codes, each
workflow's own outcome words, and what the trace store keeps. Scripted replies are the
models' stand-ins where only the control flow matters (named so in the test)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import PROJECT_ROOT
from tests.debate_scripted import JUDGE, PROBLEM, round_replies, synthesis, write_config
from tests.debate_scripted import write_replies as write_debate_replies
from tests.helpers import git
from tests.openai_stub import openai_stub, schema_keys
from tests.plan_scripted import GOOD_CALC, ONE_TASK, edits, plan, plan_task, says_tester
from tests.plan_scripted import write_replies as write_plan_replies
from tests.spec_scripted import GOOD_DRAFT, IDEA, ROUGH_DRAFT, architect, reviewer, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
Log = Callable[[Path], list[dict[str, Any]]]
EXAMPLES = PROJECT_ROOT / "examples"
API_KEY = "sk-test-0123456789abcdefghij"  # shaped like a key: the redaction knows it


# The tool config's models cannot load (tests/conftest.py: no_default_model).
pytestmark = pytest.mark.usefixtures("no_default_model")


def records(run_log: Log, runs: Path, kind: str) -> list[dict[str, Any]]:
    return [r["data"] for r in run_log(runs) if r["type"] == kind]


def spec_answer(body: dict[str, Any]) -> str:
    """A capable model's replies to spec mode: a draft the checks pass, and a verdict."""
    keys = schema_keys(body)
    if "components" in keys:
        return json.dumps({"components": GOOD_DRAFT, "design_rationale": ""})
    if "status" in keys:
        return json.dumps({"status": "verified", "challenges": []})
    raise AssertionError(f"unexpected request: {keys}")


def debate_answer(body: dict[str, Any]) -> str:
    """A capable model's replies to debate mode, by what the request's schema asks for."""
    keys = schema_keys(body)
    point = {"key_points": ["token bucket per API key"], "risks": ["clock skew"]}
    if "changes" in keys:
        return json.dumps(
            {"changes": ["added a regional cache"], "title": "Refined", "approach": "Redis", **point}
        )
    if "weaknesses" in keys:
        return json.dumps({"strengths": [], "weaknesses": ["no failover"], "suggestions": ["add replicas"]})
    if "description" in keys:
        return json.dumps({"description": "Token buckets in Redis per region.", "confidence": 80})
    if "title" in keys:
        return json.dumps({"title": "Token bucket", "approach": "A bucket per key in Redis.", **point})
    raise AssertionError(f"unexpected request: {keys}")


# ------------------------------------------------------------------ 1. spec mode's config.yaml


@pytest.mark.parametrize("where", ["working folder", "--config"])
def test_seed_config_yaml_runs_unchanged_on_an_openai_compatible_server(
    dev_agent: Runner, cli_env: dict[str, str], run_log: Log, tmp_path: Path, where: str
) -> None:
    """Seed 000's own config.yaml (gemini-1.5-flash, claude-sonnet-4-6): plain names go to
    the server at $OPENAI_BASE_URL with $OPENAI_API_KEY, which is never written anywhere."""
    work = tmp_path / "work"
    work.mkdir()
    config = work / "config.yaml" if where == "working folder" else tmp_path / "seed.yaml"
    shutil.copy(EXAMPLES / "spec" / "config.yaml", config)
    args = [] if where == "working folder" else ["--config", str(config)]
    with openai_stub(spec_answer) as server:
        cli_env.update({"OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": API_KEY})
        proc = dev_agent("spec", IDEA, *args, "--quiet", cwd=work)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert server.models() == ["gemini-1.5-flash", "claude-sonnet-4-6"]
    assert {r["headers"].get("Authorization") for r in server.requests} == {f"Bearer {API_KEY}"}
    spec = (work / "output" / "spec.md").read_text(encoding="utf-8")  # the seed's output_path
    assert spec.startswith(f"# Spec: {IDEA}\n") and "| NotePage | UIComponent |" in spec
    (started,) = records(run_log, work / "runs", "run_started")
    assert started["models"]["Architect"] == "openai:gemini-1.5-flash"
    assert started["models"]["Reviewer"] == "openai:claude-sonnet-4-6"
    assert started["settings"]["spec"]["max_iterations"] == 10
    # The key went in a header only: not in the log, the trace store or the terminal.
    for path in (work / "runs").iterdir():
        assert API_KEY.encode() not in path.read_bytes(), path
    assert API_KEY not in proc.stdout + proc.stderr


def test_seed_config_yaml_with_a_model_string_no_backend_serves_is_one_line(
    dev_agent: Runner, tmp_path: Path
) -> None:
    (tmp_path / "config.yaml").write_text("architect_model: gemini 1.5 flash\nmax_iterations: 2\n")
    proc = dev_agent("spec", IDEA, cwd=tmp_path, timeout=60)
    assert proc.returncode == 3, proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith(
        "dev-agent: config.yaml: architect_model: 'gemini 1.5 flash' is not a model this tool can serve"
    )
    assert "llama-cpp:embedded" in line and "$OPENAI_BASE_URL" in line
    assert not (tmp_path / "runs").exists()


def test_seed_config_yaml_with_a_bad_value_names_its_file_and_key(dev_agent: Runner, tmp_path: Path) -> None:
    (tmp_path / "config.yaml").write_text("max_iterations: 0\n")
    proc = dev_agent("spec", IDEA, cwd=tmp_path, timeout=60)
    assert proc.returncode == 3
    assert (
        proc.stderr == "dev-agent: config.yaml: max_iterations: Input should be greater than or equal to 1\n"
    )


def test_config_yaml_mixing_the_seeds_keys_with_the_tools_is_refused(
    dev_agent: Runner, tmp_path: Path
) -> None:
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text("architect_model: gpt-4\nmodel:\n  max_tokens: 512\n")
    proc = dev_agent("spec", IDEA, "--config", mixed, cwd=tmp_path, timeout=60)
    assert proc.returncode == 3
    (line,) = proc.stderr.splitlines()
    assert "architect_model is a key of spec mode's config.yaml" in line and "spec.architect_model" in line


def test_scripted_a_projects_own_config_yaml_is_left_alone_with_a_note(
    dev_agent: Runner, tmp_path: Path
) -> None:
    """./config.yaml belongs to the project (no seed key): not read, and said so."""
    (tmp_path / "config.yaml").write_text("database: postgres://localhost/app\nport: 8080\n")
    model = write_replies(tmp_path / "r.yaml", [architect(GOOD_DRAFT)], [reviewer()])
    proc = dev_agent("spec", IDEA, "--architect-model", model, "--reviewer-model", model, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "dev-agent: note: config.yaml in this folder is not a spec-mode config" in proc.stderr


# ------------------------------------------------------------------ 2. debate mode's debate-config.json


def copy_debate_example(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    shutil.copytree(EXAMPLES / "debate", work)
    return work


def test_seed_debate_config_runs_unchanged_from_the_working_folder(
    dev_agent: Runner, cli_env: dict[str, str], run_log: Log, tmp_path: Path
) -> None:
    """The seed's debate-config.json, read as ./debate-config.json (the seed's default):
    provider openai + gpt-4 on the server at $OPENAI_BASE_URL, the architect's own
    systemPromptPath, the disabled security agent left out, three rounds."""
    work = copy_debate_example(tmp_path)
    with openai_stub(debate_answer) as server:
        cli_env.update({"OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": API_KEY})
        proc = dev_agent(
            "debate", "--problemDescription", "problem.md", "--output", "debate.json", "--verbose", cwd=work
        )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # 2 agents: round 1 proposals, critiques, refinements (6); rounds 2-3 critiques and
    # refinements (4 each); the judge's synthesis.
    assert len(server.requests) == 15 and set(server.models()) == {"gpt-4"}
    assert {r["headers"].get("Authorization") for r in server.requests} == {f"Bearer {API_KEY}"}
    own = (work / "prompts" / "architect.md").read_text(encoding="utf-8").strip()
    assert server.system_prompts().count(own) == 7  # the architect's 7 calls
    state = json.loads((work / "debate.json").read_text(encoding="utf-8"))
    assert state["status"] == "completed" and len(state["rounds"]) == 3
    assert {c["agentId"] for r in state["rounds"] for c in r["contributions"]} == {
        "agent-architect",
        "agent-performance",
    }
    assert state["promptSources"]["agents"][0]["source"] == str((work / "prompts" / "architect.md").resolve())
    (started,) = records(run_log, work / "runs", "run_started")
    assert started["models"]["agent-architect"] == "openai:gpt-4"
    assert started["settings"]["debate"]["debate"]["timeoutPerRound"] == 300000
    assert "Totals: 3 round(s), " in proc.stderr and " s, " in proc.stderr.split("Totals:")[1]
    for path in (work / "runs").iterdir():
        assert API_KEY.encode() not in path.read_bytes(), path


def test_openrouter_provider_goes_to_its_base_url_with_its_own_key(
    dev_agent: Runner, cli_env: dict[str, str], tmp_path: Path
) -> None:
    work = copy_debate_example(tmp_path)
    config = json.loads((work / "debate-config.json").read_text())
    for agent in [*config["agents"], config["judge"]]:
        agent["provider"], agent["model"] = "openrouter", "meta-llama/llama-3-8b-instruct"
    config["debate"]["rounds"] = 1
    (work / "debate-config.json").write_text(json.dumps(config))
    with openai_stub(debate_answer) as server:
        cli_env.update({"OPENROUTER_BASE_URL": server.url, "OPENROUTER_API_KEY": API_KEY})
        cli_env.pop("OPENAI_API_KEY", None)
        proc = dev_agent("debate", PROBLEM, cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert set(server.models()) == {"meta-llama/llama-3-8b-instruct"}
    assert {r["headers"].get("Authorization") for r in server.requests} == {f"Bearer {API_KEY}"}


def test_openrouter_without_its_key_is_one_line_before_any_work(
    dev_agent: Runner, cli_env: dict[str, str], tmp_path: Path
) -> None:
    work = copy_debate_example(tmp_path)
    text = (
        (work / "debate-config.json").read_text().replace('"provider": "openai"', '"provider": "openrouter"')
    )
    (work / "debate-config.json").write_text(text)
    cli_env.pop("OPENROUTER_API_KEY", None)
    proc = dev_agent("debate", PROBLEM, cwd=work, timeout=60)
    assert proc.returncode == 3
    (line,) = proc.stderr.splitlines()
    assert line == (
        "dev-agent: debate-config.json: agents.0.model: 'openrouter:gpt-4' needs OPENROUTER_API_KEY "
        "in the environment"
    )
    assert not (work / "debates").exists() and not (work / "runs").exists()


def test_unknown_provider_is_one_line_naming_the_key(dev_agent: Runner, tmp_path: Path) -> None:
    work = copy_debate_example(tmp_path)
    text = (
        (work / "debate-config.json")
        .read_text()
        .replace('"provider": "openai"', '"provider": "anthropic"', 1)
    )
    (work / "debate-config.json").write_text(text)
    proc = dev_agent("debate", PROBLEM, cwd=work, timeout=60)
    assert proc.returncode == 3
    assert proc.stderr.startswith(
        "dev-agent: debate-config.json: agents.0.provider: unknown provider 'anthropic' (use one of: openai, "
    )


def test_malformed_debate_config_is_exit_3_before_any_work(dev_agent: Runner, tmp_path: Path) -> None:
    """docs/decisions.md: a file that is there but cannot be read as the seed's SystemConfig
    is an error (the seed's exit 4), not a debate on defaults the user did not write."""
    (tmp_path / "debate-config.json").write_text('{"agents": [')
    proc = dev_agent("debate", PROBLEM, cwd=tmp_path, timeout=60)
    assert proc.returncode == 3
    assert proc.stderr.startswith("dev-agent: debate-config.json: invalid JSON: ")
    assert not (tmp_path / "debates").exists()


def test_scripted_no_debate_config_anywhere_gives_the_seeds_warning(
    dev_agent: Runner, tmp_path: Path
) -> None:
    ids = ["agent-architect", "agent-performance"]
    replies = {w: round_replies(w, [o for o in ids if o != w], 1, propose=True) for w in ids}
    model = write_debate_replies(tmp_path / "r.yaml", {**replies, "judge-main": [synthesis()]})
    proc = dev_agent("debate", PROBLEM, "--rounds", "1", "--model", model, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Warning: debate-config.json: config file not found; using the built-in defaults" in proc.stderr


# ------------------------------------------------------------------ 3. no limit the seeds do not have


def test_scripted_spec_takes_seven_components_and_every_unresolved_challenge_reaches_the_trace_log(
    dev_agent: Runner, run_log: Log, tmp_path: Path
) -> None:
    long = "Keeps every note with its title, text, tags and history, " * 6  # ~340 characters
    components = [
        {"name": f"NoteStore{w}", "type": "DataStore", "purpose": long.strip()}
        for w in ("One", "Two", "Three", "Four", "Five", "Six", "Seven")
    ]
    challenges = [("consistency", f"Challenge number {i} about the stores.") for i in range(1, 9)]
    model = write_replies(tmp_path / "r.yaml", [architect(components, "")], [reviewer(*challenges)])
    proc = dev_agent(
        "spec",
        IDEA,
        "--architect-model",
        model,
        "--reviewer-model",
        model,
        "--max-iterations",
        "1",
        cwd=tmp_path,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    spec = (tmp_path / "output" / "spec.md").read_text(encoding="utf-8")
    assert spec.count("| DataStore |") == 7 and long.strip() in spec
    trace = spec.split("Unresolved challenges at termination:\n", 1)[1]
    lines = trace.strip().splitlines()
    # The checks' finding (nothing covers "page") first, then all eight of the model's.
    assert lines[0].startswith('1. [completeness] The idea names "page"')
    assert lines[1:] == [
        f"{i + 1}. [consistency] Challenge number {i} about the stores." for i in range(1, 9)
    ]
    (review,) = [s for s in records(run_log, tmp_path / "runs", "step") if s["step"] == "Reviewer"]
    assert review["output"]["content"].startswith("Needs revision: 9 challenge(s)")


def test_scripted_plan_writes_a_whole_file_longer_than_4000_characters(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    big = GOOD_CALC + "".join(f"\n\ndef helper_{i}(x):\n    return x + {i}\n" for i in range(200))
    assert len(big) > 7000
    model = write_plan_replies(
        tmp_path / "r.yaml", [ONE_TASK], [edits(("calc.py", big))], [says_tester("T1", True)]
    )
    proc = dev_agent("plan", "Fix add", "--repo", git_repo, "--model", model, "--no-pr", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    branch = next(line.split(": ", 1)[1] for line in proc.stdout.splitlines() if line.startswith("branch: "))
    assert git("show", f"{branch}:calc.py", cwd=git_repo) == big.strip()


def test_scripted_plan_edit_over_the_size_cap_is_refused_with_the_cap_named(
    dev_agent: Runner, run_log: Log, git_repo: Path, tmp_path: Path
) -> None:
    huge = "x = 1\n" * 170_000  # 1,020,000 characters
    model = write_plan_replies(
        tmp_path / "r.yaml", [ONE_TASK], [edits(("calc.py", huge)), edits(("calc.py", huge))], []
    )
    proc = dev_agent("plan", "Fix add", "--repo", git_repo, "--model", model, "--no-pr", cwd=tmp_path)
    assert proc.returncode == 5, proc.stdout + proc.stderr
    calls = [c for c in records(run_log, tmp_path / "runs", "model_call") if c["role"] == "Coder"]
    assert [c["valid"] for c in calls] == [False, False]
    assert "at most 1000000 characters" in calls[0]["error"]


# ------------------------------------------------------------------ 5. JSON only, no prose


def test_scripted_prose_around_the_json_is_re_prompted_and_a_lone_fence_is_a_logged_repair(
    dev_agent: Runner, run_log: Log, tmp_path: Path
) -> None:
    bare = json.dumps({"components": GOOD_DRAFT, "design_rationale": ""})
    chatty = f"Sure! Here is the design:\n{bare}\nHope this helps."
    model = write_replies(tmp_path / "r.yaml", [chatty, bare], [reviewer()])  # reviewer(): fenced
    proc = dev_agent("spec", IDEA, "--architect-model", model, "--reviewer-model", model, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    calls = records(run_log, tmp_path / "runs", "model_call")
    assert [(c["role"], c["valid"]) for c in calls] == [
        ("Architect", False),
        ("Architect", True),
        ("Reviewer", True),
    ]
    assert (
        calls[0]["error"] == "the reply must be the JSON object alone: no prose, no markdown, no code fences"
    )
    assert "repaired" not in calls[1]
    assert calls[2]["repaired"] == "code fence around the JSON removed"


def test_spec_and_plan_prompts_ask_for_the_json_object_alone() -> None:
    for name in ("architect", "reviewer", "planner", "coder", "tester"):
        text = (PROJECT_ROOT / "prompts" / f"{name}.md").read_text(encoding="utf-8")
        assert "no prose, no markdown, no code fences" in text, name
        assert "```json" not in text, name


# ------------------------------------------------------------------ 6. errors before the work


def timed(dev_agent: Runner, *args: Any, cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    proc = dev_agent(*args, cwd=cwd, timeout=60)
    return proc, time.monotonic() - started


def test_unwritable_outputs_fail_at_once_before_any_model_loads(dev_agent: Runner, tmp_path: Path) -> None:
    """A model that cannot load (exit 4) shows the output was checked first."""
    missing = "llama-cpp:/nonexistent.gguf"
    cases = [
        (("spec", IDEA, "--output", "/proc/dev-agent/spec.md", "--architect-model", missing), "--output"),
        (("debate", PROBLEM, "--output", "/proc/dev-agent/out.json", "--model", missing), "--output"),
        (("debate", PROBLEM, "--report", "/proc/dev-agent/report", "--model", missing), "--report"),
        (("spec", IDEA, "--runs-dir", "/proc/dev-agent/runs", "--architect-model", missing), "--runs-dir"),
    ]
    for args, flag in cases:
        proc, seconds = timed(dev_agent, *args, cwd=tmp_path)
        assert proc.returncode == 3, (args, proc.stderr)
        (line,) = proc.stderr.splitlines()
        assert f": {flag}: cannot write in /proc" in line, line
        assert seconds < 5, (args, seconds)  # the interpreter's start; no model, no work
    assert not (tmp_path / "runs").exists() and not (tmp_path / "debates").exists()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ext::sh -c touch% /tmp/dev-agent-ext-pwned", "the ext:: transport runs a program; refused"),
        ("{tmp}/no-such-remote.git", "no-such-remote.git does not exist"),
        ("{tmp}/not-a-repo", "not-a-repo is not a git repository"),
    ],
    ids=["ext", "missing-path", "not-a-repository"],
)
@pytest.mark.parametrize("mode", ["fix", "plan", "run"])
def test_a_remote_that_can_never_be_pushed_to_is_refused_before_any_model_loads(
    dev_agent: Runner, git_repo: Path, phase_spec: Path, tmp_path: Path, url: str, message: str, mode: str
) -> None:
    (tmp_path / "not-a-repo").mkdir()
    git("remote", "set-url", "origin", url.format(tmp=tmp_path), cwd=git_repo)
    missing = "llama-cpp:/nonexistent.gguf"
    args = {
        "fix": ("--phase", phase_spec, "--model", missing),
        "plan": ("plan", "Fix add", "--model", missing),
        "run": ("run", "--idea", IDEA, "--model", missing),
    }[mode]
    proc, seconds = timed(dev_agent, *args, "--repo", git_repo, cwd=tmp_path)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith("dev-agent: git.remote: remote 'origin' (") and line.endswith(message), line
    assert seconds < 5
    assert not Path("/tmp/dev-agent-ext-pwned").exists()


PROBE = """
import json, sys
from devagent.cli import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.startswith(("autogen", "llama_cpp", "devagent.workflow.")))
print(json.dumps({"code": code, "loaded": loaded}))
"""


@pytest.mark.parametrize(
    "args",
    [
        ("spec", IDEA, "--output", "/proc/dev-agent/spec.md", "--architect-model", "llama-cpp:/no.gguf"),
        ("debate", PROBLEM, "--output", "/proc/dev-agent/out.json", "--model", "llama-cpp:/no.gguf"),
        ("debate", PROBLEM, "--report", "/proc/dev-agent/report", "--model", "llama-cpp:/no.gguf"),
        ("plan", "Fix add", "--repo", "{repo}", "--model", "llama-cpp:/no.gguf"),
        ("--phase", "{phase}", "--repo", "{repo}", "--model", "llama-cpp:/no.gguf"),
        ("run", "--idea", IDEA, "--repo", "{repo}", "--model", "llama-cpp:/no.gguf"),
    ],
    ids=["spec-output", "debate-output", "debate-report", "plan-remote", "fix-remote", "run-remote"],
)
def test_those_errors_come_before_the_engine_and_autogen_load(
    cli_env: dict[str, str], git_repo: Path, phase_spec: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """Under a second by construction: nothing heavy is imported before the check."""
    git("remote", "set-url", "origin", "ext::sh -c true", cwd=git_repo)
    argv = [a.format(repo=git_repo, phase=phase_spec) for a in args]
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        cwd=tmp_path,
        env={**cli_env, "PYTHONPATH": str(PROJECT_ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["code"] == 3, proc.stderr
    assert result["loaded"] == [], result["loaded"]


# ------------------------------------------------------------------ 7. a bad flag names the flag


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("spec", "x", "--max-iterations", "0"),
            "--max-iterations: Input should be greater than or equal to 1 (got 0)",
        ),
        (
            ("plan", "x", "--max-tasks", "0"),
            "--max-tasks: Input should be greater than or equal to 1 (got 0)",
        ),
        (
            ("run", "--idea", "x", "--spec-rounds", "0"),
            "--spec-rounds: Input should be greater than or equal to 1",
        ),
        (
            ("--phase", "p.md", "--max-iterations", "0"),
            "--max-iterations: Input should be greater than or equal to 1",
        ),
        (("spec", "x", "--architect-model", "gpt4"), "--architect-model: 'gpt4' is not a model spec"),
        (("--phase", "p.md", "--dev-model", "gpt4"), "--dev-model: 'gpt4' is not a model spec"),
    ],
)
def test_a_bad_flag_value_names_the_flag_not_the_bundled_config(
    dev_agent: Runner, git_repo: Path, tmp_path: Path, args: tuple[str, ...], line: str
) -> None:
    (tmp_path / "p.md").write_text("# Fix add\n\nadd() must add.\n")
    proc = (
        dev_agent(*args, "--repo", git_repo, cwd=tmp_path, timeout=60)
        if args[0] in ("plan", "run", "--phase")
        else dev_agent(*args, cwd=tmp_path, timeout=60)
    )
    assert proc.returncode == 3, proc.stdout + proc.stderr
    (message,) = proc.stderr.splitlines()
    assert message.startswith(f"dev-agent: {line}"), message
    assert "dev_agent.yaml" not in message


# ------------------------------------------------------------------ 8. (and 42.5) help


def test_top_level_help_lists_every_subcommand_with_one_line(dev_agent: Runner, tmp_path: Path) -> None:
    proc = dev_agent("--help", cwd=tmp_path)
    assert proc.returncode == 0
    listed = proc.stdout.split("commands (each has its own --help and exit codes):\n", 1)[1].split("\n\n")[0]
    names = [line.split()[0] for line in listed.splitlines()]
    assert names == ["spec", "plan", "debate", "run", "runs", "dashboard"]
    assert "--phase SPEC" in proc.stdout and "--resume RUN_ID" in proc.stdout  # the fix loop's own flags


@pytest.mark.parametrize(
    ("command", "codes"),
    [
        (("spec",), ["0", "1", "3", "4", "5", "8", "9", "70", "74", "130"]),
        (("plan",), ["0", "1", "2", "3", "4", "5", "8", "9", "10", "70", "74", "130"]),
        (("debate",), ["0", "1", "3", "4", "5", "8", "9", "70", "74", "130"]),
        (("debate", "eval"), ["0", "3", "4", "5", "74", "130"]),
        (("run",), ["0", "1", "2", "3", "4", "5", "8", "9", "10", "11", "70", "74", "130"]),
        (("runs",), ["0", "3", "6"]),
        (("dashboard",), ["0", "3", "12", "130"]),
    ],
)
def test_each_subcommand_help_shows_its_own_exit_codes(
    dev_agent: Runner, tmp_path: Path, command: tuple[str, ...], codes: list[str]
) -> None:
    import re

    proc = dev_agent(*command, "--help", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    table = proc.stdout.split("exit codes:\n", 1)[1]
    assert re.findall(r"^  (\d+)\s+\S", table, flags=re.MULTILINE) == codes
    assert "approved fix pushed" not in proc.stdout  # the fix loop's table is not theirs
    assert "--resume" not in table


def scripted_plan(dev_agent: Runner, git_repo: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`plan "Fix add"` (the goal positional) on scripted replies that fix calc.py in one task."""
    model = write_plan_replies(
        tmp_path / "r.yaml", [ONE_TASK], [edits(("calc.py", GOOD_CALC))], [says_tester("T1", True)]
    )
    proc = dev_agent("plan", "Fix add", "--repo", git_repo, "--model", model, "--no-pr", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def test_scripted_plan_takes_its_goal_as_a_positional_argument(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    proc = scripted_plan(dev_agent, git_repo, tmp_path)
    assert "outcome: completed (exit 0)" in proc.stdout


# ------------------------------------------------------------------ 9. each workflow's own outcome words


def runs_table(dev_agent: Runner, runs: Path, *filters: str) -> list[list[str]]:
    proc = dev_agent("runs", "--runs-dir", runs, *filters, cwd=runs.parent)
    assert proc.returncode == 0, proc.stderr
    return [line.split() for line in proc.stdout.splitlines()]


def test_scripted_runs_and_runs_show_use_each_workflows_own_outcome_words(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    runs = tmp_path / "runs"
    spec_model = write_replies(tmp_path / "s.yaml", [architect(GOOD_DRAFT)], [reviewer()])
    timeout_model = write_replies(tmp_path / "t.yaml", [architect(ROUGH_DRAFT)], [reviewer()])
    ids = ["agent-architect", "agent-performance"]
    debate_replies = {w: round_replies(w, [o for o in ids if o != w], 1, propose=True) for w in ids}
    debate_model = write_debate_replies(tmp_path / "d.yaml", {**debate_replies, "judge-main": [synthesis()]})
    plan_model = write_plan_replies(
        tmp_path / "p.yaml", [ONE_TASK], [edits(("calc.py", GOOD_CALC))], [says_tester("T1", True)]
    )
    for args in (
        ("spec", IDEA, "--architect-model", spec_model, "--reviewer-model", spec_model),
        (
            "spec",
            IDEA,
            "--architect-model",
            timeout_model,
            "--reviewer-model",
            timeout_model,
            "--max-iterations",
            "1",
        ),
        ("debate", PROBLEM, "--rounds", "1", "--model", debate_model),
        ("plan", "Fix add", "--repo", git_repo, "--model", plan_model, "--no-pr"),
    ):
        dev_agent(*args, "--runs-dir", runs, cwd=tmp_path)
    table = runs_table(dev_agent, runs)
    assert table[0] == [
        "RUN",
        "ID",
        "WORKFLOW",
        "STATUS",
        "OUTCOME",
        "ITERATIONS",
        "TOKENS",
        "MODEL",
        "SECONDS",
        "BRANCH",
        "PHASE",
    ]
    assert [(row[1], row[2], row[3]) for row in table[1:]] == [
        ("spec", "verified", "verified"),
        ("spec", "max_iterations_reached", "max_iterations"),
        ("debate", "completed", "completed"),
        ("plan", "completed", "completed"),
    ]
    assert [row[1] for row in runs_table(dev_agent, runs, "--status", "completed")[1:]] == ["debate", "plan"]
    debate_id = table[3][0]
    shown = dev_agent("runs", "show", debate_id, "--runs-dir", runs, cwd=tmp_path)
    assert "status: completed (workflow debate, outcome completed, exit 0)" in shown.stdout
    from devagent.dashboard.view import load_run
    from devagent.trace_store import sync

    db = sqlite3.connect(sync(runs))
    db.row_factory = sqlite3.Row
    views = [load_run(db, row[0]) for row in table[1:]]
    db.close()
    badges = [view.badge for view in views if view is not None]
    assert badges == [
        ("VERIFIED", "green"),
        ("TIMEOUT", "orange"),
        ("COMPLETED", "green"),
        ("COMPLETED", "green"),
    ]


# ------------------------------------------------------------- 10. spec.md holds no raw control character


def test_scripted_an_escape_sequence_in_the_idea_never_reaches_spec_md_raw(
    dev_agent: Runner, tmp_path: Path
) -> None:
    idea = "A tool that stores notes \x1b[2J\x1b]0;pwned\x07and shows them on a page."
    model = write_replies(tmp_path / "r.yaml", [architect(GOOD_DRAFT)], [reviewer()])
    proc = dev_agent("spec", idea, "--architect-model", model, "--reviewer-model", model, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    raw = (tmp_path / "output" / "spec.md").read_bytes()
    assert b"\x1b" not in raw and b"\x07" not in raw
    assert b"\\x1b[2J" in raw  # written out, visible


# ------------------------------------------------------------------ 11. the trace store


def test_scripted_plan_traces_belong_to_their_step_and_the_config_is_kept(
    dev_agent: Runner, git_repo: Path, tmp_path: Path
) -> None:
    scripted_plan(dev_agent, git_repo, tmp_path)
    model = f"scripted:{tmp_path / 'r.yaml'}"
    db = sqlite3.connect(tmp_path / "runs" / "traces.sqlite3")
    db.row_factory = sqlite3.Row
    traces = db.execute(
        "SELECT t.kind, t.action, t.role, s.step FROM agent_traces t"
        " JOIN step_executions s ON s.id = t.step_execution_id ORDER BY t.seq"
    ).fetchall()
    unowned = db.execute("SELECT COUNT(*) FROM agent_traces WHERE step_execution_id IS NULL").fetchone()[0]
    assert unowned == 0
    kinds = [(t["kind"], t["action"], t["step"]) for t in traces]
    assert ("model_call", "model_call", "Planner") in kinds
    assert ("file_op", "patch", "Workspace") in kinds
    assert ("tool_call", "tool_call", "ShellTool") in kinds
    assert ("file_op", "commit", "GitTool") in kinds
    foreign = {tuple(row)[2:4] for row in db.execute("PRAGMA foreign_key_list(agent_traces)")}
    assert ("step_executions", "step_execution_id") in foreign
    (run_id,) = [row[0] for row in db.execute("SELECT run_id FROM workflow_runs")]
    settings = json.loads(
        db.execute("SELECT value FROM app_settings WHERE key = ?", (f"run:{run_id}:config",)).fetchone()[0]
    )
    assert settings["plan"]["planner_model"] == model and settings["git"]["auto_pr"] is False


def test_scripted_a_dashboard_is_told_of_every_finished_step(
    dev_agent: Runner, run_log: Log, tmp_path: Path
) -> None:
    from devagent.dashboard.notify import StepListener

    runs = tmp_path / "runs"
    runs.mkdir()
    listener = StepListener(runs)
    assert listener.listening
    try:
        model = write_replies(
            tmp_path / "r.yaml",
            [architect(ROUGH_DRAFT), architect(GOOD_DRAFT, "1: a; 2: b")],
            [reviewer(), reviewer()],
        )
        proc = dev_agent("spec", IDEA, "--architect-model", model, "--reviewer-model", model, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        steps = records(run_log, runs, "step")
        deadline = time.monotonic() + 5
        while listener.version < len(steps) and time.monotonic() < deadline:
            listener.wait(listener.version, 0.2)
    finally:
        listener.close()
    assert listener.version == len(steps) == 4
    assert listener.last["step"] == "Reviewer" and listener.last["execution"] == steps[-1]["execution"]


# ---------------------------------------------------------- 12. debate: totals, timeoutPerRound, --agents


def test_scripted_a_round_past_timeout_per_round_is_cut_and_the_debate_goes_on(
    dev_agent: Runner, run_log: Log, tmp_path: Path
) -> None:
    ids = ["agent-architect", "agent-performance"]
    model = write_debate_replies(tmp_path / "r.yaml", {**{i: [] for i in ids}, JUDGE: [synthesis()]})
    agents = (
        ("agent-architect", "System Architect", "architect"),
        ("agent-performance", "Perf", "performance"),
    )
    config = write_config(
        tmp_path / "d.json", model, agents=agents, rounds=2, debate_extra={"timeoutPerRound": 1}
    )
    proc = dev_agent("debate", PROBLEM, "--config", config, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (
        "Warning: round 1 passed timeoutPerRound (1 ms): agent agent-architect's proposal left out"
        in proc.stderr
    )
    assert "Warning: round 2 passed timeoutPerRound (1 ms)" in proc.stderr
    # Round 2 found no refinement to carry: the seed's fallback, a fresh proposal (cut too).
    assert (
        "agent agent-performance: missing previous refinement; falling back to a model proposal"
        in proc.stderr
    )
    calls = records(run_log, tmp_path / "runs", "model_call")
    assert [c["role"] for c in calls] == [JUDGE]  # only the judge, after the rounds, was asked
    (finished,) = records(run_log, tmp_path / "runs", "run_finished")
    assert finished["outcome"] == "completed"


def test_a_role_added_by_agents_is_told_it_has_no_model_of_its_own(
    dev_agent: Runner, cli_env: dict[str, str], tmp_path: Path
) -> None:
    work = copy_debate_example(tmp_path)
    tool_config = tmp_path / "tool.yaml"
    tool_config.write_text("model:\n  architect: llama-cpp:/nonexistent.gguf\n")
    cli_env["DEV_AGENT_CONFIG"] = str(tool_config)
    proc = dev_agent("debate", PROBLEM, "--agents", "architect,testing", cwd=work, timeout=60)
    assert proc.returncode == 4, proc.stderr  # the missing model file, after the warning
    assert (
        "Warning: agent agent-testing (role testing, added by --agents) has no model configured; it uses the "
        "tool config's model.architect (llama-cpp:/nonexistent.gguf)"
    ) in proc.stderr
    assert "agent-architect" not in proc.stderr.split("has no model")[0].split("Warning:")[-1]


def test_debate_help_says_what_the_seed_provider_means(dev_agent: Runner, tmp_path: Path) -> None:
    proc = dev_agent("debate", "--help", cwd=tmp_path)
    text = " ".join(proc.stdout.split())
    assert "$OPENAI_BASE_URL (default http://127.0.0.1:8080/v1, llama.cpp's server;" in text
    assert "OPENROUTER_API_KEY" in text


del os, yaml, plan, plan_task
