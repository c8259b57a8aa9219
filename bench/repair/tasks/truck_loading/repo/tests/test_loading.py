from loading import all_fit, first_fit, truck_count


def test_first_fit_with_room_left():
    assert first_fit([2, 3, 4], 10) == [[2, 3, 4]]
    assert first_fit([7, 5, 2], 10) == [[7, 2], [5]]


def test_truck_filled_exactly():
    assert first_fit([6, 5, 4], 10) == [[6, 4], [5]]
    assert truck_count([5, 5, 5, 5], 10) == 2


def test_all_fit():
    assert all_fit([3, 10, 7], 10) is True
    assert all_fit([3, 11], 10) is False
