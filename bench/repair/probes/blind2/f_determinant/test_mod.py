from mod import determinant


def test_two_by_two():
    assert determinant([[3, 8], [4, 6]]) == -14


def test_three_by_three():
    assert determinant([[6, 1, 1], [4, -2, 5], [2, 8, 7]]) == -306


def test_single_element():
    assert determinant([[7]]) == 7
