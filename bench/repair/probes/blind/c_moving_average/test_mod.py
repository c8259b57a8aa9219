from mod import MovingAverage


def test_window_slides():
    avg = MovingAverage(2)
    assert avg.add(10) == 10
    assert avg.add(20) == 15
    assert avg.add(40) == 30


def test_rounded_to_two_decimals():
    avg = MovingAverage(3)
    avg.add(1)
    avg.add(2)
    assert avg.add(2) == 1.67
