from outline import number_headings, numbered_outline, parent_titles


def test_number_headings():
    headings = [(1, "Intro"), (2, "Goals"), (2, "Scope"), (1, "Setup"), (2, "Linux")]
    assert number_headings(headings) == ["1 Intro", "1.1 Goals", "1.2 Scope", "2 Setup", "2.1 Linux"]


def test_deeper_levels_restart():
    headings = [(1, "A"), (2, "B"), (3, "C"), (2, "D"), (3, "E")]
    assert number_headings(headings) == ["1 A", "1.1 B", "1.1.1 C", "1.2 D", "1.2.1 E"]


def test_skipped_level():
    assert number_headings([(1, "A"), (3, "B")]) == ["1 A", "1.0.1 B"]


def test_no_headings():
    assert number_headings([]) == []
    assert numbered_outline([]) == ""


def test_parent_titles():
    headings = [(1, "A"), (2, "B"), (3, "C"), (2, "D"), (1, "E")]
    assert parent_titles(headings) == [None, "A", "B", "A", None]


def test_numbered_outline():
    assert numbered_outline([(1, "A"), (2, "B"), (1, "C")]) == "1 A\n  1.1 B\n2 C"
