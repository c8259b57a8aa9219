from mod import gcd

def test_gcd():
    assert gcd(12, 18) == 6

def test_zero():
    assert gcd(5, 0) == 5
