"""Reading past runs loads neither the fix workflow nor AutoGen: `runs` and `--help` stay
quick, and the review commands do not depend on the code that makes runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import json, sys
from devagent.cli import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.startswith(("devagent.workflows", "autogen", "llama_cpp")))
print(json.dumps({"code": code, "loaded": loaded}))
"""


@pytest.mark.parametrize(
    "argv", [["runs", "--runs-dir", "{runs}"], ["runs", "list", "--runs-dir", "{runs}"], ["--help"]]
)
def test_runs_and_help_do_not_import_the_fix_workflow(tmp_path: Path, argv: list[str]) -> None:
    args = [a.format(runs=tmp_path / "runs") for a in argv]
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, proc.stderr
    assert result["loaded"] == []
