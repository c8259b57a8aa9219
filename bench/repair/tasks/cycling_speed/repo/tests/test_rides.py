from rides import average_speed, total_distance


def test_fractional_speed():
    assert average_speed(5, 40) == 7.5
    assert average_speed(9, 24) == 22.5


def test_whole_speed():
    assert average_speed(30, 60) == 30


def test_total_distance():
    assert total_distance([(5, 40), (12.5, 30)]) == 17.5
