from peaks import highest_peak, local_peaks


def test_first_reading_can_be_a_peak():
    assert local_peaks([3, 1, 5]) == [0, 2]


def test_inner_peaks():
    assert local_peaks([1, 4, 2, 6, 5]) == [1, 3]
    assert local_peaks([2, 2, 2]) == []


def test_single_reading():
    assert local_peaks([7]) == [0]
    assert local_peaks([]) == []


def test_highest_peak():
    assert highest_peak([1, 9, 3, 9]) == 1
    assert highest_peak([]) is None
