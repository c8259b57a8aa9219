from mod import pack_boxes


def test_single_box():
    assert pack_boxes([1, 2, 3], 10) == [[1, 2, 3]]


def test_two_boxes():
    assert pack_boxes([4, 4, 4], 8) == [[4, 4], [4]]


def test_several_boxes():
    assert pack_boxes([5, 3, 4, 2, 6, 1], 8) == [[5, 3], [4, 2], [6, 1]]
