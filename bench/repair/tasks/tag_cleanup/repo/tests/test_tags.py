from tags import clean_tags, tag_line


def test_clean_tags():
    assert clean_tags([" Python", "python", "", "Web "]) == ["python", "web"]


def test_tag_line():
    assert tag_line(["a", "b"]) == "#a #b"
