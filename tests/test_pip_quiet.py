"""scripts/pip_quiet.py: the install's pip runs with one harmless warning summarised, not
repeated a hundred times, and everything else (other warnings, errors, the exit code) as pip
gave it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import PROJECT_ROOT

SCRIPT = PROJECT_ROOT / "scripts" / "pip_quiet.py"


def _fake_python(tmp_path: Path, lines: list[str], code: int) -> Path:
    """A stand-in for `PY` whose `-m pip ...` prints `lines` on stderr and exits `code`."""
    fake = tmp_path / "python"
    body = "".join(f"print({line!r}, file=sys.stderr)\n" for line in lines)
    fake.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"assert sys.argv[1:3] == ['-m', 'pip'], sys.argv\n{body}sys.exit({code})\n"
    )
    fake.chmod(0o755)
    return fake


def test_missing_index_locations_are_one_line_and_the_rest_passes_through(tmp_path: Path) -> None:
    missing = [
        f"WARNING: Location 'file:///opt/pypi-more/simple/{name}/' is ignored: "
        "it is neither a file nor a directory."
        for name in ("pip", "pyyaml", "diskcache")
    ]
    other = "WARNING: something else pip wants the user to see"
    fake = _fake_python(tmp_path, [*missing, other, "ERROR: no matching distribution"], 1)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(fake), "install", "-q", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert other in lines and "ERROR: no matching distribution" in lines
    assert not any("is neither a file nor a directory" in line for line in lines)
    [summary] = [line for line in lines if "file:///opt/pypi-more/simple" in line]
    assert "3 packages" in summary
    one = _fake_python(tmp_path, missing[:1], 0)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(one), "install", "x"], capture_output=True, text=True, check=False
    )
    assert "lacked 1 package;" in done.stderr


def test_a_clean_pip_run_adds_nothing(tmp_path: Path) -> None:
    fake = _fake_python(tmp_path, [], 0)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(fake), "install", "x"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
