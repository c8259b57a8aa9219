from progress import completion_rate, percent_of


def test_completion_rate():
    assert completion_rate(3, 12) == 25.0


def test_percent_of():
    assert percent_of(1, 3) == 33.3
    assert percent_of(5, 0) == 0.0
