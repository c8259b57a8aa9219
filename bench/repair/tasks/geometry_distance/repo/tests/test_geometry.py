import pytest

from geometry import bounding_box, centroid, closest_pair, distance, midpoint, perimeter


def test_horizontal_distance():
    assert distance((1, 2), (6, 2)) == pytest.approx(5.0)


def test_distance_pythagorean():
    assert distance((0, 0), (3, 4)) == pytest.approx(5.0)


def test_midpoint():
    assert midpoint((0, 0), (4, -2)) == (2.0, -1.0)


def test_perimeter_of_square():
    assert perimeter([(0, 0), (2, 0), (2, 2), (0, 2)]) == pytest.approx(8.0)


def test_bounding_box_and_centroid():
    points = [(1, 5), (-2, 3), (4, -1)]
    assert bounding_box(points) == ((-2, -1), (4, 5))
    assert centroid(points) == pytest.approx((1.0, 7 / 3))


def test_closest_pair_needs_two_points():
    with pytest.raises(ValueError):
        closest_pair([(0, 0)])
