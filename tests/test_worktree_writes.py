"""Issue 39.3: every host-side write into a worktree refuses a symlink at the moment of the
write (devagent/worktree_files.py: write_inside, open_for_write_inside, remove_inside),
not only when the paths were checked: a test run in the sandbox between the check and the
write can plant one. The helper on real files (a symlink as the file, as a folder on the
way, a FIFO, a hard link, the race made deterministic), and plan mode through the real CLI
on scripted replies, where a test collected in the tests-first run plants the link."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from devagent import worktree_files
from devagent.worktree_files import OutsideWorktree, open_for_write_inside, remove_inside, write_inside
from tests.helpers import OutsideGuard, git
from tests.plan_scripted import CALC, edits, green_repo, plan, plan_task, says_tester
from tests.scripted import supervisor

pytestmark = pytest.mark.adversarial

Runner = Callable[..., subprocess.CompletedProcess[str]]
Log = Callable[[Path], list[dict[str, Any]]]


@pytest.fixture
def places(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """(a worktree, a folder outside it holding `victim.txt`)."""
    tree, outside = tmp_path / "tree", tmp_path / "outside"
    tree.mkdir()
    outside.mkdir()
    (outside / "victim.txt").write_text("the user's file\n")
    yield tree, outside
    assert (outside / "victim.txt").read_text() == "the user's file\n"


def test_write_inside_creates_folders_and_replaces_content(places: tuple[Path, Path]) -> None:
    tree, _ = places
    write_inside(tree, "pkg/sub/mod.py", b"x = 1\n")
    write_inside(tree, "pkg/sub/mod.py", b"y\n")
    assert (tree / "pkg" / "sub" / "mod.py").read_bytes() == b"y\n"
    script = tree / "run.sh"
    script.write_text("old\n")
    script.chmod(0o755)
    write_inside(tree, "run.sh", b"new\n")
    assert script.read_text() == "new\n" and script.stat().st_mode & 0o777 == 0o755


def test_a_symlink_as_the_file_is_refused(places: tuple[Path, Path]) -> None:
    tree, outside = places
    (tree / "calc.py").symlink_to(outside / "victim.txt")
    with pytest.raises(OutsideWorktree, match=r"calc.py: a symlink or not a regular file \(refused\)"):
        write_inside(tree, "calc.py", b"model content\n")
    assert (tree / "calc.py").is_symlink()


def test_a_symlink_to_a_missing_file_is_refused_and_creates_nothing(places: tuple[Path, Path]) -> None:
    tree, outside = places
    (tree / "new.py").symlink_to(outside / "created.txt")
    with pytest.raises(OutsideWorktree):
        write_inside(tree, "new.py", b"model content\n")
    assert not (outside / "created.txt").exists()


@pytest.mark.parametrize("depth", [1, 2])
def test_a_symlink_as_a_folder_on_the_way_is_refused(places: tuple[Path, Path], depth: int) -> None:
    tree, outside = places
    (tree / "a").mkdir()
    link = tree / "pkg" if depth == 1 else tree / "a" / "pkg"
    link.symlink_to(outside)
    rel = "pkg/victim.txt" if depth == 1 else "a/pkg/victim.txt"
    with pytest.raises(OutsideWorktree, match="is a symlink or not a folder"):
        write_inside(tree, rel, b"model content\n")
    with pytest.raises(OutsideWorktree):
        write_inside(tree, rel.replace("victim.txt", "new/file.py"), b"x\n")
    assert sorted(p.name for p in outside.iterdir()) == ["victim.txt"]
    with pytest.raises(OutsideWorktree):  # nor removes anything through the link
        remove_inside(tree, rel)
    assert (outside / "victim.txt").exists()


def test_a_root_that_is_a_symlink_is_refused(places: tuple[Path, Path], tmp_path: Path) -> None:
    """Repair's copy (`scratch/tree`) lies in a folder its tests may write: a test can
    swap the copy's root itself for a link."""
    _, outside = places
    (tmp_path / "swapped").symlink_to(outside)
    with pytest.raises(OutsideWorktree, match="is a symlink or not a folder"):
        write_inside(tmp_path / "swapped", "victim.txt", b"model content\n")
    with pytest.raises(OutsideWorktree):
        remove_inside(tmp_path / "swapped", "victim.txt")


def test_a_fifo_a_folder_and_a_hard_link_are_refused_without_hanging(places: tuple[Path, Path]) -> None:
    tree, outside = places
    os.mkfifo(tree / "pipe")
    (tree / "folder").mkdir()
    os.link(outside / "victim.txt", tree / "linked.txt")
    for rel in ("pipe", "folder", "linked.txt"):
        with pytest.raises(OutsideWorktree):
            write_inside(tree, rel, b"model content\n")


@pytest.mark.parametrize("rel", ["../outside/victim.txt", "/etc/passwd", "a/./b", "a//b", ""])
def test_paths_that_are_not_plain_relative_paths_are_refused(places: tuple[Path, Path], rel: str) -> None:
    tree, _ = places
    with pytest.raises(OutsideWorktree, match="not a plain relative path"):
        write_inside(tree, rel, b"x\n")


def _race(monkeypatch: pytest.MonkeyPatch, when_opening: str, swap: Callable[[], None]) -> None:
    """Make the attacker win the race deterministically: `swap` runs right before the
    helper opens `when_opening`, i.e. after every check anyone made before the write."""
    real_open = os.open

    def racing_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
        if path == when_opening and dir_fd is not None:
            swap()
        return real_open(path, flags, mode, dir_fd=dir_fd)

    monkeypatch.setattr(worktree_files.os, "open", racing_open)


def test_race_folder_replaced_by_a_symlink_just_before_the_write_is_refused(
    places: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    tree, outside = places
    (tree / "pkg").mkdir()
    (tree / "pkg" / "victim.txt").write_text("inside\n")

    def swap() -> None:
        (tree / "pkg").rename(tree / "moved")
        (tree / "pkg").symlink_to(outside)

    _race(monkeypatch, "pkg", swap)
    with pytest.raises(OutsideWorktree):
        write_inside(tree, "pkg/victim.txt", b"model content\n")


def test_race_file_replaced_by_a_symlink_just_before_the_write_is_refused(
    places: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    tree, outside = places
    (tree / "calc.py").write_text("original\n")

    def swap() -> None:
        (tree / "calc.py").unlink()
        (tree / "calc.py").symlink_to(outside / "victim.txt")

    _race(monkeypatch, "calc.py", swap)
    with pytest.raises(OutsideWorktree):
        write_inside(tree, "calc.py", b"model content\n")


def test_race_folder_swapped_after_it_was_opened_writes_into_the_folder_that_was_opened(
    places: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a folder is open, swapping its name for a link changes nothing: the write
    lands in the folder that was opened (still inside the tree), never outside."""
    tree, outside = places
    (tree / "pkg").mkdir()

    def swap() -> None:
        (tree / "pkg").rename(tree / "moved")
        (tree / "pkg").symlink_to(outside)

    _race(monkeypatch, "mod.py", swap)
    fd = open_for_write_inside(tree, "pkg/mod.py")
    os.write(fd, b"x = 1\n")
    os.close(fd)
    assert (tree / "moved" / "mod.py").read_text() == "x = 1\n"
    assert sorted(p.name for p in outside.iterdir()) == ["victim.txt"]


# ------------------------------------------------------------------ plan mode, end to end

CALC_WITH_SUB = CALC + "\n\ndef sub(a, b):\n    return a - b\n"
PHASE = "# Add sub()\n\nAdd sub(a, b) to calc.py, returning a - b, with a test.\n"
NOT_MET = supervisor(False, "The suite is green but calc.py has no sub(): the phase is not met.")
# A test the Coder writes first; collected in the tests-first run (in the sandbox), it
# swaps `{planted}` for a symlink to `{target}` outside the worktree, then fails.
PLANTING_TEST = """import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_PLANTED = _ROOT / {planted!r}
if not _PLANTED.is_symlink():
    if _PLANTED.exists():
        _PLANTED.unlink()
    _PLANTED.parent.mkdir(parents=True, exist_ok=True)
    os.symlink({target!r}, _PLANTED)


def test_sub():
    from calc import sub

    assert sub(5, 3) == 2
"""


def _run_new_work(
    dev_agent: Runner, tmp_path: Path, repo: Path, artifacts: list[str], files: list[tuple[str, str]]
) -> subprocess.CompletedProcess[str]:
    replies = {
        "Supervisor": [NOT_MET],
        "DevAgent": [],
        "Planner": [plan(plan_task(1, "Add sub() with its test", artifacts))],
        "Coder": [edits(*files), edits(*files)],
        "Tester": [says_tester("T1", True, "2 passed")],
    }
    (tmp_path / "replies.yaml").write_text(yaml.safe_dump(replies), encoding="utf-8")
    (tmp_path / "config.yaml").write_text("workflow: workflows/fix_new_work.yaml\n", encoding="utf-8")
    (tmp_path / "phase.md").write_text(PHASE, encoding="utf-8")
    return dev_agent(
        "--phase", tmp_path / "phase.md", "--config", tmp_path / "config.yaml",
        "--model", f"scripted:{tmp_path / 'replies.yaml'}", "--runs-dir", tmp_path / "runs", "--quiet",
        cwd=repo,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("planted", "artifact", "written"),
    [
        ("calc.py", "calc.py", "victim.py"),  # the Coder's file itself becomes the link
        ("pkg", "pkg/sub.py", "sub.py"),  # a folder on its way becomes the link
    ],
    ids=["symlink-as-the-file", "symlink-as-a-parent-folder"],
)
def test_scripted_plan_tests_first_write_never_goes_through_a_symlink_a_test_planted(
    dev_agent: Runner,
    run_log: Log,
    tmp_path: Path,
    bare_remote: Path,
    outside: OutsideGuard,
    planted: str,
    artifact: str,
    written: str,
) -> None:
    repo = green_repo(tmp_path, bare_remote)
    victim_dir = tmp_path / "victim"
    victim_dir.mkdir()
    (victim_dir / "victim.py").write_text("# the user's file\n")
    target = victim_dir / "victim.py" if planted == "calc.py" else victim_dir
    test = PLANTING_TEST.format(planted=planted, target=str(target))
    code = CALC_WITH_SUB if artifact == "calc.py" else "def sub(a, b):\n    return a - b\n"
    outside.watch_dir(victim_dir)
    outside.watch_repo(repo)

    proc = _run_new_work(
        dev_agent,
        tmp_path,
        repo,
        ["tests/test_sub.py", artifact],
        [("tests/test_sub.py", test), (artifact, code)],
    )

    assert proc.returncode != 0, proc.stdout + proc.stderr  # the Coder's edits never landed
    assert "Traceback" not in proc.stderr
    records = run_log(tmp_path / "runs")
    first = [r["data"] for r in records if r["type"] == "tests_first"]
    assert first and first[0]["exit_code"] != 0, "the planting test never ran"
    refused = [r["data"]["reason"] for r in records if r["type"] == "edits_refused"]
    assert any(f"{artifact}: " in reason and "(refused)" in reason for reason in refused), refused
    assert (victim_dir / "victim.py").read_text() == "# the user's file\n"
    assert sorted(p.name for p in victim_dir.iterdir()) == ["victim.py"], f"{written} was written outside"
    assert git("branch", "--list", "dev-agent/*", cwd=bare_remote) == ""


# ------------------------------------------------------------------ Repair's copy

SWAPPING_TEST = """import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent
_CALC = _ROOT / "calc.py"
_LOG = _ROOT.parent / "tools" / "runs" / "2.log"


def test_swaps_calc_and_the_next_log():
    if not _CALC.is_symlink():
        _CALC.unlink()
        os.symlink({victim!r}, _CALC)
    if not _LOG.is_symlink():
        os.symlink({victim!r}, _LOG)
    assert False
"""


def test_repair_copy_restore_never_writes_through_a_symlink_its_tests_planted(
    places: tuple[Path, Path],
) -> None:
    """A candidate run in Repair's copy swaps the candidate's file for a link (and plants
    the next run's log as one): putting the original back, and the next run's log, are
    refused; the file outside is untouched (checked by `places`)."""
    from devagent.repair.validate import CandidateRunner

    tree, outside = places
    (tree / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    (tree / "test_swap.py").write_text(SWAPPING_TEST.format(victim=str(outside / "victim.txt")))
    with CandidateRunner(tree, (), 60, mode="subprocess") as runner:
        with pytest.raises(OutsideWorktree, match=r"calc.py: a symlink"):
            runner.run("calc.py", "def add(a, b):\n    return a + b\n")
        with pytest.raises(OutsideWorktree, match=r"2.log: a symlink"):
            runner.check()
