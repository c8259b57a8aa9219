from resting import median, resting_rate, rolling_median


def test_sorted_readings():
    assert median([52, 55, 61]) == 55
    assert median([50, 54, 58, 70]) == 56


def test_unsorted_readings():
    assert median([61, 52, 55]) == 55
    assert median([70, 50, 58, 54]) == 56
    assert resting_rate([64, 58, 250, 60, 0, 57]) == 59


def test_input_is_not_changed():
    readings = [60, 50, 55]
    median(readings)
    assert readings == [60, 50, 55]


def test_no_plausible_readings():
    assert resting_rate([]) is None
    assert resting_rate([10, 200]) is None


def test_rolling_median():
    assert rolling_median([60, 58, 62, 59, 61], 3) == [60, 59, 61]
    assert rolling_median([60, 58], 3) == []
