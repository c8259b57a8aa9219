"""What the user gets, end to end through the real CLI (scripted Supervisor replies stand
in for the model: deterministic control flow; Repair's search, its probes, git, the
local bare remote and the PR record are real): a fix the tests do not decide is
committed and pushed, but the run ends `approved_needs_review` with exit code 11, the PR
record opens with "Needs your review" (the distinguishing input, both behaviours and a
test to paste, which does pin the fix when pasted), the Supervisor's verdict says no more
than the evidence, `runs`, `runs show` and the dashboard's badge show the label, and with
`gh` the PR is opened as a draft; a fix the tests decide ends `approved`, exit 0,
unlabelled."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from devagent.dashboard.view import load_run
from devagent.errors import ExitCode
from devagent.trace_store import connect, sync
from tests.helpers import checkout_state, git
from tests.scripted import APPROVAL, dev_patch, write_replies

Runner = Callable[..., subprocess.CompletedProcess[str]]
LogReader = Callable[[Path], list[dict[str, Any]]]

BUGGY = '"""Distances on a line."""\n\n\ndef gap(a, b):\n    return a - b\n'
WEAK = "from gap import gap\n\n\ndef test_gap():\n    assert gap(1, 3) == 2\n"
DECIDING = WEAK + "\n\ndef test_gap_the_other_way():\n    assert gap(3, 1) == 2\n"


def _repo(tmp_path: Path, bare_remote: Path, tests: str, module: tuple[str, str] = ("gap", BUGGY)) -> Path:
    """The user's repository: `module` (name, text) with a bug, and its test file."""
    name, text = module
    repo = tmp_path / "user"
    git("init", "-q", "-b", "main", str(repo), cwd=tmp_path)
    (repo / f"{name}.py").write_text(text)
    (repo / "conftest.py").write_text("")
    (repo / "tests").mkdir()
    (repo / "tests" / f"test_{name}.py").write_text(tests)
    git("add", "-A", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", f"{name} with a bug", cwd=repo)
    git("remote", "add", "origin", str(bare_remote), cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    return repo


def _run(dev_agent: Runner, repo: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    spec = tmp_path / "spec.md"
    spec.write_text("# Fix gap()\n\nThe test of gap() fails; fix gap.py.\n")
    config = tmp_path / "config.yaml"
    config.write_text("repair: {templates: true, model_edits: 0}\n")
    model = write_replies(tmp_path / "replies.yaml", [], [APPROVAL])  # DevAgent is never asked
    return dev_agent("--phase", spec, "--model", model, "--config", config, cwd=repo, timeout=300)


def test_scripted_a_fix_the_tests_do_not_decide_is_pushed_as_needing_review(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    repo = _repo(tmp_path, bare_remote, WEAK)
    proc = _run(dev_agent, repo, tmp_path)
    assert proc.returncode == ExitCode.NEEDS_REVIEW == 11, proc.stdout + proc.stderr
    assert "outcome: approved_needs_review (exit 11)" in proc.stdout
    assert (
        "approved_needs_review: fix pushed, needs your review: the tests do not decide the fix" in proc.stderr
    )

    records = run_log(repo / "runs")
    finished = next(r["data"] for r in records if r["type"] == "run_finished")
    assert finished["outcome"] == "approved_needs_review"
    (review,) = [r["data"] for r in records if r["type"] == "repair_review"]
    assert review["label"] == "needs_review" and review["ambiguity"]["call"].startswith("gap(")
    (search,) = [r["data"] for r in records if r["type"] == "repair"]
    assert search["ambiguity"] == review["ambiguity"] and search["alternatives"] >= 1

    # committed and pushed as any fix
    branch = finished["branch"]
    assert git("ls-remote", "--heads", str(bare_remote), branch, cwd=tmp_path)
    # the PR (recorded: the remote is not on GitHub) opens with what to review, as a draft
    (record,) = (repo / "runs").glob("*.pr.md")
    text = record.read_text()
    assert "> Open it as a draft: the fix needs your review" in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## Needs your review"
    call = review["ambiguity"]["call"]
    assert f"behaves differently on `{call}`" in text and "```python" in text
    assert f"assert {call} ==" in text and f"# assert {call} ==" in text
    # the Supervisor's verdict says what the evidence says, not the model's "the tests are untouched"
    verdict = text.split("## Supervisor verdict", 1)[1].split("## ", 1)[0]
    assert "Not decided by the tests:" in verdict and "Supervisor:" not in verdict
    dropped = [r["data"] for r in records if r["type"] == "text_dropped"]
    assert any(d["what"] == "verdict on a fix the tests do not decide" for d in dropped)
    # the user's checkout is untouched
    assert (repo / "gap.py").read_text() == BUGGY

    listing = dev_agent("runs", cwd=repo)
    assert "needs_review" in listing.stdout and "approved_needs_review" in listing.stdout
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "NEEDS REVIEW" in shown.stdout and "the tests do not decide the fix" in shown.stdout
    only = dev_agent("runs", "--status", "needs_review", cwd=repo)
    assert finished_run_id(records) in only.stdout
    with closing(connect(sync(repo / "runs"))) as db:
        view = load_run(db, finished_run_id(records))
    assert view is not None and view.badge == ("NEEDS REVIEW", "violet")

    # The suggested test is one to paste: on the pushed branch it passes as written, and
    # keeping the other edit's behaviour instead fails, so it decides between the two.
    pasted = _suggested_test(text)
    clone = tmp_path / "reviewer"
    git("clone", "-q", "--branch", branch, str(bare_remote), str(clone), cwd=tmp_path)
    assert _pytest_passes(clone, pasted)
    mine, theirs = f"    assert {call} ==", f"    # assert {call} =="
    swapped = pasted.replace(mine, "    # MINE", 1).replace(theirs, mine, 1)
    assert swapped != pasted and not _pytest_passes(clone, swapped)


def test_scripted_a_fix_the_tests_decide_is_approved_without_a_label(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    repo = _repo(tmp_path, bare_remote, DECIDING)
    proc = _run(dev_agent, repo, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    finished = next(r["data"] for r in records if r["type"] == "run_finished")
    assert finished["outcome"] == "approved"
    (review,) = [r["data"] for r in records if r["type"] == "repair_review"]
    assert review == {"label": "verified", "ambiguity": None, "findings": [], "reasons": []}
    (record,) = (repo / "runs").glob("*.pr.md")
    assert "Needs your review" not in record.read_text() and "draft" not in record.read_text()
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "verified by the tests" in shown.stdout


FAKE_GH = """#!{python}
import json, sys
with open({calls!r}, "a") as calls:
    calls.write(json.dumps(sys.argv[1:]) + "\\n")
if sys.argv[1] == "pr":
    print("https://github.com/acme/gap/pull/7")
"""


def test_scripted_with_gh_a_fix_needing_review_is_opened_as_a_draft(
    dev_agent: Runner, cli_env: dict[str, str], run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    """A GitHub remote (pushes going to the local bare remote) and a `gh` that works: the
    PR is asked for with --draft and its body opens with the review section; a fix the
    tests decide is asked for without --draft (the same repository, stronger tests)."""
    calls = tmp_path / "gh-calls.txt"
    bin_dir = tmp_path / "fake-bin"
    bin_dir.mkdir()
    gh = bin_dir / "gh"
    gh.write_text(FAKE_GH.format(python=sys.executable, calls=str(calls)))
    gh.chmod(0o755)
    cli_env["PATH"] = f"{bin_dir}{os.pathsep}{cli_env['PATH']}"
    for tests, draft in ((WEAK, True), (DECIDING, False)):
        case = tmp_path / ("weak" if draft else "deciding")
        case.mkdir()
        remote = case / "remote.git"
        git("init", "-q", "--bare", "-b", "main", str(remote), cwd=case)
        repo = _repo(case, remote, tests)
        git("remote", "set-url", "origin", "https://github.com/acme/gap.git", cwd=repo)
        git("remote", "set-url", "--push", "origin", str(remote), cwd=repo)
        before = checkout_state(repo)
        calls.write_text("")
        proc = _run(dev_agent, repo, case)
        assert proc.returncode == (ExitCode.NEEDS_REVIEW if draft else ExitCode.OK), proc.stdout + proc.stderr
        finished = next(r["data"] for r in run_log(repo / "runs") if r["type"] == "run_finished")
        assert finished["pull_request"]["url"] == "https://github.com/acme/gap/pull/7"
        assert not list((repo / "runs").glob("*.pr.md"))  # opened, not recorded
        (create,) = [c for c in map(json.loads, calls.read_text().splitlines()) if c[0] == "pr"]
        assert ("--draft" in create) is draft
        body = create[create.index("--body") + 1]
        assert body.startswith("## Needs your review\n") is draft
        assert checkout_state(repo) == before


def _suggested_test(pr_text: str) -> str:
    """The pytest function in the PR's review section, as a user would copy it."""
    section = pr_text.split("## Needs your review", 1)[1].split("\n## ", 1)[0]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def _pytest_passes(clone: Path, test_text: str) -> bool:
    (clone / "tests" / "test_pasted.py").write_text(test_text)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_pasted.py"],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr  # ran: passed or failed
    return proc.returncode == 0


def finished_run_id(records: list[dict[str, Any]]) -> str:
    return str(next(r["data"]["run_id"] for r in records if r["type"] == "run_started"))


DEPTH = (
    '"""Depth of a tree of dicts."""\n\n\n'
    "def depth(node):\n"
    '    if not node["children"]:\n'
    "        return 1\n"
    '    return max(depth(child) for child in node["children"])\n'
)
DEPTH_TEST = (
    "from depth import depth\n\n\n"
    "def test_depth():\n"
    '    assert depth({"children": [{"children": []}]}) == 2\n'
)
# Passes the one test by counting only one level: the recursion is gone.
SHALLOW_DIFF = (
    "--- a/depth.py\n"
    "+++ b/depth.py\n"
    "@@ -6,2 +6,2 @@ def depth(node):\n"
    "         return 1\n"
    '-    return max(depth(child) for child in node["children"])\n'
    '+    return 1 + max(1 for child in node["children"])\n'
)
RIGHT_DIFF = SHALLOW_DIFF.replace("1 + max(1 for child", "1 + max(depth(child) for child")


def _depth_run(
    dev_agent: Runner, tmp_path: Path, bare_remote: Path, diff: str
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    repo = _repo(tmp_path, bare_remote, DEPTH_TEST, ("depth", DEPTH))
    spec = tmp_path / "spec.md"
    spec.write_text("# Fix depth()\n\nThe test of depth() fails; fix depth.py.\n")
    model = write_replies(
        tmp_path / "replies.yaml", [dev_patch(diff, "Count the node itself.")], [APPROVAL]
    )  # scripted replies: Repair does not run for them, the model's diff is the fix
    return repo, dev_agent("--phase", spec, "--model", model, cwd=repo, timeout=300)


def test_scripted_a_model_diff_that_deletes_meaning_is_pushed_as_needing_review(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    """Not only Repair's fixes are reviewed: a model's diff that passes the tests by taking
    out the recursion is labelled the same way (exit 11, the PR's first section)."""
    repo, proc = _depth_run(dev_agent, tmp_path, bare_remote, SHALLOW_DIFF)
    assert proc.returncode == ExitCode.NEEDS_REVIEW == 11, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    assert not [r for r in records if r["type"] == "repair"]  # the model's diff, not Repair's
    (review,) = [r["data"] for r in records if r["type"] == "fix_review"]
    assert review["label"] == "needs_review" and review["ambiguity"] is None
    assert [f["kind"] for f in review["findings"]] == ["recursive_call_removed"]
    (record,) = (repo / "runs").glob("*.pr.md")
    text = record.read_text()
    assert next(line for line in text.splitlines() if line.startswith("## ")) == "## Needs your review"
    assert "suspect edit: depth(): a recursive call of depth() was removed" in text
    verdict = text.split("## Supervisor verdict", 1)[1].split("## ", 1)[0]
    assert "Not decided by the tests:" in verdict and "Supervisor:" not in verdict
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "NEEDS REVIEW" in shown.stdout


# A changelog entry, as 45 of 89 real fixing commits add one: prose, not a finding.
CHANGELOG_DIFF = (
    "--- /dev/null\n+++ b/CHANGELOG.md\n@@ -0,0 +1,3 @@\n"
    "+## Unreleased\n+\n+- `depth()` counts the node itself.\n"
)


def test_scripted_a_model_diff_with_no_finding_is_approved_verified(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    repo, proc = _depth_run(dev_agent, tmp_path, bare_remote, RIGHT_DIFF + CHANGELOG_DIFF)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    (finished,) = [r["data"] for r in records if r["type"] == "run_finished"]
    assert "counts the node itself" in git("show", f"{finished['branch']}:CHANGELOG.md", cwd=repo)
    (review,) = [r["data"] for r in records if r["type"] == "fix_review"]
    assert review == {"label": "verified", "ambiguity": None, "findings": [], "reasons": []}
    (record,) = (repo / "runs").glob("*.pr.md")
    assert "Needs your review" not in record.read_text()
    shown = dev_agent("runs", "show", finished_run_id(records), cwd=repo)
    assert "verified by the tests" in shown.stdout


# The same shallow depth(), moved into a new module that depth.py now imports from: a review
# of each file against itself would see nothing (depth.py lost a function, tree_depth.py is new).
MOVED_DIFF = (
    "--- a/depth.py\n"
    "+++ b/depth.py\n"
    "@@ -1,7 +1,4 @@\n"
    ' """Depth of a tree of dicts."""\n'
    " \n"
    " \n"
    "-def depth(node):\n"
    '-    if not node["children"]:\n'
    "-        return 1\n"
    '-    return max(depth(child) for child in node["children"])\n'
    "+from tree_depth import depth  # noqa: F401\n"
    "--- /dev/null\n"
    "+++ b/tree_depth.py\n"
    "@@ -0,0 +1,4 @@\n"
    "+def depth(node):\n"
    '+    if not node["children"]:\n'
    "+        return 1\n"
    '+    return 1 + max(1 for child in node["children"])\n'
)


def test_scripted_a_model_diff_that_moves_the_function_to_gut_it_is_pushed_as_needing_review(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    """Moving code is no way around the review: functions are matched by their qualified
    name across every file the branch changed (devagent/repair/branch_review.py)."""
    repo, proc = _depth_run(dev_agent, tmp_path, bare_remote, MOVED_DIFF)
    assert proc.returncode == ExitCode.NEEDS_REVIEW, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    (review,) = [r["data"] for r in records if r["type"] == "fix_review"]
    assert [(f["kind"], f["function"]) for f in review["findings"]] == [("recursive_call_removed", "depth")]
    (record,) = (repo / "runs").glob("*.pr.md")
    assert "suspect edit: depth(): a recursive call of depth() was removed" in record.read_text()


# A change to a data file the code reads: the review cannot judge it, so it says so.
RATES_DIFF = '--- a/limits.json\n+++ b/limits.json\n@@ -1 +1 @@\n-{"leaf": 0}\n+{"leaf": 1}\n'


def test_scripted_a_model_diff_to_a_data_file_is_pushed_as_needing_review(
    dev_agent: Runner, run_log: LogReader, tmp_path: Path, bare_remote: Path
) -> None:
    """The review reads Python only: a diff that fixes the run by changing the data the
    code reads is not presented as verified; the PR names the file nobody reviewed."""
    reads_data = (
        "import json\nimport pathlib\n\n"
        'LEAF = json.loads((pathlib.Path(__file__).parent / "limits.json").read_text())["leaf"]\n\n\n'
        "def depth(node):\n"
        '    if not node["children"]:\n'
        "        return LEAF\n"
        '    return 1 + max(depth(child) for child in node["children"])\n'
    )
    repo = _repo(tmp_path, bare_remote, DEPTH_TEST, ("depth", reads_data))
    (repo / "limits.json").write_text('{"leaf": 0}\n')
    git("add", "limits.json", cwd=repo)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "limits", cwd=repo)
    git("push", "-q", "origin", "main", cwd=repo)
    spec = tmp_path / "spec.md"
    spec.write_text("# Fix depth()\n\nThe test of depth() fails; fix it.\n")
    model = write_replies(
        tmp_path / "replies.yaml", [dev_patch(RATES_DIFF, "A leaf has depth 1.")], [APPROVAL]
    )  # scripted replies: Repair does not run for them, the model's diff is the fix
    proc = dev_agent("--phase", spec, "--model", model, cwd=repo, timeout=300)
    assert proc.returncode == ExitCode.NEEDS_REVIEW, proc.stdout + proc.stderr
    records = run_log(repo / "runs")
    (review,) = [r["data"] for r in records if r["type"] == "fix_review"]
    assert [f["kind"] for f in review["findings"]] == ["not_reviewed"]
    (record,) = (repo / "runs").glob("*.pr.md")
    assert "limits.json" in record.read_text().split("## Needs your review", 1)[1].split("\n## ", 1)[0]
