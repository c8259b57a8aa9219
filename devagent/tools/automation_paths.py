"""CI and automation configs: files whose content another program runs without anyone
reading it first, and which a model's change has no business in unless the user says so.

A forge runs a pushed branch's workflow with the repository's secrets (GitHub Actions,
GitLab CI, CircleCI, Jenkins, Azure Pipelines, Travis, Bitbucket, Buildkite, Drone,
AppVeyor, Cirrus, Woodpecker); pre-commit and husky run theirs on the next commit;
direnv runs `.envrc` on `cd`; dev containers, Gitpod and VS Code tasks run commands when
the folder is opened; nox runs its sessions in CI. Patterns are globs on POSIX relative
paths (devagent/tools/patch_policy.py: `**/` matches at any depth, a plain folder name
covers everything below it). `.gitattributes` and `.gitmodules` are not here: they
decide which programs git itself runs and are refused always (patch_policy.py);
`tox.ini` and `pyproject.toml` are test configuration, in `protected_paths`."""

from __future__ import annotations

AUTOMATION_PATHS: tuple[str, ...] = (
    "**/.github/**",
    "**/.gitlab-ci.yml",
    "**/.gitlab/**",
    "**/.circleci/**",
    "**/Jenkinsfile",
    "**/azure-pipelines.yml",
    "**/azure-pipelines.yaml",
    "**/.azure-pipelines/**",
    "**/.travis.yml",
    "**/bitbucket-pipelines.yml",
    "**/.buildkite/**",
    "**/.drone.yml",
    "**/appveyor.yml",
    "**/.appveyor.yml",
    "**/.cirrus.yml",
    "**/.woodpecker.yml",
    "**/.woodpecker/**",
    "**/.pre-commit-config.yaml",
    "**/.pre-commit-hooks.yaml",
    "**/.husky/**",
    "**/noxfile.py",
    "**/.envrc",
    "**/.devcontainer/**",
    "**/.gitpod.yml",
    "**/.vscode/**",
)
