"""Every test-passing candidate Repair's search meets, judged against the reference: the
choice a ranking rule (or a model judging candidates) would have had.

    python -m bench.repair.passers [--window N] [--out FILE] CASE ...

A CASE is a development task id or a probe folder with a `fixed.py`
(bench/repair/probes/blind5/p_lucky_number). The search runs as Repair runs it, except
that each passing candidate is recorded with the overfit guard's verdict and then set
aside as suspect, so the search goes on for `--window` more candidates (Repair's own
GUARD_EXTRA by default) instead of stopping at the first clean one. Each passing
candidate is then compared with the reference program (differential.py), and scored by
its naturalness: how much more (or less) likely the embedded SmolLM2-135M finds the
edited module than the original one (the sum of its tokens' log-probabilities), the
entropy that patch ranking with language models uses (Xia, Wei and Zhang, ICSE 2023).

Two choices are printed per case and counted: `first`, Repair's rule (the first clean
pass, else the least suspect one), and `natural`, the least suspect, then the most
natural; and the cases where a right candidate is among those that may win, the most a
perfect judge of the passing candidates could get. Holdout tasks are refused (exit 2),
as in search_only.py."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import devagent.repair.search
from bench.repair.check_tasks import TaskError, load_task
from bench.repair.differential import check_candidate
from bench.repair.peer_common import make_workspace
from bench.repair.probe import differential, probe_repo
from bench.repair.split import half_of
from devagent.config import Config
from devagent.repair import Edit, overfit, repair
from devagent.resources import embedded_model_path
from devagent.workflows.fix.repair_step import pytest_args, search_options

EXIT_USAGE = 2
TASKS_DIR = Path(__file__).resolve().parent / "tasks"


@dataclass
class Passer:
    path: str
    template: str
    line: int
    new: str  # the edit's new text, on one line
    suspicion: int  # the overfit guard's count (0: clean)
    right: bool  # agrees with the reference program
    naturalness: float  # log-probability of the edited module minus the original's


class Naturalness:
    """Sum of a text's token log-probabilities under the embedded model (a context
    manager: the model is freed on leaving it)."""

    def __init__(self) -> None:
        from llama_cpp import Llama  # only this script needs it in-process

        self._llm = Llama(model_path=str(embedded_model_path()), n_ctx=4096, logits_all=True, verbose=False)
        self._known: dict[str, float] = {}

    def __enter__(self) -> Naturalness:
        return self

    def __exit__(self, *exc: object) -> None:
        self._llm.close()

    def logprob(self, text: str) -> float:
        import numpy as np

        if text in self._known:
            return self._known[text]
        tokens = self._llm.tokenize(text.encode("utf-8"), add_bos=True)
        self._llm.reset()
        self._llm.eval(tokens)
        logits = np.asarray(self._llm.scores[: len(tokens) - 1], dtype=np.float64)
        top = logits.max(axis=1, keepdims=True)
        norm = np.log(np.exp(logits - top).sum(axis=1)) + top[:, 0]
        picked = logits[np.arange(len(tokens) - 1), tokens[1:]]
        self._known[text] = float((picked - norm).sum())
        return self._known[text]

    def delta(self, original: str, content: str) -> float:
        """How much more likely the edited module is than the original."""
        return self.logprob(content) - self.logprob(original)


Passed = tuple[str, Edit, str, overfit.Suspicion]  # path, edit, the edited file, the guard's verdict


def search(repo: Path, test_args: list[str], window: int, **settings: Any) -> list[Passed]:
    """Every candidate that passed, in the search's order; `settings` as search_only.py
    (tasks) or probe.py (probes) give them."""
    seen: list[Passed] = []
    real = overfit.check

    def recording(
        root: Path, scratch: Path, path: str, edit: Edit, content: str, *rest: Any
    ) -> overfit.Suspicion:
        verdict = real(root, scratch, path, edit, content, *rest)
        seen.append((path, edit, content, verdict))
        return overfit.Suspicion(10**6, "recorded")  # set aside, so the search goes on

    with (
        mock.patch.object(overfit, "check", recording),
        mock.patch.object(devagent.repair.search, "GUARD_EXTRA", window),
    ):
        repair(repo, test_args, ambiguity=False, **settings)
    return seen


def passers_of(case: str, window: int, scorer: Naturalness) -> tuple[str, list[Passer]]:
    folder = Path(case)
    with tempfile.TemporaryDirectory(prefix="repair-passers-") as tmp:
        if (folder / "fixed.py").is_file():
            repo = Path(tmp) / "repo"
            repo.mkdir()
            probe_repo(folder, repo)
            found = search(repo, ["-q"], window, timeout_s=60)
            verdicts = ["disagrees" not in differential(folder, content) for _, _, content, _ in found]
        else:
            if not (TASKS_DIR / case / "task.yaml").is_file():
                raise TaskError(
                    f"{case}: neither a task of bench/repair/tasks nor a probe folder with a fixed.py"
                )
            if half_of(case) != "development":
                raise TaskError(f"{case}: a holdout task; Repair is worked on against development tasks only")
            task = load_task(TASKS_DIR / case)
            args = pytest_args(task.test_command)
            if args is None:
                raise TaskError(f"{case}: not a pytest command")
            repo = make_workspace(task, Path(tmp))
            found = search(repo, args, window, **search_options(Config()))
            verdicts = []
            for path, _, content, _ in found:
                with tempfile.TemporaryDirectory() as other:
                    copy = make_workspace(task, Path(other))
                    (copy / path).write_text(content, encoding="utf-8")
                    verdicts.append(not check_candidate(task, copy).overfit)
        original = {path: (repo / path).read_text(encoding="utf-8") for path, _, _, _ in found}
    rows = []
    for (path, edit, content, verdict), right in zip(found, verdicts, strict=True):
        new = " | ".join(line.strip() for line in edit.new_text.strip().splitlines())
        likelier = scorer.delta(original[path], content)
        rows.append(Passer(path, edit.template, edit.line, new, verdict.score, right, likelier))
    return folder.name, rows


def _eligible(rows: Sequence[Passer]) -> list[Passer]:
    """What may win: a suspect pass of a clean-only family never does (repair's CLEAN_ONLY)."""
    return [r for r in rows if not (r.suspicion and r.template in devagent.repair.search.CLEAN_ONLY)]


def first(rows: Sequence[Passer]) -> Passer | None:
    """Repair's choice: the first clean pass, else the least suspect (the first of those)."""
    return min(_eligible(rows), key=lambda r: r.suspicion, default=None)


def natural(rows: Sequence[Passer]) -> Passer | None:
    """The least suspect, then the most natural."""
    return min(_eligible(rows), key=lambda r: (r.suspicion, -r.naturalness), default=None)


def listing(name: str, picks: dict[str, Passer | None], rows: Sequence[Passer]) -> str:
    """A case's choices, then its passing candidates, a line each."""
    verdicts = {rule: "none" if p is None else "right" if p.right else "wrong" for rule, p in picks.items()}
    lines = [f"== {name}: " + ", ".join(f"{rule} {verdict}" for rule, verdict in verdicts.items())]
    for row in rows:
        verdict = "ok " if row.right else "BAD"
        lines.append(
            f"   {verdict} s={row.suspicion:<2} n={row.naturalness:7.2f} {row.template:16} {row.new[:70]}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.repair.passers", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument(
        "--window", type=int, default=devagent.repair.search.GUARD_EXTRA, help="candidates after a pass"
    )
    parser.add_argument("--out", type=Path, help="also write each case's passing candidates as a JSON line")
    parser.add_argument("cases", nargs="+", metavar="CASE", help="development task ids or probe folders")
    args = parser.parse_args(argv)
    counts = {"cases": 0, "choices": 0, "reachable": 0, "first": 0, "natural": 0}
    with Naturalness() as scorer:
        for case in args.cases:
            try:
                name, rows = passers_of(case, args.window, scorer)
            except (TaskError, OSError) as exc:
                print(f"bench.repair.passers: {exc}", file=sys.stderr)
                return EXIT_USAGE
            picks = {rule.__name__: rule(rows) for rule in (first, natural)}
            counts["cases"] += 1
            counts["choices"] += any(r.right for r in rows) and not all(r.right for r in rows)
            counts["reachable"] += any(r.right for r in _eligible(rows))  # what a perfect judge would get
            for rule, pick in picks.items():
                counts[rule] += bool(pick and pick.right)
            print(listing(name, picks, rows))
            if args.out:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"case": name, "passers": [asdict(r) for r in rows]}) + "\n")
    print(
        f"{counts['cases']} case(s), {counts['choices']} with both right and wrong passers, "
        f"{counts['reachable']} with a right one that may win; "
        f"right choices: first {counts['first']}, natural {counts['natural']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
