from mod import total_bed_area


def test_single_bed():
    assert total_bed_area(4.5) == 4.5


def test_flat_list():
    assert total_bed_area([2, 3, 1.5]) == 6.5


def test_nested_sections():
    assert total_bed_area([[2, 2], [1, [0.5, 0.5]], 3]) == 9


def test_empty_plot():
    assert total_bed_area([]) == 0
