import pytest

from ratios import add, parse, scale, simplify, to_text


def test_parse():
    assert parse(" 3/4 ") == (3, 4)
    assert parse("2") == (2, 1)


def test_to_text():
    assert to_text((3, 4)) == "3/4"
    assert to_text((3, 2)) == "1 1/2"
    assert to_text((-4, 2)) == "-2"


def test_simplify():
    assert simplify(6, 8) == (3, 4)
    assert simplify(3, -9) == (-1, 3)
    assert simplify(0, 5) == (0, 1)


def test_add_and_scale():
    assert add((1, 4), (1, 4)) == (1, 2)
    assert scale((3, 4), 2) == (3, 2)


def test_zero_denominator():
    with pytest.raises(ZeroDivisionError):
        simplify(1, 0)
