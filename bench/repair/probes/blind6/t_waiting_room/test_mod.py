from mod import average_wait, walkouts


def test_average_wait():
    assert average_wait([(0, 10), (5, 25), (30, 30)]) == 10.0


def test_patients_who_left_are_ignored():
    assert average_wait([(0, 15), (10, None)]) == 15.0


def test_nobody_seen():
    assert average_wait([(0, None)]) == 0.0


def test_walkouts():
    assert walkouts([(0, 15), (10, None), (12, None)]) == 2
