from jumps import largest_jump, total_rise


def test_largest_jump():
    assert largest_jump([10, 12, 11, 16, 15]) == 5


def test_falling_readings_have_no_jump():
    assert largest_jump([5, 4, 3]) == 0


def test_total_rise():
    assert total_rise([10, 12, 11, 16]) == 7
