from mod import can_enter


def make_garage(occupied):
    return {
        "capacity": 100,
        "occupied": occupied,
        "clearance_cm": 210,
        "blocked": {"BAD123"},
        "permits": {"STAFF1"},
    }


def test_free_space_lets_car_in():
    assert can_enter(make_garage(40), "XY12ABC", 150)


def test_full_garage_refuses_public():
    assert not can_enter(make_garage(100), "XY12ABC", 150)


def test_permit_holder_enters_full_garage():
    assert can_enter(make_garage(100), "STAFF1", 150)


def test_too_tall_or_blocked_is_refused():
    assert not can_enter(make_garage(10), "VAN1", 250)
    assert not can_enter(make_garage(10), "BAD123", 150)
    assert not can_enter(make_garage(100), "STAFF1", 250)
