import pytest
from mod import mat_mul, identity


def test_identity_is_neutral():
    m = [[2, 3], [4, 5]]
    assert mat_mul(m, identity(2)) == m


def test_rectangular_product():
    a = [[1, 2, 3], [4, 5, 6]]
    b = [[7, 8], [9, 10], [11, 12]]
    assert mat_mul(a, b) == [[58, 64], [139, 154]]


def test_dimension_mismatch():
    with pytest.raises(ValueError):
        mat_mul([[1, 2]], [[1, 2]])
