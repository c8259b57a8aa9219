from mod import after_fee

def test_fee():
    assert after_fee(10, 3) == 7

def test_floor():
    assert after_fee(2, 5) == 0
