"""The remote a run will push to, checked before any model call: a run that can only end
by pushing should not find out after every model call and test run that the push can
never work.

Checked without running git against the remote (a local remote's own config is not to
be trusted; see the Safety section): the URL's transport is one git pushes over
(`ext::` and other transport helpers run programs: refused), and a local path exists
and holds a git repository. A network remote (https, ssh, git) is checked when it is
pushed to: reaching it here would need the network and the user's credentials."""

from __future__ import annotations

import re
from pathlib import Path

from devagent.errors import GitError, UsageError
from devagent.secret_values import redact

NETWORK = frozenset({"http", "https", "ssh", "git", "git+ssh", "ssh+git"})
_HELPER = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)::")  # <transport>::<address>
_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_SCP_LIKE = re.compile(r"^[^/:]+:")  # [user@]host:path, git's ssh shorthand


def check_remote(url: str, remote: str, repo: Path) -> None:
    """UsageError (one line) when `url`, the remote `remote` of `repo`, can never be pushed to."""
    where = f"git.remote: remote '{remote}' ({redact(url)})"
    helper = _HELPER.match(url)
    if helper:
        raise UsageError(f"{where}: the {helper.group(1)}:: transport runs a program; refused")
    scheme = _URL.match(url)
    if scheme:
        name = scheme.group(1).lower()
        if name in NETWORK:
            return
        if name != "file":
            raise UsageError(f"{where}: git cannot push over {name}://; refused")
        _check_local(Path(url[len("file://") :]), where, repo)
        return
    if _SCP_LIKE.match(url):
        return
    _check_local(Path(url).expanduser(), where, repo)


def repository_root(repo: Path) -> Path:
    """The top of the git repository `repo` (--repo, or the working folder) is in; one
    line, exit 3, when it is no folder or in no repository."""
    from devagent.tools.git_tool import find_repo_root

    if not repo.is_dir():  # a file would silently stand for the repository around it
        raise UsageError(f"{repo}: not a directory; --repo names the repository's folder")
    try:
        return find_repo_root(repo)
    except GitError as exc:
        raise UsageError(exc.message) from None


def check_push_target(repo: Path, remote: str) -> None:
    """The command line's early check, before the run's heavier set-up loads: `repo` is in
    a git repository whose remote `remote` can be pushed to (the run set-up checks again)."""
    from devagent.tools.git.command import run_git

    root = repository_root(repo)
    found = run_git("remote", "get-url", remote, cwd=root, check=False)
    url = found.stdout.strip()
    if found.returncode != 0 or not url:
        raise UsageError(f"git.remote: the repository has no remote named '{remote}'")
    check_remote(url, remote, root)


def _check_local(path: Path, where: str, repo: Path) -> None:
    target = path if path.is_absolute() else repo / path
    if not target.exists():
        raise UsageError(f"{where}: {target} does not exist")
    if not target.is_dir():
        raise UsageError(f"{where}: {target} is not a directory")
    bare = (target / "HEAD").is_file() and (target / "objects").is_dir()
    if not bare and not (target / ".git").exists():
        raise UsageError(f"{where}: {target} is not a git repository")
