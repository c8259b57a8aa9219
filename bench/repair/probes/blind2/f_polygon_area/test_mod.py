from mod import polygon_area, perimeter


def test_unit_square_counter_clockwise():
    assert polygon_area([(0, 0), (1, 0), (1, 1), (0, 1)]) == 1.0


def test_triangle_clockwise():
    assert polygon_area([(0, 0), (0, 3), (4, 0)]) == 6.0


def test_degenerate():
    assert polygon_area([(0, 0), (1, 1)]) == 0.0


def test_perimeter_rectangle():
    assert perimeter([(0, 0), (3, 0), (3, 4), (0, 4)]) == 14.0
