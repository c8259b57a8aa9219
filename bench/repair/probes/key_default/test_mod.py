from mod import price_of

def test_known():
    assert price_of({"tea": 2}, "tea") == 2

def test_unknown():
    assert price_of({"tea": 2}, "cake") == 0
