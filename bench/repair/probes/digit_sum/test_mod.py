from mod import digit_sum

def test_one():
    assert digit_sum(7) == 7

def test_many():
    assert digit_sum(1234) == 10
