"""GitTool, PatchPolicy and pull-request fallback against real git repositories (no mocks).

Fixtures `git_identity`, `bare_remote` and `git_repo` live in tests/conftest.py."""

from __future__ import annotations

import dataclasses
import os
import re
import stat
import subprocess
from pathlib import Path

import pytest

from devagent.errors import GitError
from devagent.tools.git_tool import GitSettings, GitTool, find_repo_root, next_branch_name
from devagent.tools.patch_policy import PatchPolicy, PatchRefused
from devagent.tools.pull_request import (
    PullRequest,
    is_github_url,
    open_pull_request,
    render_body,
)
from tests.helpers import git

FIXED_CALC = "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n"
BRANCH = "dev-agent/fix-make-tests-pass-1"
CALC_HDR = "--- a/calc.py\n+++ b/calc.py\n"


def make_diff(repo: Path, changes: dict[str, str], tmp: Path) -> str:
    """A real `git diff` of `changes` made in a scratch clone, leaving `repo` alone."""
    scratch = tmp / "scratch"
    if not scratch.exists():
        git("clone", "-q", str(repo), str(scratch), cwd=tmp)
    git("reset", "-q", "--hard", "HEAD", cwd=scratch)
    for rel, content in changes.items():
        target = scratch / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content)
    git("add", "-A", cwd=scratch)
    diff = subprocess.run(
        ["git", "diff", "--cached", "--no-color"], cwd=scratch, capture_output=True, text=True, check=True
    ).stdout
    git("reset", "-q", "--hard", "HEAD", cwd=scratch)
    return diff


def snapshot(repo: Path) -> dict[str, str]:
    """Everything about the user's checkout the agent must not change."""
    return {
        "status": git("status", "--porcelain", "--untracked-files=all", cwd=repo),
        "head": git("rev-parse", "HEAD", cwd=repo),
        "branch": git("symbolic-ref", "HEAD", cwd=repo),
        "index": git("diff", "--cached", cwd=repo),
        "calc": (repo / "calc.py").read_text(),
        "test": (repo / "tests" / "test_calc.py").read_text(),
        "readme": (repo / "README.md").read_text(),
    }


def make_tool(repo: Path, policy: PatchPolicy | None = None, settings: GitSettings | None = None) -> GitTool:
    return GitTool(repo, settings or GitSettings(), policy or PatchPolicy())


# --------------------------------------------------------------------------- worktree isolation


def test_worktree_leaves_user_checkout_untouched(git_repo: Path, tmp_path: Path) -> None:
    diff = make_diff(git_repo, {"calc.py": FIXED_CALC}, tmp_path)
    # The user has work in progress: an unstaged edit, a staged edit and an untracked file.
    (git_repo / "calc.py").write_text("# my local experiment\n" + (git_repo / "calc.py").read_text())
    (git_repo / "README.md").write_text("# demo, staged edit\n")
    git("add", "README.md", cwd=git_repo)
    (git_repo / "notes.txt").write_text("untracked\n")
    before = snapshot(git_repo)

    tool = make_tool(git_repo)
    wt = tool.create_worktree(BRANCH)
    assert wt.is_dir() and git_repo not in wt.parents and wt != git_repo
    assert git("symbolic-ref", "HEAD", cwd=wt) == f"refs/heads/{BRANCH}"
    assert (wt / "calc.py").read_text() == (tmp_path / "scratch" / "calc.py").read_text()
    tool.apply_and_commit(diff, "Fix add")
    assert snapshot(git_repo) == before

    tool.remove_worktree()
    tool.remove_worktree()  # idempotent
    assert snapshot(git_repo) == before
    assert (git_repo / "notes.txt").read_text() == "untracked\n"
    assert not wt.exists() and not wt.parent.exists()
    assert git("rev-parse", "--verify", "-q", f"refs/heads/{BRANCH}", cwd=git_repo)
    worktrees = git("worktree", "list", "--porcelain", cwd=git_repo)
    assert worktrees.count("worktree ") == 1


def test_a_worktree_gets_the_modules_an_install_generated_in_the_checkout(git_repo: Path) -> None:
    """hatch-vcs / setuptools-scm write pkg/_version.py at install time, git ignores it: the
    worktree's package needs it to import (issue 38.5, humanize). Only ignored module files
    in a package folder come; a venv, other ignored files and symlinks do not; nothing of
    them is committed."""
    pkg = git_repo / "src" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from ._version import v\n")
    (git_repo / ".gitignore").write_text("_version.py\n_ext*.so\n.venv/\nlocal.py\nlink.py\n")
    git("add", "-A", cwd=git_repo)
    git("commit", "-q", "-m", "a package", cwd=git_repo)
    (pkg / "_version.py").write_text("v = '1.0'\n")
    (pkg / "_ext.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
    (git_repo / ".venv" / "lib").mkdir(parents=True)
    (git_repo / ".venv" / "lib" / "site.py").write_text("x = 1\n")
    (git_repo / "local.py").write_text("mine = 1\n")  # not in a package folder
    secret = git_repo.parent / "secret.txt"
    secret.write_text("not for the worktree\n")
    (pkg / "link.py").symlink_to(secret)

    tool = make_tool(git_repo)
    wt = tool.create_worktree(BRANCH)
    assert (wt / "src" / "pkg" / "_version.py").read_text() == "v = '1.0'\n"
    assert (wt / "src" / "pkg" / "_ext.cpython-311-x86_64-linux-gnu.so").read_bytes() == b"\x7fELF"
    assert not (wt / ".venv").exists() and not (wt / "local.py").exists()
    assert not os.path.lexists(wt / "src" / "pkg" / "link.py")
    assert git("status", "--porcelain", cwd=wt) == ""  # ignored: never part of a commit
    tool.remove_worktree()


def test_create_worktree_twice_and_without_worktree(git_repo: Path) -> None:
    tool = make_tool(git_repo)
    with pytest.raises(GitError, match="no worktree"):
        tool.head()
    tool.create_worktree(BRANCH)
    try:
        with pytest.raises(GitError, match="already open"):
            tool.create_worktree("dev-agent/other-1")
    finally:
        tool.remove_worktree()
    with pytest.raises(GitError, match="worktree add failed"):
        tool.create_worktree(BRANCH)  # the branch exists now
    assert tool.worktree is None


def test_repo_without_commits_and_non_repo(tmp_path: Path, git_identity: None) -> None:
    empty = tmp_path / "empty"
    git("init", "-q", "-b", "main", str(empty), cwd=tmp_path)
    with pytest.raises(GitError, match="repository has no commits"):
        make_tool(empty).create_worktree(BRANCH)
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(GitError, match="not a git repository"):
        find_repo_root(plain)
    with pytest.raises(GitError, match="not a git repository"):
        make_tool(plain)
    assert find_repo_root(empty / ".") == empty.resolve()


# --------------------------------------------------------------------------- applying patches


def test_apply_and_commit_happy_path(git_repo: Path, tmp_path: Path) -> None:
    diff = make_diff(git_repo, {"calc.py": FIXED_CALC, "docs/notes.md": "fixed\n"}, tmp_path)
    before = snapshot(git_repo)
    tool = make_tool(git_repo, PatchPolicy(protected=("tests/**",)))
    wt = tool.create_worktree(BRANCH)
    base = tool.head()
    try:
        info = tool.apply_and_commit(diff, "Fix add: return the sum")
        assert info.sha == tool.head() != base
        assert info.message == "Fix add: return the sum"
        assert sorted(info.files) == ["calc.py", "docs/notes.md"]
        assert git("log", "-1", "--format=%s|%an|%ae|%P", cwd=wt) == (
            f"Fix add: return the sum|Dev Agent|dev-agent@localhost|{base}"
        )
        assert (wt / "calc.py").read_text() == FIXED_CALC
        assert git("status", "--porcelain", cwd=wt) == ""
        assert "+    return a + b" in tool.diff_from(base)
        stat_text = tool.diffstat_from(base)
        assert "calc.py" in stat_text and "2 files changed" in stat_text
        assert snapshot(git_repo) == before
    finally:
        tool.remove_worktree()


def test_apply_accepts_model_style_diff_without_trailing_newline(git_repo: Path) -> None:
    diff = (
        # No trailing newline, and the empty context line lost its leading space.
        CALC_HDR + "@@ -1,5 +1,5 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n"
        "\n\n def mul(a, b):"
    )
    tool = make_tool(git_repo)
    wt = tool.create_worktree(BRANCH)
    try:
        assert tool.apply_and_commit(diff, "fix").files == ["calc.py"]
        assert (wt / "calc.py").read_text() == FIXED_CALC
    finally:
        tool.remove_worktree()


SYMLINK_DIFF = (
    "diff --git a/link b/link\nnew file mode 120000\nindex 0000000..1b3b3f7\n--- /dev/null\n+++ b/link\n"
    "@@ -0,0 +1 @@\n+/etc/passwd\n\\ No newline at end of file\n"
)
BINARY_DIFF = (
    "diff --git a/logo.png b/logo.png\nnew file mode 100644\nindex 0000000..e69de29\nGIT binary patch\n"
    "literal 4\nLcmZQzWMT#Y01f~L\n\nliteral 0\nHcmV?d00001\n\n"
)
REFUSALS: list[tuple[str, str, PatchPolicy, str]] = [
    (
        "dotdot",
        "diff --git a/../evil.py b/../evil.py\nnew file mode 100644\n--- /dev/null\n+++ b/../evil.py\n"
        "@@ -0,0 +1 @@\n+x = 1\n",
        PatchPolicy(),
        "'..'",
    ),
    ("absolute", "--- /dev/null\n+++ /tmp/evil.py\n@@ -0,0 +1 @@\n+x = 1\n", PatchPolicy(), "absolute path"),
    (
        "dotgit",
        "diff --git a/.git/config b/.git/config\n--- a/.git/config\n+++ b/.git/config\n"
        "@@ -1 +1 @@\n-[core]\n+[core]\n\thooksPath = /tmp/x\n",
        PatchPolicy(),
        "inside .git",
    ),
    (
        "protected",
        "diff --git a/tests/test_calc.py b/tests/test_calc.py\n--- a/tests/test_calc.py\n"
        "+++ b/tests/test_calc.py\n@@ -4,2 +4,2 @@\n def test_add():\n-    assert add(2, 3) == 5\n"
        "+    assert True\n",
        PatchPolicy(protected=("tests/**",)),
        "protected path tests/test_calc.py (matches 'tests/**')",
    ),
    ("binary", BINARY_DIFF, PatchPolicy(), "binary"),
    (
        "binary-files-differ",
        "diff --git a/logo.png b/logo.png\nindex 1111111..2222222 100644\n"
        "Binary files a/logo.png and b/logo.png differ\n",
        PatchPolicy(),
        "binary",
    ),
    ("symlink", SYMLINK_DIFF, PatchPolicy(), "symlink"),
    (
        "mode-755",
        "diff --git a/calc.py b/calc.py\nold mode 100644\nnew mode 100755\n",
        PatchPolicy(),
        "executable",
    ),
    (
        "submodule",
        "diff --git a/vendor b/vendor\nnew file mode 160000\nindex 0000000..1234567\n--- /dev/null\n"
        "+++ b/vendor\n@@ -0,0 +1 @@\n+Subproject commit 1234567890123456789012345678901234567890\n",
        PatchPolicy(),
        "submodule",
    ),
    (
        "quoted",
        'diff --git "a/sp ace.py" "b/sp ace.py"\n--- "a/sp ace.py"\n+++ "b/sp ace.py"\n',
        PatchPolicy(),
        "quoted paths",
    ),
    (
        "prose",
        "I fixed the bug: add() now returns a + b.\nHope this helps!\n",
        PatchPolicy(),
        "no unified diff hunks",
    ),
    (
        "context-mismatch",
        CALC_HDR + "@@ -1,2 +1,2 @@\n def add(x, y):\n-    return x - y\n+    return x + y\n",
        PatchPolicy(),
        # The reason a model can act on: the hunk, what it expected, the closest real lines.
        "calc.py hunk 1 (@@ -1,2 +1,2 @@): its lines match nowhere in the file. Expected:\n"
        "    | def add(x, y):\n    |     return x - y\n"
        "Closest lines in calc.py (lines 1-2, 85% similar):\n    1: def add(a, b):\n    2:     return a - b",
    ),
    (
        "oversized",
        CALC_HDR + "@@ -1,3 +1,3 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n \n",
        PatchPolicy(max_bytes=50),
        "over the 50-byte limit",
    ),
    (
        "no-op",
        CALC_HDR + "@@ -1,3 +1,3 @@\n def add(a, b):\n-    return a - b\n+    return a - b\n \n",
        PatchPolicy(),
        "patch changes nothing",
    ),
]


@pytest.mark.parametrize(
    ("diff", "policy", "fragment"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_unsafe_or_broken_patches_are_refused(
    git_repo: Path, diff: str, policy: PatchPolicy, fragment: str
) -> None:
    before = snapshot(git_repo)
    tool = make_tool(git_repo, policy)
    wt = tool.create_worktree(BRANCH)
    head = tool.head()
    tree = git("rev-parse", "HEAD^{tree}", cwd=wt)
    try:
        with pytest.raises(PatchRefused) as excinfo:
            tool.apply_and_commit(diff, "should not land")
        assert fragment in excinfo.value.reason
        # Safety refusals are one line; an apply refusal quotes the lines it compared.
        assert "\n" not in excinfo.value.reason or "Closest lines" in excinfo.value.reason
        assert tool.head() == head
        assert git("rev-parse", "HEAD^{tree}", cwd=wt) == tree
        assert git("status", "--porcelain", "--untracked-files=all", cwd=wt) == ""
        assert (wt / "calc.py").read_text() == (git_repo / "calc.py").read_text()
    finally:
        tool.remove_worktree()
    assert snapshot(git_repo) == before
    assert not (git_repo.parent / "evil.py").exists()


def test_failed_commit_rolls_back_and_keeps_untracked_files(git_repo: Path, tmp_path: Path) -> None:
    diff = make_diff(git_repo, {"calc.py": FIXED_CALC}, tmp_path)
    tool = make_tool(git_repo)
    wt = tool.create_worktree(BRANCH)
    head = tool.head()
    (wt / ".pytest_cache").mkdir()
    (wt / ".pytest_cache" / "v").write_text("cache\n")
    try:
        with pytest.raises(GitError, match="git commit failed: Aborting commit due to empty commit message"):
            tool.apply_and_commit(diff, "")  # git refuses an empty message after applying
        assert tool.head() == head
        assert git("status", "--porcelain", cwd=wt) == "?? .pytest_cache/"
        assert git("diff", "--cached", cwd=wt) == ""
        assert (wt / ".pytest_cache" / "v").read_text() == "cache\n"
    finally:
        tool.remove_worktree()


def test_policy_check_paths_and_globs() -> None:
    rename = (
        "diff --git a/src/old name.py b/src/new name.py\nsimilarity index 100%\n"
        "rename from src/old name.py\nrename to src/new name.py\n"
    )
    assert PatchPolicy().check(rename) == ["src/old name.py", "src/new name.py"]
    # A removed SQL comment "-- x" shows up as "--- x" inside a hunk: content, not a header.
    sql = "--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1 @@\n-- x\n--- y\n select 1;\n"
    assert PatchPolicy().check(sql) == ["q.sql"]
    policy = PatchPolicy(protected=("**/test_*.py", "**/*_test.py", "conftest.py", "fixtures"))
    for path in ("test_a.py", "pkg/test_a.py", "a/b/c_test.py", "conftest.py", "fixtures/data.json"):
        diff = f"--- a/{path}\n+++ b/{path}\n@@ -1 +1 @@\n-a\n+b\n"
        with pytest.raises(PatchRefused, match="protected path"):
            policy.check(diff)
    for path in ("calc.py", "pkg/testing.py", "fixturesx/a.py", "sub/conftest.py.bak"):
        assert policy.check(f"--- a/{path}\n+++ b/{path}\n@@ -1 +1 @@\n-a\n+b\n") == [path]
    # The same rules apply to the paths git itself reports (the post --check re-check).
    with pytest.raises(PatchRefused, match=r"protected path tests/x\.py"):
        PatchPolicy(protected=("tests/**",)).check_paths(["calc.py", "tests/x.py"])
    with pytest.raises(PatchRefused, match=r"inside \.git"):
        PatchPolicy().check("--- a/sub/.GIT/hooks/x\n+++ b/sub/.GIT/hooks/x\n@@ -1 +1 @@\n-a\n+b\n")


# --------------------------------------------------------------------------- hooks


def install_hooks(repo: Path, markers: Path) -> None:
    hooks = repo / ".git" / "hooks"
    hooks.mkdir(parents=True, exist_ok=True)
    for name in ("pre-commit", "post-commit", "post-checkout", "pre-push", "commit-msg"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\ntouch '{markers / name}'\nexit 0\n")
        hook.chmod(hook.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    # Pin the hooks directory so a global core.hooksPath cannot make this test vacuous.
    git("config", "core.hooksPath", str(hooks), cwd=repo)


@pytest.mark.parametrize("run_hooks", [False, True], ids=["hooks-off", "hooks-on-control"])
def test_repository_hooks_run_only_when_enabled(git_repo: Path, tmp_path: Path, run_hooks: bool) -> None:
    diff = make_diff(git_repo, {"calc.py": FIXED_CALC}, tmp_path)
    markers = tmp_path / "markers"
    markers.mkdir()
    install_hooks(git_repo, markers)
    tool = make_tool(git_repo, settings=GitSettings(run_hooks=run_hooks))
    tool.create_worktree(BRANCH)
    try:
        tool.apply_and_commit(diff, "Fix add")
        tool.push(BRANCH)
    finally:
        tool.remove_worktree()
    fired = sorted(p.name for p in markers.iterdir())
    if run_hooks:
        assert fired == ["commit-msg", "post-checkout", "post-commit", "pre-commit", "pre-push"]
    else:
        assert fired == []


# --------------------------------------------------------------------------- branches and push


def test_next_branch_name_skips_local_and_remote_names(git_repo: Path, bare_remote: Path) -> None:
    assert next_branch_name(git_repo, "dev-agent/fix", "Make tests pass!") == BRANCH
    git("branch", BRANCH, cwd=git_repo)
    assert (
        next_branch_name(git_repo, "dev-agent/fix", "Make tests pass!") == "dev-agent/fix-make-tests-pass-2"
    )
    git("--git-dir", str(bare_remote), "branch", "dev-agent/fix-make-tests-pass-2", "main", cwd=git_repo)
    git("fetch", "-q", "origin", cwd=git_repo)
    assert git("rev-parse", "--verify", "refs/remotes/origin/dev-agent/fix-make-tests-pass-2", cwd=git_repo)
    assert (
        next_branch_name(git_repo, "dev-agent/fix", "Make tests pass!") == "dev-agent/fix-make-tests-pass-3"
    )
    assert next_branch_name(git_repo, "dev-agent/fix", "") == "dev-agent/fix-phase-1"


def test_push_lands_branch_in_bare_remote(git_repo: Path, bare_remote: Path, tmp_path: Path) -> None:
    diff = make_diff(git_repo, {"calc.py": FIXED_CALC}, tmp_path)
    before = snapshot(git_repo)
    tool = make_tool(git_repo)
    assert tool.remote_url() == str(bare_remote)
    tool.create_worktree(BRANCH)
    try:
        tool.apply_and_commit(diff, "Fix add")
        tool.push(BRANCH)
        assert git("--git-dir", str(bare_remote), "rev-parse", f"refs/heads/{BRANCH}", cwd=tmp_path) == (
            tool.head()
        )
    finally:
        tool.remove_worktree()
    assert git("--git-dir", str(bare_remote), "rev-parse", "refs/heads/main", cwd=tmp_path) == before["head"]
    assert snapshot(git_repo) == before


def test_push_to_missing_remote_raises(git_repo: Path) -> None:
    tool = make_tool(git_repo, settings=GitSettings(remote="nope"))
    assert tool.remote_url() is None
    tool.create_worktree(BRANCH)
    try:
        with pytest.raises(GitError, match="push to nope failed: the repository has no URL for remote"):
            tool.push(BRANCH)
    finally:
        tool.remove_worktree()


# --------------------------------------------------------------------------- pull requests


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/acme/widgets.git", True),
        ("https://github.com/acme/widgets", True),
        ("https://token@github.com/acme/widgets", True),
        ("git@github.com:acme/widgets.git", True),
        ("ssh://git@github.com/acme/widgets.git", True),
        ("ssh://git@github.com:22/acme/widgets", True),
        ("https://gitlab.com/acme/widgets.git", False),
        ("https://github.com.evil.example/acme/widgets", False),
        ("https://example.com/github.com/acme/widgets", False),
        ("git@gitlab.com:acme/widgets.git", False),
        ("/srv/git/widgets.git", False),
        ("", False),
    ],
)
def test_is_github_url(url: str, expected: bool) -> None:
    assert is_github_url(url) is expected


def make_pr() -> PullRequest:
    body = render_body(
        "Make tests pass: add() returned a difference.",
        " calc.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)",
        "1 passed in 0.01s",
        "APPROVED: minimal and correct",
        BRANCH,
        "main",
    )
    return PullRequest(title="Fix: make tests pass", body=body, branch=BRANCH, base="main")


def test_render_body_sections() -> None:
    body = make_pr().body
    headings = [line for line in body.splitlines() if line.startswith("## ")]
    assert headings == ["## Summary", "## Changes", "## Tests", "## Supervisor verdict", "## Branch"]
    assert "```\n calc.py | 2 +-" in body
    assert "```\n1 passed in 0.01s\n```" in body
    assert f"`{BRANCH}` -> `main`" in body


def test_render_body_reports_repair_overfit_suspicions_only_when_there_are_some() -> None:
    warning = "off_by_one edit of calc.py:5: add([1]) raises IndexError with the fix"
    body = render_body("s", "d", "t", "v", BRANCH, "main", warnings=[warning])
    headings = [line for line in body.splitlines() if line.startswith("## ")]
    assert headings[3] == "## Possible overfitting" and len(headings) == 6
    assert f"- {warning}" in body
    assert "## Possible overfitting" not in render_body("s", "d", "t", "v", BRANCH, "main")


@pytest.mark.parametrize(
    ("url", "auto_pr"),
    [("/srv/git/widgets.git", True), ("https://github.com/acme/widgets.git", False), (None, True)],
)
def test_open_pull_request_writes_record(tmp_path: Path, url: str | None, auto_pr: bool) -> None:
    pr = make_pr()
    result = open_pull_request(pr, url, tmp_path / "runs" / "r1", "pull_request.md", tmp_path, auto_pr)
    assert not result.opened_with_gh and result.url is None
    assert result.record_path == tmp_path / "runs" / "r1" / "pull_request.md"
    text = result.record_path.read_text()
    assert text.startswith("# Fix: make tests pass\n")
    for fragment in ("calc.py | 2 +-", f"`{BRANCH}` -> `main`", "1 passed", "not opened automatically"):
        assert fragment in text


def test_a_review_section_opens_the_body_and_a_draft_record_says_so(tmp_path: Path) -> None:
    review = "## Needs your review\n\nThe tests pass with this fix, but they do not decide it:"
    body = render_body("s", "d", "t", "v", BRANCH, "main", review=review)
    headings = [line for line in body.splitlines() if line.startswith("## ")]
    assert headings == [
        "## Needs your review",
        "## Summary",
        "## Changes",
        "## Tests",
        "## Supervisor verdict",
        "## Branch",
    ]
    assert "Needs your review" not in render_body("s", "d", "t", "v", BRANCH, "main", review=" \n")
    pr = dataclasses.replace(make_pr(), body=body, draft=True)
    result = open_pull_request(pr, None, tmp_path / "runs", "pr.md", tmp_path, True)
    assert result.record_path is not None
    assert "> Open it as a draft: the fix needs your review" in result.record_path.read_text()


def fake_gh(bin_dir: Path, script: str) -> None:
    """A stand-in `gh` executable on PATH (a real process, not an in-process mock)."""
    bin_dir.mkdir(exist_ok=True)
    gh = bin_dir / "gh"
    gh.write_text("#!/bin/sh\n" + script)
    gh.chmod(0o755)


def test_open_pull_request_with_gh_and_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    log = tmp_path / "gh.log"
    url = "git@github.com:acme/widgets.git"

    fake_gh(
        bin_dir,
        f'echo "$@" >> \'{log}\'\n[ "$1" = auth ] && exit 0\n'
        "echo 'Creating pull request'\necho https://github.com/acme/widgets/pull/7\n",
    )
    ok = open_pull_request(make_pr(), url, tmp_path / "rec", "pr.md", tmp_path, True)
    assert ok.opened_with_gh and ok.url == "https://github.com/acme/widgets/pull/7" and ok.record_path is None
    calls = log.read_text()
    assert f"--head {BRANCH} --base main --repo acme/widgets" in calls
    assert "--draft" not in calls
    draft = open_pull_request(
        dataclasses.replace(make_pr(), draft=True), url, tmp_path / "rec", "d.md", tmp_path, True
    )
    assert draft.opened_with_gh
    assert (
        log.read_text().splitlines()[-1].endswith(f"--head {BRANCH} --base main --draft --repo acme/widgets")
    )

    fake_gh(bin_dir, '[ "$1" = auth ] && exit 0\necho "GraphQL: No commits between main and x" >&2\nexit 1\n')
    failed = open_pull_request(make_pr(), url, tmp_path / "rec", "pr.md", tmp_path, True)
    assert not failed.opened_with_gh and failed.record_path is not None
    assert "gh pr create failed: GraphQL: No commits between main and x" in failed.record_path.read_text()

    fake_gh(bin_dir, 'echo "You are not logged into any GitHub hosts." >&2\nexit 1\n')
    unauth = open_pull_request(make_pr(), url, tmp_path / "rec", "pr2.md", tmp_path, True)
    assert unauth.record_path is not None
    assert "gh is not authenticated" in unauth.record_path.read_text()


def test_defines_function_reads_the_commit_and_takes_only_identifiers(git_repo: Path) -> None:
    """The branch review asks whether a name was a function at the run's base (a module
    that patches `calc.name` from elsewhere): git grep on that commit, never a pattern."""
    tool = make_tool(git_repo)
    wt = tool.create_worktree(BRANCH)
    base = tool.head()
    defined = re.findall(r"^def (\w+)\(", (wt / "calc.py").read_text(), re.MULTILINE)
    assert defined and all(tool.defines_function(base, name) for name in defined)
    (wt / "calc.py").write_text("def only_in_the_worktree():\n    return 1\n")
    assert not tool.defines_function(base, "only_in_the_worktree")
    assert not tool.defines_function(base, ".*") and not tool.defines_function(base, defined[0] + "|x")
    assert tool.blob_at(base, "calc.py") == git("show", f"{base}:calc.py", cwd=wt).encode() + b"\n"
    assert tool.blob_at(base, "no_such.py") is None
    tool.remove_worktree()
