import pytest

from matrix import add, identity, multiply, power, shape, transpose


def test_shape_and_identity():
    assert shape([[1, 2, 3], [4, 5, 6]]) == (2, 3)
    assert identity(2) == [[1, 0], [0, 1]]


def test_transpose_and_add():
    assert transpose([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
    assert add([[1, 2]], [[10, 20]]) == [[11, 22]]


def test_multiply_by_identity():
    m = [[1, 2], [3, 4]]
    assert multiply(identity(2), m) == m


def test_multiply_rectangular():
    assert multiply([[1, 2, 3]], [[1], [2], [3]]) == [[14]]
    assert multiply([[1], [2]], [[3, 4]]) == [[3, 4], [6, 8]]


def test_shape_mismatch_and_power_zero():
    with pytest.raises(ValueError):
        multiply([[1, 2]], [[1, 2]])
    assert power([[2, 0], [0, 2]], 0) == [[1, 0], [0, 1]]
