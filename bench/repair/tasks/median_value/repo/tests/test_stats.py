from stats import mean, median, spread


def test_mean_and_spread():
    assert mean([2, 4, 9]) == 5
    assert spread([7, 3, 12, 5]) == 9


def test_median_even_length():
    assert median([4, 1, 3, 2]) == 2.5


def test_median_odd_length():
    assert median([7, 1, 5]) == 5
    assert median([10, 2, 8, 4, 6]) == 6
    assert median([3]) == 3
