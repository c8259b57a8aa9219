from mod import area, overlap_area


def test_area():
    assert area((0, 0, 3, 2)) == 6


def test_partial_overlap():
    assert overlap_area((0, 0, 4, 4), (2, 2, 6, 6)) == 4


def test_no_overlap():
    assert overlap_area((0, 0, 1, 1), (5, 5, 6, 6)) == 0


def test_same_rectangle():
    assert overlap_area((0, 0, 10, 10), (0, 0, 10, 10)) == 100
