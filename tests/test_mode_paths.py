"""What a mode may read and write (issue 39, items 4 and 7), through the real CLI:

- a debate config's prompt files stay inside the config's folder or the bundled prompts
  (an absolute path elsewhere, `..`, a symlink out, a hidden folder: refused with one line
  naming the key), and whatever is shaped like a secret in them is redacted before any
  model call (seen from the model server's side: a real HTTP server on loopback);
- inputs are read without following a symlink out of the working folder, and outputs
  never go through a symlink nor into `.git`; nothing outside is read or rewritten.

The attacker here is a repository (or a config in it) the user runs a mode in."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devagent.errors import UsageError
from devagent.user_files import check_output, write_output
from devagent.workflows.debate.state import DebateState, Solution
from tests.debate_scripted import PROBLEM, write_config
from tests.helpers import git
from tests.openai_stub import openai_stub, schema_keys
from tests.spec_scripted import GOOD_DRAFT, IDEA, architect, reviewer, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
SHADOW = (
    "root:$6$Zq8p1Yx2$Qm0v3CFy8e7bTwuQdM1y5o9H4tZ7tC0y8Vw2fN3lJ6aK1pR5sX9eU4iB7gD2hL0qW3nM6vY8zA1cE5fT7jK9oP."
    ":19000:0:99999:7:::\n"
)
PEM = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACDJ0dNGtZb4mXq6kFh0vR3o8b2bXb7lF9v1c4kO7wG1rQAAAJgAAAAAAAAA\n"
    "-----END OPENSSH PRIVATE KEY-----\n"
)
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
# A model that cannot load: were a check missing, the run would end at once (exit 4)
# instead of running a real model.
MISSING = "llama-cpp:/nonexistent.gguf"
NO_MODEL = {
    "spec": ("--architect-model", MISSING, "--reviewer-model", MISSING),
    "debate": ("--model", MISSING),
    "plan": ("--model", MISSING),
    "run": ("--model", MISSING),
}


# The tool config's models cannot load (tests/conftest.py: no_default_model).
pytestmark = pytest.mark.usefixtures("no_default_model")


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """A folder outside the working folder holding an /etc/shadow-like file and a private
    key, as the user's system would."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "shadow").write_text(SHADOW)
    (folder / "id_ed25519").write_text(PEM)
    (folder / "keep.txt").write_text("the user's own file\n")
    return folder


@pytest.fixture
def work(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    return folder


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 3, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith("dev-agent: ")
    return line


def nothing_leaked(proc: subprocess.CompletedProcess[str], folder: Path) -> None:
    """Neither the shadow line nor the key reached the terminal or anything the run wrote."""
    for secret in ("$6$Zq8p1Yx2", "b3BlbnNzaC1rZXkt"):
        assert secret not in proc.stdout + proc.stderr
        for written in ("runs", "debates", "output"):
            for path in (folder / written).rglob("*"):
                if path.is_file():
                    assert secret.encode() not in path.read_bytes(), path


# ---------------------------------------------------------------------- 39.4: a debate config's prompt files


def debate_answer(body: dict[str, Any]) -> str:
    keys = schema_keys(body)
    point = {"key_points": ["a point"], "risks": []}
    if "changes" in keys:
        return json.dumps({"changes": ["c"], "title": "T", "approach": "A", **point})
    if "weaknesses" in keys:
        return json.dumps({"strengths": [], "weaknesses": ["w"], "suggestions": ["s"]})
    if "description" in keys:
        return json.dumps({"description": "D", "confidence": 50})
    return json.dumps({"title": "T", "approach": "A", **point})


def debate_config(
    work: Path, agent: dict[str, Any] | None = None, judge: dict[str, Any] | None = None
) -> Path:
    agents = (("agent-architect", "System Architect", "architect"), ("agent-kiss", "Simplicity", "kiss"))
    path = write_config(work / "debate-config.json", "openai:gpt-4", agents=agents, rounds=1,
                        extra={"agent-architect": agent or {}}, judge_extra=judge)  # fmt: skip
    return path


@pytest.mark.parametrize(
    ("value", "refusal"),
    [
        ("{outside}/shadow", "is outside the config's folder"),
        ("../outside/shadow", "is outside the config's folder"),
        ("prompts/../../outside/id_ed25519", "is outside the config's folder"),
        ("link-to-shadow.md", "is a symlink leading out of the config's folder"),
        ("prompts/chain.md", "is a symlink leading out of the config's folder"),
        (".ssh/id_ed25519", "is in a hidden folder or is a hidden file"),
    ],
    ids=["absolute", "dot-dot", "dot-dot-inside", "symlink", "symlink-chain", "hidden"],
)
@pytest.mark.parametrize(
    "key", ["systemPromptPath", "summaryPromptPath", "clarificationPromptPath", "judge.systemPromptPath"]
)
def test_a_prompt_file_out_of_the_configs_folder_is_refused_before_any_model_call(
    dev_agent: Runner,
    cli_env: dict[str, str],
    work: Path,
    elsewhere: Path,
    value: str,
    refusal: str,
    key: str,
) -> None:
    (work / "link-to-shadow.md").symlink_to(elsewhere / "shadow")
    (work / "prompts").mkdir()
    (work / "prompts" / "hop.md").symlink_to(elsewhere / "id_ed25519")
    (work / "prompts" / "chain.md").symlink_to("hop.md")
    (work / ".ssh").mkdir()
    (work / ".ssh" / "id_ed25519").write_text(PEM)
    path = value.format(outside=elsewhere)
    if key.startswith("judge."):
        debate_config(work, judge={key.split(".")[1]: path})
        named = "debate-config.json: judge.systemPromptPath"
    else:
        debate_config(work, agent={key: path})
        named = f"debate-config.json: agents.0.{key}"
    with openai_stub(debate_answer) as server:
        cli_env["OPENAI_BASE_URL"] = server.url
        proc = dev_agent("debate", PROBLEM, cwd=work, timeout=60)
    line = one_line(proc)
    assert line.startswith(f"dev-agent: {named}: '{path}' ") and line.endswith("; refused"), line
    assert refusal in line
    assert server.requests == []  # no model was asked anything
    assert not (work / "debates").exists() and not (work / "runs").exists()
    nothing_leaked(proc, work)


def test_a_prompt_file_reached_through_proc_is_refused(
    dev_agent: Runner, cli_env: dict[str, str], work: Path, elsewhere: Path
) -> None:
    """/proc/self/root/... names any file by another route: still outside the folder."""
    path = f"/proc/self/root{elsewhere}/shadow"
    debate_config(work, agent={"systemPromptPath": path})
    line = one_line(dev_agent("debate", PROBLEM, cwd=work, timeout=60))
    assert line == (
        f"dev-agent: debate-config.json: agents.0.systemPromptPath: '{path}' is outside the config's folder "
        f"({work}) and the bundled prompts; refused"
    )


def test_secret_shaped_prompt_content_is_redacted_before_the_model_server_sees_it(
    dev_agent: Runner, cli_env: dict[str, str], run_log: Callable[[Path], list[dict[str, Any]]], work: Path
) -> None:
    """A prompt file inside the folder holding a private key and a token, an inline
    systemPrompt holding a token, a problem holding one: the server gets none of them."""
    (work / "prompts").mkdir()
    (work / "prompts" / "architect.md").write_text(
        f"You design systems.\n{PEM}\nUse {TOKEN} for the API.\n{SHADOW}"
    )
    debate_config(work, agent={"systemPromptPath": "prompts/architect.md"},
                  judge={"systemPrompt": f"You judge. The deploy token is {TOKEN}."})  # fmt: skip
    with openai_stub(debate_answer) as server:
        cli_env["OPENAI_BASE_URL"] = server.url
        proc = dev_agent("debate", f"{PROBLEM} Our key: {TOKEN}", cwd=work)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sent = json.dumps([r["body"] for r in server.requests])
    assert "b3BlbnNzaC1rZXkt" not in sent and "BEGIN OPENSSH" not in sent and TOKEN not in sent
    assert "$6$Zq8p1Yx2" not in sent  # the password hash of the shadow-like line
    architect_prompts = [p for p in server.system_prompts() if p.startswith("You design systems.")]
    assert architect_prompts and all("[redacted]" in p for p in architect_prompts)
    assert any(p.startswith("You judge. The deploy token is [redacted].") for p in server.system_prompts())
    assert "prompts/architect.md: secret-shaped text redacted before any model call" in proc.stderr
    assert "agent judge-main: systemPrompt: secret-shaped text redacted before any model call" in proc.stderr
    for path in (work / "runs").iterdir():
        assert TOKEN.encode() not in path.read_bytes() and b"b3BlbnNzaC1rZXkt" not in path.read_bytes()


def test_the_tool_configs_debate_section_keeps_its_prompts_in_its_folder(
    dev_agent: Runner, cli_env: dict[str, str], work: Path, elsewhere: Path, tmp_path: Path
) -> None:
    tool = tmp_path / "tool"
    tool.mkdir()
    (tool / "dev_agent.yaml").write_text(
        "debate:\n  agents:\n    - {id: a, name: A, role: architect, model: 'openai:x', "
        f"systemPromptPath: {elsewhere / 'shadow'}}}\n"
    )
    cli_env["DEV_AGENT_CONFIG"] = str(tool / "dev_agent.yaml")
    line = one_line(dev_agent("debate", PROBLEM, cwd=work, timeout=60))
    assert line.startswith(f"dev-agent: {tool / 'dev_agent.yaml'}: debate: agents.0.systemPromptPath: ")


def test_an_evaluators_prompt_file_out_of_its_folder_is_refused(
    dev_agent: Runner, work: Path, elsewhere: Path
) -> None:
    state = DebateState(
        id="deb-20250101-000000-abcd",
        problem=PROBLEM,
        status="completed",
        final_solution=Solution(description="A token bucket.", confidence=70, synthesized_by="judge-main"),
    )
    (work / "debate.json").write_text(state.to_json())
    (work / "eval.json").write_text(
        json.dumps({"agents": [{"id": "e", "name": "E", "userPromptPath": str(elsewhere / "id_ed25519")}]})
    )
    line = one_line(dev_agent("debate", "eval", "debate.json", "--config", "eval.json", cwd=work, timeout=60))
    assert line.startswith("dev-agent: eval.json: agents.0.userPromptPath: ") and "refused" in line


def test_a_prompt_file_inside_the_configs_folder_is_read(
    dev_agent: Runner, cli_env: dict[str, str], work: Path
) -> None:
    (work / "prompts").mkdir()
    (work / "prompts" / "mine.md").write_text("You are a careful architect.\n")
    (work / "prompts" / "alias.md").symlink_to("mine.md")  # a link that stays inside
    debate_config(work, agent={"systemPromptPath": "prompts/alias.md"})
    with openai_stub(debate_answer) as server:
        cli_env["OPENAI_BASE_URL"] = server.url
        proc = dev_agent("debate", PROBLEM, cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert "You are a careful architect." in server.system_prompts()


# ---------------------------------------------------------------------- 39.7: inputs


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("spec", "--idea-file", "idea.md"), "idea file"),
        (("debate", "--problemDescription", "idea.md"), "problem description file"),
        (("plan", "--goal-file", "idea.md"), "goal file"),
        (("run", "--idea-file", "idea.md"), "idea file"),
        (("spec", "--idea-file", "docs/idea.md"), "idea file"),
    ],
    ids=["spec", "debate", "plan", "run", "through-a-linked-folder"],
)
def test_an_input_file_linking_out_of_the_working_folder_is_refused(
    dev_agent: Runner, work: Path, elsewhere: Path, args: tuple[str, ...], what: str
) -> None:
    (work / "idea.md").symlink_to(elsewhere / "shadow")
    (work / "docs").symlink_to(elsewhere)
    (elsewhere / "idea.md").write_text(SHADOW)
    line = one_line(dev_agent(*args, *NO_MODEL[args[0]], cwd=work, timeout=60))
    assert line.startswith(f"dev-agent: {args[-1]}: {what} is a symlink leading out of the working folder (")
    assert line.endswith("); refused")
    assert not (work / "runs").exists() and not (work / "output").exists()


def test_an_absolute_link_outside_the_working_folder_is_refused_too(
    dev_agent: Runner, work: Path, elsewhere: Path, tmp_path: Path
) -> None:
    (tmp_path / "planted.md").symlink_to(elsewhere / "shadow")
    line = one_line(
        dev_agent("spec", "--idea-file", tmp_path / "planted.md", *NO_MODEL["spec"], cwd=work, timeout=60)
    )
    assert "idea file is a symlink leading out of the working folder" in line


@pytest.mark.parametrize("name", ["config.yaml", "debate-config.json"])
def test_a_config_file_found_in_the_working_folder_linking_out_is_refused(
    dev_agent: Runner, work: Path, elsewhere: Path, name: str
) -> None:
    (work / name).symlink_to(elsewhere / "shadow")
    mode = "spec" if name == "config.yaml" else "debate"
    line = one_line(dev_agent(mode, "an idea", *NO_MODEL[mode], cwd=work, timeout=60))
    assert line.startswith(f"dev-agent: {name}: config file is a symlink leading out of the working folder")
    assert "$6$" not in line


def test_scripted_an_input_linking_inside_the_working_folder_is_read(dev_agent: Runner, work: Path) -> None:
    (work / "notes").mkdir()
    (work / "notes" / "idea.md").write_text(IDEA + "\n")
    (work / "idea.md").symlink_to("notes/idea.md")
    model = write_replies(work / "r.yaml", [architect(GOOD_DRAFT)], [reviewer()])
    proc = dev_agent(
        "spec", "--idea-file", "idea.md", "--architect-model", model, "--reviewer-model", model, cwd=work
    )
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------------- 39.7: outputs


@pytest.fixture
def repo_work(work: Path) -> Path:
    """The working folder is a git repository (a user runs spec mode in their project)."""
    git("init", "-q", "-b", "main", cwd=work)
    return work


@pytest.mark.parametrize(
    "target",
    [
        ".git/config",
        "sub/../.git/config",
        ".GIT/hooks/pre-commit",
        "{work}/.git/info/exclude",
        "gitlink/config",
    ],
)
def test_spec_never_writes_into_git(dev_agent: Runner, repo_work: Path, target: str) -> None:
    (repo_work / "gitlink").symlink_to(".git")
    before = {p: p.read_bytes() for p in (repo_work / ".git").rglob("*") if p.is_file()}
    proc = dev_agent(
        "spec",
        "an idea",
        "--output",
        target.format(work=repo_work),
        *NO_MODEL["spec"],
        cwd=repo_work,
        timeout=60,
    )
    line = one_line(proc)
    assert ("--output is inside a .git folder; refused" in line) or ("goes through the symlink" in line), line
    after = {p: p.read_bytes() for p in (repo_work / ".git").rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.parametrize("shipped", ["file", "folder"])
def test_a_repository_shipping_its_output_path_as_a_symlink_rewrites_nothing_outside(
    dev_agent: Runner, repo_work: Path, elsewhere: Path, shipped: str
) -> None:
    if shipped == "file":
        (repo_work / "output").mkdir()
        (repo_work / "output" / "spec.md").symlink_to(elsewhere / "keep.txt")
    else:
        (repo_work / "output").symlink_to(elsewhere)
    git("add", "-A", cwd=repo_work)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    model = write_replies(repo_work / "r.yaml", [architect(GOOD_DRAFT)], [reviewer()])
    proc = dev_agent(
        "spec", IDEA, "--architect-model", model, "--reviewer-model", model, cwd=repo_work, timeout=60
    )
    line = one_line(proc)
    assert "spec.output_path goes through the symlink" in line and line.endswith(
        "(outputs never go through one)"
    )
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--output", "link.json"),
        ("--report", "link.md"),
        ("--output", ".git/out.txt"),
        ("--report", "out/report"),
    ],
)
def test_debate_outputs_never_go_through_a_symlink_or_into_git(
    dev_agent: Runner, repo_work: Path, elsewhere: Path, flag: str, value: str
) -> None:
    (repo_work / "link.json").symlink_to(elsewhere / "keep.txt")
    (repo_work / "link.md").symlink_to(elsewhere / "keep.txt")
    (repo_work / "out").symlink_to(elsewhere)
    line = one_line(dev_agent("debate", PROBLEM, flag, value, *NO_MODEL["debate"], cwd=repo_work, timeout=60))
    assert f"{flag} goes through the symlink" in line or f"{flag} is inside a .git folder" in line
    assert (elsewhere / "keep.txt").read_text() == "the user's own file\n"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["id_ed25519", "keep.txt", "shadow"]


@pytest.mark.parametrize("mode", ["spec", "debate"])
def test_a_runs_folder_shipped_as_a_symlink_is_refused(
    dev_agent: Runner, repo_work: Path, elsewhere: Path, mode: str
) -> None:
    (repo_work / "runs").symlink_to(elsewhere)
    line = one_line(dev_agent(mode, "an idea", *NO_MODEL[mode], cwd=repo_work, timeout=60))
    assert "runs_dir goes through the symlink" in line
    assert sorted(p.name for p in elsewhere.iterdir()) == ["id_ed25519", "keep.txt", "shadow"]


def test_write_output_refuses_a_link_that_appeared_after_the_check(
    repo_work: Path, elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write checks again: a link planted between the check and the write (by anything
    that ran meanwhile) is refused, and the file it points at is left as it was."""
    monkeypatch.chdir(repo_work)
    target = check_output(Path("output/spec.md"), "--output")
    (repo_work / "output").mkdir()
    (repo_work / "output" / "spec.md").symlink_to(elsewhere / "keep.txt")
    with pytest.raises(UsageError, match="goes through the symlink"):
        write_output(target, "# Spec\n", "--output")
    assert (elsewhere / "keep.txt").read_text() == "the user's own file\n"
    (repo_work / "output" / "spec.md").unlink()
    write_output(target, "# Spec\n", "--output")
    assert (repo_work / "output" / "spec.md").read_text() == "# Spec\n"
    assert oct((repo_work / "output" / "spec.md").stat().st_mode & 0o777) == "0o644"
