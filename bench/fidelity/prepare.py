"""`python -m bench.fidelity prepare`: each project laid out as its contributors have it.

<name>/repo: a clone of the fetched mirror (history included) reset to the pinned commit;
<name>/venv: `python3.11 -m venv`, pip upgraded (dependency groups need pip 25.1+), then
`pip install <pip_install>` run in the checkout (an editable install of the project and its
test requirements, from the package registry). The fix runs get the same pair under
<name>/fix/ (their clone is laid anew before every run, at the same path, so that venv's
editable install keeps pointing at it). Nothing here is committed; a step that fails says
which project and which command, and the other projects go on."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench.fidelity.projects import Project
from bench.repair.peer_common import git, git_ok

VENV_PYTHON = "python3.11"
PIP_TIMEOUT_S = 900.0


class PrepareError(Exception):
    """A step of a project's preparation failed; the message names the command."""


@dataclass
class Prepared:
    name: str
    ok: bool
    seconds: float
    error: str = ""
    python: str = ""
    packages: list[str] = field(default_factory=list)  # pip freeze of the venv


def prepare_all(projects: list[Project], *, fresh: bool = False) -> list[Prepared]:
    results: list[Prepared] = []
    for project in projects:
        started = time.monotonic()
        try:
            prepare(project, fresh=fresh)
            freeze = pip_freeze(project.venv)
            version = _output([str(project.venv / "bin" / "python"), "--version"], project.checkout)
            record = Prepared(project.name, True, round(time.monotonic() - started, 1), "", version, freeze)
        except PrepareError as exc:
            record = Prepared(project.name, False, round(time.monotonic() - started, 1), str(exc))
        print(f"{project.name}: {'ok' if record.ok else 'FAILED: ' + record.error} ({record.seconds:g}s)")
        results.append(record)
        _write_record(project, record)
    return results


def prepare(project: Project, *, fresh: bool = False) -> None:
    """The checkout and venv of `project`, and the fix runs' pair; `fresh` lays them anew."""
    if fresh and project.home.exists():
        shutil.rmtree(project.home)
    lay_checkout(project, project.checkout)
    make_venv(project, project.venv, project.checkout)
    lay_checkout(project, project.fix_checkout)
    make_venv(project, project.fix_venv, project.fix_checkout)


def lay_checkout(project: Project, where: Path) -> None:
    """A clone of the mirror at the pinned commit on its default branch, worktree clean."""
    if not project.mirror.is_dir():
        raise PrepareError(f"{project.name}: no mirror at {project.mirror} (fetch github:{project.repo})")
    if not (where / ".git").exists():
        where.parent.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(
            ["git", "clone", "-q", str(project.mirror), str(where)],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            raise PrepareError(f"{project.name}: git clone failed: {proc.stderr.strip()}")
    if git(where, "cat-file", "-e", f"{project.commit}^{{commit}}").returncode != 0:
        raise PrepareError(f"{project.name}: commit {project.commit} is not in {project.mirror}")
    git_ok(where, "reset", "-q", "--hard", project.commit)
    git_ok(where, "clean", "-q", "-fd")  # ignored files stay: a generated _version.py, say


def make_venv(project: Project, venv: Path, checkout: Path) -> None:
    """python3.11 -m venv, then the project's pip install run in `checkout`."""
    python = venv / "bin" / "python"
    if not python.exists():
        _run([VENV_PYTHON, "-m", "venv", str(venv)], checkout, f"{project.name}: venv")
        _run(
            [str(python), "-m", "pip", "install", "-q", "--upgrade", "pip"], checkout, f"{project.name}: pip"
        )
    _run(
        [str(python), "-m", "pip", "install", "-q", *project.pip_install],
        checkout,
        f"{project.name}: pip install {' '.join(project.pip_install)}",
    )


def pip_freeze(venv: Path) -> list[str]:
    text = _output([str(venv / "bin" / "python"), "-m", "pip", "freeze", "--all"], venv)
    return [line for line in text.splitlines() if line.strip()]


def _run(argv: list[str], cwd: Path, what: str) -> None:
    try:
        proc = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=PIP_TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired:
        raise PrepareError(f"{what}: timed out after {PIP_TIMEOUT_S:g}s") from None
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise PrepareError(f"{what}: exit {proc.returncode}: {' | '.join(tail)}")


def _output(argv: list[str], cwd: Path) -> str:
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    return proc.stdout.strip()


def _write_record(project: Project, record: Prepared) -> None:
    if project.home.is_dir():
        path = project.home / "prepared.json"
        path.write_text(json.dumps(asdict(record), indent=2) + "\n", encoding="utf-8")
