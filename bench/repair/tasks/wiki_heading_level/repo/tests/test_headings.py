from headings import heading_anchor, heading_level, parse_heading, table_of_contents


def test_heading_level():
    assert heading_level("# Title") == 1
    assert heading_level("### Deep") == 3
    assert heading_level("plain text") == 0


def test_empty_line_is_not_a_heading():
    assert heading_level("") == 0
    assert parse_heading("") is None


def test_line_of_hashes_only():
    assert heading_level("##") == 2
    assert parse_heading("##") is None


def test_parse_heading():
    assert parse_heading("## Setup ") == (2, "Setup")
    assert parse_heading("#NoSpace") is None
    assert parse_heading("Some text") is None


def test_table_of_contents():
    lines = ["# Guide", "", "Intro text", "## Install", "### Linux", "#### Details", "", "## Usage"]
    assert table_of_contents(lines) == ["Guide", "  Install", "    Linux", "  Usage"]
    assert table_of_contents(lines, max_level=1) == ["Guide"]


def test_heading_anchor():
    assert heading_anchor("What's New?") == "whats-new"
    assert heading_anchor("  Step 2: Run  ") == "step-2-run"
