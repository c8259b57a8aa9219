"""Issue 39.2: a push to a repository on this machine runs no program of that repository's
config on the host. Its receive-pack reads the target's own config (core.alternateRefsCommand,
receive.denyCurrentBranch=updateInstead with filter drivers, include.path...), which a
hostile repository writes as it likes (a bare repository inside `.git` is enough), so it
runs in the sandbox with nothing but the target's git folder writable, and without the
user's secrets.

Real git repositories, real pushes through GitTool.push (the function the fix loop and
plan mode publish with), the real sandboxes (both kinds), and one run of the real CLI on
scripted model replies."""

from __future__ import annotations

import secrets
import stat
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from devagent.errors import GitError
from devagent.tools.git.push import push_branch
from devagent.tools.git_tool import GitSettings, GitTool
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.sandbox import choose_sandbox
from tests.helpers import git
from tests.scripted import APPROVAL, GOOD_DIFF, dev_patch, write_replies

pytestmark = pytest.mark.adversarial

Runner = Callable[..., subprocess.CompletedProcess[str]]
BRANCH = "dev-agent/fix-local-remote-1"
CLI_BRANCH = "dev-agent/fix-fix-mean-1"
SECRET = ("GITHUB_TOKEN", f"ghp_devagentpush{secrets.token_hex(8)}")


class Attack:
    """A hostile target repository: `target` (a git folder the push goes to), `marker` (a
    host file the planted program appends to: it must never exist), `inside` (a file in
    the target's git folder the program also writes, with its environment: written only
    when it ran, confined)."""

    def __init__(self, target: Path, marker: Path) -> None:
        self.target = target
        self.marker = marker
        self.inside = target / "ran-inside"

    def program(self, name: str, passthrough: bool = False) -> Path:
        """An executable inside the target (the attacker ships it there) that records
        where it ran: appends to the host marker, and its environment to `inside`."""
        path = self.target / "bin" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        tail = "cat\n" if passthrough else "exit 0\n"
        path.write_text(f"#!/bin/sh\nenv >> '{self.inside}'\necho \"$0 $*\" >> '{self.marker}'\n" + tail)
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return path


def _config(repo: Path, key: str, value: str) -> None:
    git("--git-dir", str(repo), "config", key, value, cwd=repo)


def _alternate_inside(attack: Attack) -> None:
    """An alternate object store the sandbox can see (inside the target)."""
    alt = attack.target / "alt.git"
    git("init", "-q", "--bare", str(alt), cwd=attack.target)
    (attack.target / "objects" / "info" / "alternates").write_text(f"{alt / 'objects'}\n")


def _alternate_refs_command(attack: Attack) -> None:
    _alternate_inside(attack)
    _config(attack.target, "core.alternateRefsCommand", str(attack.program("altrefs")))


def _alternate_refs_prefixes(attack: Attack) -> None:
    # With a command set, the prefixes are its arguments; both keys at once.
    _alternate_refs_command(attack)
    _config(attack.target, "core.alternateRefsPrefixes", "refs/heads refs/tags")


def _include_path(attack: Attack) -> None:
    _alternate_inside(attack)
    included = attack.target / "included.cfg"
    included.write_text(f"[core]\n\talternateRefsCommand = {attack.program('altrefs')}\n")
    _config(attack.target, "include.path", str(included))


def _include_if(attack: Attack) -> None:
    _alternate_inside(attack)
    included = attack.target / "included.cfg"
    included.write_text(f"[core]\n\talternateRefsCommand = {attack.program('altrefs')}\n")
    _config(attack.target, f"includeIf.gitdir:{attack.target}/.path", str(included))


def _receive_config(attack: Attack) -> None:
    """receive.* keys, hooks they call (proc-receive, push options) and a hooks path."""
    hooks = attack.target / "evil-hooks"
    hooks.mkdir()
    for hook in ("pre-receive", "update", "post-receive", "post-update", "proc-receive", "push-to-checkout"):
        (hooks / hook).symlink_to(attack.program("hook"))
        (attack.target / "hooks" / hook).symlink_to(attack.program("hook"))
    _config(attack.target, "core.hooksPath", str(hooks))
    _config(attack.target, "receive.advertisePushOptions", "true")
    _config(attack.target, "receive.procReceiveRefs", "refs/heads/elsewhere")
    _config(attack.target, "receive.fsckObjects", "true")
    _config(attack.target, "receive.certNonceSeed", "seed")


def _gc_auto(attack: Attack) -> None:
    """receive-pack's `gc --auto` after the push, with a pre-auto-gc hook."""
    _config(attack.target, "receive.autogc", "true")
    _config(attack.target, "gc.auto", "1")
    _config(attack.target, "gc.autoDetach", "false")
    _config(attack.target, "gc.autoPackLimit", "1")
    (attack.target / "hooks" / "pre-auto-gc").symlink_to(attack.program("gc-hook"))


def _other_program_keys(attack: Attack) -> None:
    """Keys that name programs for other commands (upload-pack, ssh, transports, gpg,
    fsmonitor): none of them may run on the host either."""
    prog = str(attack.program("prog"))
    for key, value in (
        ("uploadpack.packObjectsHook", prog),
        ("uploadpack.allowAnySHA1InWant", "true"),
        ("core.sshCommand", prog),
        ("core.fsmonitor", prog),
        ("core.askPass", prog),
        ("credential.helper", f"!{prog}"),
        ("gpg.program", prog),
        ("protocol.ext.allow", "always"),
        ("protocol.allow", "always"),
        ("transfer.fsckObjects", "true"),
        ("transfer.hideRefs", "refs/hidden"),
        ("remote.up.url", f"ext::{prog}"),
    ):
        _config(attack.target, key, value)


ATTACKS: list[tuple[str, Callable[[Attack], None], bool]] = [
    # (id, setup, whether the program is known to run in the sandbox, leaving `inside`)
    ("core.alternateRefsCommand", _alternate_refs_command, True),
    ("core.alternateRefsPrefixes", _alternate_refs_prefixes, True),
    ("include.path", _include_path, True),
    ("includeIf.gitdir", _include_if, True),
    ("receive-and-hooks", _receive_config, False),
    ("gc.auto-pre-auto-gc", _gc_auto, False),
    ("other-program-keys", _other_program_keys, False),
]


def _tool(repo: Path, kind: str) -> GitTool:
    tool = GitTool(repo, GitSettings(sandbox=kind), PatchPolicy())  # type: ignore[arg-type]  # a kind name
    tool.create_worktree(BRANCH)
    assert tool.worktree is not None
    (tool.worktree / "NOTES.md").write_text("notes\n")
    git("add", "NOTES.md", cwd=tool.worktree)
    git(
        "-c",
        "commit.gpgsign=false",
        "-c",
        "core.hooksPath=/dev/null",
        "commit",
        "-q",
        "-m",
        "n",
        cwd=tool.worktree,
    )
    return tool


def _evil_remote(repo: Path, tmp_path: Path) -> Attack:
    """`origin` set to a bare repository inside the user's `.git` (the attacker ships it)."""
    target = repo / ".git" / "evil.git"
    git("init", "-q", "--bare", "-b", "main", str(target), cwd=repo)
    git("remote", "set-url", "origin", str(target), cwd=repo)
    marker = tmp_path / "markers" / "ran"
    marker.parent.mkdir(exist_ok=True)
    return Attack(target, marker)


def _landed(target: Path, branch: str = BRANCH) -> str | None:
    proc = subprocess.run(
        ["git", "--git-dir", str(target), "rev-parse", "--verify", "-q", f"refs/heads/{branch}"],
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.stdout.strip() if proc.returncode == 0 else None


def _assert_contained(attack: Attack, ran_inside: bool) -> None:
    assert not attack.marker.exists(), (
        f"a program of the target's config ran on the host:\n{attack.marker.read_text()}"
    )
    if ran_inside:  # not vacuous: the key was honoured, in the sandbox
        assert attack.inside.exists(), "the planted program never ran, so the case proves nothing"
    if attack.inside.exists():
        assert SECRET[1] not in attack.inside.read_text(), "the sandboxed receive-pack saw the user's secrets"


@pytest.mark.parametrize(("setup", "ran_inside"), [a[1:] for a in ATTACKS], ids=[a[0] for a in ATTACKS])
def test_push_to_a_local_remote_runs_no_program_of_its_config_on_the_host(
    git_repo: Path,
    tmp_path: Path,
    sandbox_kind: str,
    monkeypatch: pytest.MonkeyPatch,
    setup: Callable[[Attack], None],
    ran_inside: bool,
) -> None:
    monkeypatch.setenv(*SECRET)
    attack = _evil_remote(git_repo, tmp_path)
    setup(attack)
    tool = _tool(git_repo, sandbox_kind)
    try:
        tool.push(BRANCH)
        head = tool.head()
    finally:
        tool.remove_worktree()
    _assert_contained(attack, ran_inside)
    assert _landed(attack.target) == head
    assert git("rev-parse", f"refs/remotes/origin/{BRANCH}", cwd=git_repo) == head


def _non_bare_update_instead(repo: Path, tmp_path: Path) -> Attack:
    """A non-bare target whose checked-out branch is the fix branch, with
    receive.denyCurrentBranch=updateInstead: the push would check the files out there,
    running the target's smudge/clean filters and fsmonitor."""
    target_tree = tmp_path / "checkout"
    git("clone", "-q", str(repo), str(target_tree), cwd=tmp_path)
    git("checkout", "-q", "-b", BRANCH, cwd=target_tree)
    (target_tree / ".gitattributes").write_text("* filter=evil\n")
    attack = Attack(target_tree / ".git", tmp_path / "markers" / "ran")
    attack.marker.parent.mkdir(exist_ok=True)
    _config(attack.target, "receive.denyCurrentBranch", "updateInstead")
    _config(attack.target, "filter.evil.smudge", str(attack.program("smudge", passthrough=True)))
    _config(attack.target, "filter.evil.clean", str(attack.program("clean", passthrough=True)))
    _config(attack.target, "core.fsmonitor", str(attack.program("fsmonitor")))
    git("remote", "set-url", "origin", str(target_tree), cwd=repo)
    return attack


def test_push_into_a_checked_out_branch_with_update_instead_runs_no_filter_on_the_host(
    git_repo: Path, tmp_path: Path, sandbox_kind: str
) -> None:
    attack = _non_bare_update_instead(git_repo, tmp_path)
    before = {p.name: p.read_bytes() for p in attack.target.parent.iterdir() if p.is_file()}
    tool = _tool(git_repo, sandbox_kind)
    try:
        # Only the target's git folder is writable in the sandbox: its work tree cannot be
        # updated, so the target refuses the push; either way no filter ran on the host.
        with pytest.raises(GitError, match="push to origin failed"):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    _assert_contained(attack, ran_inside=False)
    assert {p.name: p.read_bytes() for p in attack.target.parent.iterdir() if p.is_file()} == before


@pytest.mark.parametrize("form", ["absolute", "relative", "file-url", "file-url-percent", "symlink"])
def test_every_local_url_form_pushes_sandboxed(
    git_repo: Path, tmp_path: Path, sandbox_kind: str, form: str
) -> None:
    """The same attack through each way of naming a local repository: a path (absolute or
    relative to the repository), a file:// URL (also percent-encoded), and a symlink to
    another repository; the push lands in the repository the name resolves to."""
    attack = _evil_remote(git_repo, tmp_path)
    _alternate_refs_command(attack)
    if form == "symlink":
        link = git_repo / ".git" / "link-to-evil"
        link.symlink_to(attack.target)
        url = str(link)
    else:
        url = {
            "absolute": str(attack.target),
            "relative": ".git/evil.git",
            "file-url": f"file://{attack.target}",
            "file-url-percent": f"file://{attack.target}".replace("evil.git", "%65vil.git"),
        }[form]
    git("remote", "set-url", "origin", url, cwd=git_repo)
    tool = _tool(git_repo, sandbox_kind)
    try:
        tool.push(BRANCH)
        head = tool.head()
    finally:
        tool.remove_worktree()
    _assert_contained(attack, ran_inside=True)
    assert _landed(attack.target) == head


@pytest.mark.parametrize("form", ["dot-git", "work-tree", "symlink-to-dot-git", "parent-of-git-dir"])
def test_push_into_the_repository_itself_is_refused(git_repo: Path, tmp_path: Path, form: str) -> None:
    """The sandbox makes the target's git folder writable; when that folder is the user's
    own repository's (or holds it) the push is refused with one line, and nothing of the
    repository changes."""
    if form == "symlink-to-dot-git":
        (tmp_path / "innocent.git").symlink_to(git_repo / ".git")
        url = str(tmp_path / "innocent.git")
    elif form == "parent-of-git-dir":
        # A bare repository whose folder holds the user's repository.
        holder = tmp_path / "holder"
        git("init", "-q", "--bare", str(holder), cwd=tmp_path)
        moved = holder / "user"
        git_repo.rename(moved)
        git_repo = moved
        url = str(holder)
    else:
        url = str(git_repo / ".git") if form == "dot-git" else str(git_repo)
    git("remote", "set-url", "origin", url, cwd=git_repo)
    tool = _tool(git_repo, "auto")
    refs_before = git("for-each-ref", cwd=git_repo)
    try:
        with pytest.raises(
            GitError, match=r"push refused: remote URL .* is this repository's own git folder"
        ):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    assert git("for-each-ref", cwd=git_repo) == refs_before


def test_push_to_a_local_remote_without_a_working_sandbox_is_refused(git_repo: Path, tmp_path: Path) -> None:
    attack = _evil_remote(git_repo, tmp_path)
    _alternate_refs_command(attack)
    tool = GitTool(
        git_repo, GitSettings(sandbox_program=str(tmp_path / "no-bwrap"), sandbox="bwrap"), PatchPolicy()
    )
    tool.create_worktree(BRANCH)
    try:
        with pytest.raises(
            GitError, match=r"push refused: .* is a repository on this machine, .* and no sandbox works"
        ):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    assert not attack.marker.exists() and not attack.inside.exists()
    assert _landed(attack.target) is None


def test_push_to_a_local_path_that_is_no_repository_is_refused(git_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    git("remote", "set-url", "origin", str(tmp_path / "plain"), cwd=git_repo)
    tool = _tool(git_repo, "auto")
    try:
        with pytest.raises(GitError, match=r"push refused: remote URL .*plain.* is not a git repository"):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()


def test_push_over_ssh_still_gets_the_users_environment_outside_the_sandbox(
    git_repo: Path, bare_remote: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Network remotes stay as they were: git's ssh runs on the host with the user's
    environment (its agent, its keys). A stand-in ssh (GIT_SSH_COMMAND, the user's own
    setting) records what it saw and runs the remote command locally."""
    seen = tmp_path / "ssh-saw"
    ssh = tmp_path / "fake-ssh"
    ssh.write_text(f"#!/bin/sh\nenv > '{seen}'\nshift\nexec sh -c \"$*\"\n")
    ssh.chmod(0o755)
    monkeypatch.setenv("GIT_SSH_COMMAND", str(ssh))
    monkeypatch.setenv(*SECRET)
    git("remote", "set-url", "origin", f"ssh://git@example.invalid{bare_remote}", cwd=git_repo)
    tool = _tool(git_repo, "auto")
    try:
        tool.push(BRANCH)
        head = tool.head()
    finally:
        tool.remove_worktree()
    assert _landed(bare_remote) == head
    assert f"{SECRET[0]}={SECRET[1]}" in seen.read_text()


def test_scripted_cli_run_pushes_to_a_hostile_remote_inside_dot_git_without_running_its_program(
    dev_agent: Runner, calc_example_repo: Path, phase_spec: Path, tmp_path: Path, cli_env: dict[str, str]
) -> None:
    """End to end (scripted model replies): origin is a bare repository inside `.git`
    whose config sets core.alternateRefsCommand; the run is approved and pushed there,
    and the program never ran on the host, nor saw the token in dev-agent's environment."""
    attack = _evil_remote(calc_example_repo, tmp_path)
    _alternate_refs_command(attack)
    git("push", "-q", "origin", "main", cwd=calc_example_repo)  # as the attacker shipped it
    attack.marker.unlink(missing_ok=True)
    attack.inside.unlink(missing_ok=True)
    cli_env[SECRET[0]] = SECRET[1]
    model = write_replies(tmp_path / "r.yaml", [dev_patch(GOOD_DIFF)], [APPROVAL])
    proc = dev_agent(
        "--phase", phase_spec, "--model", model, "--runs-dir", tmp_path / "runs", cwd=calc_example_repo
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    _assert_contained(attack, ran_inside=True)
    assert "return sum(values) / len(values)" in git(
        "--git-dir", str(attack.target), "show", f"{CLI_BRANCH}:calc.py", cwd=tmp_path
    )


def test_a_hanging_program_of_the_target_ends_with_the_push_timeout(
    git_repo: Path, tmp_path: Path, sandbox_kind: str
) -> None:
    """The target's program never ends: the push times out with one line, and nothing it
    started is left running (the sandbox goes down with the push's process group)."""
    attack = _evil_remote(git_repo, tmp_path)
    _alternate_inside(attack)
    token = secrets.token_hex(6)
    _config(attack.target, "core.alternateRefsCommand", f"sleep 1000 # {token}")
    git("branch", BRANCH, cwd=git_repo)
    started = time.monotonic()
    with pytest.raises(GitError, match="push to origin timed out after 3s"):
        push_branch(git_repo, "origin", BRANCH, timeout=3, sandbox=choose_sandbox(setting=sandbox_kind))  # type: ignore[arg-type]
    assert time.monotonic() - started < 30
    time.sleep(1)
    left = subprocess.run(["pgrep", "-f", token], capture_output=True, text=True, check=False).stdout
    assert left == "", f"left running: {left}"
    assert _landed(attack.target) is None
