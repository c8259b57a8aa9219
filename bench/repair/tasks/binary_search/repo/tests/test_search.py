from search import binary_search, count_in_range, insert_sorted, lower_bound

ITEMS = [1, 3, 5, 7, 9]


def test_finds_middle_element():
    assert binary_search(ITEMS, 5) == 2


def test_missing_value():
    assert binary_search(ITEMS, 4) == -1
    assert binary_search([], 4) == -1


def test_finds_last_element():
    assert binary_search(ITEMS, 9) == 4


def test_single_element_list():
    assert binary_search([42], 42) == 0


def test_lower_bound_and_insert():
    assert lower_bound(ITEMS, 6) == 3
    assert insert_sorted([1, 4, 8], 5) == [1, 4, 5, 8]
    assert count_in_range(ITEMS, 3, 9) == 3
