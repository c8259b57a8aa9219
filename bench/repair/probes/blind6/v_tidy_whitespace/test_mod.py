from mod import tidy


def test_trailing_spaces_removed():
    assert tidy("a  \nb\t\n") == "a\nb\n"


def test_blank_lines_collapsed():
    assert tidy("a\n\n\n\nb") == "a\n\nb\n"


def test_indentation_kept():
    assert tidy("def f():\n    return 1\n") == "def f():\n    return 1\n"


def test_trailing_blank_lines_dropped():
    assert tidy("end\n\n\n") == "end\n"
