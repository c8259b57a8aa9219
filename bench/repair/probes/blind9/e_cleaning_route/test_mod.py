from mod import cleaning_route


def test_nothing_to_clean():
    assert cleaning_route([]) == []


def test_one_floor():
    assert cleaning_route([104, 101]) == ["Floor 1: 101, 104"]


def test_several_floors():
    rooms = [203, 101, 305, 104, 201]
    assert cleaning_route(rooms) == [
        "Floor 1: 101, 104",
        "Floor 2: 201, 203",
        "Floor 3: 305",
    ]
