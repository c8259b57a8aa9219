from mod import Hotel


def make_hotel():
    return Hotel({101: 1, 102: 2, 201: 4})


def test_smallest_fitting_room_number():
    hotel = make_hotel()
    assert hotel.check_in("ito", 2) == 102


def test_family_gets_big_room():
    hotel = make_hotel()
    assert hotel.check_in("smith", 3) == 201
    assert hotel.check_in("jones", 3) is None


def test_rooms_are_not_given_twice():
    hotel = make_hotel()
    assert hotel.check_in("ito", 1) == 101
    assert hotel.check_in("lee", 1) == 102


def test_check_out_frees_room():
    hotel = make_hotel()
    room = hotel.check_in("ito", 4)
    assert hotel.check_out(room) == "ito"
    assert hotel.check_in("smith", 4) == room
