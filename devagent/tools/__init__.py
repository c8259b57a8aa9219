"""Tools the agents use inside their own worktree: shell, files, git.

The names below are what callers outside tools/ use; importing them loads only the
standard library and devagent's own light modules (errors, text, interrupt).

Inside, the modules form layers (tests/test_import_graph.py keeps them free of cycles):
process.py runs programs; git_command.py is the one git runner with its safety options
and environment; diff_headers.py reads diff headers and numstat output; patch_policy.py
and the patch applier (patch_apply/) build on those; git_tool.py (GitTool) on all of them."""

from __future__ import annotations

from devagent.tools.git.command import run_git
from devagent.tools.git_tool import (
    WORKTREE_PREFIX,
    CommitInfo,
    GitSettings,
    GitTool,
    find_repo_root,
    next_branch_name,
)
from devagent.tools.patch_apply import ApplyResult, apply_patch, render_diff
from devagent.tools.patch_policy import PatchPolicy, PatchRefused
from devagent.tools.pull_request import PullRequest, PullRequestResult, open_pull_request, render_body
from devagent.tools.sandbox import Sandbox, git_common_dir
from devagent.tools.shell import CommandPolicy, CommandRejected, CommandResult, ProgramNotFound, ShellTool

__all__ = [
    "WORKTREE_PREFIX",
    "ApplyResult",
    "CommandPolicy",
    "CommandRejected",
    "CommandResult",
    "CommitInfo",
    "GitSettings",
    "GitTool",
    "PatchPolicy",
    "PatchRefused",
    "ProgramNotFound",
    "PullRequest",
    "PullRequestResult",
    "Sandbox",
    "ShellTool",
    "apply_patch",
    "find_repo_root",
    "git_common_dir",
    "next_branch_name",
    "open_pull_request",
    "render_body",
    "render_diff",
    "run_git",
]
