from mod import join, split_parts


def test_relative_parts():
    assert join("docs", "guide", "intro.md") == "docs/guide/intro.md"


def test_absolute_part_resets():
    assert join("/home/ann", "/etc", "hosts") == "/etc/hosts"


def test_trailing_slash_not_doubled():
    assert join("/var/", "log") == "/var/log"


def test_empty_parts_skipped():
    assert join("", "a", "", "b") == "a/b"


def test_split_parts():
    assert split_parts("/usr//lib/") == ["usr", "lib"]
