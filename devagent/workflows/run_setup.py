"""The run set-up every workflow that works on a repository shares (fix, plan, and the fix
loop plan mode's `--repair` runs inside a task): the input checks made before anything is
created, the model backends of a manifest's roles, the sandboxed ShellTool, the records a
run's start and end carry, and what it produced as the trace store's outputs.

The run log itself is opened and closed by devagent/traced_log.py; each workflow's run.py
keeps only what is its own (its state, its start record, how its outcome is worded)."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from devagent.config import Config
from devagent.errors import GitError, UsageError
from devagent.import_roots import import_roots, pythonpath_for
from devagent.models.base import ModelBackend
from devagent.project_env import ProjectEnvironment, check_runs_pytest, choose_environment, probe
from devagent.remote_check import check_remote, repository_root
from devagent.runlog import RunLog
from devagent.tools.git_tool import CommitInfo, GitSettings, GitTool
from devagent.tools.patch_policy import PatchPolicy
from devagent.tools.pull_request import PullRequestResult
from devagent.tools.sandbox import SandboxChoice, choose_sandbox, git_common_dir
from devagent.tools.shell import CommandPolicy, CommandRejected, Interpreter, ShellTool
from devagent.verdict import FOREIGN_ROOTS_VAR, PLUGIN_DIR
from devagent.workflow.manifest import Manifest, load_manifest
from devagent.workflow.plugin import WorkflowPlugin

BackendOpener = Callable[[Manifest], dict[str, ModelBackend]]


class BranchRun(Protocol):
    """What a run that works on a branch of its own keeps in its state (FixState, PlanState)."""

    branch: str
    base_sha: str  # the commit the branch starts from
    base_branch: str  # the PR's base: the user's branch when the run started
    commits: list[CommitInfo]
    pull_request: PullRequestResult | None


@dataclass(frozen=True)
class RunInputs:
    """What the shared checks validated and opened, before the run touches anything."""

    manifest: Manifest
    git: GitTool  # on the repository's root
    base: tuple[str, str]  # (sha, branch) the run starts from
    backends: dict[str, ModelBackend]
    environment: ProjectEnvironment  # the Python the tests run with


def check_run_inputs(
    repo: Path,
    config: Config,
    workflow: Path,
    plugin: WorkflowPlugin,
    *,
    branch_prefix: str,
    policy: PatchPolicy,
    open_backends: BackendOpener,
    empty_repo_hint: str,
) -> RunInputs:
    """Bad input stops here with exit 3 (or 4 for a model), before any branch or log: `repo`
    is a folder inside a git repository with a commit and the configured remote, the
    manifest at `workflow` is valid for `plugin`, the test command passes the shell's
    whitelist, and commands get a sandbox unless shell.allow_unsandboxed says to run
    without one (then every run warns), and the project's Python environment starts in it
    with pytest (exit 10 when it lacks pytest). `empty_repo_hint` ends the error for a
    repository with no commits."""
    root = repository_root(repo)
    manifest = load_manifest(workflow, plugin)
    try:
        CommandPolicy(tuple(config.shell.allowed)).parse(config.test_command)
    except CommandRejected as exc:
        raise UsageError(f"test_command: {exc.reason}") from None
    unsandboxed = sandbox_choice(config).problem
    if unsandboxed is not None and not config.shell.allow_unsandboxed:
        raise UsageError(
            f"sandbox: {unsandboxed}, or set shell.allow_unsandboxed: true to run commands without a sandbox"
        )
    settings = GitSettings(
        remote=config.git.remote,
        branch_prefix=branch_prefix,
        run_hooks=config.git.run_hooks,
        author_name=config.git.author_name,
        author_email=config.git.author_email,
        sandbox_program=config.shell.bwrap,
        sandbox=config.shell.sandbox,
    )
    git = GitTool(root, settings, policy)
    url = git.remote_url()
    if url is None:
        raise UsageError(f"git.remote: the repository has no remote named '{config.git.remote}'")
    check_remote(url, config.git.remote, root)  # before any model call, not at the push
    try:
        base = git.repo_head()
    except GitError:
        raise UsageError(f"{root}: the repository has no commits yet; {empty_repo_hint}") from None
    environment = project_environment(root, config)
    backends = open_backends(manifest)
    if unsandboxed is not None:  # every run without a sandbox says so (and run_started records it)
        print(
            "dev-agent: warning: commands run WITHOUT a sandbox (shell.allow_unsandboxed: true): "
            + unsandboxed,
            file=sys.stderr,
        )
    return RunInputs(manifest, git, base, backends, environment)


def project_environment(root: Path, config: Config) -> ProjectEnvironment:
    """The Python environment the tests of the repository at `root` run in, probed inside
    the sandbox, with the repository's folders its tests import from."""
    chosen = choose_environment(root, config.shell.python)
    sandbox = sandbox_choice(config).showing(chosen.shown())
    probed = probe(chosen, sandbox)
    check_runs_pytest(probed, config.test_command)
    return replace(probed, import_roots=import_roots(root, probed.site_packages))


def open_role_backends(manifest: Manifest, config: Config) -> dict[str, ModelBackend]:
    """One backend per model agent of a fix-team manifest, each configured by its role's
    model.* key (devagent/agents/roles.py); the manifest loader checked the names."""
    from devagent.agents.roles import ROLES
    from devagent.models.factory import open_backend

    backends: dict[str, ModelBackend] = {}
    for name, kind in manifest.agents().items():
        if kind != "model":
            continue
        key = ROLES[name].config_key
        where = config.key_name(f"model.{key}")  # the flag that set it, if one did
        backends[name] = open_backend(config.model.for_role(key), name, config.model, where)
    return backends


def sandboxed_shell(
    worktree: Path, policy: CommandPolicy, config: Config, environment: ProjectEnvironment, checkout: Path
) -> ShellTool:
    """A ShellTool running `policy`'s commands in `worktree`, inside the configured sandbox
    (none only when no sandbox works and shell.allow_unsandboxed allowed that), with the
    project's Python: its `python` and `pytest`, the worktree's import roots first on
    PYTHONPATH, and `checkout` (the user's) named to the verdict's plugin, which reports
    any module the tests imported from there."""
    # git inside reads the repository's shared .git; the tests import the project's
    # environment; the verdict's pytest plugin is imported inside the sandbox, wherever
    # this tool lives (dev-agent's own prefix holds it).
    shown = (
        git_common_dir(worktree),
        Path(sys.prefix),
        Path(sys.base_prefix),
        PLUGIN_DIR,
        *environment.shown(),
    )
    sandbox = sandbox_choice(config).showing(shown)
    interpreter = Interpreter(
        environment.python,
        tuple(Path(p) for p in pythonpath_for(worktree, environment.import_roots)),
        (*environment.variables(), (FOREIGN_ROOTS_VAR, str(checkout))),
    )
    return ShellTool(worktree, policy, config.shell.timeout_s, sandbox=sandbox, interpreter=interpreter)


def sandbox_choice(config: Config) -> SandboxChoice:
    """The sandbox the shell.* keys configure (probed once per process and configuration)."""
    shell = config.shell
    hidden, services = tuple(shell.hidden_paths), tuple(shell.host_services)
    return choose_sandbox(shell.bwrap, shell.sandbox, hidden=hidden, host_services=services)


def sandbox_record(config: Config) -> dict[str, Any]:
    """The sandbox the run's commands get, as `run_started` records it."""
    return sandbox_choice(config).record()


def record_branch_outputs(log: RunLog, git: GitTool, run: BranchRun, *, pr_url_without_record: bool) -> None:
    """What a run produced on its branch, as records the trace store keeps as its outputs:
    the branch's patch, its commits, and the pull request record (with
    `pr_url_without_record`, the URL when gh opened the PR and there is no record file)."""
    if run.commits:
        patch = git.diff_from(run.base_sha)
        log.write(
            "Orchestrator",
            "extracted_item",
            {"kind": "patch", "name": f"{run.branch}.diff", "content": patch},
        )
        for commit in run.commits:
            log.write(
                "Orchestrator",
                "extracted_item",
                {"kind": "commit", "name": commit.sha, "content": commit.message},
            )
    pr = run.pull_request
    if pr is not None and pr.record_path is not None and pr.record_path.is_file():
        content = pr.record_path.read_text(encoding="utf-8", errors="replace")
        log.write(
            "Orchestrator",
            "extracted_item",
            {"kind": "pull_request", "name": pr.record_path.name, "content": content},
        )
    elif pr is not None and pr.url and pr_url_without_record:
        log.write(
            "Orchestrator", "extracted_item", {"kind": "pull_request", "name": "url", "content": pr.url}
        )


def keep_branch(git: GitTool, run: BranchRun, branch_made: bool) -> bool:
    """Whether the run's branch stays: an empty branch helps nobody and is deleted; a branch
    never made is not reported as kept."""
    return bool(run.commits) or (branch_made and not git.delete_branch(run.branch))


def branch_record(run: BranchRun, branch_kept: bool) -> dict[str, Any]:
    """The branch, its commits and its pull request, as `run_finished` records them."""
    pr = run.pull_request
    return {
        "branch": run.branch if branch_kept else None,
        "commits": [c.sha for c in run.commits],
        "pull_request": None
        if pr is None
        else {"url": pr.url, "record": str(pr.record_path) if pr.record_path else None},
    }


@contextlib.contextmanager
def quiet_asyncio_shutdown() -> Iterator[None]:
    """Around a team's conversation: an error that ends it from inside (a log write on a
    full disk) leaves AutoGen's runtime tasks failing once more at asyncio.run()'s shutdown,
    and asyncio would print their tracebacks; the run's one-line error already says what
    happened."""
    logger = logging.getLogger("asyncio")
    handler = logging.NullHandler()
    propagate = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate
