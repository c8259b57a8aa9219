from sacks import fill_sacks, overweight_sacks, sack_loads


def test_parcels_fit_in_one_sack():
    assert fill_sacks([2, 3, 4], 10) == [[2, 3, 4]]


def test_several_sacks():
    assert fill_sacks([4, 5, 3, 6, 2, 7], 10) == [[4, 5], [3, 6], [2, 7]]


def test_exact_fill():
    assert fill_sacks([5, 5, 5, 5, 1], 10) == [[5, 5], [5, 5], [1]]


def test_heavy_parcel_alone():
    assert fill_sacks([3, 12, 2, 2], 10) == [[3], [12], [2, 2]]


def test_no_parcels():
    assert fill_sacks([], 10) == []


def test_sack_loads():
    assert sack_loads([[1.25, 2.5], [0.1, 0.2]]) == [3.8, 0.3]


def test_overweight_sacks():
    assert overweight_sacks([[4, 5], [12], [2, 2]], 10) == [1]
