from mod import Rect


def test_point_inside():
    assert Rect(0, 0, 10, 5).contains(3, 2)


def test_point_below():
    assert not Rect(0, 0, 10, 5).contains(3, 8)


def test_overlap():
    assert Rect(0, 0, 4, 4).overlaps(Rect(3, 3, 2, 2))
    assert not Rect(0, 0, 4, 4).overlaps(Rect(5, 0, 1, 1))
