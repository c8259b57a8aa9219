from filtering import only, without


def test_without_keeps_order():
    assert without([5, 1, 4, 1, 2], 1) == [5, 4, 2]


def test_only():
    assert only([5, 1, 4, 1], 1) == [1, 1]
