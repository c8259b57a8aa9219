from mod import clean_rainfall


def test_all_valid():
    assert clean_rainfall([0.0, 2.5, 10.0]) == [0.0, 2.5, 10.0]


def test_negative_removed():
    assert clean_rainfall([1.0, -0.2, 3.0]) == [1.0, 3.0]


def test_huge_spike_removed():
    assert clean_rainfall([4.0, 9999.0, 6.0]) == [4.0, 6.0]


def test_empty():
    assert clean_rainfall([]) == []
