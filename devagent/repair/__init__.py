"""Generate-and-validate program repair that needs no model.

localize.py ranks source lines by spectrum-based fault localisation (Ochiai plus the
failing tracebacks), the rules of rules/ propose one-line edits for a line (one module
per kind of edit; rules/catalogue.py applies them), validate.py tests candidates in a
throwaway copy of the repository, and search.py chains the three: candidates of the most
suspicious lines, the most natural edits first, until one makes the failing tests and
then the whole suite pass. This package only hands those names on."""

from devagent.repair.localize import Localization, SuspiciousLine, localize
from devagent.repair.rules import candidates
from devagent.repair.rules.edit import Edit, apply, rank
from devagent.repair.search import (
    BUDGET_RUNS,
    CANDIDATE_TIMEOUT_MIN_S,
    CANDIDATE_TIMEOUT_RUNS,
    CLEAN_ONLY,
    GUARD_EXTRA,
    MIN_BUDGET_S,
    PER_LINE,
    Candidate,
    RepairResult,
    candidate_timeout,
    pairs,
    plan,
    repair,
    search_budget,
    synthesized,
)
from devagent.repair.validate import CandidateRunner, RunnerError, TestVerdict

__all__ = [
    "BUDGET_RUNS",
    "CANDIDATE_TIMEOUT_MIN_S",
    "CANDIDATE_TIMEOUT_RUNS",
    "CLEAN_ONLY",
    "GUARD_EXTRA",
    "MIN_BUDGET_S",
    "PER_LINE",
    "Candidate",
    "CandidateRunner",
    "Edit",
    "Localization",
    "RepairResult",
    "RunnerError",
    "SuspiciousLine",
    "TestVerdict",
    "apply",
    "candidate_timeout",
    "candidates",
    "localize",
    "pairs",
    "plan",
    "rank",
    "repair",
    "search_budget",
    "synthesized",
]
