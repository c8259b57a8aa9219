from digits import digit_count, digit_product


def test_digit_product():
    assert digit_product(234) == 24


def test_digit_count():
    assert digit_count(1000) == 4
