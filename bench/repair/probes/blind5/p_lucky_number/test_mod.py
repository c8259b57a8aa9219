from mod import digit_sum, lucky_number


def test_digit_sum():
    assert digit_sum(1234) == 10


def test_digit_sum_zero():
    assert digit_sum(0) == 0


def test_lucky_number():
    assert lucky_number("19990521") == 9
