"""Publishing the fix branch without running any program the repository's config names.

git push reads the repository's config, and several keys there name programs git runs
on the host, outside every sandbox, with the user's credentials in its environment:
`remote.<name>.receivepack`/`uploadpack`, `core.sshCommand`, `core.askPass`,
`credential.helper`, an `ext::` or `fd::` URL (with a repository-level
`protocol.ext.allow`), or a `url.<base>.insteadOf` rewrite to one of those. So the push
does not run in the repository: it runs from an empty bare "proxy" repository that
borrows the repository's objects (objects/info/alternates), reads only the user's own
(global and system) config, and pushes to the remote's URL after Dev Agent has checked
it: https, http, ssh, git, file and local paths only; never a transport helper
(`<helper>::<address>`), `ext::` or `fd::`, which are also turned off by `-c`.

A repository on this machine (a path or file:// URL) is pushed to by a receive-pack
started here, which reads that repository's config, hostile or not: it runs in the
sandbox, with the push's environment scrubbed (local_remote.py says why and what it
may write). A remote reached over ssh or https runs its receive-pack and hooks on the
server, which is that server's business; the push gets the user's environment there,
to authenticate."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from devagent.errors import GitError
from devagent.process import host_environment, kill_group, start_in_group
from devagent.tools.git.command import HOOKS_OFF, error_line, git_env, run_git
from devagent.tools.git.local_remote import SandboxChoice, file_url_path, local_git_dir, receive_pack_command

__all__ = ["check_remote_url", "push_branch", "remote_push_urls"]

# Transports git itself implements; any other scheme runs a `git-remote-<scheme>` helper.
_SCHEMES = ("https", "http", "ssh", "git", "git+ssh", "ssh+git", "file")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_HELPER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9+.-]*::")
# `user@host:path` (scp-like ssh), as git tells it from a local path: a colon before any slash.
_SCP_LIKE = re.compile(r"^[^/:]+:")
# Every push: no transport that runs a command, whatever the user's or any config says.
PUSH_SAFETY = (
    "-c",
    "protocol.ext.allow=never",
    "-c",
    "protocol.fd.allow=never",
    "-c",
    "core.fsmonitor=false",
)


def remote_push_urls(repo: Path, remote: str) -> list[str]:
    """The URLs `git push <remote>` would push to, as configured (pushurl, else url),
    without any insteadOf rewriting."""
    for key in (f"remote.{remote}.pushurl", f"remote.{remote}.url"):
        proc = run_git("config", "--get-all", key, cwd=repo, check=False)
        urls = [line.strip() for line in proc.stdout.splitlines() if line.strip()]
        if urls:
            return urls
    raise GitError(f"push to {remote} failed: the repository has no URL for remote '{remote}'")


def check_remote_url(url: str, repo: Path) -> tuple[str, bool]:
    """The URL to push to and whether it is a local one (then: its absolute path, a file://
    URL decoded); GitError for a URL whose transport runs a program (a helper `x::...`,
    `ext::`, `fd::`) or that git would hand to a helper."""
    if _HELPER.match(url) or "::" in url.split("/", 1)[0]:
        raise GitError(
            f"push refused: remote URL {url!r} names a transport helper, which would run a program"
        )
    scheme = _SCHEME.match(url)
    if scheme is not None:
        name = scheme.group(1).lower()
        if name not in _SCHEMES:
            raise GitError(
                f"push refused: remote URL {url!r} uses transport {name!r} "
                f"(allowed: {', '.join(_SCHEMES)} and local paths)"
            )
        return (file_url_path(url), True) if name == "file" else (url, False)
    if _SCP_LIKE.match(url):
        return url, False  # ssh
    path = Path(url).expanduser()
    return str(path if path.is_absolute() else (repo / path).resolve()), True


def push_branch(repo: Path, remote: str, branch: str, *, timeout: float, sandbox: SandboxChoice) -> str:
    """Push `refs/heads/<branch>` of `repo` to every push URL of `remote` from a proxy
    repository (see the module docstring), a local repository's receive-pack in `sandbox`;
    then set `refs/remotes/<remote>/<branch>` as a push would. Returns the pushed commit;
    GitError with git's reason on failure, or why the push was refused, before any push."""
    sha = run_git("rev-parse", "--verify", f"refs/heads/{branch}^{{commit}}", cwd=repo).stdout.strip()
    common = Path(run_git("rev-parse", "--git-common-dir", cwd=repo).stdout.strip())
    git_dir = (common if common.is_absolute() else repo / common).resolve()
    objects = git_dir / "objects"
    targets = [_target(url, repo, git_dir, sandbox) for url in remote_push_urls(repo, remote)]
    with tempfile.TemporaryDirectory(prefix="dev-agent-push-") as scratch:
        proxy = Path(scratch) / "proxy.git"
        # --template= : no hooks or config copied from the user's init template.
        run_git("init", "-q", "--bare", "--template=", str(proxy), cwd=Path(scratch))
        (proxy / "objects" / "info").mkdir(parents=True, exist_ok=True)
        (proxy / "objects" / "info" / "alternates").write_text(f"{objects}\n", encoding="utf-8")
        shallow = objects.parent / "shallow"
        if shallow.is_file():  # a shallow clone: its history ends where the repository's does
            (proxy / "shallow").write_bytes(shallow.read_bytes())
        for url, receive_pack in targets:
            _push_one(proxy, url, receive_pack, sha, branch, remote, timeout)
    run_git(*HOOKS_OFF, "update-ref", f"refs/remotes/{remote}/{branch}", sha, cwd=repo, check=False)
    return sha


def _target(url: str, repo: Path, git_dir: Path, sandbox: SandboxChoice) -> tuple[str, str | None]:
    """Where to push and, for a repository on this machine, the sandboxed receive-pack
    command to start for it (None: a network remote)."""
    checked, local = check_remote_url(url, repo)
    if not local:
        return checked, None
    target = local_git_dir(checked, url, git_dir)
    return str(target), receive_pack_command(sandbox, target, url)


def _push_one(
    proxy: Path, url: str, receive_pack: str | None, sha: str, branch: str, remote: str, timeout: float
) -> None:
    argv = [
        "git",
        *PUSH_SAFETY,
        *HOOKS_OFF,
        f"--git-dir={proxy}",
        "push",
        "-q",
        "--no-verify",
        *([f"--receive-pack={receive_pack}"] if receive_pack is not None else []),
        url,
        f"{sha}:refs/heads/{branch}",
    ]
    # A network push needs the user's credentials (ssh agent, tokens), and only it gets
    # them: the proxy reads no config of the repository, so no program of its choosing
    # does. A local push needs none: its receive-pack (sandboxed) inherits this scrubbed one.
    env = git_env(base=host_environment()) if receive_pack is None else git_env()
    try:
        # A group of its own: on timeout everything the push started goes, the sandbox
        # (which dies with its parent) and a hanging program of the target's with it.
        proc = start_in_group(
            argv, cwd=proxy, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    except OSError as exc:
        raise GitError(f"push to {remote} failed: git could not run: {exc}") from None
    try:
        _out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(proc.pid)
        proc.communicate()
        raise GitError(f"push to {remote} timed out after {timeout:.0f}s") from None
    finally:
        kill_group(proc.pid)  # nothing of the push outlives it
    if proc.returncode != 0:
        raise GitError(f"push to {remote} failed: {error_line(err.decode('utf-8', 'replace'))}")
