"""Reading real pytest output (devagent/pytest_output.py) and choosing the source a model
sees (devagent/source_context.py). Every report here comes from a real pytest run on a
small project in tmp_path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from devagent.pytest_output import Failure, first_failure, summary_line
from devagent.source_context import MAX_FILE_CHARS, file_blocks, relevant_files

CONFTEST = "# Puts the project root on sys.path so tests import its modules.\n"


def make_project(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "conftest.py").write_text(CONFTEST)
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    return root


def run_pytest(root: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--maxfail=1", "-q"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def report(root: Path) -> tuple[str, Failure]:
    proc = run_pytest(root)
    output = proc.stdout + proc.stderr
    return output, first_failure(output, root)


def line_of(root: Path, rel: str, needle: str) -> int:
    lines = (root / rel).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


CALC_ASSERT = {
    "calc.py": """
        def total(values):
            result = sum(values)
            assert result >= 0, "negative total"
            return result
    """,
    "tests/test_calc.py": """
        from calc import total


        def test_total():
            assert total([1, -5]) == -4
    """,
}


def test_assertion_in_a_function_called_by_the_test(tmp_path: Path) -> None:
    root = make_project(tmp_path / "proj", CALC_ASSERT)
    output, failure = report(root)
    assert "1 failed" in output
    assert failure.test_name == "tests/test_calc.py::test_total"
    assert "AssertionError: negative total" in failure.message
    assert failure.locations[0] == ("tests/test_calc.py", line_of(root, "tests/test_calc.py", "assert total"))
    assert ("calc.py", line_of(root, "calc.py", "assert result")) in failure.locations


def test_plain_assert_in_the_test_keeps_the_E_lines(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "calc.py": """
                def add(a, b):
                    return a - b
            """,
            "tests/test_calc.py": """
                from calc import add


                def test_add():
                    assert add(2, 3) == 5
            """,
        },
    )
    output, failure = report(root)
    assert failure.test_name == "tests/test_calc.py::test_add"
    assert "assert -1 == 5" in failure.message
    assert "where -1 = add(2, 3)" in failure.message
    e_lines = [line.split(maxsplit=1)[1] for line in output.splitlines() if line.startswith("E ")]
    assert (
        failure.message.splitlines()
        == [line.strip() for line in e_lines][: len(failure.message.splitlines())]
    )
    assert ("tests/test_calc.py", 5) in failure.locations


def test_exception_raised_in_a_helper_module(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "helper.py": """
                def parse(text):
                    if not text:
                        raise ValueError("empty input")
                    return int(text)
            """,
            "tests/test_parse.py": """
                import helper


                def test_parse():
                    assert helper.parse("") == 0
            """,
        },
    )
    _, failure = report(root)
    assert failure.test_name == "tests/test_parse.py::test_parse"
    assert "ValueError: empty input" in failure.message
    assert ("helper.py", line_of(root, "helper.py", "raise ValueError")) in failure.locations
    assert ("tests/test_parse.py", line_of(root, "tests/test_parse.py", "helper.parse")) in failure.locations


def test_collection_import_error(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "calc.py": """
                def add(a, b):
                    return a + b
            """,
            "tests/test_calc.py": """
                from calc import subtract


                def test_subtract():
                    assert subtract(3, 1) == 2
            """,
        },
    )
    output, failure = report(root)
    assert "error" in output
    assert failure.test_name == "tests/test_calc.py"
    assert "ImportError: cannot import name 'subtract'" in failure.message
    assert ("tests/test_calc.py", 1) in failure.locations
    # importlib's frame lives outside the project and is dropped.
    assert "importlib/__init__.py" in output
    assert all(not path.startswith("/") and ".." not in path for path, _ in failure.locations)
    assert {path for path, _ in failure.locations} == {"tests/test_calc.py"}


def test_frames_outside_the_root_are_dropped(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "extlib.py").write_text("def boom():\n    raise RuntimeError('from outside')\n")
    root = make_project(
        tmp_path / "proj",
        {
            "tests/test_ext.py": f"""
                import sys
                sys.path.insert(0, {str(outside)!r})
                import extlib


                def test_ext():
                    extlib.boom()
            """,
        },
    )
    output, failure = report(root)
    assert "../outside/extlib.py:2: RuntimeError" in output  # pytest prints it relative to the root
    assert "RuntimeError: from outside" in failure.message
    assert [path for path, _ in failure.locations] == ["tests/test_ext.py"]


def test_passing_run_has_no_failure(tmp_path: Path) -> None:
    root = make_project(tmp_path / "proj", {"tests/test_ok.py": "def test_ok():\n    assert 1 + 1 == 2\n"})
    output, failure = report(root)
    assert "1 passed" in output
    assert failure.test_name is None
    assert failure.locations == []
    assert "1 passed" in failure.message


def test_summary_line_of_real_runs_red_green_and_verbose(tmp_path: Path) -> None:
    """pytest's closing line, as the real pytest prints it with -q (bare) and without
    (between `=` rules), for a failure with a warning and for a pass."""
    files = {
        "tests/test_mixed.py": """
            import warnings


            def test_ok():
                warnings.warn("careful")


            def test_bad():
                assert 1 == 2
        """,
    }
    root = make_project(tmp_path / "proj", files)
    output = run_pytest(root).stdout
    line = summary_line(output)
    assert line is not None and line.startswith("1 failed, 1 passed, 1 warning in "), output
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    verbose = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-k", "ok"],
        cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False,
    ).stdout  # fmt: skip
    line = summary_line(verbose)
    assert line is not None and line.startswith("1 passed, 1 deselected, 1 warning in "), verbose
    assert "=" not in line


def test_summary_line_is_none_without_one() -> None:
    assert summary_line("..F.\nkilled\n") is None
    assert summary_line("") is None
    assert summary_line("5 passed in 62.00s (0:01:02)\n") == "5 passed in 62.00s (0:01:02)"


def test_non_pytest_output_keeps_the_tail() -> None:
    output = "\n".join(f"line {i}" for i in range(40))
    failure = first_failure(output, Path("/nonexistent"))
    assert failure.test_name is None
    assert failure.message.splitlines() == [f"line {i}" for i in range(25, 40)]


# --- source_context ---------------------------------------------------------------------


def test_relevant_files_from_a_real_failure(tmp_path: Path) -> None:
    root = make_project(tmp_path / "proj", CALC_ASSERT)
    _, failure = report(root)
    assert relevant_files(root, failure) == ["tests/test_calc.py", "calc.py"]


def test_relevant_files_add_the_modules_the_test_imports(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "calc.py": "def add(a, b):\n    return a - b\n",
            "util/__init__.py": "",
            "util/fmt.py": "def show(x):\n    return str(x)\n",
            "tests/test_calc.py": """
                import os
                import pytest
                import util.fmt
                from calc import add


                def test_add():
                    assert add(2, 3) == 5
            """,
        },
    )
    _, failure = report(root)
    # The traceback only names the test; the modules it imports come from its imports.
    assert [path for path, _ in failure.locations] == ["tests/test_calc.py"]
    assert relevant_files(root, failure) == ["tests/test_calc.py", "util/fmt.py", "calc.py"]


def test_relevant_files_with_a_src_layout(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "src/shop/__init__.py": "",
            "src/shop/cart.py": "def total(prices):\n    return sum(prices) - 1\n",
            "tests/test_cart.py": """
                from shop.cart import total


                def test_total():
                    assert total([1, 2]) == 3
            """,
        },
    )
    (root / "conftest.py").write_text(
        "import sys, pathlib\nsys.path.insert(0, str(pathlib.Path(__file__).parent / 'src'))\n"
    )
    _, failure = report(root)
    assert failure.test_name == "tests/test_cart.py::test_total"
    assert relevant_files(root, failure) == ["tests/test_cart.py", "src/shop/cart.py"]


def test_relevant_files_follow_from_package_import_module(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {
            "shop/__init__.py": "",
            "shop/cart.py": "def total(prices):\n    return sum(prices) - 1\n",
            "tests/test_cart.py": """
                from shop import cart


                def test_total():
                    assert cart.total([1, 2]) == 3
            """,
        },
    )
    _, failure = report(root)
    assert "shop/cart.py" in relevant_files(root, failure)


def is_test_file(rel: str) -> bool:
    return rel.startswith("tests/")


def test_file_blocks_number_lines_and_put_editable_files_first(tmp_path: Path) -> None:
    root = make_project(tmp_path / "proj", CALC_ASSERT)
    blocks = file_blocks(root, ["tests/test_calc.py", "calc.py"], is_test_file)
    assert [(b.path, b.editable) for b in blocks] == [("calc.py", True), ("tests/test_calc.py", False)]
    calc, test = blocks[0].text, blocks[1].text
    assert calc.startswith("### calc.py (editable)\n")
    assert test.startswith("### tests/test_calc.py (read-only: do not change)\n")
    assert "   1 | def total(values):\n   2 |     result = sum(values)\n" in calc
    assert '   3 |     assert result >= 0, "negative total"' in calc
    assert "   5 |     assert total([1, -5]) == -4" in test
    assert "   2 | \n   3 | \n   4 | def test_total():" in test  # blank lines keep their number


def test_file_blocks_cap_huge_files_and_skip_unreadable_ones(tmp_path: Path) -> None:
    root = make_project(
        tmp_path / "proj",
        {"big.py": "x = 1\n" * (MAX_FILE_CHARS // 6 + 10), "small.py": "y = 2\n"},
    )
    (root / "latin1.py").write_bytes(b"s = 'caf\xe9'\n")
    blocks = file_blocks(root, ["big.py", "missing.py", "latin1.py", "small.py"], lambda rel: False)
    assert [b.path for b in blocks] == ["big.py", "small.py"]
    big = blocks[0].text.splitlines()
    assert big[-2] == f"{MAX_FILE_CHARS // 6:4d} | x = 1"  # whole lines up to the cap
    assert big[-1] == ("[... 10 more lines not shown: file too large ...]")
    assert blocks[1].text == "### small.py (editable)\n   1 | y = 2"


def test_failure_to_context_end_to_end(tmp_path: Path) -> None:
    root = make_project(tmp_path / "proj", CALC_ASSERT)
    _, failure = report(root)
    blocks = file_blocks(root, relevant_files(root, failure), is_test_file)
    path, line = next(loc for loc in failure.locations if loc[0] == "calc.py")
    bug_line = (root / path).read_text().splitlines()[line - 1]
    assert f"{line:4d} | {bug_line}" in blocks[0].text
    assert [b.path for b in blocks if b.editable] == ["calc.py"]
