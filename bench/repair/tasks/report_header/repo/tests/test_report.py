from report import render, widest


def test_without_header():
    assert render([("a", 1)], False) == ["a=1"]


def test_with_header():
    assert render([("a", 1)], True) == ["name value", "a=1"]


def test_widest():
    assert widest([("abc", 1)]) == 3
