from mod import indent_of, common_indent, dedent, indent, reindent


def test_indent_of():
    assert indent_of("    x = 1") == 4
    assert indent_of("x") == 0


def test_common_indent():
    assert common_indent(["  a", "    b"]) == 2
    assert common_indent(["    a", "", "      b"]) == 4


def test_dedent():
    assert dedent("  a\n    b") == "a\n  b"
    assert dedent("    a\n\n    b") == "a\n\nb"


def test_dedent_blank_text():
    assert dedent("\n  \n") == "\n\n"


def test_indent():
    assert indent("a\nb", 2) == "  a\n  b"
    assert indent("a\n\nb", 4) == "    a\n\n    b"


def test_reindent():
    assert reindent("    a\n      b", 2) == "  a\n    b"
