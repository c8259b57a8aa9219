"""Commands a model asks for: whitelisted programs with only safe options."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from devagent.tools.shell import CommandPolicy, CommandRejected, ShellTool

MODEL_POLICY = CommandPolicy(
    ("pytest", "git diff", "git log", "git show", "git status"), restrict_arguments=True
)

ACCEPTED = [
    "pytest",
    "pytest -x -q tests/test_calc.py",
    "pytest -xq tests/test_calc.py::test_mean",
    "pytest tests/test_calc.py::test_mean[2-4] -k mean --maxfail=1 --tb=short",
    "pytest --tb short -r a",
    "git diff",
    "git diff --stat HEAD~1",
    "git diff main..HEAD -- calc.py",
    "git log -n 3 --oneline",
    "git log --format=%H%x20%s",
    "git show HEAD --stat",
    "git status --short",
]

REJECTED = {
    "pytest --basetemp=/home/user": "--basetemp",  # pytest deletes its basetemp
    "pytest --basetemp /tmp/x": "--basetemp",
    "pytest -p evil_plugin": "-p",
    "pytest -c /etc/pytest.ini": "-c",
    "pytest --rootdir=/": "--rootdir",
    "pytest -o addopts=-pevil": "-o",
    "pytest --junitxml=/tmp/out.xml": "--junitxml",
    "pytest --confcutdir=/": "--confcutdir",
    "pytest /etc/passwd": "outside the worktree",
    "pytest ../other/tests": "outside the worktree",
    "pytest tests/../../x": "outside the worktree",
    "git diff --output=/tmp/stolen": "--output",
    "git diff --ext-diff": "--ext-diff",
    "git log --exec-path=/tmp": "--exec-path",
    "git show --textconv HEAD": "--textconv",
    "git -c core.pager=sh log": "not on the whitelist",
    "git config user.name x": "not on the whitelist",
    "git push --force": "not on the whitelist",
    "pytest -xp evil": "-xp",
}


@pytest.mark.parametrize("command", ACCEPTED)
def test_safe_model_commands_are_accepted(command: str) -> None:
    assert MODEL_POLICY.parse(command)[0] in ("pytest", "git")


@pytest.mark.parametrize(("command", "named"), REJECTED.items())
def test_dangerous_model_commands_are_rejected_naming_the_argument(command: str, named: str) -> None:
    with pytest.raises(CommandRejected) as caught:
        MODEL_POLICY.parse(command)
    assert named in caught.value.reason
    assert "\n" not in caught.value.reason


def test_the_trusted_test_command_keeps_its_options() -> None:
    """Restriction is for model commands only; the user's own test command is trusted."""
    assert CommandPolicy(("pytest",)).parse("pytest --basetemp=build/tmp -p xdist") == [
        "pytest",
        "--basetemp=build/tmp",
        "-p",
        "xdist",
    ]


def test_rejected_basetemp_never_starts_pytest_and_the_directory_survives(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("precious")
    worktree = tmp_path / "wt"
    worktree.mkdir()
    shell = ShellTool(worktree, MODEL_POLICY, timeout_s=30, extra_path=[Path(sys.executable).parent])
    with pytest.raises(CommandRejected):
        shell.run(f"pytest --basetemp={victim}")
    assert (victim / "keep.txt").read_text() == "precious"
