from unique import repeats, unique_in_order


def test_order_of_first_appearance():
    assert unique_in_order([3, 1, 3, 2, 1]) == [3, 1, 2]


def test_empty():
    assert unique_in_order([]) == []


def test_repeats():
    assert repeats([1, 1, 2]) == 1
