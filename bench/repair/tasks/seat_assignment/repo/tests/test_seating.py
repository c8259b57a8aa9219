from seating import assign_seats, empty_seats


def test_walk_ins_get_distinct_seats():
    assert assign_seats([("ana", None), ("ben", None)], ["1A", "1B", "1C"]) == {"ana": "1A", "ben": "1B"}


def test_requested_seat_is_kept():
    assert assign_seats([("ana", "1C"), ("ben", None)], ["1A", "1C"]) == {"ana": "1C", "ben": "1A"}


def test_too_few_seats():
    assert assign_seats([("ana", None), ("ben", None), ("cy", "2B")], ["1A", "2B"]) == {
        "ana": "1A",
        "ben": None,
        "cy": "2B",
    }


def test_empty_seats():
    assert empty_seats(["1A", "1B", "1C"], {"ana": "1B", "ben": None}) == ["1A", "1C"]
