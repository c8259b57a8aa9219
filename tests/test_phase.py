"""devagent/phase.py: the phase spec's title, its front matter and the file checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from devagent.errors import ExitCode, UsageError
from devagent.phase import MAX_SPEC_BYTES, load_phase


def spec(tmp_path: Path, content: str | bytes, name: str = "spec.md") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(UsageError) as info:
        load_phase(path)
    assert info.value.exit_code == ExitCode.USAGE
    message = info.value.message
    assert message.startswith(f"{path}: ")
    return message


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Fix the mean\n\nmean() divides by n - 1.\n", "Fix the mean"),
        ("\n\n   \n# Fix the mean\nbody\n", "Fix the mean"),
        ("### Fix the mean   \nbody\n", "Fix the mean"),
        ("#Fix the mean\n", "Fix the mean"),
        ("  Fix C# parsing  \n", "Fix C# parsing"),
    ],
)
def test_title_is_the_first_non_empty_line_without_hashes(tmp_path: Path, text: str, title: str) -> None:
    phase = load_phase(spec(tmp_path, text))
    assert phase.title == title
    assert phase.text == text.strip()
    assert phase.protected_paths is None


def test_front_matter_protected_paths(tmp_path: Path) -> None:
    path = spec(tmp_path, "---\nprotected_paths: [docs/**, 'setup.py']\n---\n\n# Fix the mean\nbody\n")
    phase = load_phase(path)
    assert phase.protected_paths == ("docs/**", "setup.py")
    assert phase.title == "Fix the mean"
    assert phase.text == "# Fix the mean\nbody"
    assert phase.path == path


def test_front_matter_empty_list_allows_editing_tests(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, "---\nprotected_paths: []\n---\n# Update the tests\n"))
    assert phase.protected_paths == ()
    assert phase.title == "Update the tests"


def test_front_matter_null_keeps_the_config_list(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, "---\nprotected_paths:\n---\n# Title\n"))
    assert phase.protected_paths is None


def test_horizontal_rule_in_the_body_is_not_front_matter(tmp_path: Path) -> None:
    text = "# Title\n\nfirst part\n---\nsecond part\n"
    phase = load_phase(spec(tmp_path, text))
    assert phase.text == text.strip()
    assert phase.protected_paths is None


@pytest.mark.parametrize(
    ("front", "problem"),
    [
        ("branch: main\n", "may only set protected_paths"),
        ("protected_paths: []\nextra: 1\n", "may only set protected_paths"),
        ("- tests/**\n", "may only set protected_paths"),
        ("protected_paths: tests/**\n", "must be a list of glob strings"),
        ("protected_paths: [1, 2]\n", "must be a list of glob strings"),
        ("protected_paths: [tests/**\n", "front matter is not valid YAML"),
    ],
)
def test_bad_front_matter_is_rejected(tmp_path: Path, front: str, problem: str) -> None:
    message = load_error(spec(tmp_path, f"---\n{front}---\n# Title\n"))
    assert problem in message


def test_unterminated_front_matter_is_rejected(tmp_path: Path) -> None:
    assert "never ends" in load_error(spec(tmp_path, "---\nprotected_paths: []\n# Title\n"))


def test_missing_spec(tmp_path: Path) -> None:
    path = tmp_path / "nope.md"
    assert load_error(path) == f"{path}: phase spec not found"


def test_directory_spec(tmp_path: Path) -> None:
    assert "is a directory" in load_error(tmp_path)


@pytest.mark.parametrize(
    "content", ["", "   \n\n\t\n", "---\nprotected_paths: []\n---\n\n"], ids=["empty", "blank", "front-only"]
)
def test_empty_spec(tmp_path: Path, content: str) -> None:
    assert load_error(spec(tmp_path, content)).endswith("phase spec is empty")


def test_binary_spec(tmp_path: Path) -> None:
    assert "binary" in load_error(spec(tmp_path, b"# Title\n\x00\x01\x02"))


def test_non_utf8_spec(tmp_path: Path) -> None:
    assert "not UTF-8" in load_error(spec(tmp_path, b"# Caf\xe9 au lait\n"))


def test_huge_spec(tmp_path: Path) -> None:
    message = load_error(spec(tmp_path, "# Title\n" + "x" * MAX_SPEC_BYTES))
    assert f"limit is {MAX_SPEC_BYTES}" in message
    assert MAX_SPEC_BYTES == 64 * 1024


def test_spec_at_the_size_limit_is_accepted(tmp_path: Path) -> None:
    head = "# Title\n"
    phase = load_phase(spec(tmp_path, head + "x" * (MAX_SPEC_BYTES - len(head))))
    assert phase.title == "Title"


def test_front_matter_with_crlf_line_endings(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, "---\r\nprotected_paths: []\r\n---\r\n# Title\r\nbody\r\n"))
    assert phase.title == "Title"
    assert phase.protected_paths == ()


def test_utf8_bom_is_not_part_of_the_title(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, b"\xef\xbb\xbf# Title\nbody\n"))
    assert phase.title == "Title"


def test_body_starting_with_a_list_after_front_matter(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, "---\nprotected_paths: []\n---\n- fix mean()\n- keep add()\n"))
    assert phase.text == "- fix mean()\n- keep add()"


def test_empty_front_matter_block(tmp_path: Path) -> None:
    phase = load_phase(spec(tmp_path, "---\n---\n# Title\n"))
    assert phase.title == "Title"
    assert phase.protected_paths is None
