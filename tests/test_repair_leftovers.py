"""Repair's throwaway copies left by a killed run (devagent/repair/leftovers.py): the next
run removes a copy whose owner is gone, even while the killed run's last processes (a
sandboxed test run outliving its parent for a moment) still write into it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from devagent.repair.leftovers import COPY_PREFIX, remove_stale_copies


def _dead_pid() -> int:
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(proc.stdout)


def test_a_copy_whose_owner_is_gone_is_removed_even_while_a_straggler_writes_in_it(tmp_path: Path) -> None:
    copy = tmp_path / f"{COPY_PREFIX}abc"
    (copy / "tools" / "runs").mkdir(parents=True)
    (copy / ".owner").write_text(str(_dead_pid()))
    # A straggler of the killed run: it goes on writing result files for a second.
    writer = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time\n"
         "end = time.monotonic() + 1.0\n"
         "i = 0\n"
         "while time.monotonic() < end:\n"
         "    try:\n"
         "        open(f'{sys.argv[1]}/r{i}', 'w').close()\n"
         "    except OSError:\n"
         "        pass\n"
         "    i += 1\n",
         str(copy / "tools" / "runs")],
    )  # fmt: skip
    try:
        while not list((copy / "tools" / "runs").glob("r*")):
            time.sleep(0.01)
        assert remove_stale_copies(tmp_path) == [copy]
        assert not copy.exists()
    finally:
        writer.kill()
        writer.wait()


def test_a_copy_whose_owner_lives_or_is_unknown_is_left_alone(tmp_path: Path) -> None:
    live = tmp_path / f"{COPY_PREFIX}live"
    live.mkdir()
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (live / ".owner").write_text(str(sleeper.pid))
        unknown = tmp_path / f"{COPY_PREFIX}unknown"
        unknown.mkdir()
        assert remove_stale_copies(tmp_path) == []
        assert live.is_dir() and unknown.is_dir()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_removal_never_reaches_outside_the_copy_through_a_link(tmp_path: Path) -> None:
    """An attacker's paths: a "copy" that is a link to the user's folder, and a link inside
    a stale copy to it. Neither the link's target nor anything in it is removed."""
    user = tmp_path / "user"
    user.mkdir()
    (user / "keep.txt").write_text("mine")
    (user / ".owner").write_text(str(_dead_pid()))
    temp = tmp_path / "temp"
    temp.mkdir()
    (temp / f"{COPY_PREFIX}link").symlink_to(user, target_is_directory=True)
    copy = temp / f"{COPY_PREFIX}real"
    copy.mkdir()
    (copy / ".owner").write_text(str(_dead_pid()))
    (copy / "tree").symlink_to(user, target_is_directory=True)
    assert remove_stale_copies(temp) == [copy]
    assert (user / "keep.txt").read_text() == "mine" and (temp / f"{COPY_PREFIX}link").is_symlink()
