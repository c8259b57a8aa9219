"""Tools the agents use inside their own worktree: shell, files, git."""
