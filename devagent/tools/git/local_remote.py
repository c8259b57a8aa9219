"""A push to a repository on this machine (a path or a file:// URL) and what it may run.

git pushes to such a repository by starting its receive-pack here, and receive-pack
reads that repository's own config, which whoever wrote the repository controls (a bare
repository shipped inside a project's `.git` is enough). Several keys there name
programs: `core.alternateRefsCommand` (also through `include.path`/`includeIf`),
`receive.denyCurrentBranch=updateInstead` with filter drivers, hooks, `gc --auto`... and
git adds more. No `-c` list can be complete, so the receive-pack runs in the sandbox:
the filesystem read-only but for the target's git folder, no network, and an
environment without the user's secrets (a local push needs no credentials). Whatever
the target's config names runs there, confined to the repository it came with.

The target's git folder is found as git finds it (`<path>/.git`, `<path>`,
`<path>.git/.git`, `<path>.git`), with symlinks resolved, and the push goes to that
resolved folder: the folder the sandbox makes writable is the one receive-pack writes.
It may not be, or hold, the user's own repository's git folder (the sandbox would make
the user's branches writable to the target's programs): refused, as is a folder that is
no git repository."""

from __future__ import annotations

import shlex
import shutil
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from devagent.errors import GitError

__all__ = ["SandboxChoice", "file_url_path", "local_git_dir", "receive_pack_command"]


class _Wraps(Protocol):
    def wrap(self, argv: Sequence[str], worktree: Path) -> list[str]: ...


class SandboxChoice(Protocol):
    """What the push needs of devagent/tools/sandbox.py's SandboxChoice (named by shape:
    tools/git/ does not import the tools folder above it)."""

    @property
    def sandbox(self) -> _Wraps | None: ...
    @property
    def problem(self) -> str | None: ...


# The order git's enter_repo tries a local path in.
_SUFFIXES = ("/.git", "", ".git/.git", ".git")
# The target's own hooks stay off too (as before the sandbox): they are its business on a
# server, not ours to run; fsmonitor is never wanted.
_RECEIVE_PACK_CONFIG = ("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false")


def file_url_path(url: str) -> str:
    """The path of a file:// URL as git reads it: percent-decoded, from the first '/'
    after the scheme (a host part is ignored, as git does)."""
    rest = urllib.parse.unquote(url[len("file://") :])
    slash = rest.find("/")
    return rest[slash:] if slash >= 0 else "/"


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir() and (path / "refs").is_dir()


def local_git_dir(location: str, url: str, own_git_dir: Path) -> Path:
    """The resolved git folder a push to `location` (an absolute path) writes to; GitError
    when there is none, or when it is (or holds) `own_git_dir`, the pushing repository's."""
    found = next((Path(location + s) for s in _SUFFIXES if _is_git_dir(Path(location + s))), None)
    if found is None:
        raise GitError(f"push refused: remote URL {url!r} is not a git repository")
    git_dir = found.resolve()
    own = own_git_dir.resolve()
    if git_dir == own or git_dir in own.parents:
        raise GitError(
            f"push refused: remote URL {url!r} is this repository's own git folder ({git_dir}); "
            "set git.remote to another repository"
        )
    return git_dir


def receive_pack_command(choice: SandboxChoice, git_dir: Path, url: str) -> str:
    """The `--receive-pack` command (git runs it through sh, the path appended) that runs
    receive-pack in the sandbox with only `git_dir` writable; GitError when no sandbox
    works here (shell.allow_unsandboxed does not cover this: refused)."""
    if choice.sandbox is None:
        raise GitError(
            f"push refused: remote URL {url!r} is a repository on this machine, whose receive-pack "
            f"runs only in a sandbox, and {choice.problem}; push the branch yourself or use an "
            "ssh or https remote"
        )
    git = shutil.which("git") or "git"
    argv = choice.sandbox.wrap([git, *_RECEIVE_PACK_CONFIG, "receive-pack"], git_dir)
    # git runs it as `sh -c '<command> "$@"'`: every word quoted for sh, and `exec` so the
    # sandbox is git's own child and dies with it.
    return "exec " + shlex.join(argv)
