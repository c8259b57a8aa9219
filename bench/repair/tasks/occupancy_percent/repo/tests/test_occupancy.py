from occupancy import free_rooms, is_sold_out, occupancy_percent


def test_shared_room_counts_once():
    assert occupancy_percent([101, 102, 102], 4) == 50.0


def test_full_house_with_shared_room():
    assert occupancy_percent([201, 202, 201], 2) == 100.0


def test_occupancy_is_rounded():
    assert occupancy_percent([101, 102], 3) == 66.7
    assert occupancy_percent([101], 8) == 12.5
    assert occupancy_percent([], 10) == 0.0


def test_hotel_without_rooms():
    assert occupancy_percent([], 0) == 0.0


def test_free_rooms():
    assert free_rooms([103, 101, 102, 104], [102, 104, 102]) == [101, 103]
    assert free_rooms([], [101]) == []


def test_is_sold_out():
    assert is_sold_out([101, 102], [102, 101, 101])
    assert not is_sold_out([101, 102], [101])
