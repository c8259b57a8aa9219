"""Repair's search on the probe programs: one-line omissions written outside the task set.

    python -m bench.repair.probe [--dir DIR] [NAME ...]

Each folder of `bench/repair/probes/` (or of DIR) holds a buggy `mod.py` and its
`test_mod.py` (at least one test fails), and may hold `fixed.py`, the program as meant.

Stop 29's 42 programs (the top level) were written to widen Repair's families without
looking at either half of the task set (SPLIT.md): the kinds the holdout half fails most
(a missing check, call, statement or base case), in shapes common in small programs.
They have no `fixed.py`, so a fix is judged by the tests alone.

Stop 30's blind batch (`probes/blind/`) was written by helpers who never saw Repair's
code, each with its `fixed.py`: a fix that passes the tests is also run against it on
inputs derived from the tests' calls (bench/repair/differential.py), as the benchmark
does. Its first run measures reach on programs nobody tuned for; stop 30's families were
then written from its misses. `probes/blind2/`, 36 more written the same way by three other
helpers once those families were in, measures them at first sight.

This is a quick measure; `bench.repair.run` gives the figures that count. Prints one line
per program and the counts; exit 0 (2 on an unknown name or folder).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.repair.check_tasks import defined_functions
from bench.repair.differential import compare
from devagent.repair import repair
from devagent.repair.review import review_of

PROBES_DIR = Path(__file__).resolve().parent / "probes"
EXIT_USAGE = 2


def probe_names(folder: Path = PROBES_DIR) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if (p / "mod.py").is_file())


def _layout(repo: Path, module: Path, tests: Path) -> None:
    """A probe as the benchmark lays a task out: the module at the root, tests in tests/."""
    shutil.copy(module, repo / "mod.py")
    (repo / "tests").mkdir()
    shutil.copy(tests, repo / "tests" / "test_mod.py")
    (repo / "conftest.py").write_text("")  # puts the repo root on sys.path for `import mod`


def probe_repo(folder: Path, repo: Path) -> None:
    """The probe program of `folder` laid out in the empty folder `repo`, committed once."""
    _layout(repo, folder / "mod.py", folder / "test_mod.py")
    for command in (
        ["git", "init", "-q"],
        ["git", "add", "-A"],
        ["git", "-c", "user.name=probe", "-c", "user.email=probe@localhost", "commit", "-qm", "probe"],
    ):
        subprocess.run(command, cwd=repo, check=True)


def differential(folder: Path, candidate: str) -> str:
    """The candidate module against the probe's fixed.py ("" when it has none)."""
    if not (folder / "fixed.py").is_file():
        return ""
    with tempfile.TemporaryDirectory(prefix="repair-probe-ref-") as tmp:
        reference, program = Path(tmp) / "reference", Path(tmp) / "candidate"
        for repo, module in ((reference, folder / "fixed.py"), (program, folder / "mod.py")):
            repo.mkdir()
            _layout(repo, module, folder / "test_mod.py")
        (program / "mod.py").write_text(candidate, encoding="utf-8")
        verdict = compare(program, reference, sorted(defined_functions(reference)))
    return verdict.summary()


def run_probe(name: str, folder: Path = PROBES_DIR) -> tuple[bool, bool | None, str]:
    """(fixed, overfit, one line) for the probe program `name` of `folder`, searched in a
    throwaway git repo; overfit is None when there is no fix or nothing to compare with."""
    with tempfile.TemporaryDirectory(prefix="repair-probe-") as tmp:
        repo = Path(tmp)
        probe_repo(folder / name, repo)
        started = time.monotonic()
        result = repair(repo, ["-q"], timeout_s=60)
        wall = time.monotonic() - started
        head = f"  {name:18} {{}} tried {result.tried:4}/{result.planned:<4} {wall:5.1f}s"
        if result.fixed is None:
            return False, None, head.format("not fixed") + f"  {result.error or ''}".rstrip()
        edit = result.fixed.edit
        review = review_of(
            result.fixed.path,
            (repo / result.fixed.path).read_text(),
            result.fixed.content,
            result.ambiguity,
            result.behaviour_changes,
        )
        new = " | ".join(line.strip() for line in edit.new_text.strip().splitlines())
        verdict = differential(folder / name, result.fixed.content)
        overfit = None if not verdict or "not available" in verdict else "disagrees" in verdict
        line = head.format("OVERFIT  " if overfit else "fixed    ") + f"  {edit.template:16} {new}"
        # the guard's doubt, beside the reference's verdict: how well the one predicts the other
        doubt = f"  (suspect: {result.suspicion})" if result.suspicion else ""
        label = f"  [needs review: {'; '.join(review.reasons())}]" if review.needed else "  [verified]"
        return True, overfit, line + (f"  [{verdict}]" if verdict else "") + doubt + label


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.probe", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--dir", type=Path, default=PROBES_DIR, help="folder of probe programs")
    parser.add_argument("names", nargs="*", metavar="NAME", help="probe programs (default: all of them)")
    args = parser.parse_args(argv)
    if not args.dir.is_dir():
        print(f"bench.repair.probe: --dir {args.dir}: no such folder", file=sys.stderr)
        return EXIT_USAGE
    known = probe_names(args.dir)
    for name in args.names:
        if name not in known:
            print(f"bench.repair.probe: {name}: no such probe in {args.dir}", file=sys.stderr)
            return EXIT_USAGE
    fixed = overfit = 0
    names = args.names or known
    for name in names:
        ok, suspect, line = run_probe(name, args.dir)
        fixed += ok
        overfit += bool(suspect)
        print(line, flush=True)
    print(f"fixed {fixed}/{len(names)}, {overfit} of them disagree with fixed.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
