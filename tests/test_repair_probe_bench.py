"""bench.repair.probe: the folder argument and the comparison with a probe's fixed.py
(real subprocesses through bench/repair/differential.py; no search is run here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.repair.probe import EXIT_USAGE, differential, main, probe_names

BUGGY = "def double(n):\n    return n + n + 1\n"
FIXED = "def double(n):\n    return n + n\n"
TESTS = "from mod import double\n\n\ndef test_double():\n    assert double(2) == 4\n"


def probe(tmp_path: Path, fixed: str | None = FIXED) -> Path:
    folder = tmp_path / "probes" / "double"
    folder.mkdir(parents=True)
    (folder / "mod.py").write_text(BUGGY)
    (folder / "test_mod.py").write_text(TESTS)
    if fixed is not None:
        (folder / "fixed.py").write_text(fixed)
    return folder


def test_a_candidate_is_compared_with_the_probes_fixed_program(tmp_path: Path) -> None:
    folder = probe(tmp_path)
    assert "agrees with the reference" in differential(folder, FIXED)
    assert "disagrees with the reference" in differential(
        folder, "def double(n):\n    return 2 * n + (n > 5)\n"
    )


def test_a_probe_without_fixed_py_is_judged_by_its_tests_alone(tmp_path: Path) -> None:
    assert differential(probe(tmp_path, fixed=None), FIXED) == ""


def test_an_unknown_folder_or_name_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dir", str(tmp_path / "missing")]) == EXIT_USAGE
    assert "--dir" in capsys.readouterr().err
    folder = probe(tmp_path)
    assert probe_names(folder.parent) == ["double"]
    assert main(["--dir", str(folder.parent), "triple"]) == EXIT_USAGE
    assert "triple: no such probe" in capsys.readouterr().err
