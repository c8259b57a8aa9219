from mod import outline, parse_heading


def test_simple_heading():
    assert parse_heading("## Installation") == (2, "Installation")


def test_not_a_heading():
    assert parse_heading("#hashtag") is None
    assert parse_heading("Plain text") is None


def test_closing_hashes_removed():
    assert parse_heading("### Usage ###") == (3, "Usage")


def test_outline():
    text = "# Title\n\nSome text\n## Part one\n####### too deep\n"
    assert outline(text) == [(1, "Title"), (2, "Part one")]
