from listing import longest_line, numbered


def test_numbered():
    assert numbered(["a", "b"]) == ["1: a", "2: b"]


def test_longest_line():
    assert longest_line(["ab", "abcd"]) == 4
    assert longest_line([]) == 0
