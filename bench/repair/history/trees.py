"""A task's tree written out from the mirror: the source of the fix's parent with the fix's
test files (the BugsInPy/Defects4J layout), or the fix commit itself; then, for a run, the
same tree as a fresh git repository with one commit and a local bare remote.

The repository gets no history: the fixing commit must not be reachable from the task (a
search of the history would find the answer). Files the build generates into the checkout
(an ignored `_version.py` of setuptools-scm) are copied from the venv's checkout, and
committed with everything else, since a worktree holds tracked files only."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from bench.repair.history.gitdata import Change, Entry, is_test_path, tree_entries, write_entries
from bench.repair.history.projects import HistoryProject
from bench.repair.peer_common import git_ok

# Written into a task repository's .git/info/exclude: what the runs leave behind.
EXCLUDES = ("runs/", "__pycache__/", "*.pyc", ".pytest_cache/", ".coverage", "coverage.xml", "junit.xml")


def generated_files(project: HistoryProject) -> list[str]:
    """Python files the build wrote into the venv's checkout that git ignores."""
    proc = subprocess.run(
        ["git", "-C", str(project.checkout), "ls-files", "--others", "--ignored", "--exclude-standard", "-z"],
        capture_output=True,
        text=True,
        check=False,
    )
    names = [n for n in proc.stdout.split("\x00") if n]
    return sorted(
        n
        for n in names
        if n.endswith(".py") and "__pycache__" not in n and ".egg-info" not in n and not is_test_path(n)
    )


def lay_tree(
    project: HistoryProject, dest: Path, source_commit: str, test_commit: str, tests: list[Change]
) -> list[str]:
    """dest anew: source_commit's tree, with `tests` (the test files test_commit changed)
    as test_commit has them (deleted ones removed), and the build's generated files.
    Returns the paths left out (blobs the mirror lacks, submodules)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    mirror = project.mirror
    missing = write_entries(mirror, tree_entries(mirror, source_commit), dest)
    if test_commit != source_commit and tests:
        for change in tests:
            if change.status == "D":
                target = dest / change.path
                if target.is_file() or target.is_symlink():
                    target.unlink()
        present = [c.path for c in tests if c.status != "D"]
        entries: list[Entry] = []
        # ls-tree takes paths as pathspecs; a batch keeps the command line short
        for i in range(0, len(present), 200):
            entries += tree_entries(mirror, test_commit, present[i : i + 200])
        missing += write_entries(mirror, entries, dest)
    for name in generated_files(project):
        source = project.checkout / name
        if source.is_file() and not (dest / name).exists() and (dest / name).parent.is_dir():
            shutil.copyfile(source, dest / name)
    return missing


def make_repository(tree: Path, message: str) -> str:
    """tree becomes a git repository with everything committed on `main`; its commit."""
    git_ok(tree, "init", "-q", "-b", "main")
    exclude = tree / ".git" / "info" / "exclude"
    exclude.parent.mkdir(parents=True, exist_ok=True)
    exclude.write_text("".join(f"{pattern}\n" for pattern in EXCLUDES), encoding="utf-8")
    # Everything written is the task: files the project tracks though its .gitignore names
    # them, and the build's generated files, are committed too.
    git_ok(tree, "add", "-A", "-f")
    git_ok(tree, "commit", "-q", "--no-verify", "-m", message)
    return git_ok(tree, "rev-parse", "HEAD")


def add_remote(repo: Path, remote: Path) -> None:
    """A fresh local bare repository as `origin`, holding the task's commit."""
    if remote.exists():
        shutil.rmtree(remote)
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, capture_output=True)
    git_ok(repo, "remote", "add", "origin", str(remote))
    git_ok(repo, "push", "-q", "origin", "main")
