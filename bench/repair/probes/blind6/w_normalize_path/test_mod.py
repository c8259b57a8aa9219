from mod import normalize


def test_dot_and_double_slash():
    assert normalize("/usr//local/./bin") == "/usr/local/bin"


def test_parent_dir():
    assert normalize("docs/drafts/../final/report.md") == "docs/final/report.md"


def test_parent_at_root_dropped():
    assert normalize("/../etc") == "/etc"


def test_relative_leading_parents_kept():
    assert normalize("../../lib") == "../../lib"
