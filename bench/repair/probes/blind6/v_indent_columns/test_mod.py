from mod import indent_level, leading_columns


def test_spaces():
    assert leading_columns("    x = 1") == 4


def test_single_tab():
    assert leading_columns("\treturn") == 4


def test_tab_after_spaces_goes_to_next_stop():
    assert leading_columns("  \tfoo") == 4


def test_indent_level():
    assert indent_level("        pass") == 2
    assert indent_level("\t\tpass", tab_width=8) == 2
