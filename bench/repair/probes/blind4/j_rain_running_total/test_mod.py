from mod import cumulative_rain


def test_empty():
    assert cumulative_rain([]) == []


def test_single_day():
    assert cumulative_rain([4.0]) == [4.0]


def test_several_days():
    assert cumulative_rain([1.0, 0.0, 2.5, 3.5]) == [1.0, 1.0, 3.5, 7.0]
