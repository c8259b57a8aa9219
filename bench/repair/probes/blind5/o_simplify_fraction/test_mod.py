from mod import gcd, simplify


def test_gcd():
    assert gcd(12, 18) == 6


def test_simplify():
    assert simplify(6, 8) == (3, 4)


def test_already_simple():
    assert simplify(5, 7) == (5, 7)
